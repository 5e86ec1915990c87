import { expect, type Locator, type Page, test } from '@playwright/test';
import { appStarted, expectAccessible } from './fixtures.ts';

const table = (page: Page) => page.getByRole('table');
const bodyRows = (page: Page) => table(page).locator('tbody tr');

/** The figures of one column, as numbers ("$1,234" -> 1234). */
async function column(page: Page, index: number): Promise<number[]> {
  const texts = await bodyRows(page).locator(`td:nth-child(${index})`).allTextContents();
  return texts.map((text) => Number(text.replace(/[$,]/g, '')));
}
const nonIncreasing = (values: number[]) => values.every((v, i) => i === 0 || v <= (values[i - 1] as number));
const playerNames = (page: Page) => bodyRows(page).getByRole('rowheader').allTextContents();
const header = (page: Page, name: string): Locator =>
  page.getByRole('columnheader', { name: new RegExp(`^${name}`) });

// Columns: # (1), Player (2, a row header), Level (3), XP (4), Prestige (5), Rank (6), Balance (7).
const COLUMN = { level: 3, xp: 4, prestige: 5, balance: 7 } as const;

test('the leaderboard ranks the demo world live by each metric, with a podium and a sortable table', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Watch the live feed on its way to the page, to see updates arrive from the server.
  const frames: string[] = [];
  await page.routeWebSocket(/\/ws\/leaderboard/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      frames.push(String(message));
      ws.send(message);
    });
  });

  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
  // The simulated game server seeds the world within seconds of start.
  await expect(table(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Top 50 by Level' })).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(50);
  expect(nonIncreasing(await column(page, COLUMN.level))).toBe(true);

  const podium = page.getByRole('region', { name: 'Podium' });
  for (const label of ['Champion', 'Runner-up', 'Contender']) {
    await expect(podium.getByText(label, { exact: true })).toBeVisible();
  }
  const [leader] = await playerNames(page);
  await expect(podium.getByRole('article', { name: `Champion: ${leader}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Top 10 average');
  await expect(page.getByRole('region', { name: 'Players online' })).toContainText(/\d/, { timeout: 30_000 });

  // Each tab asks the server for its own ranking.
  for (const [tab, metric] of [
    ['XP', 'xp'],
    ['Prestige', 'prestige'],
    ['Balance', 'balance'],
  ] as const) {
    // The ranking arrives by its HTTP answer, or by the live feed of that metric when the feed is
    // quicker: either way an answer that comes must be a good one.
    const answer = page
      .waitForResponse((r) => r.url().includes(`/api/leaderboard?limit=50&metric=${metric}`), {
        timeout: 20_000,
      })
      .then((r) => r.ok())
      .catch(() => null);
    await page.getByRole('tab', { name: tab }).click();
    expect(await answer).not.toBe(false);
    await expect(page).toHaveURL(new RegExp(`metric=${metric}$`));
    await expect(page.getByRole('heading', { name: `Top 50 by ${tab}` })).toBeVisible();
    expect(nonIncreasing(await column(page, COLUMN[metric]))).toBe(true);
  }

  // Sorting the table by name, then back to the ranking.
  const ranking = await playerNames(page);
  await header(page, 'Player').getByRole('button').click();
  await expect(header(page, 'Player')).toHaveAttribute('aria-sort', 'ascending');
  const names = await playerNames(page);
  expect(names).toEqual(
    [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })),
  );
  await header(page, 'XP').getByRole('button').click();
  await expect(header(page, 'XP')).toHaveAttribute('aria-sort', 'descending');
  expect(nonIncreasing(await column(page, COLUMN.xp))).toBe(true);
  await header(page, '#').getByRole('button').click();
  await expect(header(page, '#')).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(async () => (await playerNames(page)).length).toBe(ranking.length);

  // The server pushes a new ranking when the world changes; the page applies it.
  const seen = frames.length;
  const updated = page.getByText(/Updated \d/);
  const before = await updated.textContent();
  await expect.poll(() => frames.length, { timeout: 20_000 }).toBeGreaterThan(seen);
  await expect(updated).not.toHaveText(before ?? '');
  await expect(page.getByText('Live rankings: Live')).toBeVisible();

  await expectAccessible(page);
});

test('the leaderboard works on a phone, in both themes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const theme of ['light', 'dark']) {
    await page.addInitScript((t) => localStorage.setItem('preferred_theme', t), theme);
    await page.goto('/leaderboard');
    await expect(table(page)).toBeVisible({ timeout: 30_000 });
    // The table scrolls sideways inside its own box; the page itself does not.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const scroller = page.getByRole('region', { name: 'Level ranking table' });
    await scroller.focus();
    await page.keyboard.press('ArrowRight');
    await expect(header(page, 'Balance')).toBeAttached();
    await expectAccessible(page);
  }
});

/** Serves the leaderboard call with `reply` and keeps the live feed silent. */
async function stubLeaderboard(page: Page, reply: { status: number; body: unknown }) {
  let calls = 0;
  await page.route('**/api/leaderboard?*', (route) => {
    calls++;
    return route.fulfill({ status: reply.status, json: reply.body });
  });
  await page.routeWebSocket(/\/ws\/leaderboard/, () => {});
  return () => calls;
}

/** Opens the leaderboard from the home page: the browser then asks for its data (the server renders a first visit). */
async function visitLeaderboard(page: Page) {
  await page.goto('/');
  // Until the app has started, the link is a plain one and the server would render the real ranking.
  await appStarted(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboard' }).click();
}

test('an empty leaderboard says so', async ({ page }) => {
  await stubLeaderboard(page, { status: 200, body: [] });
  await visitLeaderboard(page);
  await expect(page.getByText('No leaderboard data yet.')).toBeVisible();
  await expect(table(page)).toHaveCount(0);
  await expectAccessible(page);
});

test('a failed load offers a Retry that reloads the page', async ({ page }) => {
  const calls = await stubLeaderboard(page, {
    status: 503,
    body: { detail: 'The database is unavailable right now. Please try again shortly.' },
  });
  await visitLeaderboard(page);
  await page.getByRole('tab', { name: 'XP' }).click();
  await expect(page.getByRole('alert')).toContainText('Failed to load leaderboard.');
  await expectAccessible(page);
  expect(calls()).toBeGreaterThan(0);
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Retry' }).click()]);
  // The reloaded page comes from the server, with the ranking the browser failed to get.
  await expect(page).toHaveURL(/metric=xp$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(table(page)).toBeVisible();
});
