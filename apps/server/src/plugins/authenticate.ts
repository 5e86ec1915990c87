// Bearer access tokens on authenticated routes. The app's tokens refuse a token whose session has
// ended (modules/auth/sessions.ts), and roles for permission checks are read fresh from the database,
// so a sign-out or a role taken away in game takes effect at once, not when the token expires.
import { STAFF_TWO_FACTOR_REQUIRED } from '@prison/shared/auth';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { currentUser } from '../modules/auth/service.ts';
import { type AccessClaims, type AccessTokens, InvalidTokenError } from '../modules/auth/tokens.ts';
import { isEnrolled } from '../modules/auth/two-factor.ts';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AccessClaims;
  }
}

export const NOT_SIGNED_IN = 'Not signed in';
export const SESSION_EXPIRED = 'Your session has expired';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

export function authenticate(tokens: AccessTokens) {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, NOT_SIGNED_IN);
    try {
      request.auth = await tokens.verify(token);
    } catch (err) {
      // Anything else (the database unreachable while the session is read) is not the token's fault.
      if (!(err instanceof InvalidTokenError)) throw err;
      throw new HttpError(401, err.expired ? SESSION_EXPIRED : NOT_SIGNED_IN);
    }
  };
}

/** After authenticate: the signed-in player must hold a role that `allowed` accepts. */
export function requireRoles(db: Db, allowed: (roles: readonly string[]) => boolean) {
  return async (request: FastifyRequest) => {
    const user = await currentUser(db, request.auth!.uuid);
    if (!allowed(user.roles)) throw new HttpError(403, 'You do not have permission to do that');
  };
}

/** After authenticate (STAFF_2FA=required): the signed-in player must have turned on two-factor sign-in. */
export function requireTwoFactor(db: Db) {
  return async (request: FastifyRequest) => {
    if (!(await isEnrolled(db, request.auth!.uuid))) throw new HttpError(403, STAFF_TWO_FACTOR_REQUIRED);
  };
}
