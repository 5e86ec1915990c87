import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';

const showing = (page: Page) => page.getByRole('status').filter({ hasText: /^Showing/ });
const cards = (page: Page) => page.getByRole('article');
const cardNames = (page: Page) => page.getByRole('heading', { level: 3 }).allTextContents();
const toolbar = (page: Page) => page.getByLabel('Search and filter enchants');

test('the enchant catalogue searches, filters, sorts, shares its view by link and resets', async ({
  page,
  context,
}) => {
  // A long journey with two axe runs over a page of 47 cards, while the simulator seeds its world.
  test.setTimeout(180_000);
  await page.goto('/enchants');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enchants');
  await expect(showing(page)).toHaveText('Showing 47 of 47 enchants in 5 rarities');
  await expect(cards(page)).toHaveCount(47);
  for (const group of ['Simple', 'Uncommon', 'Elite', 'Ultimate', 'Legendary']) {
    await expect(
      page.getByRole('heading', { level: 2, name: new RegExp(`^${group} \\d+ enchants$`) }),
    ).toBeVisible();
  }
  await expectAccessible(page);

  // Search: trimmed and case-insensitive; the URL follows.
  await page.getByLabel('Search', { exact: true }).fill('  POWERBALL ');
  await expect(page).toHaveURL(/\/enchants\?q=\+\+POWERBALL\+$/);
  await expect(page.getByRole('article', { name: 'Powerball' })).toBeVisible();
  await expect(showing(page)).not.toHaveText(/^Showing 47 /);
  // Every match names it somewhere: its own name, a prerequisite ("Powerball II"), a synergy...
  for (const card of await cards(page).all()) await expect(card).toContainText(/powerball/i);

  // Filters and sort, each a history entry.
  await page.getByLabel('Search', { exact: true }).fill('');
  await page.getByLabel('Rarity').selectOption({ label: 'Legendary' });
  await expect(page).toHaveURL(/\?rarity=legendary$/);
  await page.getByLabel('Sort by').selectOption({ label: 'Name (A–Z)' });
  await expect(page).toHaveURL(/\?rarity=legendary&sort=name$/);
  // The address changes first; the list follows when it has rendered (polled, not read at once).
  await expect
    .poll(() => cardNames(page))
    .toEqual(["Aurion's Favor", "Chronos' Edge", "Laphris' Bulwark", 'Legacy', 'Shatter', 'Starfall']);

  // The address is shareable: a fresh tab opened on it shows the same view.
  const shared = await context.newPage();
  await shared.goto(page.url());
  await expect(shared.getByLabel('Rarity')).toHaveValue('legendary');
  await expect(shared.getByLabel('Sort by')).toHaveValue('name');
  const names = await cardNames(page);
  await expect.poll(() => cardNames(shared)).toEqual(names);
  await shared.close();

  // Back and Forward step through the filter changes.
  await page.goBack();
  await expect(page).toHaveURL(/\?rarity=legendary$/);
  await expect(page.getByLabel('Sort by')).toHaveValue('featured');
  await page.goForward();
  await expect(page.getByLabel('Sort by')).toHaveValue('name');

  // Gear filter: applicableTo must include the gear.
  await page.getByLabel('Rarity').selectOption('all');
  await page.getByLabel('Gear').selectOption({ label: 'Boots' });
  await expect(page).toHaveURL(/gear=boots/);
  await expect.poll(async () => (await cardNames(page)).sort()).toEqual(['Escape Artist', 'Quickstep']);

  // Show new enchants sets the status filter to new.
  await page.getByRole('button', { name: 'Show new enchants' }).click();
  await expect(page).toHaveURL(/status=new/);
  await expect(page.getByLabel('Status')).toHaveValue('new');
  await expect(showing(page)).toHaveText(/^Showing 0 of 47/); // no new boots enchant
  await page.getByLabel('Gear').selectOption('all');
  await expect(cards(page)).toHaveCount(6);
  for (const card of await cards(page).all())
    await expect(card.getByText('New', { exact: true })).toBeVisible();

  // Reset filters clears everything and sorts by featured.
  await toolbar(page).getByRole('button', { name: 'Reset filters' }).click();
  await expect(page).toHaveURL(/\/enchants$/);
  await expect(cards(page)).toHaveCount(47);
  await expect(page.getByLabel('Sort by')).toHaveValue('featured');
  await expect(toolbar(page).getByRole('button', { name: 'Reset filters' })).toBeDisabled();

  // Empty state, and its own reset.
  await page.getByLabel('Search', { exact: true }).fill('no such enchant anywhere');
  const empty = page.getByRole('region', { name: 'No enchants match your filters' });
  await expect(empty).toBeVisible();
  await expect(empty).toContainText(
    'Try broadening your search or clearing the active filters to explore the full catalogue.',
  );
  await expect(cards(page)).toHaveCount(0);
  await expectAccessible(page);
  await empty.getByRole('button', { name: 'Reset filters' }).click();
  await expect(page).toHaveURL(/\/enchants$/);
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue('');
  await expect(cards(page)).toHaveCount(47);
});

test('enchant icons fall back to a local picture when the asset host is unreachable', async ({ page }) => {
  await page.route(/assets\.mcasset\.cloud/, (route) => route.abort());
  await page.goto('/enchants?q=feed');
  const icon = page.getByRole('article', { name: 'Feed' }).locator('img');
  await expect(icon).toHaveAttribute('src', /^data:image\/svg\+xml,/);
  await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('the enchants page passes axe in the light theme on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('preferred_theme', 'light'));
  await page.goto('/enchants?status=reworked&q=ignored');
  await expect(page.getByText(/Text search is paused/)).toBeVisible();
  await expect(cards(page)).toHaveCount(3);
  await expectAccessible(page);
});
