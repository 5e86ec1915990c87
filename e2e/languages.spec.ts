// The site in the players' own languages (docs/translations.md): chosen from the menu, from the
// browser's Accept-Language, kept on a player's account for their other browsers, rendered on the
// server in that language, with each language's plurals and errors.
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { LANGUAGES } from '../packages/shared/src/languages.ts';
import { postBridgeEvents } from './bridge.ts';
import { said } from './catalogue.ts';
import { DEMO_ADMIN, DEMO_PLAYER } from './demo-accounts.ts';
import { expectAccessible, signInAs } from './fixtures.ts';
import { submitLogin } from './login-form.ts';

test.use({ viewport: { width: 1280, height: 900 } });

const htmlLang = (page: Page) => page.locator('html');
/** The app has started on a server-rendered page: nothing in the header waits for it any more. */
const hydrated = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('header [aria-disabled="true"]'));
/** Hydration errors, as main.tsx reports them. */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

test('a visitor picks each language from the menu, and the next page comes in it from the server', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const errors = hydrationErrors(page);
  await page.goto('/leaderboard');
  await hydrated(page);
  const menu = page.locator('header select');
  for (const language of [...LANGUAGES.filter((code) => code !== 'en'), 'en' as const]) {
    await menu.selectOption(language);
    await expect(htmlLang(page)).toHaveAttribute('lang', language);
    await expect(
      page.getByRole('heading', { level: 1, name: said(language, 'leaderboard', 'Leaderboard') }),
    ).toBeVisible();
    await expect(menu).toHaveAccessibleName(said(language, 'site', 'Language'));
    // axe takes a while on this page: in the two languages that run longest.
    if (language === 'de' || language === 'ru') await expectAccessible(page);
  }
  await menu.selectOption('de');
  expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('de');
  // The server renders the next page in it: German before any script has run.
  const html = await (await page.request.get('/status')).text();
  expect(html).toContain('<html lang="de"');
  expect(html).toContain(said('de', 'status', 'Server status'));
  await page.goto('/status');
  await expect(htmlLang(page)).toHaveAttribute('lang', 'de');
  await hydrated(page);
  expect(errors).toEqual([]);
});

test('a visitor whose browser asks for Polish gets the page rendered in Polish, and it hydrates as it is', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'pl-PL' });
  const page = await context.newPage();
  const errors = hydrationErrors(page);
  const answer = await page.request.get('/leaderboard', { headers: { 'accept-language': 'pl-PL,pl;q=0.9' } });
  const html = await answer.text();
  expect(html).toContain('<html lang="pl"');
  expect(html).toContain(said('pl', 'leaderboard', 'Leaderboard'));
  expect(answer.headers().vary).toContain('accept-language');

  await page.goto('/leaderboard');
  await expect(htmlLang(page)).toHaveAttribute('lang', 'pl');
  await expect(
    page.getByRole('heading', { level: 1, name: said('pl', 'leaderboard', 'Leaderboard') }),
  ).toBeVisible();
  await hydrated(page);
  // Hydrated in Polish, without a mismatch: the menu says so in Polish.
  await expect(page.locator('header select')).toHaveValue('pl');
  expect(errors).toEqual([]);
  await expectAccessible(page);
  await context.close();
});

async function signInThroughTheForm(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.locator('input[autocomplete="username"]').fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await submitLogin(page);
}

test("a signed-in player's language follows them to another browser", async ({ page, browser }) => {
  // An account of its own: the demo accounts' language must stay as the other journeys expect it.
  const uuid = randomUUID();
  const username = `Lang${uuid.slice(0, 8)}`;
  const password = 'una-contraseña-larga';
  await postBridgeEvents(page.request, [
    { type: 'player.join', uuid, username },
    { type: 'account.password', uuid, password },
  ]);
  await signInThroughTheForm(page, username, password);
  await expect(page).toHaveURL(/\/profile$/);
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/players/me/language') && response.request().method() === 'PUT',
  );
  await page.locator('header select').selectOption('es');
  expect((await saved).status()).toBe(200);
  await expect(htmlLang(page)).toHaveAttribute('lang', 'es');

  // Another browser, which asks for English: once signed in, it speaks Spanish.
  const other = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  const second = await other.newPage();
  await signInThroughTheForm(second, username, password);
  await expect(htmlLang(second)).toHaveAttribute('lang', 'es');
  await expect(second.locator('header select')).toHaveValue('es');
  await expect(second.getByRole('link', { name: said('es', 'site', 'Leaderboard') }).first()).toBeVisible();
  // And keeps it: the next page comes from the server in Spanish.
  await second.goto('/status');
  await expect(htmlLang(second)).toHaveAttribute('lang', 'es');
  await expect(
    second.getByRole('heading', { level: 1, name: said('es', 'status', 'Server status') }),
  ).toBeVisible();
  await expectAccessible(second);
  await other.close();
});

/** A gang of its own with `count` members, its page's address. */
async function gangOf(page: Page, count: number): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  const gang = `plural-${count}-${tag}`;
  const members = Array.from({ length: count }, (_, index) => ({
    uuid: randomUUID(),
    username: `Pl${count}${index}${tag.slice(0, 5)}`,
  }));
  await postBridgeEvents(page.request, [
    { type: 'gang.upsert', gang_id: gang, name: `Plural ${count} ${tag}`, status: 'Open', min_level: 1 },
    ...members.flatMap((member, index) => [
      { type: 'player.join', ...member },
      { type: 'gang.member', gang_id: gang, uuid: member.uuid, role: index === 0 ? 'Leader' : 'Member' },
      { type: 'player.quit', uuid: member.uuid },
    ]),
  ]);
  return `/gangs/${gang}`;
}

test('a Russian page counts 1, 3 and 5 members with the right forms', async ({ page }) => {
  for (const [count, form] of [
    [1, RUSSIAN_MEMBERS.one],
    [3, RUSSIAN_MEMBERS.few],
    [5, RUSSIAN_MEMBERS.many],
  ] as const) {
    await page.goto(`${await gangOf(page, count)}?lang=ru`);
    await expect(htmlLang(page)).toHaveAttribute('lang', 'ru');
    await expect(page.getByText(new RegExp(`^${count} ${form} · 0 `)).first()).toBeVisible();
  }
  await expectAccessible(page);
});

test('a refused purchase says why in German', async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  const seller = randomUUID();
  const key = `e2e-de-${tag}`;
  const listing = `e2e-de-listing-${tag}`;
  await postBridgeEvents(page.request, [
    { type: 'player.join', uuid: seller, username: `Teuer${tag.slice(0, 6)}` },
    {
      type: 'auction.listed',
      listing_id: listing,
      seller_uuid: seller,
      category_key: key,
      category_name: `Teure Waren ${tag}`,
      item: { name: 'Beacon', icon: 'beacon' },
      qty: 1,
      // More than any demo balance.
      price: 900_000_000_000_000,
    },
  ]);
  await signInAs(page, DEMO_PLAYER);
  await page.goto(`/auction/${key}?lang=de`);
  await expect(htmlLang(page)).toHaveAttribute('lang', 'de');
  const row = page.locator(`[data-listing="${listing}"]`);
  await row.getByRole('button', { name: new RegExp(`^${said('de', 'auction', 'Buy now')}`) }).click();
  const dialog = page.getByRole('dialog');
  const refused = page.waitForResponse((response) => response.url().endsWith('/api/auction/purchase'));
  await dialog.getByRole('button', { name: said('de', 'auction', 'Confirm purchase') }).click();
  const answer = await refused;
  expect(answer.status()).toBe(409);
  expect(((await answer.json()) as { code: string }).code).toBe('not_enough_money');
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: said('de', 'site', 'Your balance does not cover the total.') }),
  ).toBeVisible();
  await expectAccessible(page);
});

// Filled in from the Russian catalogue's member plural (players.po) once read: one, few and many.
const RUSSIAN_MEMBERS = { one: 'участник', few: 'участника', many: 'участников' };

// Every page a staff member can open, in the two languages that run longest, on a phone and a desktop.
const LONG_PAGES = [
  '/',
  '/enchants',
  '/docs',
  '/leaderboard',
  '/auction',
  '/status',
  '/privacy',
  '/punishments',
  '/punishments/2',
  '/players/DemoPlayer',
  '/social',
  '/profile',
  '/admin',
  '/admin/servers',
  '/admin/moderation',
  '/admin/appeals',
  '/no/such/page',
];

test('German and Russian pages fit a phone and a desktop window', async ({ browser }) => {
  test.setTimeout(420_000);
  for (const language of ['de', 'ru']) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addCookies([{ name: 'lang', value: language, domain: 'localhost', path: '/' }]);
      const page = await context.newPage();
      await signInAs(page, DEMO_ADMIN);
      for (const path of LONG_PAGES) {
        await page.goto(path);
        await expect(htmlLang(page)).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
        // What is wider than the window, settled (a page's lazy parts may still be arriving).
        const wider = () =>
          page.evaluate(() =>
            [...document.querySelectorAll('body *')]
              .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
              .filter((element) => !element.closest('.overflow-x-auto, .overflow-auto'))
              .map(
                (element) => `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 40)}"`,
              )
              .slice(0, 5)
              .concat(document.documentElement.scrollWidth > window.innerWidth ? ['the page'] : []),
          );
        await expect
          .poll(wider, { message: `${path} in ${language} at ${width} px is wider than the window` })
          .not.toContain('the page');
      }
      await context.close();
    }
  }
});
