// Access tokens: JWT signed with HS256 only, `sub` = player uuid, `sid` = its session (sessions.ts),
// `exp` in seconds, 15 minutes. This checks signatures only; the app's verify also refuses a token
// whose session was revoked (sessions.ts sessionAccessTokens).
// Refresh tokens: 256 random bits, stored only as a SHA-256 hash (they are random, so a fast hash
// is enough: there is nothing to guess).
import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_SECONDS } from '@prison/shared/auth';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  uuid: string;
  roles: string[];
  /** The session (sessions.id) the token was issued to. */
  sid: string;
}

export class InvalidTokenError extends Error {
  constructor(readonly expired: boolean) {
    super(expired ? 'token expired' : 'invalid token');
  }
}

export function accessTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ uuid, roles, sid }: AccessClaims, now = Date.now()): Promise<string> {
      const iat = Math.floor(now / 1000);
      return new SignJWT({ roles, sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(uuid)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
        .sign(key);
    },
    async verify(token: string): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['sub', 'exp'],
        });
        // Only this server signs tokens, always with a player uuid and a session id; anything else is
        // not one of ours (a token from before sessions had ids is refused, and the client refreshes).
        const { sid } = payload;
        if (!UUID.test(payload.sub ?? '') || typeof sid !== 'string' || !UUID.test(sid)) {
          throw new InvalidTokenError(false);
        }
        const roles = Array.isArray(payload.roles)
          ? payload.roles.filter((r): r is string => typeof r === 'string')
          : [];
        return { uuid: payload.sub!, roles, sid };
      } catch (err) {
        if (err instanceof InvalidTokenError) throw err;
        throw new InvalidTokenError(err instanceof errors.JWTExpired);
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof accessTokens>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
