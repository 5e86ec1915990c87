import type { SiteConfig } from '@prison/shared/site-config';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { SiteConfigProvider } from '../lib/site-config.tsx';
import { publicRoutes } from './public-routes.tsx';
import { chooseRouteSet } from './route-set.ts';

/** Builds the router for this page load; the admin route sets are a separate chunk the public site never loads. */
export async function createRouter(config: SiteConfig) {
  const set = chooseRouteSet(window.location, config.adminHosts);
  const routes = set === 'public' ? publicRoutes() : (await import('./admin-routes.tsx')).adminRoutes(set);
  return createBrowserRouter(routes);
}

export function App({
  config,
  router,
}: {
  config: SiteConfig;
  router: ReturnType<typeof createBrowserRouter>;
}) {
  return (
    <SiteConfigProvider config={config}>
      <RouterProvider router={router} />
    </SiteConfigProvider>
  );
}
