import { LoginPage } from '../features/auth/login-page.tsx';
import { useSiteConfig } from '../lib/site-config.tsx';
import { chooseRouteSet, type RouteSetName } from './route-set.ts';

/**
 * Where a sign-in lands without a usable redirect (spec 2.6): the admin console's overview on the admin
 * site ("/" on an admin host; "/admin" under the path prefix, where "/" is the public home page), and
 * the player's profile on the public site.
 */
export function defaultLoginDestination(set: RouteSetName): string {
  if (set === 'admin-host') return '/';
  if (set === 'admin-path') return '/admin';
  return '/profile';
}

/** /login in every route set: the login page, told where this route set ends. */
export function LoginRoute({ set }: { set: RouteSetName }) {
  const { adminHosts } = useSiteConfig();
  const isInApp = (path: string) => {
    const { hostname, host } = window.location;
    const pathname = new URL(path, window.location.origin).pathname;
    return chooseRouteSet({ hostname, host, pathname }, adminHosts) === set;
  };
  const variant = set === 'public' ? 'public' : 'admin';
  return <LoginPage defaultDestination={defaultLoginDestination(set)} isInApp={isInApp} variant={variant} />;
}
