import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { postBridgeEvents } from './bridge.ts';
import { DEMO_PLAYER, DEMO_PLAYER_UUID, E2E_BRIDGE_TOKEN } from './demo-accounts.ts';
import { expectAccessible, signInAs } from './fixtures.ts';

/** A category of its own with one listing by a fresh seller and one by the demo player. */
async function stockCategory(page: Page) {
  const tag = randomUUID().slice(0, 8);
  const seller = randomUUID();
  const key = `e2e-${tag}`;
  const listing = `e2e-listing-${tag}`;
  await postBridgeEvents(page.request, [
    { type: 'player.join', uuid: seller, username: `Seller${tag.slice(0, 6)}` },
    {
      type: 'auction.listed',
      listing_id: listing,
      seller_uuid: seller,
      category_key: key,
      category_name: `§6E2E §lGoods ${tag}`,
      item: { name: 'Diamond Block', icon: 'diamond_block' },
      qty: 5,
      price: 1250.5,
    },
    {
      type: 'auction.listed',
      listing_id: `e2e-own-${tag}`,
      seller_uuid: DEMO_PLAYER_UUID,
      category_key: key,
      category_name: `§6E2E §lGoods ${tag}`,
      item: { name: 'Emerald', icon: 'emerald' },
      qty: 3,
      price: 99,
    },
  ]);
  return { key, listing, own: `e2e-own-${tag}`, name: `E2E Goods ${tag}` };
}

test('a player buys with the slider, sees the toast and the new quantity, and the game acknowledges the delivery', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { key, listing, own, name } = await stockCategory(page);
  await signInAs(page, DEMO_PLAYER);
  await page.goto('/auction');
  await expect(page.getByRole('heading', { level: 1, name: 'Auction house' })).toBeVisible();
  for (const label of ['Live categories', 'Active listings', 'Market floor', 'Peak listing']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible({ timeout: 30_000 });
  }
  await expect(page.getByRole('heading', { name: 'Hot market movers' })).toBeVisible();
  await expectAccessible(page);

  // Search finds the category by its name, colour codes stripped; a miss offers Reset filters.
  const search = page.getByRole('searchbox', { name: 'Search categories' });
  await search.fill('no category is called this');
  await expect(page.getByText('No categories match your filters')).toBeVisible();
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await search.fill(name);
  await page.locator(`[data-category="${key}"] a`).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const row = page.locator(`[data-listing="${listing}"]`);
  await expect(row.locator('[data-qty]')).toHaveText('5');
  await expect(page.locator(`[data-listing="${own}"]`).getByText('Your listing')).toBeVisible();
  // Spec 2.11: the seller shows as their uuid's first 8 characters, linking to their page.
  await expect(row.getByRole('link', { name: /^Seller/ })).toHaveAttribute('href', /^\/players\/Seller/);
  await expectAccessible(page);

  await row.getByRole('button', { name: /^Buy now/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
  await expect(dialog).toBeVisible();
  const slider = dialog.getByRole('slider', { name: 'Quantity' });
  await expect(slider).toHaveValue('1');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveValue('2');
  await expect(dialog.getByTestId('purchase-total')).toHaveText('$2,501');
  await expectAccessible(page);

  const answered = page.waitForResponse((r) => r.url().endsWith('/api/auction/purchase'));
  await dialog.getByRole('button', { name: 'Confirm purchase' }).click();
  const purchase = (await (await answered).json()) as { id: string; remaining: number };
  expect(purchase.remaining).toBe(3);
  await expect(page.getByRole('status').filter({ hasText: 'Success' })).toContainText('Purchase successful');
  await expect(dialog).toBeHidden();
  await expect(row.locator('[data-qty]')).toHaveText('3');
  // Notices vanish after 3 seconds.
  await expect(page.getByRole('status').filter({ hasText: 'Success' })).toHaveCount(0, { timeout: 6000 });

  // The simulated game server receives the delivery and acknowledges it.
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/bridge/deliveries?limit=500', {
          headers: { authorization: `Bearer ${E2E_BRIDGE_TOKEN}` },
        });
        const pending = (await response.json()) as { purchase_id: string }[];
        return pending.some((d) => d.purchase_id === purchase.id);
      },
      { timeout: 20_000 },
    )
    .toBe(false);
});

test('a long category loads more listings as the player scrolls, and a new sort starts again', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // 120 listings: the first page holds 50, scrolling brings the rest a page at a time.
  const tag = randomUUID().slice(0, 8);
  const seller = randomUUID();
  const key = `e2e-long-${tag}`;
  await postBridgeEvents(page.request, [
    { type: 'player.join', uuid: seller, username: `Bulk${tag.slice(0, 6)}` },
    ...Array.from({ length: 120 }, (_, i) => ({
      type: 'auction.listed',
      listing_id: `e2e-long-${tag}-${String(i).padStart(3, '0')}`,
      seller_uuid: seller,
      category_key: key,
      category_name: `Long Goods ${tag}`,
      item: { name: `Cobblestone ${i}`, icon: 'cobblestone' },
      qty: 1 + (i % 7),
      price: 10 + (i % 13),
    })),
  ]);
  await signInAs(page, DEMO_PLAYER);
  await page.goto(`/auction/${key}`);
  const rows = page.locator('[data-listing]');
  await expect(rows).toHaveCount(50);
  await expect(page.getByText('Showing 50 of 120 listings')).toBeVisible();
  // The figures are the whole category's, not the first page's.
  await expect(page.getByText('Total quantity').locator('xpath=..')).toContainText('477');

  // Scrolling to the end of the list brings the next page by itself.
  await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
  await expect(rows).toHaveCount(100);
  await expect(page.getByText('Showing 100 of 120 listings')).toBeVisible();
  await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
  await expect(rows).toHaveCount(120);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  // Every listing once, cheapest first.
  const prices = await rows.locator('td:nth-child(4)').allTextContents();
  const values = prices.map((p) => Number(p.replace(/[$,]/g, '')));
  expect(values).toEqual([...values].sort((a, b) => a - b));
  expect(new Set(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-listing')))).size).toBe(
    120,
  );

  // A new sort is a new first page (chosen where a player would: back up at the select).
  const sort = page.getByLabel('Sort');
  await sort.scrollIntoViewIfNeeded();
  await sort.selectOption('quantity_desc');
  await expect(rows).toHaveCount(50);
  await expect(rows.first().locator('[data-qty]')).toHaveText('7');
  await expect(page.getByText('Showing 50 of 120 listings')).toBeVisible();
  await expectAccessible(page);
});

test('a refused purchase shows the server detail, else "Purchase failed"', async ({ page }) => {
  const { key, listing } = await stockCategory(page);
  await signInAs(page, DEMO_PLAYER);
  let detail: string | null = 'Not enough money: this costs $1,250.50 and you have $3.00';
  await page.route('**/api/auction/purchase', (route) =>
    route.fulfill({
      status: detail ? 409 : 500,
      contentType: 'application/json',
      body: JSON.stringify(detail ? { detail } : {}),
    }),
  );
  await page.goto(`/auction/${key}`);
  const row = page.locator(`[data-listing="${listing}"]`);
  await row.getByRole('button', { name: /^Buy now/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm purchase' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Heads up' });
  await expect(toast).toContainText(detail);
  detail = null;
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(toast.filter({ hasText: 'Purchase failed' })).toBeVisible();
  // Nothing was bought: the quantity stands.
  await expect(row.locator('[data-qty]')).toHaveText('5');
});

test('signed out, the market hides behind "Sign in to track live auctions"', async ({ page }) => {
  await page.goto('/auction');
  await expect(page.getByRole('heading', { name: 'Sign in to track live auctions' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true }).last()).toHaveAttribute(
    'href',
    '/login?redirect=%2Fauction',
  );
  await expectAccessible(page);
});

test('the category pages say when they cannot load', async ({ page }) => {
  await signInAs(page, DEMO_PLAYER);
  await page.route('**/api/auction/categories', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.goto('/auction');
  await expect(page.getByText('Failed to load categories')).toBeVisible();
  await page.route('**/api/auction/categories/*/listings*', (route) =>
    route.fulfill({ status: 500, body: '{}' }),
  );
  await page.goto('/auction/ores');
  await expect(page.getByText('Failed to load listings')).toBeVisible();
});

test('a 401 on the categories shows the sign-in banner', async ({ page }) => {
  await signInAs(page, DEMO_PLAYER);
  await page.route('**/api/auction/categories', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ detail: 'Not signed in' }),
    }),
  );
  // The 401 gets one refresh and one retry (spec 4), which is refused again: the banner shows.
  await page.goto('/auction');
  await expect(page.getByRole('heading', { name: 'Sign in to track live auctions' })).toBeVisible();
});
