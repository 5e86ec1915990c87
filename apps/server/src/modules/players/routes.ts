import { errorSchema } from '@prison/shared/errors';
import {
  activityListSchema,
  activityQuerySchema,
  languageChoiceSchema,
  type PlayerPageMessage,
  playerNameParamsSchema,
  playerPageSchema,
  playerStatsSchema,
  playerUuidParamsSchema,
  privacyChangeSchema,
  privacySchema,
  publicProfileSchema,
} from '@prison/shared/players';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { LiveHub } from '../../live/hub.ts';
import { playerPageTopic, TOPICS } from '../../live/topics.ts';
import { authenticate, readerOf } from '../../plugins/authenticate.ts';
import { closeUnavailable, sameSiteOrigin, upgradeRequired } from '../../plugins/sockets.ts';
import type { AccessTokens } from '../auth/tokens.ts';
import { playerPage } from './public-page.ts';
import {
  activityFeed,
  NO_SUCH_PLAYER,
  privacyOf,
  publicProfile,
  setLanguage,
  setPrivacy,
  statsOf,
} from './service.ts';

export const playersRoutes: FastifyPluginAsyncZod<{
  db: Db;
  hub: LiveHub;
  config: Config;
  tokens: AccessTokens;
}> = async (app, { db, hub, config, tokens }) => {
  hub.define(
    TOPICS.playerPage,
    async (topic): Promise<{ value: PlayerPageMessage }> => ({
      value: { player: await playerPage(db, topic.slice(TOPICS.playerPage.length)) },
    }),
  );

  // Who reads: the player themselves and staff see what a player hides (privacy.ts).
  const reader = readerOf(db, tokens, config.staffTwoFactorRequired);

  app.get(
    '/api/players/by-name/:name',
    {
      schema: {
        operationId: 'getPlayerPage',
        tags: ['players'],
        security: [{}, { playerToken: [] }],
        summary: "A player's public page, by name or uuid (no sign-in needed)",
        description:
          'The name is matched in any case. Statistics and milestones are null when the player hides ' +
          'them, except for the player themselves and staff (ADMIN, OWNER, WEB_ADMIN; with ' +
          'STAFF_2FA=required, a session signed in with a second factor), who send their bearer token. ' +
          'Milestones are level-ups, prestiges, G-Kit unlocks and upgrades and gang joins only.',
        params: playerNameParamsSchema,
        response: { 200: playerPageSchema, 400: errorSchema, 404: errorSchema, 503: errorSchema },
      },
    },
    async (request) => {
      const page = await playerPage(db, request.params.name, await reader(request));
      if (!page) throw notFound('unknown_player', NO_SUCH_PLAYER);
      return page;
    },
  );

  app.route({
    method: 'GET',
    url: '/api/players/:uuid/ws',
    preValidation: sameSiteOrigin(config),
    schema: {
      operationId: 'playerPageSocket',
      tags: ['live', 'players'],
      security: [],
      summary: "WebSocket: a player's public page, live",
      description:
        'Pushes {"player": {...}} (as GET /api/players/by-name/{uuid} answers a visitor) on connect and ' +
        'whenever it changes (presence, level, balance, gang, friends, milestones), at most once a ' +
        'second; {"player": null} for an unknown player. Clients send nothing.',
      params: playerUuidParamsSchema,
      response: { 400: errorSchema, 403: errorSchema, 426: errorSchema },
    },
    handler: upgradeRequired,
    wsHandler: (socket, request) => {
      hub.subscribe(playerPageTopic(request.params.uuid), socket).catch(() => closeUnavailable(socket));
    },
  });

  app.get(
    '/api/players/me/privacy',
    {
      onRequest: authenticate(tokens),
      schema: {
        operationId: 'getPrivacy',
        tags: ['players'],
        summary: 'Whether the signed-in player hides their statistics from their public page',
        security: [{ playerToken: [] }],
        response: { 200: privacySchema, 401: errorSchema, 404: errorSchema, 503: errorSchema },
      },
    },
    async (request) => privacyOf(db, request.auth!.uuid),
  );

  app.put(
    '/api/players/me/privacy',
    {
      onRequest: authenticate(tokens),
      schema: {
        operationId: 'setPrivacy',
        tags: ['players'],
        summary:
          'Hide or show the signed-in player’s statistics and milestones, or punishment history, on their public page',
        description:
          'A setting left out stays as it is. Name, rank and level stay public, and punishments stay in ' +
          'the public list (/api/punishments). Open player pages update at once.',
        security: [{ playerToken: [] }],
        body: privacyChangeSchema,
        response: {
          200: privacySchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => setPrivacy(db, request.auth!.uuid, request.body),
  );

  app.put(
    '/api/players/me/language',
    {
      onRequest: authenticate(tokens),
      schema: {
        operationId: 'setLanguage',
        tags: ['players'],
        summary: 'Keep the signed-in player’s site language on their account',
        description:
          'The web app switches to it on every device the player signs in on (GET /api/auth/me answers it).',
        security: [{ playerToken: [] }],
        body: languageChoiceSchema,
        response: {
          200: languageChoiceSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => setLanguage(db, request.auth!.uuid, request.body.language),
  );

  app.get(
    '/api/players/:uuid',
    {
      schema: {
        operationId: 'getPlayerProfile',
        tags: ['players'],
        security: [],
        summary: "A player's public profile (no sign-in needed)",
        params: playerUuidParamsSchema,
        response: { 200: publicProfileSchema, 400: errorSchema, 404: errorSchema, 503: errorSchema },
      },
    },
    async (request) => publicProfile(db, request.params.uuid),
  );

  app.get(
    '/api/players/:uuid/stats',
    {
      onRequest: authenticate(tokens),
      schema: {
        operationId: 'getPlayerStats',
        tags: ['players'],
        summary: "A player's level, XP, statistics (all but MOMENTUM) and G-Kit states",
        description:
          'Any signed-in player may read the statistics of a player who shows them; of one who hides ' +
          'them (PUT /api/players/me/privacy), only the player themselves and staff (as for ' +
          'GET /api/players/by-name/{name}) may: 403 for anyone else.',
        security: [{ playerToken: [] }],
        params: playerUuidParamsSchema,
        response: {
          200: playerStatsSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => statsOf(db, await reader(request), request.params.uuid),
  );

  app.get(
    '/api/players/:uuid/activity',
    {
      onRequest: authenticate(tokens),
      schema: {
        operationId: 'getPlayerActivity',
        tags: ['players'],
        summary: "A player's activity feed, newest first",
        description:
          'Entries where the player is the actor or the target. A player reads only their own feed ' +
          '(403 otherwise) unless they hold ADMIN, OWNER or WEB_ADMIN (with STAFF_2FA=required, in a ' +
          'session signed in with a second factor). A PRIVATE_MESSAGE entry is ' +
          'only ever answered to its two participants.',
        security: [{ playerToken: [] }],
        params: playerUuidParamsSchema,
        querystring: activityQuerySchema,
        response: {
          200: activityListSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => {
      const { uuid: _, ...staff } = await reader(request);
      return activityFeed(
        db,
        { ...staff, uuid: request.auth!.uuid },
        request.params.uuid,
        request.query.limit,
      );
    },
  );
};
