import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';

const chartCard = (page: Page) => page.getByRole('region', { name: 'Players online' });

test('the home page online card opens the server status, whose charts draw each range', async ({ page }) => {
  // The simulated game server seeds its history within seconds of start; the server turns it into
  // charts once a minute, so a page opened before that shows "No history yet" for a while.
  test.setTimeout(300_000);
  await page.goto('/');
  await page.getByRole('link', { name: /^Currently online/ }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Server status' })).toBeVisible();
  await expect(page.getByText('Online', { exact: true })).toBeVisible({ timeout: 30_000 });

  const figures = page.getByRole('region', { name: 'Figures' });
  await expect(figures.getByText(/^\d[\d,]* of \d[\d,]*$/)).toBeVisible();
  for (const label of ['Peak today', 'TPS', 'MSPT']) {
    await expect(figures.getByText(label, { exact: true })).toBeVisible();
  }

  const canvas = chartCard(page).locator('canvas').first();
  await expect(async () => {
    if (!(await canvas.isVisible())) await page.reload();
    await expect(canvas).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 120_000, intervals: [5_000] });

  for (const [tab, span] of [
    ['7 days', 'the last 7 days'],
    ['30 days', 'the last 30 days'],
    ['24 hours', 'the last 24 hours'],
  ] as const) {
    await chartCard(page).getByRole('tab', { name: tab }).click();
    await expect(chartCard(page).getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    const chart = chartCard(page).getByRole('figure', {
      name: new RegExp(`^Players online over ${span}: peak \\d`),
    });
    await expect(chart.locator('canvas').first()).toBeVisible();
  }
  await expect(page).toHaveURL(/\/status$/);
  await expectAccessible(page);
});

test('the footer links to the server status from every page', async ({ page }) => {
  await page.goto('/leaderboard');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Server status' }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Server status' })).toBeVisible();
  await expect(chartCard(page)).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
});
