import { expect, type Page, test } from '@playwright/test';
import { waitForDemoAccounts } from './demo-accounts.ts';
import { appStarted, expectAccessible } from './fixtures.ts';

const searchField = (page: Page) => page.getByRole('combobox', { name: 'Search players and gangs' });

test.beforeEach(async ({ request }) => {
  // The demo world (DemoPlayer included) is seeded a few seconds after the server starts.
  await waitForDemoAccounts(request);
});

test('a visitor finds a player by keyboard alone: "/", a name prefix, down, Enter', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const search = searchField(page);
  await expect(search).toHaveAttribute('aria-expanded', 'false');
  // The "/" shortcut is the app's: it works once the page has hydrated.
  await appStarted(page);

  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await page.keyboard.type('DemoPl');
  const players = page.getByRole('listbox').getByRole('group', { name: 'Players' });
  await expect(players.getByRole('option', { name: /DemoPlayer/ })).toBeVisible();
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page);

  await page.keyboard.press('ArrowDown');
  const activeId = await search.getAttribute('aria-activedescendant');
  expect(activeId).toBeTruthy();
  const active = page.locator(`[id="${activeId}"]`);
  await expect(active).toHaveAttribute('aria-selected', 'true');
  await expect(active).toContainText('DemoPlayer');

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/players\/DemoPlayer$/);
  await expect(page.getByRole('heading', { level: 1, name: /DemoPlayer/ })).toBeVisible();
  await expect(search).toHaveValue('');
});

test('the search lists gangs too, says when nothing matches, and Escape closes then clears', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The header's search is on every page; on the home page axe reads a small page (over the
  // leaderboard's live table it took most of the test's time, and past it on a busy machine).
  await page.goto('/');
  await appStarted(page);
  const search = searchField(page);
  await search.click();
  await search.fill('zz-nobody');
  await expect(page.getByRole('status').filter({ hasText: 'No players or gangs match' })).toBeVisible();
  await expect(search).toHaveAttribute('aria-expanded', 'false');

  await search.fill('r');
  const gangs = page.getByRole('listbox').getByRole('group', { name: 'Gangs' });
  await expect(gangs.getByRole('option').first()).toBeVisible();
  await expect(gangs.getByRole('option').first()).toContainText(/\d+ members? · \d+ online/);
  await expectAccessible(page);

  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(search).toHaveValue('r');
  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('');

  // Up from the field goes to the last option: the last gang, whose page Enter opens.
  await search.fill('r');
  await expect(gangs.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowUp');
  const lastGang = gangs.getByRole('option').last();
  await expect(lastGang).toHaveAttribute('aria-selected', 'true');
  const href = await lastGang.getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  expect(href).toMatch(/^\/gangs\//);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the search sits in the mobile menu, and opening a result closes the menu', async ({ page }) => {
    for (const theme of ['light', 'dark']) {
      await page.addInitScript((t) => localStorage.setItem('preferred_theme', t), theme);
      await page.goto('/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog');
      const search = menu.getByRole('combobox', { name: 'Search players and gangs' });
      await search.fill('DemoPl');
      const option = menu.getByRole('option', { name: /DemoPlayer/ });
      await expect(option).toBeVisible();
      await expectAccessible(page);
      await option.click();
      await expect(menu).toBeHidden();
      await expect(page).toHaveURL(/\/players\/DemoPlayer$/);
    }
  });
});
