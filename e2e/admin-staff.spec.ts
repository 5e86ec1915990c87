// The console's Staff accounts card. On the demo site DemoAdmin, its only staff account, sees itself
// listed. Clearing a member's two-factor sign-in needs a second member with it on, and the game
// server's bridge may not grant staff roles: that journey runs on a site of its own, whose owner and
// admin the accounts command line makes before the server starts (as an operator would), with
// STAFF_2FA=required.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { LoginResponse, RecoveryCodes, TwoFactorSetup } from '../packages/shared/src/auth.ts';
import { STAFF_SIGN_IN_WITH_CODE, STAFF_TWO_FACTOR_REQUIRED } from '../packages/shared/src/two-factor.ts';
import { DEMO_ADMIN } from './demo-accounts.ts';
import { expectAccessible, signInAs } from './fixtures.ts';
import { submitLogin } from './login-form.ts';
import { totpCode } from './totp.ts';

test('DemoAdmin finds itself among the staff accounts, with no way to clear its own two-factor', async ({
  page,
}) => {
  await signInAs(page, DEMO_ADMIN);
  await page.goto('/admin/console');
  const card = page.getByRole('region', { name: 'Staff accounts' });
  const me = card.getByRole('listitem').filter({ hasText: DEMO_ADMIN.username });
  await expect(me).toContainText('You');
  for (const role of DEMO_ADMIN.roles) await expect(me.getByText(role, { exact: true })).toBeVisible();
  await expect(me).toContainText(/Two-factor (on|off)/);
  await expect(me.getByRole('button')).toHaveCount(0);
  await expectAccessible(page);
});

const OWNER = { username: 'Warden', password: 'warden-journey-password', role: 'OWNER' };
const MEMBER = { username: 'Marlow', password: 'marlow-journey-password', role: 'ADMIN' };

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

test.describe('a site with two staff accounts', () => {
  let server: ChildProcess | undefined;
  let origin = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const port = await freePort();
    origin = `http://localhost:${port}`;
    const env = {
      ...process.env,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'e2e-staff-')),
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: 'off',
      STAFF_2FA: 'required',
      LOG_LEVEL: 'warn',
    };
    for (const { username, password, role } of [OWNER, MEMBER]) {
      const args = ['create', '--username', username, '--password', password, '--role', role];
      execFileSync('node', ['scripts/cli.mjs', 'accounts', ...args], { env, stdio: 'ignore' });
    }
    server = spawn('node', ['scripts/start.mjs'], { env, stdio: 'ignore' });
    const deadline = Date.now() + 120_000;
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline || server.exitCode !== null) throw new Error('The staff site did not start');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });

  test.afterAll(async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  });

  /** Signs in through the API and turns two-factor sign-in on; answers the session and recovery codes. */
  async function enrol(request: APIRequestContext, account: typeof OWNER) {
    const login = await request.post(`${origin}/api/auth/player-login`, {
      data: { username: account.username, password: account.password },
    });
    expect(login.status(), await login.text()).toBe(200);
    const session = (await login.json()) as LoginResponse;
    const headers = { authorization: `Bearer ${session.access_token}` };
    const setup = await request.post(`${origin}/api/auth/2fa/setup`, {
      headers,
      data: { password: account.password },
    });
    expect(setup.status(), await setup.text()).toBe(200);
    const { secret } = (await setup.json()) as TwoFactorSetup;
    const enable = await request.post(`${origin}/api/auth/2fa/enable`, {
      headers,
      data: { password: account.password, code: totpCode(secret) },
    });
    expect(enable.status(), await enable.text()).toBe(200);
    return { headers, codes: ((await enable.json()) as RecoveryCodes).recovery_codes };
  }

  /** The console's sign-in page: the password, then (when asked) the code. */
  async function signIn(page: Page, account: typeof OWNER, code?: string) {
    await page.goto(`${origin}/login?redirect=%2Fadmin%2Fconsole`);
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await submitLogin(page);
    if (code !== undefined) {
      await page.getByLabel('Two-factor code').fill(code);
      expect(await submitLogin(page)).toBe(200);
    }
    await expect(page).toHaveURL(`${origin}/admin/console`);
  }

  test("the owner clears a member's two-factor sign-in; the member signs in with the password and is asked to enrol", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const owner = await enrol(page.request, OWNER);
    const member = await enrol(page.request, MEMBER);
    await signIn(page, OWNER, owner.codes[0]);

    const card = page.getByRole('region', { name: 'Staff accounts' });
    const rows = card.getByRole('list', { name: 'Staff members' }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    const ownerRow = rows.filter({ hasText: OWNER.username });
    const memberRow = rows.filter({ hasText: MEMBER.username });
    await expect(ownerRow).toContainText('YouRoles: OWNERTwo-factor on');
    await expect(ownerRow.getByRole('button')).toHaveCount(0);
    await expect(memberRow).toContainText('Roles: ADMINTwo-factor on');

    await memberRow.getByRole('button', { name: `Clear two-factor for ${MEMBER.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Clear two-factor for ${MEMBER.username}?` });
    await expect(dialog).toContainText('Their authenticator app and recovery codes stop working');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Clear two-factor' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('status')).toHaveText(
      `Two-factor sign-in cleared for ${MEMBER.username}. They sign in with their password and enrol again.`,
    );
    await expect(memberRow).toContainText('Two-factor off');
    await expect(card.getByRole('button', { name: /Clear two-factor/ })).toHaveCount(0);
    const entry = page
      .getByRole('region', { name: 'Audit log' })
      .getByRole('listitem')
      .filter({ hasText: 'Two-factor cleared' });
    await expect(entry).toContainText(`${OWNER.username} · Two-factor cleared · ok`);
    await expect(entry).toContainText(MEMBER.username);

    // The member was signed out everywhere, and signs in with the password alone; the console asks
    // them to enrol again.
    const stale = await page.request.get(`${origin}/api/auth/me`, { headers: member.headers });
    expect(stale.status()).toBe(401);
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await signIn(memberPage, MEMBER);
    const notice = memberPage.getByRole('region', { name: 'Operational overview' }).getByRole('alert');
    await expect(notice).toContainText(STAFF_TWO_FACTOR_REQUIRED);
    await expect(notice.getByRole('link', { name: 'Enrol in two-factor sign-in' })).toHaveAttribute(
      'href',
      '/profile#security',
    );
    await memberContext.close();

    // A session signed in without the code (one from before the rule, which this site cannot make
    // any more: the answer is played here) is sent to sign in again, and comes back to the console.
    await page.route('**/api/admin/**', (route) =>
      route.fulfill({
        status: 403,
        json: { detail: STAFF_SIGN_IN_WITH_CODE, code: 'staff_sign_in_with_code' },
      }),
    );
    await page.reload();
    const again = page.getByRole('region', { name: 'Operational overview' }).getByRole('alert');
    await expect(again).toContainText(STAFF_SIGN_IN_WITH_CODE);
    await expectAccessible(page);
    await page.unrouteAll();
    await again.getByRole('button', { name: 'Sign out and sign in again' }).click();
    await expect(page).toHaveURL(`${origin}/login?redirect=%2Fadmin%2Fconsole`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByLabel('Username').fill(OWNER.username);
    await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await submitLogin(page);
    await page.getByLabel('Two-factor code').fill(owner.codes[1]!);
    expect(await submitLogin(page)).toBe(200);
    await expect(page).toHaveURL(`${origin}/admin/console`);
    await expect(page.getByRole('region', { name: 'Staff accounts' }).getByRole('listitem')).toHaveCount(2);
  });
});
