import { errorSchema } from '@prison/shared/errors';
import {
  activityListSchema,
  activityQuerySchema,
  playerStatsSchema,
  playerUuidParamsSchema,
  publicProfileSchema,
} from '@prison/shared/players';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { authenticate } from '../../plugins/authenticate.ts';
import type { AccessTokens } from '../auth/tokens.ts';
import { activityFeed, publicProfile, statsOf } from './service.ts';

export const playersRoutes: FastifyPluginAsyncZod<{ db: Db; tokens: AccessTokens }> = async (
  app,
  { db, tokens },
) => {
  app.get(
    '/api/players/:uuid',
    {
      schema: {
        tags: ['players'],
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
        tags: ['players'],
        summary: "A player's level, XP, statistics (all but MOMENTUM) and G-Kit states",
        description: 'Any signed-in player may read any player’s statistics.',
        security: [{ bearer: [] }],
        params: playerUuidParamsSchema,
        response: {
          200: playerStatsSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => statsOf(db, request.params.uuid),
  );

  app.get(
    '/api/players/:uuid/activity',
    {
      onRequest: authenticate(tokens),
      schema: {
        tags: ['players'],
        summary: "A player's activity feed, newest first",
        description:
          'Entries where the player is the actor or the target. A player reads only their own feed ' +
          '(403 otherwise) unless they hold ADMIN, OWNER or WEB_ADMIN. A PRIVATE_MESSAGE entry is ' +
          'only ever answered to its two participants.',
        security: [{ bearer: [] }],
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
    async (request) => activityFeed(db, request.auth!.uuid, request.params.uuid, request.query.limit),
  );
};
