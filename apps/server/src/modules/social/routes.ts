import { errorSchema } from '@prison/shared/errors';
import {
  gangIdParamsSchema,
  gangPageSchema,
  socialOverviewSchema,
  socialSocketQuerySchema,
} from '@prison/shared/social';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { LiveHub } from '../../live/hub.ts';
import { notificationsTopic } from '../../live/topics.ts';
import { authenticate } from '../../plugins/authenticate.ts';
import {
  closeUnavailable,
  type SessionSockets,
  sameSiteOrigin,
  signedInSocket,
  upgradeRequired,
} from '../../plugins/sockets.ts';
import type { AccessTokens } from '../auth/tokens.ts';
import { gangPage } from './gang-page.ts';
import {
  buildGangs,
  buildSocial,
  GANGS_TOPIC,
  SOCIAL_TOPICS,
  socialOverview,
  socialTopicsOf,
} from './service.ts';

/** Spec 7: the social feed needs the access token (signedInSocket). */
async function followSocialFeed(
  hub: LiveHub,
  tokens: AccessTokens,
  sessionSockets: SessionSockets,
  socket: WebSocket,
  token: string | undefined,
  only: 'notifications' | undefined,
) {
  const claims = await signedInSocket(tokens, sessionSockets, socket, token);
  if (!claims) return;
  if (only === 'notifications') return hub.subscribe(notificationsTopic(claims.uuid), socket);
  // One after another, so the first messages always come as friends, overview, gang.
  for (const topic of socialTopicsOf(claims.uuid)) await hub.subscribe(topic, socket);
}

export const NO_SUCH_GANG = 'No such gang';

export const socialRoutes: FastifyPluginAsyncZod<{
  db: Db;
  hub: LiveHub;
  config: Config;
  tokens: AccessTokens;
  sessionSockets: SessionSockets;
}> = async (app, { db, hub, config, tokens, sessionSockets }) => {
  hub.define(GANGS_TOPIC, buildGangs(db));
  hub.define(SOCIAL_TOPICS, buildSocial(db));

  app.get(
    '/api/social/overview',
    {
      onRequest: authenticate(tokens),
      schema: {
        operationId: 'getSocialOverview',
        tags: ['social'],
        summary: "The signed-in player's friends online and in all, and their gang",
        description: 'The gang fields are null for a player in no gang.',
        security: [{ playerToken: [] }],
        response: { 200: socialOverviewSchema, 401: errorSchema, 503: errorSchema },
      },
    },
    async (request) => socialOverview(db, request.auth!.uuid),
  );

  app.get(
    '/api/gangs/:id',
    {
      schema: {
        operationId: 'getGang',
        tags: ['social'],
        security: [],
        summary: "A gang's public page: the gang, its roster and its members' newest milestones",
        description:
          'No sign-in needed. Milestones are level-ups, prestiges, G-Kit unlocks and upgrades and gang ' +
          'joins of current members who do not hide them, newest first. The live roster is on ' +
          '/api/gangs/ws.',
        params: gangIdParamsSchema,
        response: { 200: gangPageSchema, 400: errorSchema, 404: errorSchema, 503: errorSchema },
      },
    },
    async (request) => {
      const page = await gangPage(db, request.params.id);
      if (!page) throw notFound('unknown_gang', NO_SUCH_GANG);
      return page;
    },
  );

  app.route({
    method: 'GET',
    url: '/api/gangs/ws',
    preValidation: sameSiteOrigin(config),
    schema: {
      operationId: 'gangsSocket',
      tags: ['live', 'social'],
      security: [],
      summary: 'WebSocket: every gang (no sign-in needed)',
      description:
        'Pushes {"gangs": [...]} on connect and whenever a gang, its members or their presence change, ' +
        'at most once a second: every gang, largest treasury first, then by name; members Leader, ' +
        'Officer, Member, Recruit, then other roles, each by name. Clients send nothing.',
      response: { 403: errorSchema, 426: errorSchema },
    },
    handler: upgradeRequired,
    wsHandler: (socket) => {
      hub.subscribe(GANGS_TOPIC, socket).catch(() => closeUnavailable(socket));
    },
  });

  app.route({
    method: 'GET',
    url: '/api/social/ws',
    preValidation: sameSiteOrigin(config),
    schema: {
      operationId: 'socialSocket',
      tags: ['live', 'social'],
      security: [{ playerTokenInQuery: [] }],
      summary: "WebSocket: the signed-in player's friends, overview, gang, punishments and unread count",
      description:
        'Pushes {"friends": [...]} (online first, then by name), {"overview": {...}}, ' +
        '{"gang": {...} or null}, {"punishments": [...]} and {"notifications": {"unread": n}}, each on ' +
        'connect and whenever it changes, at most once a second; with only=notifications, the last ' +
        'alone. ' +
        'The access token goes in the query string; without a valid one, when it expires and when its ' +
        'session is signed out, the socket is closed with code 1008. Clients send nothing.',
      querystring: socialSocketQuerySchema,
      response: { 400: errorSchema, 403: errorSchema, 426: errorSchema },
    },
    handler: upgradeRequired,
    wsHandler: (socket, request) => {
      followSocialFeed(hub, tokens, sessionSockets, socket, request.query.token, request.query.only).catch(
        () => closeUnavailable(socket),
      );
    },
  });
};
