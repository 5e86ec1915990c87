import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';

const statusSchema = z.object({ status: z.string() });
const notReadySchema = z.object({ status: z.string(), detail: z.string() });

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  // Liveness: the process answers.
  app.get('/healthz', { schema: { tags: ['health'], response: { 200: statusSchema } } }, async () => ({
    status: 'ok',
  }));

  // Readiness: the database answers too; a load balancer sends no traffic here until it does.
  app.get(
    '/readyz',
    { schema: { tags: ['health'], response: { 200: statusSchema, 503: notReadySchema } } },
    async (_request, reply) => {
      try {
        await withTimeout(database.ping(), 2000);
        return { status: 'ready' };
      } catch {
        return reply.code(503).send({ status: 'not ready', detail: 'The database is unreachable' });
      }
    },
  );
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
