import { i18n } from '@lingui/core';
import type { SiteConfig } from '@prison/shared/site-config';
import { createBrowserRouter, type HydrationState, matchRoutes, RouterProvider } from 'react-router';
import { LanguageProvider } from '../lib/language-provider.tsx';
import { SiteConfigProvider } from '../lib/site-config.tsx';
import { publicRoutes } from './public-routes.tsx';
import { chooseRouteSet } from './route-set.ts';

/**
 * Builds the router for this page load; the admin route sets are a separate chunk the public site
 * never loads. A page the server rendered passes the loader data it rendered with, so that its
 * loaders do not run again (lib/server-state.ts).
 */
export async function createRouter(config: SiteConfig, hydrationData?: HydrationState) {
  const set = chooseRouteSet(window.location, config.adminHosts);
  const routes = set === 'public' ? publicRoutes() : (await import('./admin-routes.tsx')).adminRoutes(set);
  return createBrowserRouter(routes, { hydrationData });
}

/**
 * Starts downloading the chunks of the public page at this address (its lazy routes), so that they
 * arrive alongside the configuration rather than after it; the router's own calls then find the
 * modules loaded. On an admin host this fetches a public page's chunk for nothing, which is cheap.
 */
export function preloadPublicPage(location: Pick<Location, 'hostname' | 'host' | 'pathname'>): void {
  // Without the configuration, /admin is taken for the admin console (route-set.ts), not a public page.
  if (chooseRouteSet(location, []) !== 'public') return;
  for (const { route } of matchRoutes(publicRoutes(), location.pathname) ?? []) {
    if (typeof route.lazy === 'function') route.lazy().catch(() => {}); // the router reports failures
  }
}

/**
 * Resolves once the router has loaded the lazy routes of the first page. Rendering before would show
 * nothing for a while (the router has no page yet) and then the page: one render instead of two.
 */
export function routerReady(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
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
      <LanguageProvider i18n={i18n}>
        <RouterProvider router={router} />
      </LanguageProvider>
    </SiteConfigProvider>
  );
}
