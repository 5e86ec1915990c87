// Linking a Discord account (issue 33) through the local OAuth2 server standing in for Discord's
// (e2e/support/discord-stand-in.ts): its own sign-in and consent pages, in the browser.
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { postBridgeEvents } from './bridge.ts';
import { appStarted, expectAccessible, signInAs } from './fixtures.ts';
import { DISCORD_STAND_IN_ORIGIN } from './support/discord.ts';

const PASSWORD = 'discord-journey-password';

/** A player of their own, signed in: the demo accounts stay unlinked for the other journeys. */
async function newPlayer(page: Page) {
  const uuid = randomUUID();
  const username = `Cord${uuid.slice(0, 8)}`;
  await postBridgeEvents(page.request, [
    { type: 'player.join', uuid, username },
    { type: 'account.password', uuid, password: PASSWORD },
  ]);
  await signInAs(page, { username, password: PASSWORD });
  return { uuid, username };
}

async function openProfile(page: Page, username: string) {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 2, name: username })).toBeVisible({ timeout: 30_000 });
  await appStarted(page);
  return page.getByRole('region', { name: 'Discord' });
}

/** On the stand-in's pages: sign in as `account` (any password), then allow or cancel. */
async function throughDiscord(page: Page, account: string, allow: boolean) {
  await expect(page).toHaveURL(new RegExp(`^${DISCORD_STAND_IN_ORIGIN}/interaction/`));
  await page.locator('input[name="login"]').fill(account);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  if (allow) await page.getByRole('button', { name: 'Continue' }).click();
  else await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await expect(page).toHaveURL(/localhost:\d+\/profile/);
}

test('a player links their Discord account, sees its name on their page, and unlinks it', async ({
  page,
}) => {
  const { username } = await newPlayer(page);
  const discordName = `Nelly${randomUUID().slice(0, 6)}`;

  let card = await openProfile(page, username);
  await expect(card.getByText('Not linked.', { exact: false })).toBeVisible();
  await expectAccessible(page);

  await card.getByRole('button', { name: 'Link Discord account' }).click();
  await throughDiscord(page, discordName, true);

  // Back on the profile, which says so and drops the word from its address.
  card = page.getByRole('region', { name: 'Discord' });
  await expect(card.getByText('Your Discord account is linked.')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText(`Linked as ${discordName}`)).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(card.getByRole('button', { name: 'Unlink' })).toBeInViewport();
  await expectAccessible(page);

  // The public page shows the name, with Discord's mark.
  await page.goto(`/players/${username}`);
  const hero = page.locator('section[aria-labelledby="player-name"]');
  await expect(hero.getByTitle('Discord account')).toHaveText(`Discord: ${discordName}`);
  await expectAccessible(page);

  // Unlinking is one click, and the name leaves the public page.
  card = await openProfile(page, username);
  await card.getByRole('button', { name: 'Unlink' }).click();
  await expect(card.getByRole('button', { name: 'Link Discord account' })).toBeVisible();
  await expect(card.getByText(discordName)).toHaveCount(0);
  await page.goto(`/players/${username}`);
  await expect(page.getByRole('heading', { level: 1, name: username })).toBeVisible();
  await expect(page.getByTitle('Discord account')).toHaveCount(0);
});

test('a player who cancels on Discord is told nothing changed, and can try again', async ({ page }) => {
  const { username } = await newPlayer(page);
  const card = await openProfile(page, username);
  await card.getByRole('button', { name: 'Link Discord account' }).click();
  await throughDiscord(page, `Shy${randomUUID().slice(0, 6)}`, false);
  await expect(page.getByRole('region', { name: 'Discord' }).getByRole('alert')).toHaveText(
    'Discord was not allowed to link your account, so nothing changed.',
  );
  await expect(
    page.getByRole('region', { name: 'Discord' }).getByRole('button', { name: 'Link Discord account' }),
  ).toBeVisible();
  await expectAccessible(page);
});
