// Docs against the real demo server (spec 2.5, 4 Docs, 5 Markdown and Docs search, 6, 8).
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_PLAYER, demoLogin } from './demo-accounts.ts';
import { appStarted, expectAccessible, signInAs } from './fixtures.ts';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const index = (page: Page) => page.getByRole('region', { name: 'Docs Index' });
const reader = (page: Page) => page.getByRole('article');
const entries = (page: Page) => index(page).getByRole('listitem');
/** The titles in the index, top to bottom (each entry is its title, then its /slug). */
const indexTitles = (page: Page) =>
  index(page)
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => link.querySelector(':scope > span:not([aria-hidden])')?.textContent ?? ''),
    );

async function createDoc(request: APIRequestContext, token: string, title: string, content: string) {
  const response = await request.post('/api/docs', {
    headers: { authorization: `Bearer ${token}` },
    data: { title, content },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { title: string; slug: string; content: string };
}

test.use({ viewport: { width: 1280, height: 900 } });

test('the index lists the guides by title, selects the first, searches, and selects by click, ?doc= and #slug', async ({
  page,
}) => {
  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'Docs' })).toBeVisible();
  await expect(index(page).getByRole('heading', { name: 'Docs Index' })).toBeVisible();
  await expect(entries(page).first()).toBeVisible();

  const titles = await indexTitles(page);
  expect(titles).toEqual([...titles].sort(collator.compare));
  for (const guide of [
    'Enchants Guide',
    'Gangs',
    'Joining the Server',
    'Server Rules',
    'The Auction House',
  ]) {
    expect(titles).toContain(guide);
  }
  await expect(index(page).getByRole('link', { name: /Server Rules/ })).toContainText('/rules');

  // Nothing chosen: the first doc of the sorted list is shown.
  const first = index(page).getByRole('link').first();
  await expect(first).toHaveAttribute('aria-current', 'page');
  await expect(reader(page).getByRole('heading', { level: 2 })).toHaveText(titles[0]!);

  const search = page.getByRole('searchbox', { name: 'Search docs' });
  await expect(search).toHaveAttribute('placeholder', 'Search docs');
  await search.fill('  GANG ');
  await expect(index(page).getByRole('link')).toHaveText(['Gangs/gangs']);
  await search.fill('auction-house');
  await expect(index(page).getByRole('link')).toHaveText(['The Auction House/auction-house']);
  await search.fill('no such doc anywhere');
  await expect(index(page).getByText('No docs match your search.')).toBeVisible();
  await search.fill('');

  await index(page)
    .getByRole('link', { name: /Server Rules/ })
    .click();
  await expect(page).toHaveURL(/\/docs\?doc=rules$/);
  await expect(reader(page).getByText('/docs/rules')).toBeVisible();
  await expect(reader(page).getByRole('heading', { level: 2, name: 'Server Rules' })).toBeVisible();
  await expect(reader(page).getByRole('table')).toContainText('Harassment, hate speech');

  await page.goto('/docs?doc=joining-the-server');
  await expect(reader(page).getByRole('heading', { level: 2, name: 'Joining the Server' })).toBeVisible();
  await expect(reader(page).getByRole('heading', { level: 3, name: 'Server address' })).toBeVisible();
  // A link inside a doc to another doc stays in the app.
  await reader(page).getByRole('link', { name: 'rules', exact: true }).click();
  await expect(page).toHaveURL(/\/docs\?doc=rules$/);
  await expect(reader(page).getByRole('heading', { level: 2, name: 'Server Rules' })).toBeVisible();

  // The social page links /docs#gangs.
  await page.goto('/docs#gangs');
  await expect(reader(page).getByRole('heading', { level: 2, name: 'Gangs' })).toBeInViewport();
  await expect(index(page).getByRole('link', { name: /^Gangs/ })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);
});

test('a doc reads well on a phone, in both themes, and stays accessible', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const theme of ['light', 'dark']) {
    await page.addInitScript((value) => localStorage.setItem('preferred_theme', value), theme);
    await page.goto('/docs?doc=joining-the-server');
    await expect(reader(page).getByRole('heading', { level: 3, name: 'Trouble joining?' })).toBeVisible();
    // A ?doc= address brings the doc itself into view on a narrow screen.
    await expect(reader(page).getByText('/docs/joining-the-server')).toBeInViewport();
    await expectAccessible(page);
  }
});

test('shows 6 placeholders while loading, and "No docs available." when empty or failing', async ({
  page,
}) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/docs', async (route) => {
    await held;
    await route.fulfill({ json: [] });
  });
  // The server renders /docs with its docs: these states are what a visit from another page shows.
  const visitDocs = async () => {
    await page.goto('/');
    await appStarted(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Docs' }).click();
  };
  await visitDocs();
  await expect(index(page).getByTestId('doc-skeleton')).toHaveCount(6);
  release();
  await expect(index(page).getByText('No docs available.')).toBeVisible();
  await expect(index(page).getByTestId('doc-skeleton')).toHaveCount(0);
  await expect(page.getByText('Select a document to read its details.')).toBeVisible();

  await page.unroute('**/api/docs');
  await page.route('**/api/docs', (route) => route.fulfill({ status: 500, json: { detail: 'Broken' } }));
  await visitDocs();
  await expect(index(page).getByText('No docs available.')).toBeVisible();
  await expectAccessible(page);
});

test('guests get a sign-in hint and players without a docs role a note, not the Create Doc card', async ({
  page,
  browser,
}) => {
  await page.goto('/docs');
  await expect(entries(page).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create Doc' })).toHaveCount(0);
  const hint = page.getByText('as staff to write docs.');
  await expect(hint).toBeVisible();
  await hint.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=\/docs$/);

  const playerPage = await browser.newPage({ baseURL: 'http://localhost:4310' });
  await signInAs(playerPage, DEMO_PLAYER);
  await playerPage.goto('/docs');
  await expect(playerPage.getByText(/Your account cannot write docs/)).toBeVisible();
  await expect(playerPage.getByRole('heading', { name: 'Create Doc' })).toHaveCount(0);
  await playerPage.close();
});

test('staff write a doc with a live preview; it joins the index in title order and is selected', async ({
  page,
}) => {
  await signInAs(page, DEMO_ADMIN);
  await page.goto('/docs?doc=rules');
  const card = page.getByRole('region', { name: 'Create Doc' });
  await expect(card).toBeVisible();
  const title = `Fishing Spots ${Date.now()}`;

  await card.getByRole('button', { name: 'Create' }).click();
  await expect(card.getByText('Enter a title')).toBeVisible();
  await expect(card.getByText('Write the content')).toBeVisible();

  await card.getByLabel('Title').fill(`  ${title}  `);
  await expect(card.getByRole('heading', { name: 'Preview' })).toHaveCount(0);
  await expect(card.getByLabel('Markdown content')).toHaveAttribute('rows', '10');
  await card
    .getByLabel('Markdown content')
    .fill('## Where to cast\n\n| Lake | Bite |\n|---|---|\n| North | fast |\n');
  await expect(card.getByRole('heading', { name: 'Preview' })).toBeVisible();
  await expect(card.getByRole('heading', { level: 3, name: 'Where to cast' })).toBeVisible();
  await expect(card.getByRole('cell', { name: 'North' })).toBeVisible();
  await expectAccessible(page);

  // Hold the answer a moment to see the busy button.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/docs', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await card.getByRole('button', { name: 'Create' }).click();
  await expect(card.getByRole('button', { name: 'Creating…' })).toBeDisabled();
  release();

  const slug = title.toLowerCase().replaceAll(' ', '-');
  await expect(page).toHaveURL(new RegExp(`\\?doc=${slug}$`));
  await expect(reader(page).getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(reader(page).getByText(`/docs/${slug}`)).toBeVisible();
  await expect(index(page).getByRole('link', { name: new RegExp(title) })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(card.getByRole('button', { name: 'Create' })).toBeEnabled();
  await expect(card.getByLabel('Title')).toHaveValue('');
  const titles = await indexTitles(page);
  expect(titles).toEqual([...titles].sort(collator.compare));

  // It was saved, trimmed.
  await page.reload();
  await expect(reader(page).getByRole('heading', { level: 2, name: title })).toBeVisible();

  // A failure says so in the card's footer.
  await page.unroute('**/api/docs');
  await page.route('**/api/docs', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { detail: 'Internal server error' } })
      : route.continue(),
  );
  await card.getByLabel('Title').fill('Never saved');
  await card.getByLabel('Markdown content').fill('Text');
  await card.getByRole('button', { name: 'Create' }).click();
  await expect(card.getByRole('alert')).toHaveText('Failed to create doc.');
});

test('the home page never downloads the markdown code; the docs page does', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Season I is coming soon');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((path) => /markdown/i.test(path))).toBe(false);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Docs' }).click();
  await expect(reader(page).getByRole('heading', { level: 3 }).first()).toBeVisible();
  // The request's event may reach the test after the page has drawn what the code rendered.
  await expect.poll(() => scripts.some((path) => /markdown/i.test(path))).toBe(true);
});

// Each probe tries to run `window.__pwned = 1` (and open a dialog). The site's CSP would block most
// of them on its own, so it is switched off here: the sanitizer alone must stop every one.
const PWN = 'window.__pwned=1;alert(1)';
const PROBES: [string, string][] = [
  ['script tag', `<script>${PWN}</script>`],
  ['img onerror', `<img src=x onerror="${PWN}">`],
  ['javascript link', `<a href="javascript:${PWN}">click me</a>`],
  ['encoded javascript link', `<a href="&#x6A;ava&#x09;script&colon;${PWN}">click me</a>`],
  ['markdown javascript link', `[click me](javascript:window.__pwned=1)`],
  ['data link', '<a href="data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX19wd25lZD0xPC9zY3JpcHQ+">click me</a>'],
  [
    'data image',
    '![click me](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=)',
  ],
  ['svg onload', `<svg onload="${PWN}"><circle r="4"/></svg>`],
  ['svg script', `<svg><script>${PWN}</script></svg>`],
  [
    'svg animate',
    `<svg><a><animate attributeName="href" values="javascript:${PWN}"/><text y="20">click me</text></a></svg>`,
  ],
  ['mathml style', `<math><mtext><table><mglyph><style><img src=x onerror="${PWN}">`],
  ['mathml link', `<math href="javascript:${PWN}"><mi>click me</mi></math>`],
  [
    'iframe',
    `<iframe src="javascript:parent.__pwned=1" srcdoc="<script>parent.__pwned=1</script>"></iframe>`,
  ],
  ['style', '<style>article, body { display: none !important }</style>'],
  ['form', `<form action="javascript:${PWN}"><button>click me</button></form>`],
  ['details ontoggle', `<details open ontoggle="${PWN}"><summary>click me</summary>x</details>`],
  ['noscript mutation', `<noscript><p title="</noscript><img src=x onerror=${PWN}>">`],
  ['object and embed', `<object data="javascript:${PWN}"></object><embed src="javascript:${PWN}">`],
  ['meta refresh', `<meta http-equiv="refresh" content="0;url=javascript:${PWN}">`],
  ['autofocus', `<input autofocus onfocus="${PWN}"><textarea autofocus onfocus="${PWN}"></textarea>`],
];

test.describe('hostile docs', () => {
  test.use({ bypassCSP: true });

  test('no script in a doc ever runs, whatever it is wrapped in', async ({ page, request }) => {
    test.setTimeout(240_000);
    const { access_token } = await demoLogin(request, DEMO_ADMIN);
    const run = Date.now();
    const docs = [];
    for (const [name, payload] of PROBES) {
      docs.push(
        await createDoc(
          request,
          access_token,
          `XSS probe ${run} ${name}`,
          `Probe text.\n\n${payload}\n\nAfter.`,
        ),
      );
    }

    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });

    for (const doc of docs) {
      await page.goto(`/docs?doc=${doc.slug}`);
      const article = reader(page);
      await expect(article.getByRole('heading', { level: 2, name: doc.title })).toBeVisible();
      await expect(article.getByText('Probe text.')).toBeVisible();
      await expect(article.getByText('After.')).toBeVisible();

      // Anything that looks clickable gets clicked.
      const bait = article.getByText('click me');
      for (let i = 0; i < (await bait.count()); i++) {
        await bait.nth(i).click({ force: true, noWaitAfter: true });
      }
      await page.waitForTimeout(300);
      await expect(page).toHaveURL(new RegExp(`/docs\\?doc=${doc.slug}$`));

      const found = await article.evaluate((root) => {
        const elements = [...root.querySelectorAll('*')];
        return {
          tags: elements
            // The page's own icons are svg.lucide; the sanitizer lets no class like that through.
            .filter((el) => !el.matches('svg.lucide, svg.lucide *'))
            .map((el) => el.localName)
            .filter((tag) =>
              [
                'script',
                'iframe',
                'object',
                'embed',
                'form',
                'style',
                'svg',
                'math',
                'meta',
                'base',
                'input',
                'textarea',
                'button',
              ].includes(tag),
            ),
          handlers: elements.flatMap((el) =>
            [...el.attributes]
              .map((a) => a.name)
              .filter((name) => name.startsWith('on') || name === 'srcdoc'),
          ),
          addresses: elements
            .flatMap((el) => ['href', 'src', 'action', 'data'].map((name) => el.getAttribute(name)))
            .filter((value): value is string => value !== null)
            .filter((value) => !/^(https?:|mailto:|\/|\?|#)/i.test(value) && /^[^/?#]*:/.test(value)),
        };
      });
      expect(found, doc.title).toEqual({ tags: [], handlers: [], addresses: [] });
      expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned), doc.title).toBeUndefined();
      await expect(page.locator('body')).toBeVisible();
    }
    expect(dialogs).toEqual([]);
  });
});
