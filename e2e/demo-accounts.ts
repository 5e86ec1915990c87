// The demo server's sign-in accounts (one definition, in apps/simulator/src/demo-accounts.ts:
// DemoPlayer's password comes from the simulator's seed, DemoAdmin is made by the site at start),
// and a sign-in through the API that copes with the simulator seeding them a few seconds after the
// server starts.
import type { APIRequestContext } from '@playwright/test';
import { DEMO_ADMIN, DEMO_PLAYER } from '../apps/simulator/src/demo-accounts.ts';
import type { LoginResponse } from '../packages/shared/src/auth.ts';

export { DEMO_ADMIN, DEMO_PLAYER };

export interface DemoAccount {
  username: string;
  password: string;
}

// The demo site's bridge token (playwright.config.ts), so that tests can play the game server too.
export const E2E_BRIDGE_TOKEN = 'e2e-bridge-token-0123456789abcdef';

export const DEMO_PLAYER_UUID = DEMO_PLAYER.uuid;

export type LoginAnswer = LoginResponse;

const SEED_WAIT_MS = 30_000;
// Slow on purpose: every refused attempt counts against the account's failed sign-ins (10 in 5
// minutes) and the address's sign-ins (20 a minute), which the real tests need too.
const RETRY_MS = 3_000;

/** POST /api/auth/player-login until the account exists (401 while seeding; 429 waits as told). */
export async function demoLogin(request: APIRequestContext, account: DemoAccount): Promise<LoginAnswer> {
  const deadline = Date.now() + SEED_WAIT_MS;
  for (;;) {
    const { username, password } = account;
    const response = await request.post('/api/auth/player-login', { data: { username, password } });
    if (response.ok()) return (await response.json()) as LoginAnswer;
    const status = response.status();
    if ((status !== 401 && status !== 429) || Date.now() > deadline) {
      throw new Error(`Signing in as ${account.username} failed: ${status} ${await response.text()}`);
    }
    const retryAfter = Number(response.headers()['retry-after']);
    const wait = status === 429 && retryAfter > 0 ? retryAfter * 1000 : RETRY_MS;
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 20_000)));
  }
}

let seeded = false;

/** Resolves once the demo accounts can sign in (checked once per worker). */
export async function waitForDemoAccounts(request: APIRequestContext): Promise<void> {
  if (seeded) return;
  await demoLogin(request, DEMO_PLAYER);
  seeded = true;
}
