import { createHash, timingSafeEqual } from 'node:crypto';
import { bridgeBatchErrorSchema, bridgeBatchResultSchema, bridgeBatchSchema } from '@prison/shared/bridge';
import { errorSchema } from '@prison/shared/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../errors.ts';
import { applyBatch } from './service.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Checks `Authorization: Bearer BRIDGE_TOKEN` in constant time. */
export function bridgeAuth(token: string) {
  const expected = digest(token);
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const presented = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!presented || !timingSafeEqual(digest(presented), expected)) {
      throw new HttpError(401, 'A valid bridge token is required');
    }
  };
}

export const bridgeRoutes: FastifyPluginAsyncZod<{ db: Db; bridgeToken: string }> = async (app, opts) => {
  app.post(
    '/api/bridge/events',
    {
      onRequest: bridgeAuth(opts.bridgeToken),
      // 500 events with chat text fit well inside 2 MiB.
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags: ['bridge'],
        summary: 'Report what happened in game (idempotent by event id; one transaction per batch)',
        security: [{ bearer: [] }],
        body: bridgeBatchSchema,
        response: {
          200: bridgeBatchResultSchema,
          400: bridgeBatchErrorSchema.or(errorSchema),
          401: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => applyBatch(opts.db, request.body.events),
  );
};
