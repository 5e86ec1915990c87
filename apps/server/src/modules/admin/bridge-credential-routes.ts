// The game servers' credentials in the admin console (OWNER only): list, make (the token answered
// once) and revoke. Registered inside adminRoutes, so ADMIN_HOSTS holds them as the rest of the API.
import {
  bridgeCredentialListSchema,
  bridgeCredentialParamsSchema,
  createBridgeCredentialSchema,
  createdBridgeCredentialSchema,
} from '@prison/shared/bridge-credentials';
import { errorSchema } from '@prison/shared/errors';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { createCredential, listCredentials, revokeCredential } from '../bridge/credentials.ts';

export const bridgeCredentialRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** A new array of the sign-in and OWNER checks per route. */
  ownerOnly: () => onRequestHookHandler[];
}> = async (app, { db, ownerOnly }) => {
  const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 503: errorSchema };

  app.get(
    '/api/admin/bridge/credentials',
    {
      onRequest: ownerOnly(),
      schema: {
        operationId: 'listBridgeCredentials',
        tags: ['admin'],
        summary: "The game servers' credentials for the bridge, without their tokens (OWNER only)",
        description:
          'Every credential made, revoked ones included, oldest first, with when each was last used ' +
          '(recorded at most once a minute). BRIDGE_TOKEN, the built-in credential "default", is not listed.',
        security: [{ playerToken: [] }],
        response: { 200: bridgeCredentialListSchema, ...errors },
      },
    },
    async () => ({ credentials: await listCredentials(db) }),
  );

  app.post(
    '/api/admin/bridge/credentials',
    {
      onRequest: ownerOnly(),
      schema: {
        operationId: 'createBridgeCredential',
        tags: ['admin'],
        summary: 'Make a credential for one game server; its token is answered this once (OWNER only)',
        description:
          "The token goes in the game server plugin's configuration, as its bearer token. The site " +
          'keeps only its hash: it is never shown again. 409 when a credential not revoked has the ' +
          'name. Audited.',
        security: [{ playerToken: [] }],
        body: createBridgeCredentialSchema,
        response: { 200: createdBridgeCredentialSchema, 400: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => createCredential(db, request.body.name, { uuid: request.auth!.uuid }),
  );

  app.delete(
    '/api/admin/bridge/credentials/:id',
    {
      onRequest: ownerOnly(),
      schema: {
        operationId: 'revokeBridgeCredential',
        tags: ['admin'],
        summary: "Revoke a game server's credential (OWNER only)",
        description:
          'From the next request on, every bridge request with its token is refused (401 ' +
          '`invalid_token`). Revoking it again changes nothing. Audited. Answers every credential.',
        security: [{ playerToken: [] }],
        params: bridgeCredentialParamsSchema,
        response: { 200: bridgeCredentialListSchema, 400: errorSchema, ...errors },
      },
    },
    async (request) => {
      await revokeCredential(db, { id: request.params.id }, { uuid: request.auth!.uuid });
      return { credentials: await listCredentials(db) };
    },
  );
};
