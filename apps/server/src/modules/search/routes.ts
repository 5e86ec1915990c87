import { errorSchema } from '@prison/shared/errors';
import { SEARCH_MAX_RESULTS, searchQuerySchema, searchResultSchema } from '@prison/shared/search';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { bodyHeaders, encodedBody, preferredEncoding, SHORT_LIVED } from '../../live/encoded-body.ts';
import type { LiveHub } from '../../live/hub.ts';
import { GANGS_TOPIC } from '../social/service.ts';
import { SEARCH_ANSWER_TTL_MS, SearchAnswers, search } from './service.ts';

const CACHE_CONTROL = `public, max-age=${SEARCH_ANSWER_TTL_MS / 1000}`;
const asIs = (answer: object) => answer;

export const searchRoutes: FastifyPluginAsyncZod<{ db: Db; hub: LiveHub; perMinute: number }> = async (
  app,
  { db, hub, perMinute },
) => {
  const answers = new SearchAnswers(async (query) => {
    const { gangs } = await hub.current(GANGS_TOPIC);
    return search(db, gangs, query);
  });

  app.get(
    '/api/search',
    {
      // The body is already compressed: the site-wide compressor would redo it.
      compress: false,
      config: { rateLimit: { max: perMinute, timeWindow: 60_000 } },
      schema: {
        operationId: 'search',
        tags: ['search'],
        security: [],
        summary: 'Find players by name prefix and gangs by name (no sign-in needed)',
        description:
          `At most ${SEARCH_MAX_RESULTS} players and ${SEARCH_MAX_RESULTS} gangs, best first: the exact ` +
          'name, then names that start with the query (online players first), then, for gangs, names ' +
          'that contain it. Any case. An answer is kept five seconds (as its Cache-Control says), so a search may be that old. A blank query or one over 32 characters is a 400; searches are ' +
          'limited per address (SEARCH_RATE_LIMIT a minute, 429 past it).',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, 400: errorSchema, 429: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const answer = await answers.answer(request.query.q);
      // Serialized and compressed once per kept answer (a quick brotli: it lives five seconds).
      const body = encodedBody(
        answer,
        0,
        preferredEncoding(request.headers['accept-encoding']),
        asIs,
        SHORT_LIVED,
      );
      reply.headers({ ...bodyHeaders(body), 'cache-control': CACHE_CONTROL });
      // Bytes that already are the 200 schema's JSON: the untyped reply sends them as they are.
      return (reply as FastifyReply).send(body.bytes);
    },
  );
};
