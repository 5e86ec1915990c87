// Two-factor sign-in (issue 15): a player enrols on /profile with an authenticator app, then signs in
// with a code.
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { postBridgeEvents } from './bridge.ts';
import { expectAccessible } from './fixtures.ts';
import { submitLogin } from './login-form.ts';
import { totpCode } from './totp.ts';

const PASSWORD = 'two-factor-journey';

async function signInWithPassword(page: Page, username: string) {
  await page.goto('/login?redirect=/profile');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await submitLogin(page);
}

test('a player turns on two-factor sign-in and signs in with a code from the app', async ({ page }) => {
  // An account of its own: the demo accounts stay without two-factor for the other journeys.
  const uuid = randomUUID();
  const username = `Totp${uuid.slice(0, 8)}`;
  await postBridgeEvents(page.request, [
    { type: 'player.join', uuid, username },
    { type: 'account.password', uuid, password: PASSWORD },
  ]);

  await signInWithPassword(page, username);
  await expect(page).toHaveURL(/\/profile$/);
  const card = page.getByRole('region', { name: 'Security' });
  await expect(card.getByText('Two-factor off')).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: 'Enable two-factor' }).click();

  await expect(card.getByRole('img', { name: 'QR code of your two-factor key' })).toBeVisible();
  const secret = ((await card.locator('code').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page);
  await card.getByLabel('2. Enter the 6-digit code the app shows').fill(totpCode(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();

  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectAccessible(page);
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText('Two-factor on')).toBeVisible();
  await expect(card).toContainText('10 recovery codes left.');

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);

  // The password alone now leads to the code step.
  await signInWithPassword(page, username);
  const code = page.getByLabel('Two-factor code');
  await expect(code).toBeFocused();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectAccessible(page);
  // The enrolment used this step's code; the next step's is within the allowed drift.
  await code.fill(totpCode(secret, 1));
  expect(await submitLogin(page)).toBe(200);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Security' }).getByText('Two-factor on')).toBeVisible({
    timeout: 30_000,
  });
});
