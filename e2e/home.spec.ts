import { expect, test } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';

test('the home page shows the season, the roadmap, the lore and a live online count', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Season I is coming soon');
  await expect(page.getByRole('link', { name: /How to join/ })).toHaveAttribute('href', '/docs');
  for (const step of ['Launch Week', 'Mid-Season Surge', 'Finale & Reckoning']) {
    await expect(page.getByText(step, { exact: true }).first()).toBeVisible();
  }
  for (const god of ['Aurion', 'Chronos', 'Laphris']) {
    await expect(page.getByRole('heading', { name: god })).toBeVisible();
  }
  // The simulated game server reports players online through the bridge; the count arrives live.
  const count = page.getByTestId('online-count');
  await expect(count).toHaveText(/^\d[\d,]*$/, { timeout: 30_000 });
  const first = await count.textContent();
  await expect(count).not.toHaveText(first ?? '', { timeout: 15_000 });
  await expectAccessible(page);
});

test('the footer links to the docs, the privacy page and the community', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(String(new Date().getFullYear()));
  await footer.getByRole('link', { name: /privacy/i }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('preferred_theme').first()).toBeVisible();
  await expectAccessible(page);
});
