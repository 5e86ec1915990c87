// Bearer access tokens on authenticated routes. The app's tokens refuse a token whose session has
// ended (modules/auth/sessions.ts), and roles for permission checks are read fresh from the database,
// so a sign-out or a role taken away in game takes effect at once, not when the token expires.
// Staff powers are decided by modules/auth/staff.ts, for routes (requireStaff) and for reads that
// show staff more (readerOf) alike.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import {
  type Reader,
  refuseUnlessStaff,
  secondFactorRefusal,
  staffStanding,
  VISITOR,
} from '../modules/auth/staff.ts';
import type { StaffPower } from '../modules/auth/staff-roles.ts';
import { type AccessClaims, type AccessTokens, InvalidTokenError } from '../modules/auth/tokens.ts';
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
    if (!token) throw new HttpError(401, 'not_signed_in', NOT_SIGNED_IN);
    try {
      request.auth = await tokens.verify(token);
    } catch (err) {
      // Anything else (the database unreachable while the session is read) is not the token's fault.
      if (!(err instanceof InvalidTokenError)) throw err;
      throw err.expired
        ? new HttpError(401, 'session_expired', SESSION_EXPIRED)
        : new HttpError(401, 'not_signed_in', NOT_SIGNED_IN);
    }
  };
}

/**
 * After authenticate: the request may use a staff power (modules/auth/staff.ts): a role that carries
 * it and, with STAFF_2FA=required, a session that passed a second factor. 403 otherwise, saying why.
 */
export function requireStaff(db: Db, power: StaffPower, twoFactorRequired: boolean) {
  return async (request: FastifyRequest) => {
    refuseUnlessStaff(await staffStanding(db, request.auth!, power, twoFactorRequired));
  };
}

/**
 * For reads that show more to the player themselves or to staff: who sent the request. A missing,
 * bad or expired token reads as a visitor (the read is public); a database that cannot check it
 * is an error, not a visitor.
 */
export function readerOf(db: Db, tokens: AccessTokens, twoFactorRequired: boolean) {
  return async (request: FastifyRequest): Promise<Reader> => {
    let auth = request.auth;
    if (!auth) {
      const token = bearerToken(request);
      if (!token) return VISITOR;
      try {
        auth = await tokens.verify(token);
      } catch (err) {
        if (err instanceof InvalidTokenError) return VISITOR;
        throw err;
      }
    }
    const standing = await staffStanding(db, auth, 'console', twoFactorRequired);
    const staffRefusal = secondFactorRefusal(standing);
    return { uuid: auth.uuid, staff: standing === 'staff', ...(staffRefusal && { staffRefusal }) };
  };
}
