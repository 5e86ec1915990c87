// The admin console's bridge inspector (ADMIN, OWNER or WEB_ADMIN). Registered inside adminRoutes, so
// ADMIN_HOSTS holds it as the rest of the API.
import { bridgeInspectorSchema, INSPECTOR_BATCHES } from '@prison/shared/bridge-inspector';
import { errorSchema } from '@prison/shared/errors';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { KEPT_BATCHES } from '../bridge/batch-log.ts';
import { inspectBridge } from '../bridge/inspector.ts';

export const bridgeInspectorRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** A new array of the sign-in and staff checks per route. */
  staffOnly: () => onRequestHookHandler[];
}> = async (app, { db, staffOnly }) => {
  app.get(
    '/api/admin/bridge',
    {
      onRequest: staffOnly(),
      schema: {
        operationId: 'inspectBridge',
        tags: ['admin'],
        summary:
          "The game servers' bridge: credentials, sockets, deliveries and recent batches (ADMIN, OWNER or WEB_ADMIN)",
        description:
          'Each game server\'s credential ("default" is BRIDGE_TOKEN) with its last contact, its ' +
          'delivery sockets open now in every process and the deliveries they hold; the deliveries ' +
          `waiting, taken and acknowledged in the last 24 hours; the newest ${INSPECTOR_BATCHES} batches ` +
          '(applied or refused), each refusal by its index, code and reason. The site keeps the newest ' +
          `${KEPT_BATCHES} batches. Read on request, never tokens.`,
        security: [{ playerToken: [] }],
        response: {
          200: bridgeInspectorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          503: errorSchema,
        },
      },
    },
    async () => inspectBridge(db),
  );
};
