// Sessions a player controls (issue 15): signed in in two browsers, the player signs the other one out
// from /profile and it is signed out at once (its live feed closes); "Sign out everywhere" ends the
// rest, this browser included, and the other browser's header feed (the bell's) signs it out at once.
import { randomUUID } from 'node:crypto';
import { expect, type Page, test, type WebSocket } from '@playwright/test';
import { postBridgeEvents } from './bridge.ts';
import { expectAccessible } from './fixtures.ts';
import { submitLogin } from './login-form.ts';

const PASSWORD = 'sessions-journey';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signIn(page: Page, username: string, redirect: string) {
  await page.goto(`/login?redirect=${redirect}`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await submitLogin(page);
  await expect(page).toHaveURL(new RegExp(`${redirect}$`));
}

test.use({ viewport: { width: 1280, height: 900 } });

test('a player signs another browser out from the profile, then every browser', async ({ page, browser }) => {
  // An account of its own: signing out everywhere must not touch the demo accounts other journeys use.
  const uuid = randomUUID();
  const username = `Sess${uuid.slice(0, 8)}`;
  await postBridgeEvents(page.request, [
    { type: 'player.join', uuid, username },
    { type: 'account.password', uuid, password: PASSWORD },
  ]);

  // The other browser, a phone, follows its live social feed.
  const phoneContext = await browser.newContext({ userAgent: SAFARI_ON_IPHONE });
  const phone = await phoneContext.newPage();
  // The first frame is awaited from the moment the socket exists: it can arrive before signIn returns.
  const feed = new Promise<WebSocket>((resolve) => {
    phone.on('websocket', (ws) => {
      if (ws.url().includes('/api/social/ws')) ws.once('framereceived', () => resolve(ws));
    });
  });
  await signIn(phone, username, '/social');
  const socket = await feed;

  await signIn(page, username, '/profile');
  const card = page.getByRole('region', { name: 'Signed-in devices' });
  const rows = card.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  await expect(rows.first()).toContainText('This device');
  await expect(rows.nth(1)).toContainText('Safari on iOS');
  await expect(rows.nth(1)).toContainText('Signed in');
  await expectAccessible(page);

  const closed = socket.waitForEvent('close');
  await card.getByRole('button', { name: 'Sign out Safari on iOS' }).click();
  await expect(rows).toHaveCount(1);
  // The phone's feed closes with 1008 at once, and the phone lands on the sign-in page.
  await closed;
  await expect(phone).toHaveURL(/\/login/);
  await expect(phone.getByRole('alert')).toHaveText('Session expired. Please sign in again.');
  expect(await phone.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // Signed in again there: the bell in its header follows the player's count on a feed of its own,
  // so signing out everywhere reaches it at once too.
  const bellFeed = new Promise<WebSocket>((resolve) => {
    phone.on('websocket', (ws) => {
      if (ws.url().includes('only=notifications')) ws.once('framereceived', () => resolve(ws));
    });
  });
  await signIn(phone, username, '/profile');
  const bellClosed = (await bellFeed).waitForEvent('close');
  await card.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await bellClosed;
  await expect(phone).toHaveURL(/\/login/);
  await expect(phone.getByRole('alert')).toHaveText('Session expired. Please sign in again.');
  await phoneContext.close();
});
