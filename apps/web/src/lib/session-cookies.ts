// Spec 9 Storage: the session is mirrored into cookies so that an admin host and the main site, which
// share a parent domain, share one sign-in. Everything here is pure so the attributes can be tested
// for every kind of host without a browser.
import { mainSiteHost } from './admin-address.ts';

export const SESSION_COOKIE_NAMES = {
  token: 'cp_token',
  refreshToken: 'cp_refresh_token',
  user: 'cp_user',
} as const;
export type SessionCookieName = (typeof SESSION_COOKIE_NAMES)[keyof typeof SESSION_COOKIE_NAMES];

/** Spec 9: the token and refresh cookies last 30 days, the user cookie 7 (and 7 is the default). */
export const SESSION_COOKIE_DAYS: Record<SessionCookieName, number> = {
  cp_token: 30,
  cp_refresh_token: 30,
  cp_user: 7,
};
const DEFAULT_COOKIE_DAYS = 7;

export type CookieSite = Pick<Location, 'protocol' | 'hostname'>;

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** A host as cookies see it: lower case, without a port or a final dot. */
const bareHost = (host: string) => host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');

const hasParent = (host: string) => host.includes('.') && !host.includes(':') && !IPV4.test(host);

/** The labels two hosts end with alike (admin.example.net and example.net: example.net). */
function commonParent(a: string, b: string): string {
  const left = a.split('.');
  const right = b.split('.');
  let shared = 0;
  while (shared < Math.min(left.length, right.length) && left.at(-1 - shared) === right.at(-1 - shared)) {
    shared++;
  }
  return left.slice(left.length - shared).join('.');
}

/**
 * The Domain attribute of the mirror cookies on this host, or null for host-only cookies. Spec 9
 * names the parent domain; the site narrows that to what the admin hosts need, so that no other
 * site under the parent domain reads the tokens or plants a session in them:
 * - host-only unless ADMIN_HOSTS names another host that shares the session: an admin host on the
 *   main site, and on an admin host the main site (its first label removed, spec 2.1) and any other
 *   admin host;
 * - then the common parent domain of this host and those, and nothing wider;
 * - host-only when that parent is a single label (localhost, a top-level domain) or the host is an
 *   IP address, which browsers refuse a Domain for.
 */
export function cookieDomain(hostname: string, adminHosts: readonly string[]): string | null {
  const host = bareHost(hostname);
  if (!hasParent(host)) return null;
  const admins = adminHosts.map(bareHost);
  const sharing = new Set(admins);
  if (sharing.has(host)) sharing.add(mainSiteHost(host));
  sharing.delete(host);
  if (sharing.size === 0) return null;
  const parent = [...sharing].reduce(commonParent, host);
  return hasParent(parent) ? parent : null;
}

/** Every scope a cookie of this host can have: host-only, then each parent domain. */
export function cookieScopes(hostname: string): (string | null)[] {
  const host = bareHost(hostname);
  if (!hasParent(host)) return [null];
  const labels = host.split('.');
  return [null, ...labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'))];
}

/** Secure and SameSite=None on HTTPS; SameSite=Lax on plain HTTP, where None would need Secure. */
function scope(site: CookieSite, domain: string | null): string {
  const https = site.protocol === 'https:';
  return [
    'Path=/',
    ...(domain ? [`Domain=${domain}`] : []),
    https ? 'SameSite=None' : 'SameSite=Lax',
    ...(https ? ['Secure'] : []),
  ].join('; ');
}

/** The document.cookie assignment that stores one mirror cookie (host-only unless `domain` says). */
export function sessionCookieString(
  name: string,
  value: string,
  site: CookieSite,
  days: number = DEFAULT_COOKIE_DAYS,
  domain: string | null = null,
): string {
  const maxAge = Math.round(days * 24 * 60 * 60);
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; ${scope(site, domain)}`;
}

/** The document.cookie assignment that deletes a cookie in one scope. */
export function expiredCookieString(name: string, site: CookieSite, domain: string | null): string {
  return `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${scope(site, domain)}`;
}

/**
 * The assignments that delete a cookie wherever this host could have put it: host-only and on every
 * parent domain (an older deployment or the other host may have used a different one).
 */
export function expiredCookieStrings(name: string, site: CookieSite): string[] {
  return cookieScopes(site.hostname).map((domain) => expiredCookieString(name, site, domain));
}

/** One cookie's decoded value from a document.cookie string, or null. */
export function readCookie(cookies: string, name: string): string | null {
  for (const pair of cookies.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1 || pair.slice(0, eq).trim() !== name) continue;
    const raw = pair.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  return null;
}
