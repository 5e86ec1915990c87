// Spec 4 Session, on start-up with a stored token: a token without three dot-separated parts is invalid;
// decode its payload; if exp is missing or past, refresh (no refresh token: expired); then fetch the
// current user and keep it. Any failure expires the session. With no stored token, a session found in
// the mirror cookies is checked the same way before it is taken.
import { apiJson, fetchJson, isHttpError, jsonRequest, refreshAccessToken, tokenPairSchema } from './api.ts';
import { schemasOf } from './lazy-schema.ts';
import {
  clearSessionCookies,
  logout,
  mirrorTokens,
  type NewSession,
  readCookieSession,
  readRefreshToken,
  readToken,
  saveSession,
  saveUser,
} from './session.ts';

type SessionCheck = 'guest' | 'valid' | 'expired';

// Leaving the page aborts the check's requests, which says nothing about the session: expiring it
// then would sign the visitor out of the page they are going to, which shares the stored session
// (a click on a link while the check ran did that). The page that follows checks it again.
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

// GET /api/auth/me's answer: loaded when a session is checked, which only a visitor with one needs.
const userSchema = schemasOf(() => import('@prison/shared/auth'))('userSchema');

/** The JSON payload of a JWT, or null when it is not base64url-encoded JSON object. */
export function decodeTokenPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const text = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(text);
    return payload && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Whether the access token's exp (seconds) is missing or not in the future. */
function needsRefresh(payload: Record<string, unknown>, now: number): boolean {
  const { exp } = payload;
  return typeof exp !== 'number' || !Number.isFinite(exp) || exp * 1000 <= now;
}

/** Runs the start-up check once; resolves with what it concluded. */
export async function checkStoredSession(
  now: number = Date.now(),
  cookies: string = document.cookie,
): Promise<SessionCheck> {
  const stored = readToken();
  if (!stored) return adoptCookieSession(readCookieSession(cookies), now);
  let token = stored;
  // A sign-in or logout while the check runs (e.g. on the login page) replaces what is being checked.
  const expire = (): SessionCheck => {
    if (leaving) return 'guest';
    const current = readToken();
    if (current === stored || current === token) logout('expired');
    return 'expired';
  };

  if (stored.split('.').length !== 3) return expire();
  const payload = decodeTokenPayload(stored);
  if (!payload) return expire();
  if (needsRefresh(payload, now)) {
    if (!readRefreshToken()) return expire();
    const fresh = await refreshAccessToken(stored);
    if (!fresh) return expire();
    token = fresh;
  }
  try {
    // Through apiJson: a token the server refuses despite its exp (a rotated signing key) gets the
    // one refresh and retry every call gets, before the session is given up. A refusal, or an answer
    // that is not a user, expires it (the catch below).
    const user = await apiJson('/api/auth/me', userSchema);
    // Keep the user only for the token it belongs to: a sign-in meanwhile stored someone else.
    const current = readToken();
    if (!current) return 'guest';
    if (decodeTokenPayload(current)?.sub === user.uuid) saveUser(user);
    return 'valid';
  } catch {
    return expire();
  }
}

/**
 * A session found only in the mirror cookies (signed in on the admin host or the main site) is taken
 * once the server confirms it, with the user the server names, never the cookie's. One the server
 * refuses is cleared from the cookies: it has ended, or another site under the parent domain planted
 * it. Until then this page is a guest's.
 */
async function adoptCookieSession(found: NewSession | null, now: number): Promise<SessionCheck> {
  if (!found) return 'guest';
  let { token, refreshToken } = found;
  const payload = decodeTokenPayload(token);
  try {
    if (!payload || needsRefresh(payload, now)) {
      const pair = await fetchJson(
        '/api/auth/refresh',
        tokenPairSchema,
        jsonRequest({ refresh_token: refreshToken }),
      );
      token = pair.access_token;
      refreshToken = pair.refresh_token;
      // Unless a sign-in on this page meanwhile wrote its own.
      if (!readToken()) mirrorTokens(token, refreshToken);
    }
    const user = await fetchJson('/api/auth/me', userSchema, {
      headers: { authorization: `Bearer ${token}` },
    });
    // A sign-in on this page meanwhile is the session it keeps.
    if (!readToken()) saveSession({ token, refreshToken, user });
    return 'valid';
  } catch (error) {
    if (isHttpError(error) && !readToken()) clearSessionCookies();
    return 'guest';
  }
}
