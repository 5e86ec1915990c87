import { errorSchema } from '@prison/shared/errors';
import { SEARCH_MAX_RESULTS, searchQuerySchema, searchResultSchema } from '@prison/shared/search';
import type { GangsMessage } from '@prison/shared/social';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { LiveHub } from '../../live/hub.ts';
import { GANGS_TOPIC } from '../social/service.ts';
import { search } from './service.ts';

export const searchRoutes: FastifyPluginAsyncZod<{ db: Db; hub: LiveHub; perMinute: number }> = async (
  app,
  { db, hub, perMinute },
) => {
  app.get(
    '/api/search',
    {
      config: { rateLimit: { max: perMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['search'],
        summary: 'Find players by name prefix and gangs by name (no sign-in needed)',
        description:
          `At most ${SEARCH_MAX_RESULTS} players and ${SEARCH_MAX_RESULTS} gangs, best first: the exact ` +
          'name, then names that start with the query (online players first), then, for gangs, names ' +
          'that contain it. Any case. A blank query or one over 32 characters is a 400; searches are ' +
          'limited per address (SEARCH_RATE_LIMIT a minute, 429 past it).',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, 400: errorSchema, 429: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const { gangs } = await hub.current<GangsMessage>(GANGS_TOPIC);
      // As people type, each prefix is asked once: a few seconds of caching helps them go back.
      reply.header('cache-control', 'public, max-age=5');
      return search(db, gangs, request.query.q);
    },
  );
};
