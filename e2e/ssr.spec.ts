// Server-rendered public pages (DESIGN 8): the HTML holds each page's content, so it shows without
// JavaScript, and its first paint waits for no script; with it, the app hydrates that HTML without a
// mismatch and without asking again for the data the page came with.
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { postBridgeEvents } from './bridge.ts';

interface RenderedPage {
  /** The test's name, where the path changes from run to run. */
  name?: string;
  path: string;
  /** The HTTP status of the page. */
  status?: number;
  /** What a visitor sees first, from the page's data. */
  content: (page: Page) => ReturnType<Page['getByRole']>;
  /** The API addresses whose answers the page brings: the browser must not ask for them at load. */
  handedOver: RegExp[];
  /** Code the page does without until it is used: the browser must not ask for it at load. */
  unused?: RegExp[];
}

// A player of this run's own, in a gang of their own, who has been active and left: the pages show
// times relative to now ("Last seen", the roster, the milestones), which must hydrate unchanged.
const uuid = randomUUID();
const member = { uuid, username: `Ssr${uuid.slice(0, 6)}` };
const gang = { id: `ssr-${uuid.slice(0, 8)}`, name: `Render Crew ${uuid.slice(0, 4)}` };
let seeded: Promise<void> | undefined;

async function seedMember(request: APIRequestContext) {
  seeded ??= postBridgeEvents(request, [
    { type: 'player.join', ...member },
    { type: 'player.progress', uuid, xp_delta: 12_000, level: 42, prestige: 1, rank: 'SENTINEL' },
    { type: 'player.stats', uuid, set: { BLOCKS_BROKEN: 98_765, TIME_PLAYED: 7_384 } },
    { type: 'gang.upsert', gang_id: gang.id, name: gang.name, status: 'Open', min_level: 1 },
    { type: 'gang.member', gang_id: gang.id, uuid, role: 'Leader' },
    { type: 'activity', actor_uuid: uuid, activity_type: 'LEVEL_UP', activity_text: '{"level":42}' },
    { type: 'player.quit', uuid },
  ]).then(() => undefined);
  await seeded;
}

const PAGES: RenderedPage[] = [
  {
    path: '/',
    content: (page) => page.getByRole('heading', { level: 1, name: 'Season I is coming soon' }),
    handedOver: [],
  },
  {
    path: '/leaderboard',
    content: (page) => page.getByRole('table').locator('tbody tr').first().getByRole('rowheader'),
    handedOver: [/\/api\/leaderboard\?/],
  },
  {
    path: '/enchants?q=powerball',
    content: (page) => page.getByRole('article', { name: 'Powerball' }),
    handedOver: [],
  },
  {
    path: '/status',
    content: (page) => page.getByRole('region', { name: 'Figures' }).getByText('TPS', { exact: true }),
    handedOver: [/\/api\/status$/],
  },
  {
    name: "a player's page",
    path: `/players/${member.username}`,
    content: (page) => page.getByRole('heading', { level: 1, name: member.username }),
    handedOver: [/\/api\/players\/by-name\//],
  },
  {
    name: "a gang's page",
    path: `/gangs/${gang.id}`,
    content: (page) => page.getByRole('heading', { name: gang.name }),
    handedOver: [/\/api\/gangs\/[^/]+$/],
  },
  {
    path: '/players/NoSuchPlayer_1',
    status: 404,
    content: (page) => page.getByRole('heading', { name: "We couldn't find that player." }),
    handedOver: [/\/api\/players\/by-name\//],
  },
  {
    // A name no player can have (longer than 16 characters): the API refuses it, the page says not found.
    path: '/players/ThisNameIsFarTooLongForMinecraft',
    status: 404,
    content: (page) => page.getByRole('heading', { name: "We couldn't find that player." }),
    handedOver: [/\/api\/players\/by-name\//],
  },
  {
    path: '/gangs/no-such-gang',
    status: 404,
    content: (page) => page.getByRole('heading', { name: "We couldn't find that gang." }),
    handedOver: [/\/api\/gangs\/[^/]+$/],
  },
  {
    // An id no gang can have (longer than 64 characters): the API refuses it, the page says not found.
    name: 'a gang id of 65 characters',
    path: `/gangs/${'g'.repeat(65)}`,
    status: 404,
    content: (page) => page.getByRole('heading', { name: "We couldn't find that gang." }),
    handedOver: [/\/api\/gangs\/[^/]+$/],
  },
  {
    path: '/auction',
    content: (page) => page.getByRole('heading', { name: 'Sign in to track live auctions' }),
    handedOver: [/\/api\/auction\//],
  },
  {
    path: '/no/such/page',
    status: 404,
    content: (page) => page.getByRole('heading', { name: "We couldn't find that page." }),
    handedOver: [],
    // The entry chunk alone (and the bundler's runtime helpers it imports, and the words of its
    // language, the site's catalogue): none of the code the data pages share.
    unused: [/^\/assets\/(?!index-|rolldown-runtime-|site-)[\w-]+\.js$/],
  },
  {
    path: '/docs?doc=joining-the-server',
    content: (page) => page.getByRole('article').getByRole('heading', { name: 'Server address' }),
    handedOver: [/\/api\/docs$/],
    // The doc the server rendered is adopted as it is: the markdown code waits for another doc.
    unused: [/^\/assets\/markdown-/],
  },
];

/** Waits until the server's HTML of `path` holds its data: the simulated world seeds itself after start. */
async function whenRendered(request: APIRequestContext, path: string) {
  if (path.includes(member.username) || path.includes(gang.id)) await seedMember(request);
  if (path !== '/leaderboard') return;
  await expect
    .poll(async () => (await (await request.get(path)).text()).includes('<tbody'), { timeout: 30_000 })
    .toBe(true);
}

async function withoutJavaScript(browser: Browser, path: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(path);
  return { page, close: () => context.close() };
}

for (const rendered of PAGES) {
  test(`${rendered.name ?? rendered.path} shows its content without JavaScript`, async ({
    browser,
    request,
  }) => {
    await whenRendered(request, rendered.path);
    const { page, close } = await withoutJavaScript(browser, rendered.path);
    await expect(rendered.content(page)).toBeVisible();
    const answer = await page.request.get(rendered.path);
    expect(answer.status()).toBe(rendered.status ?? 200);
    // Issue 17: nothing in the page holds up its first paint for a script: no <script src> at all
    // (the app's code is asked for once the page has painted), and no inline script but the theme's
    // and the one that starts the app.
    const html = await answer.text();
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
    expect(html.match(/<script>/g)).toHaveLength(2);
    // No message that the page needs JavaScript: it does not.
    await expect(page.getByText('needs JavaScript')).toHaveCount(0);
    await close();
  });

  test(`${rendered.name ?? rendered.path} hydrates without a mismatch and without fetching its data again`, async ({
    page,
    request,
  }) => {
    await whenRendered(request, rendered.path);
    const problems: string[] = [];
    page.on('console', (message) => {
      // The demo's avatars come from another host, which a machine without the network cannot reach.
      if (message.text().startsWith('Failed to load resource')) return;
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const asked: string[] = [];
    const scripts: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
      if (req.resourceType() === 'script') scripts.push(url.pathname);
    });

    await page.goto(rendered.path);
    await expect(rendered.content(page)).toBeVisible();
    // React marks the root it hydrated; then the page's effects have run (sockets open, header fixed up).
    await page.waitForFunction(() =>
      Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
    );
    await page.waitForLoadState('networkidle');
    await expect(rendered.content(page)).toBeVisible();

    expect(problems).toEqual([]);
    // The app's entry chunk and the page's own chunks are asked for only once the page has painted;
    // the site's stylesheet is never asked for (it is in the page).
    const timing = await page.evaluate(() => {
      const code = [...document.querySelectorAll('meta[name="app-entry"], meta[name="app-chunk"]')].map(
        (meta) => meta.getAttribute('content'),
      );
      const resources = performance.getEntriesByType('resource');
      const starts = code.map(
        (path) => resources.find((resource) => new URL(resource.name).pathname === path)?.startTime ?? null,
      );
      const painted = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        painted: painted?.startTime ?? null,
        // The first of them, or null when one was never asked for.
        requested: starts.includes(null) ? null : Math.min(...(starts as number[])),
        stylesheets: resources
          .map((resource) => new URL(resource.name).pathname)
          .filter((path) => /^\/assets\/index-[\w-]+\.css$/.test(path)),
      };
    });
    expect(timing.painted).not.toBeNull();
    expect(timing.requested).toBeGreaterThanOrEqual(timing.painted ?? Number.POSITIVE_INFINITY);
    expect(timing.stylesheets).toEqual([]);
    expect(asked.filter((path) => path === '/api/config')).toEqual([]);
    for (const data of rendered.handedOver) expect(asked.filter((path) => data.test(path))).toEqual([]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const code of rendered.unused ?? []) expect(scripts.filter((path) => code.test(path))).toEqual([]);
  });
}
