// Spec 2.1: which of the three route sets this page load uses.
export type RouteSetName = 'admin-host' | 'admin-path' | 'public';

export function chooseRouteSet(
  location: Pick<Location, 'hostname' | 'host' | 'pathname'>,
  adminHosts: readonly string[],
): RouteSetName {
  const hosts = adminHosts.map((host) => host.toLowerCase());
  // An admin host may be configured with its port (admin.localhost:8080) or without.
  if (hosts.includes(location.hostname.toLowerCase()) || hosts.includes(location.host.toLowerCase())) {
    return 'admin-host';
  }
  if (hosts.length === 0 && isAdminPath(location.pathname)) return 'admin-path';
  return 'public';
}

function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}
