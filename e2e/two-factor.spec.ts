// Two-factor sign-in (issue 15): a player enrols on /profile with their password and an authenticator
// app, which signs their other browsers out, then signs in with a code, and turns it off again with
// the password and a recovery code.
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { WRONG_PASSWORD } from '../packages/shared/src/two-factor.ts';
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

test('a player turns on two-factor sign-in with their password and signs in with a code from the app', async ({
  page,
  browser,
}) => {
  // An account of its own: the demo accounts stay without two-factor for the other journeys.
  const uuid = randomUUID();
  const username = `Totp${uuid.slice(0, 8)}`;
  await postBridgeEvents(page.request, [
    { type: 'player.join', uuid, username },
    { type: 'account.password', uuid, password: PASSWORD },
  ]);

  // Signed in in another browser too: turning two-factor on signs that one out.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInWithPassword(other, username);
  await expect(other).toHaveURL(/\/profile$/);

  await signInWithPassword(page, username);
  await expect(page).toHaveURL(/\/profile$/);
  const card = page.getByRole('region', { name: 'Security' });
  const devices = page.getByRole('region', { name: 'Signed-in devices' }).getByRole('listitem');
  await expect(card.getByText('Two-factor off')).toBeVisible({ timeout: 30_000 });
  await expect(devices).toHaveCount(2);
  await card.getByRole('button', { name: 'Enable two-factor' }).click();

  // The current password first: a wrong one is refused with the server's sentence.
  const password = card.getByLabel('Current password');
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  await password.fill('not-the-password');
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByRole('alert')).toHaveText(WRONG_PASSWORD);
  await expectAccessible(page);
  await password.fill(PASSWORD);
  await card.getByRole('button', { name: 'Continue' }).click();

  await expect(card.getByRole('img', { name: 'QR code of your two-factor key' })).toBeVisible();
  const secret = ((await card.locator('code').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page);
  await card.getByLabel('2. Enter the 6-digit code the app shows').fill(totpCode(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();

  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectAccessible(page);
  const recoveryCode = (await codes.first().textContent()) ?? '';
  // The other browser was signed out, and the list of devices says so.
  await expect(devices).toHaveCount(1);
  await other.reload();
  await expect(other).toHaveURL(/\/login/);
  await otherContext.close();
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
  await expect(card.getByText('Two-factor on')).toBeVisible({ timeout: 30_000 });

  // Off again: the password and a recovery code.
  await card.getByLabel('Current password').fill(PASSWORD);
  await card.getByLabel('Code', { exact: true }).fill(recoveryCode);
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Disable two-factor' }).click();
  await expect(card.getByText('Two-factor off')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Enable two-factor' })).toBeVisible();
});
