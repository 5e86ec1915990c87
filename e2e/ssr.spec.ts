// Server-rendered public pages (DESIGN 8): the HTML holds each page's content, so it shows without
// JavaScript; with it, the app hydrates that HTML without a mismatch and without asking again for
// the data the page came with.
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';

interface RenderedPage {
  path: string;
  /** What a visitor sees first, from the page's data. */
  content: (page: Page) => ReturnType<Page['getByRole']>;
  /** The API addresses whose answers the page brings: the browser must not ask for them at load. */
  handedOver: RegExp[];
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
    path: '/docs?doc=joining-the-server',
    content: (page) => page.getByRole('article').getByRole('heading', { name: 'Server address' }),
    handedOver: [/\/api\/docs$/],
  },
];

/** Waits until the server's HTML of `path` holds its data: the simulated world seeds itself after start. */
async function whenRendered(request: APIRequestContext, path: string) {
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
  test(`${rendered.path} shows its content without JavaScript`, async ({ browser, request }) => {
    await whenRendered(request, rendered.path);
    const { page, close } = await withoutJavaScript(browser, rendered.path);
    await expect(rendered.content(page)).toBeVisible();
    // No message that the page needs JavaScript: it does not.
    await expect(page.getByText('needs JavaScript')).toHaveCount(0);
    await close();
  });

  test(`${rendered.path} hydrates without a mismatch and without fetching its data again`, async ({
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
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
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
    expect(asked.filter((path) => path === '/api/config')).toEqual([]);
    for (const data of rendered.handedOver) expect(asked.filter((path) => data.test(path))).toEqual([]);
  });
}
