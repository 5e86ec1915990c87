// Spec 2.6 Login and spec 8: the sign-in call and where to go afterwards.
import { type LoginResponse, loginResponseSchema } from '@prison/shared/auth';
import { errorDetail } from '../../lib/api.ts';

export const LOGIN_FAILED = 'Login failed';
export const NETWORK_ERROR = 'Network error';

/**
 * POST /api/auth/player-login. Rejects with the server's detail, else "Login failed"; with "Network
 * error" when the request itself fails. No client-side checks: the server judges every input (spec 5).
 */
export async function requestLogin(username: string, password: string): Promise<LoginResponse> {
  let response: Response;
  try {
    response = await fetch('/api/auth/player-login', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
  } catch {
    throw new Error(NETWORK_ERROR);
  }
  if (!response.ok) throw new Error((await errorDetail(response)) ?? LOGIN_FAILED);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new Error(LOGIN_FAILED);
  }
  const parsed = loginResponseSchema.safeParse(body);
  if (!parsed.success) throw new Error(LOGIN_FAILED);
  return parsed.data;
}

const PROBE_ORIGIN = 'http://site.invalid';

/**
 * The redirect parameter as a destination, or null to use the default. Spec 5: it must start with "/".
 * It must also stay on this site: "//host" and "/\host" are addresses of other sites, and browsers drop
 * tabs and newlines ("/\t/host" is "//host"), so anything that does not resolve to this origin is refused.
 * The login page itself is refused too (signing in would land on the form again).
 */
export function safeRedirect(raw: string | null): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname === '/login') return null;
  return raw;
}
