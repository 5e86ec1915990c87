// The console's Discord webhooks page (docs/discord.md): an owner (DemoAdmin) adds an address of a
// local receiver standing in for Discord, sends a test message, and sees an event reach it; an
// address Discord refuses parks its message, shown with Discord's answer, and Retry sends it once the
// address works again. The page passes axe.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, E2E_BRIDGE_TOKEN } from './demo-accounts.ts';
import { expectAccessible, signInAs } from './fixtures.ts';
import { type Receiver, receiverAddress, startReceiver } from './support/webhook-receiver.ts';

let receiver: Receiver;
test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterAll(async () => {
  await receiver?.close();
});

test('an owner adds a webhook, tests it, sees an event arrive, and retries a parked message', async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 8);
  const [working, gone] = [`ok${tag}`, `gone${tag}`];
  receiver.refuse(gone, true);

  await signInAs(page, DEMO_ADMIN);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(/\/admin\/webhooks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Discord webhooks' })).toBeVisible();

  // An address elsewhere than Discord's is refused, with the reason under the field.
  const address = page.getByLabel('Webhook address');
  await address.fill('https://example.com/api/webhooks/1/abcdefghijklmnopqrstuvwxyz');
  await page.getByRole('checkbox', { name: 'Punishments', description: /A ban, mute/ }).check();
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.getByText(/not one of its hosts/)).toBeVisible();

  for (const name of [working, gone]) {
    await address.fill(receiverAddress(name));
    await page.getByRole('checkbox', { name: 'Punishments', description: /A ban, mute/ }).check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await expect(page.getByText('Added: it is listed with its address masked.')).toBeVisible();
  }
  const list = page.getByRole('list', { name: 'Webhooks' });
  const item = (name: string) => list.getByRole('listitem').filter({ hasText: `/${name.slice(0, 4)}…` });
  // The address is never shown back in full.
  await expect(list).not.toContainText('e2e-token-0123456789abcdefghij');
  await expect(item(working)).toHaveCount(1);

  await item(working).getByRole('button', { name: 'Send a test message' }).click();
  await expect(item(working).getByText('Sent: Discord answered 204.')).toBeVisible();
  expect(receiver.titles(working)).toEqual(['Test message from Vaultbreak']);
  await expectAccessible(page);

  // The game server reports a ban: both addresses are told; one delivers it, the other parks it.
  const player = `Webhook_${tag.slice(0, 6)}`;
  const events = await page.request.post('/api/bridge/events', {
    headers: { authorization: `Bearer ${E2E_BRIDGE_TOKEN}` },
    data: {
      events: [
        {
          id: `e2e-ban-${tag}`,
          type: 'punishment.issued',
          punishment_id: `e2e-ban-${tag}`,
          punishment_type: 'ban',
          uuid: randomUUID(),
          username: player,
          staff: null,
          reason: 'Testing the webhooks',
        },
      ],
    },
  });
  expect(events.status()).toBe(200);
  const title = `${player} was given a ban`;
  await expect.poll(() => receiver.titles(working), { timeout: 20_000 }).toContain(title);

  const parked = item(gone).getByRole('region', { name: 'Parked messages' });
  await expect(parked).toContainText(title, { timeout: 20_000 });
  await expect(parked).toContainText('Discord answered 404 Not Found: Unknown Webhook');
  await expectAccessible(page);

  receiver.refuse(gone, false);
  await parked.getByRole('button', { name: `Retry “${title}”` }).click();
  await expect.poll(() => receiver.titles(gone), { timeout: 20_000 }).toEqual([title]);
  await expect(item(gone).getByRole('region', { name: 'Parked messages' })).toHaveCount(0, {
    timeout: 20_000,
  });
});
