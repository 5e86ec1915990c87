// Moderation in the admin console (ADMIN, OWNER or WEB_ADMIN): every punishment with what is for
// staff only, punishing and pardoning through the game server, what was sent, and the appeals queue.
// Registered inside adminRoutes, so ADMIN_HOSTS holds them as the rest of the admin API. The pages
// follow a live feed of stamps (moderation-live.ts) and read a list again when its stamp changes.

import { socketTokenQuerySchema } from '@prison/shared/auth';
import { errorSchema } from '@prison/shared/errors';
import {
  appealDecisionSchema,
  appealSchema,
  idParamsSchema,
  pardonRequestSchema,
  punishRequestSchema,
  staffActionSchema,
  staffActionsSchema,
  staffAppealsQuerySchema,
  staffAppealsSchema,
  staffPunishmentsPageSchema,
  staffPunishmentsQuerySchema,
} from '@prison/shared/moderation';
import { CLOSE_CODES } from '@prison/shared/sockets';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { LiveHub } from '../../live/hub.ts';
import { clientKey } from '../../plugins/client-address.ts';
import {
  closeUnavailable,
  type SessionSockets,
  sameSiteOrigin,
  signedInSocket,
  upgradeRequired,
} from '../../plugins/sockets.ts';
import { NOT_PERMITTED, secondFactorRefusal, staffStanding } from '../auth/staff.ts';
import type { AccessTokens } from '../auth/tokens.ts';
import {
  type ActionChannel,
  appealsForStaff,
  decideAppeal,
  listActions,
  listForStaff,
  pardon,
  punish,
} from './moderation.ts';
import { MODERATION_TOPIC, moderationStamps } from './moderation-live.ts';

/** Punishments and pardons a staff member may send per minute (each process counts on its own). */
export const ACTIONS_PER_MINUTE = 20;

export const punishmentAdminRoutes: FastifyPluginAsyncZod<{
  db: Db;
  channel: ActionChannel;
  /** A new array of the sign-in and staff checks per route. */
  staffOnly: () => onRequestHookHandler[];
  /** The live feed's: the hub, the access tokens and their sessions' sockets, and the settings. */
  live: { hub: LiveHub; tokens: AccessTokens; sessionSockets: SessionSockets; config: Config };
}> = async (app, { db, channel, staffOnly, live }) => {
  live.hub.define(MODERATION_TOPIC, moderationStamps(db));
  const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 503: errorSchema };
  const perStaff = {
    rateLimit: {
      max: ACTIONS_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `moderation:${request.auth?.uuid ?? clientKey(request.ip)}`,
    },
  };
  const sent =
    'Audited first, then sent to the game server as PUNISH_VIA says: over RCON as a command ' +
    '(PUNISH_COMMAND_* settings), answered with its output, or 503 when the game server cannot be ' +
    "reached; or handed to the game server's plugin (state sending until it confirms the action). " +
    'The punishment itself is recorded when the game server reports it (its events, or the LiteBans ' +
    'database the site follows). 403 `command_not_allowed` when RCON_ALLOW does not list the command. ' +
    `At most ${ACTIONS_PER_MINUTE} a minute per staff member.`;

  app.get(
    '/api/admin/punishments',
    {
      onRequest: staffOnly(),
      schema: {
        operationId: 'listStaffPunishments',
        tags: ['admin'],
        summary: 'Every punishment, silent ones included, with addresses, notes and appeals (staff)',
        description:
          'Filters as GET /api/punishments, and `player` for one player; `q` matches a name prefix.',
        security: [{ playerToken: [] }],
        querystring: staffPunishmentsQuerySchema,
        response: { 200: staffPunishmentsPageSchema, 400: errorSchema, ...errors },
      },
    },
    async (request) => listForStaff(db, request.query),
  );

  app.post(
    '/api/admin/punishments',
    {
      onRequest: staffOnly(),
      config: perStaff,
      schema: {
        operationId: 'punishPlayer',
        tags: ['admin'],
        summary: 'Ban, mute, warn or kick a player through the game server (staff)',
        description: `${sent} 404 for a player the site does not know.`,
        security: [{ playerToken: [] }],
        body: punishRequestSchema,
        response: { 202: staffActionSchema, 400: errorSchema, 429: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return punish(db, { ...channel, log: request.log }, request.auth!.uuid, request.body);
    },
  );

  app.post(
    '/api/admin/punishments/:id/pardon',
    {
      onRequest: staffOnly(),
      config: perStaff,
      schema: {
        operationId: 'pardonPunishment',
        tags: ['admin'],
        summary: 'Lift a ban, mute or warning in force through the game server (staff)',
        description: `${sent} 409 for a kick or a punishment no longer in force.`,
        security: [{ playerToken: [] }],
        params: idParamsSchema,
        body: pardonRequestSchema,
        response: { 202: staffActionSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return pardon(
        db,
        { ...channel, log: request.log },
        request.auth!.uuid,
        request.params.id,
        request.body.reason ?? null,
      );
    },
  );

  app.get(
    '/api/admin/punishment-actions',
    {
      onRequest: staffOnly(),
      schema: {
        operationId: 'listPunishmentActions',
        tags: ['admin'],
        summary: 'The punishments and pardons staff sent to the game server, newest first (staff)',
        security: [{ playerToken: [] }],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: staffActionsSchema, 400: errorSchema, ...errors },
      },
    },
    async (request) => ({ actions: await listActions(db, request.query.limit) }),
  );

  app.get(
    '/api/admin/appeals',
    {
      onRequest: staffOnly(),
      schema: {
        operationId: 'listAppeals',
        tags: ['admin'],
        summary: 'The appeals queue (open, oldest first) or the decided appeals (newest first) (staff)',
        description:
          "Each appeal with its punishment as staff see it; at most 200. The player's history: GET /api/admin/punishments?player=",
        security: [{ playerToken: [] }],
        querystring: staffAppealsQuerySchema,
        response: { 200: staffAppealsSchema, 400: errorSchema, ...errors },
      },
    },
    async (request) => ({ appeals: await appealsForStaff(db, request.query.state) }),
  );

  app.post(
    '/api/admin/appeals/:id/decision',
    {
      onRequest: staffOnly(),
      config: perStaff,
      schema: {
        operationId: 'decideAppeal',
        tags: ['admin'],
        summary: 'Accept or deny an appeal, with a reply the player reads (staff)',
        description:
          'Accepting lifts the punishment through the game server (as the pardon does) when it is ' +
          'still in force: over RCON first, and if the game server cannot be reached the answer is 503 ' +
          'and the appeal stays open; through the plugin, the pardon is queued with the decision. 409 ' +
          '`appeal_decided` for an appeal decided already. Audited; the player sees the answer on ' +
          'their profile at once.',
        security: [{ playerToken: [] }],
        params: idParamsSchema,
        body: appealDecisionSchema,
        response: { 200: appealSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema, ...errors },
      },
    },
    async (request) =>
      decideAppeal(
        db,
        { ...channel, log: request.log },
        request.auth!.uuid,
        request.params.id,
        request.body.decision,
        request.body.reply,
      ),
  );

  app.route({
    method: 'GET',
    url: '/api/admin/moderation/ws',
    preValidation: sameSiteOrigin(live.config),
    schema: {
      operationId: 'moderationSocket',
      tags: ['admin', 'live'],
      security: [{ playerTokenInQuery: [] }],
      summary: 'WebSocket: when the moderation lists change (staff)',
      description:
        'Pushes {"moderation": {"punishments", "appeals", "actions"}}, a stamp of each list the ' +
        'moderation pages show, on connect and whenever one changes, at most once a second: read a ' +
        'list again when its stamp differs from the last. The access token goes in the query string; ' +
        'without a valid one, when it expires and when its session is signed out, the socket is ' +
        `closed with 1008; an account that may not use the console, with ${CLOSE_CODES.notPermitted}. ` +
        'Clients send nothing.',
      querystring: socketTokenQuerySchema,
      response: { 400: errorSchema, 403: errorSchema, 404: errorSchema, 426: errorSchema },
    },
    handler: upgradeRequired,
    wsHandler: (socket, request) => {
      followModeration(socket, request.query.token).catch(() => closeUnavailable(socket));
    },
  });

  async function followModeration(socket: WebSocket, token: string | undefined) {
    const claims = await signedInSocket(live.tokens, live.sessionSockets, socket, token);
    if (!claims) return;
    const standing = await staffStanding(db, claims, 'console', live.config.staffTwoFactorRequired);
    if (standing !== 'staff') {
      socket.close(CLOSE_CODES.notPermitted, secondFactorRefusal(standing)?.detail ?? NOT_PERMITTED);
      return;
    }
    await live.hub.subscribe(MODERATION_TOPIC, socket);
  }
};
