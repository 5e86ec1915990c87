// The console's Game servers page: the bridge inspector shows a batch refused by the site with its
// refusal, and an owner (DemoAdmin) makes a credential, sees its token once, and revokes it.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, E2E_BRIDGE_TOKEN } from './demo-accounts.ts';
import { expectAccessible, signInAs } from './fixtures.ts';

test('an owner inspects the bridge, makes a game server credential and revokes it', async ({ page }) => {
  // A batch the site refuses: it names a player who never joined.
  const ghost = randomUUID();
  const refused = await page.request.post('/api/bridge/events', {
    headers: { authorization: `Bearer ${E2E_BRIDGE_TOKEN}` },
    data: { events: [{ id: `e2e-${ghost}`, type: 'player.balance', uuid: ghost, delta: 5, reason: 'e2e' }] },
  });
  expect(refused.status()).toBe(400);

  await signInAs(page, DEMO_ADMIN);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Servers' }).click();
  await expect(page).toHaveURL(/\/admin\/servers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Game servers' })).toBeVisible();

  const servers = page.getByRole('list', { name: 'Game servers' });
  await expect(servers.getByRole('listitem').first()).toContainText('BRIDGE_TOKEN');

  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /refused: show the reasons/ }) });
  await row.first().getByRole('button').click();
  await expect(page.getByRole('list', { name: 'Refusals' }).first()).toContainText('unknown_player');
  await expectAccessible(page);

  const name = `e2e-${ghost.slice(0, 8)}`;
  await page.getByLabel('New credential for a game server').fill(name);
  await page.getByRole('button', { name: 'Create credential' }).click();
  const token = page.getByRole('region', { name: "New credential's token" });
  await expect(token).toContainText('it will not be shown again');
  await expect(token.getByRole('button', { name: 'Copy token' })).toBeVisible();
  await expect(servers.locator(`[data-server="${name}"]`)).toBeVisible();
  await token.getByRole('button', { name: 'Done, hide it' }).click();
  await expect(token).toHaveCount(0);

  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Revoke ${name}?` });
  await dialog.getByRole('button', { name: 'Revoke credential' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `The credential ${name} is revoked` }),
  ).toBeVisible();
  await expect(servers.locator(`[data-server="${name}"]`)).toContainText('Revoked');
});
