// Spec 2.6 Login: where to go after signing in.

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
