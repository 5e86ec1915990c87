import {
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  tokenPairSchema,
  userSchema,
} from '@prison/shared/auth';
import { errorSchema } from '@prison/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { rateLimited, unauthenticated } from '../../errors.ts';
import { authenticate } from '../../plugins/authenticate.ts';
import { LoginLimiter } from './login-limiter.ts';
import { BAD_CREDENTIALS, currentUser, login, logout, refresh } from './service.ts';
import type { AccessTokens } from './tokens.ts';

// Per client address (the per-username limit is LoginLimiter's).
export const LOGIN_ATTEMPTS_PER_MINUTE = 20;
export const REFRESHES_PER_MINUTE = 60;

export const authRoutes: FastifyPluginAsyncZod<{
  db: Db;
  tokens: AccessTokens;
  limiter?: LoginLimiter;
}> = async (app, { db, tokens, limiter = new LoginLimiter() }) => {
  const errors = { 400: errorSchema, 401: errorSchema, 429: errorSchema, 503: errorSchema };

  app.post(
    '/api/auth/player-login',
    {
      config: { rateLimit: { max: LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the in-game username and the password set in game',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const wait = limiter.retryAfter(username);
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        reply.header('retry-after', String(seconds));
        throw rateLimited(`Too many failed sign-ins for this account. Try again in ${seconds} seconds.`);
      }
      const session = await login(db, tokens, username, password);
      if (!session) {
        limiter.fail(username);
        throw unauthenticated(BAD_CREDENTIALS);
      }
      limiter.succeed(username);
      return session;
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      config: { rateLimit: { max: REFRESHES_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ['auth'],
        summary: 'Trade a refresh token for a new pair (rotation; reuse revokes the session)',
        body: refreshRequestSchema,
        response: { 200: tokenPairSchema, ...errors },
      },
    },
    async (request) => refresh(db, tokens, request.body.refresh_token),
  );

  app.get(
    '/api/auth/me',
    {
      onRequest: authenticate(tokens),
      schema: {
        tags: ['auth'],
        summary: 'The signed-in player',
        security: [{ bearer: [] }],
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => currentUser(db, request.auth!.uuid),
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: "Sign out: revokes the refresh token's session",
        body: logoutRequestSchema.nullish(),
        response: { 204: z.null().describe('Signed out'), ...errors },
      },
    },
    async (request, reply) => {
      await logout(db, request.body?.refresh_token);
      return reply.code(204).send(null);
    },
  );
};
