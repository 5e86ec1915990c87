// Sign-in and sessions against the real demo server (spec 2.2, 2.6, 4 Session, 9 Storage).
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  DEMO_ADMIN,
  DEMO_PLAYER,
  DEMO_PLAYER_UUID,
  type DemoAccount,
  waitForDemoAccounts,
} from './demo-accounts.ts';
import { ADMIN_HOST_ORIGIN, expectAccessible, signInAs } from './fixtures.ts';

const EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

async function signInWithForm(page: Page, account: DemoAccount, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const storedSession = (page: Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem('token'),
    refreshToken: localStorage.getItem('refresh_token'),
    user: localStorage.getItem('user'),
  }));

const sessionCookies = async (context: BrowserContext) =>
  (await context.cookies()).filter((cookie) => cookie.name.startsWith('cp_')).map((cookie) => cookie.name);

test.use({ viewport: { width: 1280, height: 800 } });

test('a player signs in, lands on the profile, stays signed in on reload, and logs out', async ({
  page,
  context,
  request,
}) => {
  await waitForDemoAccounts(request);
  await signInWithForm(page, DEMO_PLAYER);
  await expect(page).toHaveURL(/\/profile$/);

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
  await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  const stored = await storedSession(page);
  expect(stored.token?.split('.')).toHaveLength(3);
  expect(JSON.parse(stored.user ?? 'null')).toMatchObject({ uuid: DEMO_PLAYER_UUID, username: 'DemoPlayer' });
  expect((await sessionCookies(context)).sort()).toEqual(['cp_refresh_token', 'cp_token', 'cp_user']);

  // The start-up check accepts the stored session.
  const me = page.waitForResponse((response) => response.url().endsWith('/api/auth/me'));
  await page.reload();
  expect((await me).status()).toBe(200);
  await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
  expect((await storedSession(page)).token).toBe(stored.token);

  const revoked = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await storedSession(page)).toEqual({ token: null, refreshToken: null, user: null });
  expect(await sessionCookies(context)).toEqual([]);
  expect((await revoked).status()).toBe(204);
  // The server revoked the session too: its refresh token is worthless now.
  const refresh = await request.post('/api/auth/refresh', { data: { refresh_token: stored.refreshToken } });
  expect(refresh.status()).toBe(401);
});

test('an expired stored session shows the alert once and lands on /login', async ({ page }) => {
  await page.addInitScript((uuid) => {
    if (sessionStorage.getItem('e2e-expired')) return;
    sessionStorage.setItem('e2e-expired', '1');
    const part = (value: unknown) =>
      btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const exp = Math.floor(Date.now() / 1000) - 60;
    localStorage.setItem('token', `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: uuid, exp })}.x`);
    localStorage.setItem('refresh_token', 'bogus-refresh-token');
    localStorage.setItem('user', JSON.stringify({ uuid, username: 'DemoPlayer', roles: [] }));
  }, DEMO_PLAYER_UUID);

  await page.goto('/leaderboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fleaderboard$/);
  await expect(page.getByRole('alert')).toHaveText(EXPIRED_MESSAGE);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await storedSession(page)).toEqual({ token: null, refreshToken: null, user: null });

  // Acknowledged: it is not shown again.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByText(EXPIRED_MESSAGE)).toHaveCount(0);
});

test('?redirect= is honoured for a path on this site', async ({ page, request }) => {
  await waitForDemoAccounts(request);
  await signInWithForm(page, DEMO_PLAYER, '/login?redirect=/leaderboard');
  await expect(page).toHaveURL(/\/leaderboard$/);
});

test('?redirect= to another site is ignored: the player lands on /profile', async ({ page, request }) => {
  await waitForDemoAccounts(request);
  await signInWithForm(page, DEMO_PLAYER, '/login?redirect=//example.com');
  await expect(page).toHaveURL(/\/profile$/);
  expect(new URL(page.url()).host).toBe('localhost:4310');
});

test('DemoAdmin is offered the Admin link to the console', async ({ page, request }) => {
  await waitForDemoAccounts(request);
  await signInWithForm(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin' })).toHaveAttribute(
    'href',
    '/admin',
  );
});

test("the admin console's sign-in link comes back to the console page", async ({ page, request }) => {
  await waitForDemoAccounts(request);
  await page.goto('/admin/console');
  // The header's link (the sign-in prompt below has its own).
  await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fconsole$/);
  await expect(page.getByText('Admin console', { exact: true })).toBeVisible();
  await page.getByLabel('Username').fill(DEMO_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/console$/);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('on an admin host the sign-in link keeps the path too', async ({ page }) => {
  await page.goto(`${ADMIN_HOST_ORIGIN}/activity`);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
    'href',
    '/login?redirect=%2Factivity',
  );
});

test("a wrong password shows the server's message and stays on the form", async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(DEMO_PLAYER.username);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  expect((await storedSession(page)).token).toBeNull();
});

test('the login page passes axe in both themes, on a phone too, with an error shown', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: /Switch to (light|dark) theme/ }).click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
});

test('leaving a page while it checks the session keeps the visitor signed in', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, DEMO_PLAYER);
  // The first page's check of the session is held until the visitor has moved on, which aborts it.
  let first = true;
  await page.route('**/api/auth/me', async (route) => {
    if (first) {
      first = false;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    await route.continue().catch(() => {});
  });
  // Awaited after the navigation but asked for before it: the check may start before goto returns.
  const checking = page.waitForRequest('**/api/auth/me');
  await page.goto('/docs');
  await checking;
  await page.goto('/leaderboard');
  await expect(page.getByRole('banner').getByRole('link', { name: 'My Profile' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
});
