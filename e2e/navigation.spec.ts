import { expect, test } from '@playwright/test';
import { DEMO_ADMIN } from './demo-accounts.ts';
import { expectAccessible, signInAs } from './fixtures.ts';

const NAV = ['Home', 'Enchants', 'Docs', 'Leaderboard', 'Auction', 'Social'];

test('a navigation link is active on its page and on the pages below it; Home only on /', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const nav = page.getByRole('navigation', { name: /main/i });
  const active = async () => {
    const links = nav.getByRole('link');
    const names: string[] = [];
    for (const link of await links.all()) {
      if ((await link.getAttribute('aria-current')) === 'page')
        names.push((await link.textContent())?.trim() ?? '');
    }
    return names;
  };
  await page.goto('/');
  await expect.poll(active).toEqual(['Home']);
  await page.goto('/auction/ores');
  await expect.poll(active).toEqual(['Auction']);
  await page.goto('/leaderboard');
  await expect.poll(active).toEqual(['Leaderboard']);
  await page.goto('/leaderboardx');
  await expect.poll(active).toEqual([]);
  // Client-side navigation moves it too.
  await nav.getByRole('link', { name: 'Docs' }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect.poll(active).toEqual(['Docs']);
});

test('every public page shows the layout and its title, and passes axe', async ({ page }) => {
  // Six pages, each with an axe run: more than one default test's worth of time on a busy machine.
  test.setTimeout(240_000);
  for (const [path, title] of [
    ['/enchants', /enchant/i],
    ['/docs', /doc/i],
    ['/leaderboard', /leaderboard/i],
    ['/auction', /auction/i],
    ['/social', /social/i],
    ['/login', /sign in|log in|login/i],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(title);
    await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();
    await expectAccessible(page);
  }
});

test('the header offers Login to guests, and My Profile, Logout and Admin to an owner', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await expect(header.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  await signInAs(page, DEMO_ADMIN);
  await page.reload();
  await expect(header.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
  await expect(header.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

test('the not-found page offers a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText("We couldn't find that page.")).toBeVisible();
  await page.getByRole('link', { name: /go home/i }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the bar takes its scrolled look past 8 pixels', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header).not.toHaveAttribute('data-scrolled', 'true');
  await page.evaluate(() => window.scrollTo(0, 40));
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).not.toHaveAttribute('data-scrolled', 'true');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu slides in, locks scrolling, takes focus and closes every way', async ({ page }) => {
    await page.goto('/');
    const open = page.getByRole('button', { name: /menu/i });
    const menu = page.getByRole('dialog');

    await open.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: /Need help\?/ })).toHaveAttribute('href', '/docs');
    await expect(menu.getByText('Browse the knowledge base')).toBeVisible();
    for (const name of NAV) await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

    await open.click();
    await menu.getByRole('button', { name: /close/i }).click();
    await expect(menu).toBeHidden();

    await open.click();
    await menu.getByRole('link', { name: 'Leaderboard', exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/leaderboard$/);

    await open.click();
    await page.mouse.click(5, 400); // The overlay, outside the panel.
    await expect(menu).toBeHidden();
  });
});
