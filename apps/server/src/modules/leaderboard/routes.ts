import { errorSchema } from '@prison/shared/errors';
import { type LeaderboardEntry, leaderboardQuerySchema, leaderboardSchema } from '@prison/shared/leaderboard';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bodyHeaders, type EncodedBody, encodedBody, preferredEncoding } from '../../live/encoded-body.ts';
import type { LiveHub } from '../../live/hub.ts';
import { type FastLane, laneAnswer } from '../../plugins/fast-lane.ts';
import type { HeaderSet } from '../../plugins/security.ts';
import { closeUnavailable, sameSiteOrigin, upgradeRequired } from '../../plugins/sockets.ts';
import { buildLeaderboard, feedTopic, LEADERBOARD_TOPICS, snapshotTopic } from './service.ts';

// The snapshot is at most a second old (the hub's rebuild interval); so may a cached copy be.
const CACHE_CONTROL = 'public, max-age=1';

const top = (snapshot: readonly LeaderboardEntry[], limit: number) => snapshot.slice(0, limit);

const answerHeaders = (body: EncodedBody): HeaderSet => ({
  ...bodyHeaders(body),
  'cache-control': CACHE_CONTROL,
});

const RANKING =
  'Ranked by the metric (level by default); ties are broken by XP, then by name. limit is clamped ' +
  'to 1..100 (50 by default).';

export const leaderboardRoutes: FastifyPluginAsyncZod<{
  db: Db;
  hub: LiveHub;
  config: Config;
  lane: FastLane;
  /** The security headers of JSON answers, which the lane sends itself. */
  headers: HeaderSet;
}> = async (app, { db, hub, config, lane, headers }) => {
  hub.define(LEADERBOARD_TOPICS, buildLeaderboard(db));

  // The hottest public read: answered by the fast lane (plugins/fast-lane.ts) from the built
  // snapshot's bytes; the route below answers whatever the lane leaves, with the same bytes.
  lane.get('/api/leaderboard', leaderboardQuerySchema, ({ metric, limit }, request) => {
    const snapshot = hub.peek(snapshotTopic(metric));
    if (!snapshot) return null;
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const body = encodedBody(snapshot, limit, encoding, top);
    return laneAnswer(body, body.bytes, () => ({ ...headers, ...answerHeaders(body) }));
  });

  app.get(
    '/api/leaderboard',
    {
      // The body is already compressed (live/encoded-body.ts): the site-wide compressor would redo it.
      compress: false,
      // A GET has no body to decompress.
      decompress: false,
      schema: {
        operationId: 'getLeaderboard',
        tags: ['leaderboard'],
        security: [],
        summary: 'The top players by level, XP, prestige or balance',
        description: `${RANKING} Answered from the live snapshot that /ws/leaderboard pushes.`,
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardSchema, 400: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const { metric, limit } = request.query;
      const snapshot = await hub.current(snapshotTopic(metric));
      const body = encodedBody(snapshot, limit, preferredEncoding(request.headers['accept-encoding']), top);
      reply.headers(answerHeaders(body));
      // Bytes that already are the 200 schema's JSON: the untyped reply sends them as they are.
      return (reply as FastifyReply).send(body.bytes);
    },
  );

  app.route({
    method: 'GET',
    url: '/ws/leaderboard',
    preValidation: sameSiteOrigin(config),
    schema: {
      operationId: 'leaderboardSocket',
      tags: ['live'],
      security: [],
      summary: 'WebSocket: the leaderboard',
      description:
        `Pushes {"entries": [...]} on connect and whenever the ranking changes, at most once a second. ` +
        `${RANKING} Clients send nothing.`,
      querystring: leaderboardQuerySchema,
      response: { 400: errorSchema, 426: errorSchema },
    },
    handler: upgradeRequired,
    wsHandler: (socket, request) => {
      const { metric, limit } = request.query;
      hub.subscribe(feedTopic(metric, limit), socket).catch(() => closeUnavailable(socket));
    },
  });
};
