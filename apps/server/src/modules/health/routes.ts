import type { ErrorCode } from '@prison/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';

const livenessSchema = z.object({ status: z.string() }).meta({
  id: 'Liveness',
  description: 'The process answers: `ok`.',
  examples: [{ status: 'ok' }],
});
const readinessSchema = z.object({ status: z.string() }).meta({
  id: 'Readiness',
  description: 'The site can serve: its database answers. `ready`.',
  examples: [{ status: 'ready' }],
});
const notReadySchema = z
  .object({
    status: z.string(),
    detail: z.string(),
    code: z.literal('database_unavailable' satisfies ErrorCode),
  })
  .meta({
    id: 'NotReady',
    description: 'The site cannot serve yet: `not ready`, and why (an error answer, with its code).',
    examples: [{ status: 'not ready', detail: 'The database is unreachable', code: 'database_unavailable' }],
  });

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  // Liveness: the process answers.
  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        security: [],
        summary: 'Whether the process is up (for a load balancer or an orchestrator)',
        response: { 200: livenessSchema },
      },
    },
    async () => ({
      status: 'ok',
    }),
  );

  // Readiness: the database answers too; a load balancer sends no traffic here until it does.
  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'getReadiness',
        tags: ['health'],
        security: [],
        summary: 'Whether the site can serve: its database answers',
        response: { 200: readinessSchema, 503: notReadySchema },
      },
    },
    async (_request, reply) => {
      try {
        await withTimeout(database.ping(), 2000);
        return { status: 'ready' };
      } catch {
        return reply
          .code(503)
          .send({ status: 'not ready', detail: 'The database is unreachable', code: 'database_unavailable' });
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
