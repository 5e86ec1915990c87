import {
  recoveryCodesSchema,
  twoFactorCodeRequestSchema,
  twoFactorSetupRequestSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@prison/shared/auth';
import { errorSchema } from '@prison/shared/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { authenticate } from '../../plugins/authenticate.ts';
import { clientKey } from '../../plugins/client-address.ts';
import type { AccessTokens } from './tokens.ts';
import { disable, enable, setUp, twoFactorStatus } from './two-factor.ts';

// Per account, after the sign-in check, setup, enable and disable together: a stolen access token
// cannot guess its way to a disable, nor guess the password ten times on each route.
export const TWO_FACTOR_CHANGES_PER_MINUTE = 10;

export const twoFactorRoutes: FastifyPluginAsyncZod<{ db: Db; tokens: AccessTokens }> = async (
  app,
  { db, tokens },
) => {
  const errors = { 400: errorSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema, 503: errorSchema };
  // One limiter (one hook, one count) for the three routes that change two-factor sign-in.
  const changes = app.rateLimit({
    max: TWO_FACTOR_CHANGES_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `2fa:${request.auth?.uuid ?? clientKey(request.ip)}`,
  });
  const change = [authenticate(tokens), changes];

  app.get(
    '/api/auth/2fa',
    {
      onRequest: authenticate(tokens),
      schema: {
        operationId: 'getTwoFactor',
        tags: ['auth'],
        summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
        security: [{ playerToken: [] }],
        response: { 200: twoFactorStatusSchema, ...errors },
      },
    },
    async (request) => twoFactorStatus(db, request.auth!.uuid),
  );

  app.post(
    '/api/auth/2fa/setup',
    {
      onRequest: change,
      schema: {
        operationId: 'setUpTwoFactor',
        tags: ['auth'],
        summary: 'Start two-factor setup: a new secret, not active until a code from it is confirmed',
        description:
          "Takes the account's current password (400 when it is wrong). 409 when two-factor sign-in " +
          'is already on. A setup not confirmed is replaced.',
        security: [{ playerToken: [] }],
        body: twoFactorSetupRequestSchema,
        response: { 200: twoFactorSetupSchema, ...errors },
      },
    },
    async (request) => setUp(db, request.auth!.uuid, request.body.password),
  );

  app.post(
    '/api/auth/2fa/enable',
    {
      onRequest: change,
      schema: {
        operationId: 'enableTwoFactor',
        tags: ['auth'],
        summary: 'Turn two-factor sign-in on with a code from the setup secret',
        description:
          "Takes the account's current password and a code. Answers the ten recovery codes, shown " +
          'this once. 400 for a wrong password or code. Every other session of the account is signed ' +
          'out; this one counts as signed in with the code.',
        security: [{ playerToken: [] }],
        body: twoFactorCodeRequestSchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) => enable(db, request.auth!, request.body),
  );

  app.post(
    '/api/auth/2fa/disable',
    {
      onRequest: change,
      schema: {
        operationId: 'disableTwoFactor',
        tags: ['auth'],
        summary: 'Turn two-factor sign-in off with the password and a current code or a recovery code',
        description: 'Answers the new state (off). 400 for a wrong password or code, 409 when it is not on.',
        security: [{ playerToken: [] }],
        body: twoFactorCodeRequestSchema,
        response: { 200: twoFactorStatusSchema, ...errors },
      },
    },
    async (request) => {
      await disable(db, request.auth!.uuid, request.body);
      return twoFactorStatus(db, request.auth!.uuid);
    },
  );
};
