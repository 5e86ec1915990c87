import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_PLAYER } from './demo-accounts.ts';
import { expectAccessible, signInAs } from './fixtures.ts';

test('the dashboard shows live figures, the XP chart, the activity stream and the leaders', async ({
  page,
}) => {
  await signInAs(page, DEMO_ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Server dashboard' })).toBeVisible();
  const overview = page.locator('#overview');
  for (const label of ['Players online', 'XP generated (1h)', 'Active miners (24h)', 'Economy total']) {
    await expect(overview.getByText(label, { exact: true })).toBeVisible({ timeout: 30_000 });
  }
  await expect(overview.getByText('Sum of balances across all players')).toBeVisible();
  await expect(
    overview.getByText(/^of [\d,]+ capacity$|^Live counter$|^Awaiting data$/).first(),
  ).toBeVisible();
  await expect(overview.getByText(/total player profiles$/)).toBeVisible();
  // The chart is drawn: an area over 24 hourly points.
  await expect(page.getByTestId('xp-chart').locator('.recharts-area-area')).toBeVisible();
  await expect(page.getByText(/^Updated /)).toBeVisible();

  const activity = page.locator('#activity');
  await expect(activity.locator('[data-event]').first()).toBeVisible();
  await expect(activity.getByRole('region', { name: 'Top balances' }).locator('li')).toHaveCount(6);
  await expect(activity.getByRole('region', { name: 'Gang treasury leaders' }).locator('li')).toHaveCount(5);
  await expectAccessible(page);

  // Refresh now shows the placeholders, then the figures again.
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect(overview.getByText('Players online', { exact: true })).toBeVisible();

  // The route chooses the section in focus.
  await page.getByRole('link', { name: 'Activity', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/activity$/);
  await expect(page.locator('#activity')).toBeFocused();
});

test('a command sent from the console comes back with the game server answer, and is audited', async ({
  page,
}) => {
  await signInAs(page, DEMO_ADMIN);
  await page.goto('/admin/console');
  await expect(page.locator('#console')).toBeFocused();
  const input = page.getByRole('textbox', { name: 'Command' });
  // Empty is ignored.
  await input.fill('   ');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('[data-command]')).toHaveCount(0);

  await input.fill('  list  ');
  await page.getByRole('button', { name: 'Send' }).click();
  const entry = page.locator('[data-command="list"]');
  await expect(entry).toContainText(/There are \d+ of a max of \d+ players online/);
  await expect(input).toHaveValue('');
  await expect(page.getByRole('region', { name: 'Audit log' })).toContainText('> list');

  // A refused command shows the server's detail.
  await page.route('**/api/admin/command', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ detail: 'The game server is not reachable over RCON' }),
    }),
  );
  await input.fill('tps');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('[data-command="tps"]')).toContainText(
    'The game server is not reachable over RCON',
  );
  await page.route('**/api/admin/command', (route) => route.fulfill({ status: 500, body: '' }));
  await input.fill('help');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('[data-command="help"]')).toContainText('Command failed');
  await expectAccessible(page);
});

test('a failing dashboard shows its detail in a red box, else "Unable to load dashboard"', async ({
  page,
}) => {
  await signInAs(page, DEMO_ADMIN);
  let detail: string | null = 'The database is not available right now';
  await page.route('**/api/admin/dashboard', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify(detail ? { detail } : {}),
    }),
  );
  await page.goto('/admin');
  await expect(page.getByRole('alert')).toHaveText(detail);
  detail = null;
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect(page.getByRole('alert')).toHaveText('Unable to load dashboard');
});

test('a player without a staff role sees Access restricted with their roles', async ({ page }) => {
  await signInAs(page, DEMO_PLAYER);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access restricted' })).toBeVisible();
  await expect(page.getByText('Your roles:')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Switch account' })).toHaveAttribute(
    'href',
    '/login?redirect=%2Fadmin',
  );
  await expect(page.getByRole('link', { name: 'Return to main site' })).toHaveAttribute('href', '/');
  await expectAccessible(page);
});

test('a visitor sees the sign-in prompt', async ({ page }) => {
  await page.goto('/admin/console');
  await expect(page.getByRole('heading', { name: 'Secure administrator access' })).toBeVisible();
  await expect(page.locator('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/login?redirect=%2Fadmin%2Fconsole',
  );
  await expectAccessible(page);
});

test('the public pages never download the admin console', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  for (const path of ['/', '/leaderboard', '/enchants', '/docs', '/auction', '/social', '/profile']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.filter((path) => /admin|recharts|xp-chart/i.test(path))).toEqual([]);
  await page.goto('/admin');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((path) => /admin/i.test(path))).toBe(true);
});
