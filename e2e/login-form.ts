// Signing in through the login page. Journeys run side by side from one address, which the site
// lets sign in 20 times a minute; a 429 here is that limit, not the journey's subject, so the form
// is sent again once the answer's Retry-After has passed.
import type { Page } from '@playwright/test';

const LOGIN_PATH = '/api/auth/player-login';
const MAX_TRIES = 6;

/** Clicks Sign in (again after a 429) and answers the status of the last sign-in request. */
export async function submitLogin(page: Page): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const [response] = await Promise.all([
      page.waitForResponse(
        (r) => new URL(r.url()).pathname === LOGIN_PATH && r.request().method() === 'POST',
      ),
      page.getByRole('button', { name: 'Sign in', exact: true }).click(),
    ]);
    if (response.status() !== 429 || attempt === MAX_TRIES) return response.status();
    await page.waitForTimeout((Number(response.headers()['retry-after']) || 5) * 1000);
  }
}
