import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { type DemoAccount, demoLogin } from './demo-accounts.ts';

export const ADMIN_HOST_ORIGIN = 'http://admin.localhost:4311';
export const NO_ADMIN_HOST_ORIGIN = 'http://localhost:4311';

/** axe on the current page: no serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

/**
 * Signs in for real through the API and puts that session in local storage as the sign-in page would
 * (spec 9 Storage), for the next page load. Once per tab: after a Logout, reloads stay signed out.
 */
export async function signInAs(page: Page, account: DemoAccount) {
  const session = await demoLogin(page.request, account);
  await page.addInitScript((stored) => {
    if (sessionStorage.getItem('e2e-signed-in')) return;
    sessionStorage.setItem('e2e-signed-in', '1');
    localStorage.setItem('token', stored.access_token);
    localStorage.setItem('refresh_token', stored.refresh_token);
    localStorage.setItem('user', JSON.stringify(stored.user));
  }, session);
}

/**
 * Waits for the app to have started on a page the server rendered: its links are plain links (a
 * whole page load) until then. The theme toggle says aria-disabled until the page has hydrated.
 */
export async function appStarted(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: /^Switch to \w+ theme$/ }).first()).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
}
