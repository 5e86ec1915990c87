// The signed-in session as stored in the browser (spec 3 Session, 9 Storage).
// Read-only for now: signing in, refreshing and expiry build on these helpers.
import { useSyncExternalStore } from 'react';
import { z } from 'zod';

export const SESSION_KEYS = { token: 'token', refreshToken: 'refresh_token', user: 'user' } as const;
export const SESSION_COOKIES = ['cp_token', 'cp_refresh_token', 'cp_user'] as const;

const sessionUserSchema = z.object({
  uuid: z.string(),
  username: z.string(),
  roles: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export interface Session {
  token: string;
  refreshToken: string | null;
  user: SessionUser;
}

function storedItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const parsed = sessionUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// useSyncExternalStore needs the same object back while nothing changed, so the last read is kept by its raw text.
let lastRaw: string | undefined;
let lastSession: Session | null = null;

/** The stored session, or null for a guest (no token, or a missing or malformed user). */
export function readSession(): Session | null {
  const token = storedItem(SESSION_KEYS.token);
  const refreshToken = storedItem(SESSION_KEYS.refreshToken);
  const rawUser = storedItem(SESSION_KEYS.user);
  const raw = JSON.stringify([token, refreshToken, rawUser]);
  if (raw === lastRaw) return lastSession;
  lastRaw = raw;
  const user = parseUser(rawUser);
  lastSession = token && user ? { token, refreshToken, user } : null;
  return lastSession;
}

const listeners = new Set<() => void>();

/** Tells this tab's subscribers that the stored session changed (other tabs hear the storage event). */
export function notifySessionChange(): void {
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession, () => null);
}

// The mirror cookies may have been set on a parent domain (spec 9 Storage), so expire them on every
// domain this host could have used as well as host-only.
function cookieDomains(hostname: string): (string | null)[] {
  const labels = hostname.split('.');
  const domains: (string | null)[] = [null];
  if (labels.length < 2 || /^[\d.]+$/.test(hostname)) return domains;
  for (let i = 0; i < labels.length - 1; i++) domains.push(labels.slice(i).join('.'));
  return domains;
}

function clearSessionCookies(): void {
  for (const name of SESSION_COOKIES) {
    for (const domain of cookieDomains(location.hostname)) {
      const scope = domain ? `; Domain=${domain}` : '';
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the site supports.
      document.cookie = `${name}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT${scope}`;
    }
  }
}

/** Spec 2.2: Logout clears the session (storage and mirror cookies), then goes to /login. */
export function logout(navigate: (path: string) => void = (path) => location.assign(path)): void {
  try {
    for (const key of Object.values(SESSION_KEYS)) localStorage.removeItem(key);
  } catch {
    // Blocked storage holds no session to clear.
  }
  clearSessionCookies();
  notifySessionChange();
  navigate('/login');
}
