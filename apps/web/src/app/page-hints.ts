// What the HTML of each public page announces, so that the browser fetches it alongside the entry
// chunk instead of after it. The server sends the same app for every path, and without these hints a
// lazy page is a chain: the entry chunk downloads and runs, then asks for the page's chunks, which
// run and then ask for the page's data. On a slow phone each link of that chain is a round trip.
//
// The build (vite.config.ts, pageHints) turns `modules` into the chunk files each page needs and
// writes them to dist/page-hints.json; the server (apps/server/src/plugins/web-app.ts) adds them
// to index.html as <link rel="modulepreload"> and `data` as <link rel="preload" as="fetch">. Data
// is only announced for requests the page makes the same way for everyone (no sign-in, default
// query), or the browser would fetch it twice. `images` names the other hosts the page's first view
// shows images from, which the server has the browser connect to at once (<link rel="preconnect">):
// on a slow phone the connection to another host is several round trips before its first image.
// public-routes.tsx loads the same modules; a test
// (page-hints.test.tsx) checks that every lazy public page has a hint, that each module exists and
// that each data address is what the page asks for.

import type { ImageHost } from '@prison/shared/page-hints';

interface PageHint {
  /** A path of the public route set; `*` stands for one path segment. */
  path: string;
  /** The page's lazy modules, relative to apps/web, in the order the page loads them. */
  modules: readonly string[];
  /** GET requests the page makes at once when its address has no query string. */
  data?: readonly string[];
  /** The other hosts its first view shows images from. */
  images?: readonly ImageHost[];
}

const LAYOUT = 'src/app/query-layout.tsx';

export const PAGE_HINTS: readonly PageHint[] = [
  { path: '/enchants', modules: [LAYOUT, 'src/features/enchants/enchants-page.tsx'], images: ['items'] },
  {
    // Not the markdown code: the doc the server rendered is adopted as it is (lazy-markdown.tsx), and
    // the code loads when another doc is about to be opened.
    path: '/docs',
    modules: [LAYOUT, 'src/features/docs/docs-page.tsx'],
    data: ['/api/docs'],
  },
  {
    path: '/leaderboard',
    modules: [LAYOUT, 'src/features/leaderboard/leaderboard-page.tsx'],
    data: ['/api/leaderboard?limit=50&metric=level'],
    images: ['avatars'],
  },
  { path: '/auction', modules: [LAYOUT, 'src/features/auction/auction-page.tsx'] },
  { path: '/auction/*', modules: [LAYOUT, 'src/features/auction/auction-category-page.tsx'] },
  { path: '/login', modules: [LAYOUT, 'src/app/login-route.tsx'] },
  { path: '/profile', modules: [LAYOUT, 'src/features/profile/profile-page.tsx'] },
  { path: '/social', modules: [LAYOUT, 'src/features/social/social-page.tsx'] },
  { path: '/players/*', modules: [LAYOUT, 'src/features/players/player-page.tsx'], images: ['avatars'] },
  { path: '/gangs/*', modules: [LAYOUT, 'src/features/gangs/gang-page.tsx'], images: ['avatars'] },
  {
    path: '/punishments',
    modules: [LAYOUT, 'src/features/punishments/punishments-page.tsx'],
    data: ['/api/punishments'],
    images: ['avatars'],
  },
  {
    path: '/punishments/*',
    modules: [LAYOUT, 'src/features/punishments/punishment-page.tsx'],
    images: ['avatars'],
  },
  {
    path: '/status',
    // Not the chart's chunk: it is fetched once the chart comes on screen (history-card.tsx), below
    // a phone's first screen.
    modules: [LAYOUT, 'src/features/status/status-page.tsx'],
    data: ['/api/status'],
  },
  { path: '/privacy', modules: [LAYOUT, 'src/features/privacy/privacy-page.tsx'] },
];
