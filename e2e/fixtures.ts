import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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

/** Puts a session in local storage as the sign-in page would (spec 9 Storage). */
export async function signInAs(page: Page, user: { uuid: string; username: string; roles: string[] }) {
  await page.addInitScript((stored) => {
    if (!localStorage.getItem('user')) {
      localStorage.setItem('token', 'header.payload.signature');
      localStorage.setItem('refresh_token', 'refresh');
      localStorage.setItem('user', JSON.stringify(stored));
    }
  }, user);
}
