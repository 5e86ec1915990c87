import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ErrorScreen, RootErrorScreen } from './error-screen.tsx';
import { HomeRoute } from './home-route.tsx';
import { SiteLayout } from './layout/site-layout.tsx';

/**
 * Marks a public page the server renders (entry-server.tsx): its HTML holds the page as a signed-out
 * visitor first sees it, from the data its loader puts in the query cache. Signed-in pages are
 * rendered in the browser alone.
 */
export const SERVER_RENDERED = { serverRendered: true } as const;

/** A route whose page is its own chunk, downloaded when the route is first visited. */
const page = (load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: await load() }),
});

// Spec 2.1 route set 3. Only the home page ships in the first bundle.
export function publicRoutes(): RouteObject[] {
  return [
    {
      element: <SiteLayout />,
      errorElement: <RootErrorScreen />,
      children: [
        {
          // A failing page keeps the header and footer around the error screen.
          errorElement: <ErrorScreen />,
          children: [
            { index: true, element: <HomeRoute />, handle: SERVER_RENDERED },
            {
              ...page(async () => (await import('./query-layout.tsx')).QueryLayout),
              children: [
                {
                  path: 'enchants',
                  ...page(async () => (await import('../features/enchants/enchants-page.tsx')).EnchantsPage),
                },
                {
                  path: 'docs',
                  handle: SERVER_RENDERED,
                  // The page's chunk also has a loader: the page renders once with its doc.
                  lazy: async () => {
                    const { DocsPage, docsLoader } = await import('../features/docs/docs-page.tsx');
                    return { Component: DocsPage, loader: docsLoader };
                  },
                },
                {
                  path: 'leaderboard',
                  handle: SERVER_RENDERED,
                  lazy: async () => {
                    const { LeaderboardPage, leaderboardLoader, leaderboardRevalidates } = await import(
                      '../features/leaderboard/leaderboard-page.tsx'
                    );
                    return {
                      Component: LeaderboardPage,
                      loader: leaderboardLoader,
                      shouldRevalidate: leaderboardRevalidates,
                    };
                  },
                },
                {
                  path: 'auction',
                  ...page(async () => (await import('../features/auction/auction-page.tsx')).AuctionPage),
                },
                {
                  path: 'auction/:key',
                  ...page(
                    async () =>
                      (await import('../features/auction/auction-category-page.tsx')).AuctionCategoryPage,
                  ),
                },
                {
                  path: 'login',
                  lazy: async () => {
                    const { LoginRoute } = await import('./login-route.tsx');
                    return { element: <LoginRoute set="public" /> };
                  },
                },
                {
                  path: 'profile',
                  ...page(async () => (await import('../features/profile/profile-page.tsx')).ProfilePage),
                },
                {
                  path: 'social',
                  ...page(async () => (await import('../features/social/social-page.tsx')).SocialPage),
                },
                {
                  path: 'players/:name',
                  ...page(async () => (await import('../features/players/player-page.tsx')).PlayerPage),
                },
                {
                  path: 'gangs/:id',
                  ...page(async () => (await import('../features/gangs/gang-page.tsx')).GangPage),
                },
                {
                  path: 'status',
                  ...page(async () => (await import('../features/status/status-page.tsx')).StatusPage),
                },
                {
                  path: 'privacy',
                  ...page(async () => (await import('../features/privacy/privacy-page.tsx')).PrivacyPage),
                },
                { path: '*', ...page(async () => (await import('./not-found-page.tsx')).NotFoundPage) },
              ],
            },
          ],
        },
      ],
    },
  ];
}
