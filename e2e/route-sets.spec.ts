import { expect, test } from '@playwright/test';
import { ADMIN_HOST_ORIGIN, NO_ADMIN_HOST_ORIGIN } from './fixtures.ts';

test('without admin hosts, the admin console lives under /admin and other admin paths go to /admin', async ({
  page,
}) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);
  for (const name of ['Overview', 'Activity', 'Console']) {
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await page.goto('/admin/console');
  await expect(page).toHaveURL(/\/admin\/console$/);
  await page.goto('/admin/nowhere');
  await expect(page).toHaveURL(/\/admin$/);
  // The public site's pages are not part of this route set.
  await expect(page.getByRole('link', { name: 'Enchants' })).toHaveCount(0);
});

test('on an admin host, the console is at / and any other path goes to /', async ({ page }) => {
  await page.goto(`${ADMIN_HOST_ORIGIN}/activity`);
  await expect(page).toHaveURL(`${ADMIN_HOST_ORIGIN}/activity`);
  await expect(page.getByRole('heading', { name: 'Secure administrator access' })).toBeVisible();
  await expect(page.locator('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/login?redirect=%2Factivity',
  );
  await expect(page.getByRole('link', { name: 'Overview', exact: true })).toHaveAttribute('href', '/');
  await page.goto(`${ADMIN_HOST_ORIGIN}/leaderboard`);
  await expect(page).toHaveURL(`${ADMIN_HOST_ORIGIN}/`);
  await page.goto(`${ADMIN_HOST_ORIGIN}/admin`);
  await expect(page).toHaveURL(`${ADMIN_HOST_ORIGIN}/`);
});

test('when admin hosts are configured, the main host shows the public site, /admin included', async ({
  page,
}) => {
  await page.goto(`${NO_ADMIN_HOST_ORIGIN}/`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Season I is coming soon');
  await page.goto(`${NO_ADMIN_HOST_ORIGIN}/admin`);
  await expect(page.getByText("We couldn't find that page.")).toBeVisible();
});
