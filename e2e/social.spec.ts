import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { postBridgeEvents } from './bridge.ts';
import { DEMO_PLAYER, DEMO_PLAYER_UUID } from './demo-accounts.ts';
import { expectAccessible, signInAs } from './fixtures.ts';

test('the social hub shows your gang, your friends and the gang browser, live', async ({ page }) => {
  await signInAs(page, DEMO_PLAYER);
  await page.goto('/social');
  await expect(page.getByRole('heading', { level: 1, name: 'Social hub' })).toBeVisible();

  const yourGang = page.locator('#your-gang');
  await expect(yourGang.getByText(/^Your role:/)).toBeVisible({ timeout: 30_000 });
  await expect(yourGang.getByText('Entry requirement')).toBeVisible();
  await expect(yourGang.getByRole('heading', { name: 'Member roster' })).toBeVisible();
  await expect(yourGang.locator('li').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Jump to your gang' })).toHaveAttribute('href', '#your-gang');

  const friends = page.locator('#friends [data-friend]');
  await expect(friends.first()).toBeVisible();
  await expect(friends.first().getByText('Friends since')).toBeVisible();

  const gangs = page.locator('#gang-browser [data-gang]');
  await expect(gangs.first()).toBeVisible();
  const total = await gangs.count();
  await expectAccessible(page);

  // The browser's search: by name or status, with an empty state that clears.
  const search = page.getByRole('searchbox', { name: 'Search by name or status' });
  await search.fill('invite only');
  for (const badge of await gangs.locator('[data-tone]').allTextContents()) expect(badge).toBe('Invite only');
  await search.fill('no gang is called this');
  await expect(page.getByText('No gangs matched that search.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(gangs).toHaveCount(total);

  // A new friend comes online in game: the card appears, online, without a reload.
  const uuid = randomUUID();
  const username = `Pal${uuid.slice(0, 6)}`;
  await postBridgeEvents(page.request, [
    { type: 'player.join', uuid, username },
    { type: 'player.quit', uuid },
    { type: 'friend.add', uuid: DEMO_PLAYER_UUID, friend_uuid: uuid },
  ]);
  const pal = page.locator(`[data-friend="${username}"]`);
  await expect(pal).toHaveAttribute('data-online', 'false', { timeout: 10_000 });
  await postBridgeEvents(page.request, [{ type: 'player.join', uuid, username }]);
  await expect(pal).toHaveAttribute('data-online', 'true', { timeout: 10_000 });
  await expect(pal.getByText('Online now')).toBeVisible();
  await postBridgeEvents(page.request, [
    { type: 'friend.remove', uuid: DEMO_PLAYER_UUID, friend_uuid: uuid },
  ]);
  await expect(pal).toHaveCount(0, { timeout: 10_000 });
});

test('a signed-out visitor on /social is asked to link their account and can browse gangs', async ({
  page,
}) => {
  await page.goto('/social');
  await expect(page.getByText('Link your account to reveal your gang.')).toBeVisible();
  await expect(page.locator('#your-gang').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/login?redirect=/social',
  );
  await expect(page.getByRole('link', { name: 'Browse gangs' })).toHaveAttribute('href', '#gang-browser');
  await expect(page.locator('#gang-browser [data-gang]').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Reconnecting to live updates…')).toHaveCount(0);
  await expectAccessible(page);
});

test('the gang list says when its live connection is lost', async ({ page }) => {
  await page.routeWebSocket(/\/api\/gangs\/ws/, (ws) => ws.close());
  await page.goto('/social');
  await expect(page.getByText('Connection lost. Reconnecting…')).toBeVisible();
});
