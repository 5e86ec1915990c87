import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { postBridgeEvents } from './bridge.ts';
import { DEMO_PLAYER } from './demo-accounts.ts';
import { expectAccessible, signInAs } from './fixtures.ts';

/** A player of this test's own, played through the bridge: online, and unique to this run. */
function newPlayer(prefix: string) {
  const uuid = randomUUID();
  return { uuid, username: `${prefix}${uuid.slice(0, 6)}` };
}

const hero = (page: Page, username: string) => page.getByRole('region', { name: username, exact: true });

test('from a leaderboard row to the player page, and on to their gang', async ({ page }) => {
  test.setTimeout(180_000);
  const ace = newPlayer('Ace');
  const gang = { id: `e2e-${ace.uuid.slice(0, 8)}`, name: `Aces ${ace.uuid.slice(0, 4)}` };
  // The highest level there is: the player tops the level ranking.
  await postBridgeEvents(page.request, [
    { type: 'player.join', ...ace },
    {
      type: 'player.progress',
      uuid: ace.uuid,
      xp_delta: 5_000_000,
      level: 100_000,
      prestige: 3,
      rank: 'ARCHON',
    },
    { type: 'player.stats', uuid: ace.uuid, set: { BLOCKS_BROKEN: 123_456, TIME_PLAYED: 7_384 } },
    { type: 'gang.upsert', gang_id: gang.id, name: gang.name, status: 'Open', color: 'gold', min_level: 40 },
    { type: 'gang.member', gang_id: gang.id, uuid: ace.uuid, role: 'Leader' },
    { type: 'activity', actor_uuid: ace.uuid, activity_type: 'LEVEL_UP', activity_text: '{"level":100000}' },
  ]);

  await page.goto('/leaderboard');
  const row = page.getByRole('table').locator('tbody tr').filter({ hasText: ace.username });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.getByRole('link', { name: ace.username }).click();

  await expect(page).toHaveURL(`/players/${ace.username}`);
  await expect(page.getByRole('heading', { level: 1, name: ace.username })).toBeVisible();
  // The page's own title, once, in the head.
  await expect(page).toHaveTitle(`${ace.username} · Vaultbreak`);
  await expect(page.locator('title')).toHaveCount(1);
  await expect(hero(page, ace.username).getByText('ARCHON')).toBeVisible();
  await expect(hero(page, ace.username).getByText('100,000', { exact: true })).toBeVisible();
  await expect(hero(page, ace.username).getByText('Online now')).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Blocks' }).getByText('123,456')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Time' }).getByText('2h 3m 4s')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Milestones', exact: true })).toContainText(
    `${ace.username} reached level 100000`,
  );
  await expectAccessible(page);

  // The uuid address and any case of the name lead to the same page.
  await page.goto(`/players/${ace.uuid}`);
  await expect(page).toHaveURL(`/players/${ace.username}`);
  await page.goto(`/players/${ace.username.toLowerCase()}`);
  await expect(page.getByRole('heading', { level: 1, name: ace.username })).toBeVisible();
  // Sent by the server, hydrated: still the one title.
  await expect(page).toHaveTitle(`${ace.username} · Vaultbreak`);
  await expect(page.locator('title')).toHaveCount(1);

  await page
    .getByRole('region', { name: 'Gang', exact: true })
    .getByRole('link', { name: gang.name })
    .click();
  await expect(page).toHaveURL(`/gangs/${gang.id}`);
  await expect(page.getByRole('heading', { level: 1, name: gang.name })).toBeVisible();
  const card = page.getByRole('region', { name: gang.name, exact: true });
  await expect(card.getByText('Open', { exact: true })).toBeVisible();
  await expect(card.getByText('Level 40')).toBeVisible();
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('link', { name: ace.username })).toHaveAttribute(
    'href',
    `/players/${ace.username}`,
  );
  await expect(page.getByRole('list', { name: 'Recent milestones' })).toContainText(ace.username);
  await expectAccessible(page);
});

test('unknown players and gangs say so, with somewhere to go', async ({ page }) => {
  await page.goto('/players/NoSuchPlayer_1');
  await expect(page.getByRole('heading', { name: "We couldn't find that player." })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse the leaderboard' })).toHaveAttribute(
    'href',
    '/leaderboard',
  );
  await expectAccessible(page);

  // A name no player can have (17 characters or more) is not found either, not a page to load again.
  const tooLong = await page.goto('/players/ThisNameIsFarTooLongForMinecraft');
  expect(tooLong?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: "We couldn't find that player." })).toBeVisible();
  await expect(page).toHaveTitle('Player not found · Vaultbreak');
  await expect(page.locator('title')).toHaveCount(1);
  await page.getByRole('link', { name: 'Browse the leaderboard' }).click();
  await expect(page).toHaveTitle('Leaderboard · Vaultbreak');
  // Reached inside the app (as a link or the history does), asked of the API by the browser.
  for (const name of ['Not-a-name!', '0b6f8a52-3c1d-4e7f-9a2b-5c6d7e8f9a0g']) {
    const answered = page.waitForResponse((res) => res.url().includes('/api/players/by-name/'));
    await page.evaluate(
      (path) => {
        history.pushState(null, '', path);
        dispatchEvent(new PopStateEvent('popstate'));
      },
      `/players/${encodeURIComponent(name)}`,
    );
    expect((await answered).status(), name).toBe(400);
    await expect(page.getByRole('heading', { name: "We couldn't find that player." })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(page).toHaveTitle('Player not found · Vaultbreak');
    await page.goBack();
    await expect(page).toHaveTitle('Leaderboard · Vaultbreak');
  }

  await page.goto('/gangs/no-such-gang');
  await expect(page.getByRole('heading', { name: "We couldn't find that gang." })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse gangs' })).toHaveAttribute(
    'href',
    '/social#gang-browser',
  );

  // An id no gang can have (gang ids are 1 to 64 printable ASCII characters) is not found either.
  const tooLongId = await page.goto(`/gangs/${'g'.repeat(65)}`);
  expect(tooLongId?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: "We couldn't find that gang." })).toBeVisible();
  await expect(page).toHaveTitle('Gang not found · Vaultbreak');
  await expect(page.locator('title')).toHaveCount(1);
  await page.getByRole('link', { name: 'Browse gangs' }).click();
  await expect(page).toHaveTitle('Social hub · Vaultbreak');
  // Reached inside the app, asked of the API by the browser.
  for (const id of ['night shift', 'naïve']) {
    const answered = page.waitForResponse((res) => res.url().includes('/api/gangs/'));
    await page.evaluate(
      (path) => {
        history.pushState(null, '', path);
        dispatchEvent(new PopStateEvent('popstate'));
      },
      `/gangs/${encodeURIComponent(id)}`,
    );
    expect((await answered).status(), id).toBe(400);
    await expect(page.getByRole('heading', { name: "We couldn't find that gang." })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(page).toHaveTitle('Gang not found · Vaultbreak');
    await page.goBack();
    await expect(page).toHaveTitle('Social hub · Vaultbreak');
  }
});

test('a player leaving the game shows on their page at once', async ({ page }) => {
  const player = newPlayer('Quit');
  await postBridgeEvents(page.request, [{ type: 'player.join', ...player }]);
  await page.goto(`/players/${player.username}`);
  const presence = hero(page, player.username);
  await expect(presence.getByText('Online now')).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();

  await postBridgeEvents(page.request, [{ type: 'player.quit', uuid: player.uuid }]);
  await expect(presence.getByText('Last seen just now')).toBeVisible({ timeout: 10_000 });
  await expect(presence.getByText('Online now')).toHaveCount(0);
});

test('a balance above 10^15 shows to the cent, and moves live', async ({ page }) => {
  const whale = newPlayer('Whale');
  // Above 2^53: sent as a JSON number it would read $4,000,000,000,000,007.50.
  await postBridgeEvents(page.request, [
    { type: 'player.join', ...whale },
    { type: 'player.balance', uuid: whale.uuid, delta: '4000000000000007.35', reason: 'e2e' },
  ]);
  await page.goto(`/players/${whale.username}`);
  const figures = hero(page, whale.username);
  await expect(figures.getByText('$4,000,000,000,000,007.35', { exact: true })).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();

  await postBridgeEvents(page.request, [
    { type: 'player.balance', uuid: whale.uuid, delta: '0.05', reason: 'e2e' },
  ]);
  await expect(figures.getByText('$4,000,000,000,000,007.40', { exact: true })).toBeVisible({
    timeout: 10_000,
  });
});

test('a player hides their statistics on /profile and their public page stops showing them', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await signInAs(page, DEMO_PLAYER);
  // A visitor has the page open all along: it changes as the switch moves.
  const visitorContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/players/${DEMO_PLAYER.username}`);
  await expect(visitor.getByRole('heading', { level: 1, name: DEMO_PLAYER.username })).toBeVisible({
    timeout: 30_000,
  });
  await expect(visitor.getByRole('heading', { name: 'Statistics', exact: true })).toBeVisible();

  await page.goto('/profile');
  const privacy = page.getByRole('region', { name: 'Privacy' });
  const toggle = privacy.getByRole('switch', { name: 'Hide my statistics' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false', { timeout: 30_000 });
  await expectAccessible(page);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(privacy).toContainText('Hidden: visitors read that you keep your statistics private.');

  const note = `${DEMO_PLAYER.username} keeps their statistics private.`;
  await expect(visitor.getByRole('heading', { name: note })).toBeVisible({ timeout: 10_000 });
  await expect(visitor.getByRole('heading', { name: 'Statistics', exact: true })).toHaveCount(0);
  await expect(visitor.getByRole('heading', { name: 'Milestones', exact: true })).toHaveCount(0);
  // Name, rank and level stay public.
  await expect(hero(visitor, DEMO_PLAYER.username).getByText('Level', { exact: true })).toBeVisible();

  // A fresh visit reads the same, and so does the switch after a reload.
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: note })).toBeVisible();
  await expectAccessible(visitor);
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-checked', 'true', { timeout: 30_000 });

  // Shown again: the other tests find the demo player's page as it was.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(visitor.getByRole('heading', { name: 'Statistics', exact: true })).toBeVisible({
    timeout: 10_000,
  });
  await visitorContext.close();
});
