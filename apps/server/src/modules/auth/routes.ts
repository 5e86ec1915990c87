import {
  loginRefusalSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  tokenPairSchema,
  userSchema,
} from '@prison/shared/auth';
import { username as playerName } from '@prison/shared/bridge';
import { errorSchema } from '@prison/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { rateLimited, unauthenticated } from '../../errors.ts';
import { authenticate } from '../../plugins/authenticate.ts';
import { LoginLimiter } from './login-limiter.ts';
import {
  BAD_CREDENTIALS,
  BAD_SECOND_FACTOR,
  currentUser,
  login,
  logout,
  refresh,
  secondFactorRefused,
} from './service.ts';
import type { AccessTokens } from './tokens.ts';

// Per client address (the per-account limit is LoginLimiter's).
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
        operationId: 'signIn',
        tags: ['auth'],
        security: [],
        summary: 'Sign in with the in-game username and the password set in game',
        description:
          'An account with two-factor sign-in also sends `code` (a current code or an unused recovery ' +
          'code); without it the answer is 401 with `two_factor_required: true`. Wrong codes count ' +
          'toward the failed sign-ins like wrong passwords.',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors, 401: loginRefusalSchema },
      },
    },
    async (request, reply) => {
      const { username, password, code } = request.body;
      // Only a player name can have an account: anything else is refused before any look-up, so
      // the limiter only ever sees names that the look-up and the limiter fold alike.
      if (!playerName.safeParse(username).success)
        throw unauthenticated('invalid_credentials', BAD_CREDENTIALS);
      const wait = limiter.retryAfter(username);
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        reply.header('retry-after', String(seconds));
        throw rateLimited(
          'too_many_failed_sign_ins',
          `Too many failed sign-ins for this account. Try again in ${seconds} seconds.`,
        );
      }
      const device = { userAgent: request.headers['user-agent'] ?? null, address: request.ip };
      const session = await login(db, tokens, username, password, code, device);
      if (typeof session === 'string') {
        limiter.fail(username);
        throw session === 'credentials'
          ? unauthenticated('invalid_credentials', BAD_CREDENTIALS)
          : secondFactorRefused('wrong_two_factor_code', BAD_SECOND_FACTOR);
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
        operationId: 'refreshSession',
        tags: ['auth'],
        security: [],
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
        operationId: 'getMe',
        tags: ['auth'],
        summary: 'The signed-in player',
        security: [{ playerToken: [] }],
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => currentUser(db, request.auth!.uuid),
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        operationId: 'signOut',
        tags: ['auth'],
        security: [],
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
