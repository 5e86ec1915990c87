// Access tokens: JWT signed with HS256 only, `sub` = player uuid, `sid` = its session (sessions.ts),
// `exp` in seconds, 15 minutes. This checks signatures only; the app's verify also refuses a token
// whose session was revoked (sessions.ts sessionAccessTokens).
// Refresh tokens: 256 random bits, stored only as a SHA-256 hash (they are random, so a fast hash
// is enough: there is nothing to guess).
import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_SECONDS } from '@prison/shared/auth';

export interface AccessClaims {
  uuid: string;
  roles: string[];
  /** The session (sessions.id) the token was issued to. */
  sid: string;
  /** When the token expires, in milliseconds since the epoch (its `exp`). */
  expiresAt: number;
  /**
   * Whether its session passed a second factor at sign-in (read with the session on every request,
   * sessions.ts); absent when only the signature was checked, which counts as not passed.
   */
  secondFactor?: boolean;
}

export class InvalidTokenError extends Error {
  constructor(readonly expired: boolean) {
    super(expired ? 'token expired' : 'invalid token');
  }
}

// The one header this server writes. A token is checked against the header it carries, but only
// HS256 is accepted (never `none`, never another algorithm chosen by whoever sent the token).
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
const SEGMENT = /^[A-Za-z0-9_-]+$/;

/**
 * Signs and checks the access tokens with node:crypto's HMAC, synchronously (RFC 7515 compact
 * serialization, RFC 7519 claims). Every signed-in request checks one: WebCrypto, which a generic
 * JWT library uses, imports the key again and runs each HMAC as an asynchronous job, which cost a
 * purchase more CPU than its own code (bench/RESULTS.md, purchases). The key is made once.
 */
export function accessTokens(secret: string) {
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const mac = (signingInput: string) => createHmac('sha256', key).update(signingInput).digest();
  return {
    async sign(
      { uuid, roles, sid }: Omit<AccessClaims, 'expiresAt' | 'secondFactor'>,
      now = Date.now(),
    ): Promise<string> {
      const iat = Math.floor(now / 1000);
      const claims = { roles, sid, sub: uuid, iat, exp: iat + ACCESS_TOKEN_SECONDS };
      const signingInput = `${HEADER}.${base64url(JSON.stringify(claims))}`;
      return `${signingInput}.${mac(signingInput).toString('base64url')}`;
    },
    async verify(token: string, now = Date.now()): Promise<AccessClaims> {
      const parts = token.split('.');
      if (parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) {
        throw new InvalidTokenError(false);
      }
      const [header, payload, signature] = parts as [string, string, string];
      const expected = mac(`${header}.${payload}`);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new InvalidTokenError(false);
      }
      // Signed with our key, so written by this server; still read defensively.
      const head = parseJson(header);
      if (head?.alg !== 'HS256' || head.crit !== undefined) throw new InvalidTokenError(false);
      const claims = parseJson(payload);
      const { sub, sid, exp, nbf, roles } = claims ?? {};
      // Only this server signs tokens, always with a player uuid, a session id and an expiry; anything
      // else is not one of ours (a token from before sessions had ids is refused, and the client
      // refreshes).
      if (typeof sub !== 'string' || !UUID.test(sub) || typeof sid !== 'string' || !UUID.test(sid)) {
        throw new InvalidTokenError(false);
      }
      if (typeof exp !== 'number' || !Number.isFinite(exp)) throw new InvalidTokenError(false);
      const seconds = Math.floor(now / 1000);
      if (nbf !== undefined && (typeof nbf !== 'number' || nbf > seconds)) throw new InvalidTokenError(false);
      if (exp <= seconds) throw new InvalidTokenError(true);
      return {
        uuid: sub,
        roles: Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [],
        sid,
        expiresAt: exp * 1000,
      };
    },
  };
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** A segment's JSON object, or null when it is not one. */
function parseJson(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
export type AccessTokens = ReturnType<typeof accessTokens>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
