// Punishments in public (docs/punishments.md): a visitor browses the list the simulated server's
// moderation filled, by type and by name, opens one punishment and the punished player's history;
// nothing silent, no address and no staff note is ever on the way.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { postBridgeEvents } from './bridge.ts';
import { appStarted, expectAccessible } from './fixtures.ts';

test.use({ viewport: { width: 1280, height: 900 } });

test('a visitor browses and searches the punishments, opens one and the player’s history', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A punishment of a player of its own, so the search has one name to find, and a silent one of
  // the same player with an address and a note, which must stay out of every page.
  const name = `Pun${randomUUID().slice(0, 8)}`;
  const uuid = randomUUID();
  await postBridgeEvents(page.request, [
    { type: 'player.join', uuid, username: name },
    {
      type: 'punishment.issued',
      punishment_id: `e2e-${randomUUID()}`,
      punishment_type: 'mute',
      uuid,
      username: name,
      staff: { uuid: randomUUID(), username: 'ModMorgan' },
      reason: 'Caps spam in the mines',
      until: new Date(Date.now() + 86_400_000).toISOString(),
    },
    {
      type: 'punishment.issued',
      punishment_id: `e2e-${randomUUID()}`,
      punishment_type: 'ban',
      uuid,
      username: name,
      staff: null,
      reason: 'secret silent reason',
      silent: true,
      by_address: true,
      address: '203.0.113.99',
      note: 'secret staff note',
    },
  ]);

  await page.goto('/punishments');
  await expect(page.getByRole('heading', { level: 1, name: 'Punishments' })).toBeVisible();
  const rows = page.locator('li[data-punishment]');
  await expect(rows.first()).toBeVisible();
  await appStarted(page);
  await expectAccessible(page);

  // One type at a time: the tab is in the address, and every row is of that type.
  await page.getByRole('link', { name: /^Bans/ }).click();
  await expect(page).toHaveURL(/[?&]type=ban/);
  await expect(rows.locator('[data-type]:not([data-type="ban"])')).toHaveCount(0);
  await expect(rows.locator('[data-type="ban"]').first()).toBeVisible();

  // By a name: the player's own mute, and nothing of the silent ban.
  await page.getByRole('link', { name: /^All/ }).click();
  await page.getByRole('searchbox', { name: 'Player or staff member' }).fill(name.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`[?&]q=${name.toLowerCase()}`));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Caps spam in the mines');
  await expect(rows.first()).toContainText('ModMorgan');
  // The staff member's name finds it too.
  await page.getByRole('searchbox', { name: 'Player or staff member' }).fill('modmorgan');
  await expect(page).toHaveURL(/[?&]q=modmorgan/);
  await expect(rows.filter({ hasText: 'Caps spam in the mines' })).toHaveCount(1);

  // The punishment's own page, then the player's.
  await rows
    .filter({ hasText: 'Caps spam in the mines' })
    .getByRole('link', { name: 'Caps spam in the mines' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Mute #\d+/ })).toBeVisible();
  await expect(page.getByText('In force', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: `${name}'s page` }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const history = page.getByRole('region', { name: 'Punishment history' });
  await expect(history).toContainText('Caps spam in the mines');
  await expectAccessible(page);

  for (const secret of ['secret silent reason', '203.0.113.99', 'secret staff note']) {
    await expect(page.locator('body')).not.toContainText(secret);
    expect(await (await page.request.get(`/players/${name}`)).text()).not.toContain(secret);
    expect(await (await page.request.get(`/punishments?q=${name}`)).text()).not.toContain(secret);
  }
});
