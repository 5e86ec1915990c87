// The signed-in player's sessions: the list on the profile, "Sign out" per session and "Sign out
// everywhere". Each takes effect at once on every process (sessions.ts).
import { sessionIdParamsSchema, sessionListSchema } from '@prison/shared/auth';
import { errorSchema } from '@prison/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { authenticate } from '../../plugins/authenticate.ts';
import { listSessions, logoutEverywhere, revokeSession } from './sessions.ts';
import type { AccessTokens } from './tokens.ts';

export const sessionRoutes: FastifyPluginAsyncZod<{ db: Db; tokens: AccessTokens }> = async (
  app,
  { db, tokens },
) => {
  const signedIn = authenticate(tokens);
  const errors = { 401: errorSchema, 503: errorSchema };

  app.get(
    '/api/auth/sessions',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'listSessions',
        tags: ['auth'],
        summary: "The signed-in player's sessions: one per sign-in on a device",
        description:
          'Open sessions only, the current one first, then the most recently used (at most 50). A ' +
          "session's last use is its sign-in or its latest token refresh.",
        security: [{ playerToken: [] }],
        response: { 200: sessionListSchema, ...errors },
      },
    },
    async (request) => ({ sessions: await listSessions(db, request.auth!.uuid, request.auth!.sid) }),
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'endSession',
        tags: ['auth'],
        summary: 'Sign one of your sessions out',
        description:
          'Its refresh token stops working, its access tokens are refused from the next request and ' +
          'its live feeds close with 1008, on every server process. 404 for a session that is not ' +
          'one of your open ones.',
        security: [{ playerToken: [] }],
        params: sessionIdParamsSchema,
        response: { 204: z.null().describe('Signed out'), 400: errorSchema, 404: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await revokeSession(db, request.auth!.uuid, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/auth/logout-all',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'signOutEverywhere',
        tags: ['auth'],
        summary: 'Sign every one of your sessions out, this one included',
        security: [{ playerToken: [] }],
        response: { 204: z.null().describe('Signed out everywhere'), ...errors },
      },
    },
    async (request, reply) => {
      await logoutEverywhere(db, request.auth!.uuid);
      return reply.code(204).send(null);
    },
  );
};
