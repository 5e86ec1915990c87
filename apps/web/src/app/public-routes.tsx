import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { type CataloguePart, loadPageCatalogue } from '../lib/i18n.ts';
import { ErrorScreen, RootErrorScreen } from './error-screen.tsx';
import { HomeRoute } from './home-route.tsx';
import { SiteLayout } from './layout/site-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';

/**
 * Marks a public page the server renders (entry-server.tsx): its HTML holds the page as a signed-out
 * visitor first sees it, from the data its loader puts in the query cache. Signed-in pages are
 * rendered in the browser alone.
 */
export const SERVER_RENDERED = { serverRendered: true } as const;
// A handle's `notFound: true` marks the page for an address that does not exist (a 404), and
// `guestOnly: true` a page rendered on the server only for a visitor without a session.

/**
 * A route whose page is its own chunk, downloaded when the route is first visited, with its own words
 * (its catalogue in the page's language, lib/i18n.ts), which it needs before it can render.
 */
const page = (part: CataloguePart, load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [Component] = await Promise.all([load(), loadPageCatalogue(part)]);
    return { Component };
  },
});

/** A lazy route's own loading, with its page's catalogue alongside. */
const withWords =
  <T,>(part: CataloguePart, load: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([load(), loadPageCatalogue(part)]))[0];

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
              ...page('site', async () => (await import('./query-layout.tsx')).QueryLayout),
              children: [
                {
                  path: 'enchants',
                  handle: SERVER_RENDERED,
                  ...page(
                    'enchants',
                    async () => (await import('../features/enchants/enchants-page.tsx')).EnchantsPage,
                  ),
                },
                {
                  path: 'docs',
                  handle: SERVER_RENDERED,
                  // The page's chunk also has a loader: the page renders once with its doc (the loader
                  // waits for the markdown code too). A doc the server rendered hydrates without the
                  // markdown code: its HTML is adopted as it is (lazy-markdown.tsx).
                  lazy: withWords('docs', async () => {
                    const { DocsPage, docsLoader } = await import('../features/docs/docs-page.tsx');
                    return { Component: DocsPage, loader: docsLoader };
                  }),
                },
                {
                  path: 'leaderboard',
                  handle: SERVER_RENDERED,
                  lazy: withWords('leaderboard', async () => {
                    const { LeaderboardPage, leaderboardLoader, leaderboardRevalidates } = await import(
                      '../features/leaderboard/leaderboard-page.tsx'
                    );
                    return {
                      Component: LeaderboardPage,
                      loader: leaderboardLoader,
                      shouldRevalidate: leaderboardRevalidates,
                    };
                  }),
                },
                {
                  path: 'auction',
                  // As a signed-out visitor sees it: the invitation to sign in. A signed-in visitor, who
                  // sees the market, gets it from the browser (entry-server.tsx).
                  handle: { ...SERVER_RENDERED, guestOnly: true },
                  ...page(
                    'auction',
                    async () => (await import('../features/auction/auction-page.tsx')).AuctionPage,
                  ),
                },
                {
                  path: 'auction/:key',
                  ...page(
                    'auction',
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
                  ...page(
                    'profile',
                    async () => (await import('../features/profile/profile-page.tsx')).ProfilePage,
                  ),
                },
                {
                  path: 'social',
                  ...page(
                    'profile',
                    async () => (await import('../features/social/social-page.tsx')).SocialPage,
                  ),
                },
                {
                  path: 'players/:name',
                  handle: SERVER_RENDERED,
                  lazy: withWords('players', async () => {
                    const [{ PlayerPage, playerLoader }, { PunishButton }] = await Promise.all([
                      import('../features/players/player-page.tsx'),
                      import('../features/moderation/punish-button.tsx'),
                    ]);
                    // Staff punish from the page (the button is nothing for anyone else).
                    const staffActions = (player: { uuid: string; username: string }) => (
                      <PunishButton player={{ uuid: player.uuid, name: player.username }} />
                    );
                    return { element: <PlayerPage staffActions={staffActions} />, loader: playerLoader };
                  }),
                },
                {
                  path: 'gangs/:id',
                  handle: SERVER_RENDERED,
                  lazy: withWords('players', async () => {
                    const { GangPage, gangLoader } = await import('../features/gangs/gang-page.tsx');
                    return { Component: GangPage, loader: gangLoader };
                  }),
                },
                {
                  path: 'punishments',
                  handle: SERVER_RENDERED,
                  lazy: withWords('punishments', async () => {
                    const { PunishmentsPage, punishmentsLoader, punishmentsRevalidate } = await import(
                      '../features/punishments/punishments-page.tsx'
                    );
                    return {
                      Component: PunishmentsPage,
                      loader: punishmentsLoader,
                      shouldRevalidate: punishmentsRevalidate,
                    };
                  }),
                },
                {
                  path: 'punishments/:id',
                  handle: SERVER_RENDERED,
                  lazy: withWords('punishments', async () => {
                    const { PunishmentPage, punishmentLoader } = await import(
                      '../features/punishments/punishment-page.tsx'
                    );
                    return { Component: PunishmentPage, loader: punishmentLoader };
                  }),
                },
                {
                  path: 'status',
                  handle: SERVER_RENDERED,
                  lazy: withWords('status', async () => {
                    const { StatusPage, statusLoader } = await import('../features/status/status-page.tsx');
                    return { Component: StatusPage, loader: statusLoader };
                  }),
                },
                {
                  path: 'privacy',
                  ...page(
                    'privacy',
                    async () => (await import('../features/privacy/privacy-page.tsx')).PrivacyPage,
                  ),
                },
              ],
            },
            {
              path: '*',
              // Rendered with a 404 status (entry-server.tsx). In the entry chunk and outside the query
              // layout: it needs none of the data code the other pages share, so a missing page loads
              // the entry alone (a few hundred bytes more for every page), not the 60 KB they share.
              handle: { ...SERVER_RENDERED, notFound: true },
              element: <NotFoundPage />,
            },
          ],
        },
      ],
    },
  ];
}
