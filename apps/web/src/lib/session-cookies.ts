// Spec 9 Storage: the session is mirrored into cookies so that an admin host and the main site, which
// share a parent domain, share one sign-in. Everything here is pure so the attributes can be tested
// for every kind of host without a browser.

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

/**
 * The Domain attribute for this host, or null for a host-only cookie.
 * - No dot (localhost, a bare intranet name): host-only.
 * - An IP address (192.168.1.20, [::1]): host-only. An address has no parent domain, and browsers
 *   refuse a Domain attribute on one.
 * - Otherwise the parent domain, the first label removed (admin.example.net -> example.net), which is
 *   also how the main site's address is derived from an admin host (spec 2.1). A two-label host keeps
 *   itself (example.net stays example.net): its parent would be a public suffix, which browsers refuse.
 */
export function cookieDomain(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (!host.includes('.') || host.includes(':') || IPV4.test(host)) return null;
  const labels = host.split('.');
  return labels.length > 2 ? labels.slice(1).join('.') : host;
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

/** The document.cookie assignment that stores one mirror cookie. */
export function sessionCookieString(
  name: string,
  value: string,
  site: CookieSite,
  days: number = DEFAULT_COOKIE_DAYS,
  domain: string | null = cookieDomain(site.hostname),
): string {
  const maxAge = Math.round(days * 24 * 60 * 60);
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; ${scope(site, domain)}`;
}

/**
 * The assignments that delete a cookie wherever this host could have put it: host-only and on every
 * parent domain (an older deployment or the other host may have used a different one).
 */
export function expiredCookieStrings(name: string, site: CookieSite): string[] {
  const host = site.hostname.toLowerCase();
  const domains: (string | null)[] = [null];
  if (cookieDomain(host) !== null) {
    const labels = host.split('.');
    for (let i = 0; i < labels.length - 1; i++) domains.push(labels.slice(i).join('.'));
  }
  return domains.map(
    (domain) => `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${scope(site, domain)}`,
  );
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
