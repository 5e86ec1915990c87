// Spec 2.1: where the admin console and the main site live relative to each other.

/**
 * The Admin link: the first admin host with the current path (search and hash dropped), or /admin
 * when the console lives under a path prefix.
 */
export function adminConsoleHref(
  adminHosts: readonly string[],
  location: Pick<Location, 'protocol' | 'pathname'>,
) {
  const host = adminHosts[0];
  return host ? `${location.protocol}//${host}${location.pathname}` : '/admin';
}

/**
 * A page of the console by its path within it (`/appeals`): on the first admin host, or under /admin
 * when the console lives under a path prefix.
 */
export function adminPageHref(adminHosts: readonly string[], protocol: string, path: string): string {
  const host = adminHosts[0];
  return host ? `${protocol}//${host}${path}` : `/admin${path}`;
}

/** The main site's host for an admin host: its first label removed (admin.example.com -> example.com). */
export function mainSiteHost(adminHost: string): string {
  const dot = adminHost.indexOf('.');
  return dot === -1 ? adminHost : adminHost.slice(dot + 1);
}
