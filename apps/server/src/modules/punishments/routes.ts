// The public record of punishments (service.ts): the list, one punishment, a player's history.
import { errorSchema } from '@prison/shared/errors';
import {
  APPEALS_PER_HOUR,
  appealRequestSchema,
  appealSchema,
  ownPunishmentsSchema,
} from '@prison/shared/moderation';
import { playerUuidParamsSchema } from '@prison/shared/players';
import {
  playerPunishmentsQuerySchema,
  playerPunishmentsSchema,
  punishmentIdParamsSchema,
  punishmentSchema,
  punishmentsPageSchema,
  punishmentsQuerySchema,
} from '@prison/shared/punishments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { authenticate, readerOf } from '../../plugins/authenticate.ts';
import type { AccessTokens } from '../auth/tokens.ts';
import { createAppeal, ownPunishments } from './moderation.ts';
import { listPunishments, playerPunishments, punishmentById } from './service.ts';

export const punishmentsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  tokens: AccessTokens;
}> = async (app, { db, config, tokens }) => {
  const reader = readerOf(db, tokens, config.staffTwoFactorRequired);

  app.get(
    '/api/punishments',
    {
      schema: {
        operationId: 'listPunishments',
        tags: ['punishments'],
        security: [],
        summary: 'Bans, mutes, warnings and kicks, newest first (no sign-in needed)',
        description:
          'Keyset pages: pass `next_cursor` back as `cursor` with the same filters. `q` matches the start ' +
          "of the punished player's name or of the staff member's. Silent punishments are never listed.",
        querystring: punishmentsQuerySchema,
        response: { 200: punishmentsPageSchema, 400: errorSchema, 503: errorSchema },
      },
    },
    async (request) => listPunishments(db, request.query),
  );

  app.get(
    '/api/punishments/:id',
    {
      schema: {
        operationId: 'getPunishment',
        tags: ['punishments'],
        security: [],
        summary: 'One punishment (no sign-in needed)',
        description: 'A silent punishment is not found here, as one that does not exist.',
        params: punishmentIdParamsSchema,
        response: { 200: punishmentSchema, 400: errorSchema, 404: errorSchema, 503: errorSchema },
      },
    },
    async (request) => punishmentById(db, request.params.id),
  );

  app.get(
    '/api/players/:uuid/punishments',
    {
      schema: {
        operationId: 'getPlayerPunishments',
        tags: ['punishments', 'players'],
        security: [{}, { playerToken: [] }],
        summary: "A player's punishments, newest first",
        description:
          'Answers 403 `punishment_history_private` when the player hides their history from their page, ' +
          'except to the player themselves and staff, who send their bearer token; 404 for a uuid the ' +
          'site knows neither as a player nor from a punishment.',
        params: playerUuidParamsSchema,
        querystring: playerPunishmentsQuerySchema,
        response: {
          200: playerPunishmentsSchema,
          400: errorSchema,
          403: errorSchema,
          404: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => playerPunishments(db, request.params.uuid, await reader(request), request.query),
  );

  app.get(
    '/api/players/me/punishments',
    {
      onRequest: authenticate(tokens),
      schema: {
        operationId: 'getOwnPunishments',
        tags: ['punishments', 'players'],
        summary: "The signed-in player's punishments with their appeals",
        description:
          'Newest first, at most 50, silent ones included (never an address or a staff note). The ' +
          "same list comes on the player's social socket (/api/social/ws) whenever it changes.",
        security: [{ playerToken: [] }],
        response: { 200: ownPunishmentsSchema, 401: errorSchema, 503: errorSchema },
      },
    },
    async (request) => ({ punishments: await ownPunishments(db, request.auth!.uuid) }),
  );

  app.post(
    '/api/punishments/:id/appeal',
    {
      onRequest: authenticate(tokens),
      schema: {
        operationId: 'appealPunishment',
        tags: ['punishments'],
        summary: 'Appeal a ban or mute of your own, once',
        description:
          `The text is ${appealRequestSchema.shape.text.minLength} to ${appealRequestSchema.shape.text.maxLength} ` +
          `characters. 403 \`not_your_punishment\` for someone else's; 409 \`punishment_not_appealable\` ` +
          'for a warning, a kick or a punishment no longer in force, `appeal_exists` for a second appeal. ' +
          `At most ${APPEALS_PER_HOUR} appeals an hour per player, counted over the last hour (429 \`rate_limited\`). Audited; staff see it in the console.`,
        security: [{ playerToken: [] }],
        params: punishmentIdParamsSchema,
        body: appealRequestSchema,
        response: {
          201: appealSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          429: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createAppeal(db, request.auth!.uuid, request.params.id, request.body.text);
    },
  );
};
