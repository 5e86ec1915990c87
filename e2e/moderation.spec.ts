// Moderation and appeals end to end (docs/punishments.md): staff mute and ban DemoPlayer from their
// page (the site runs with PUNISH_VIA=plugin: each action goes to the simulated server on its delivery
// socket, which carries it out, reports the punishment through the bridge naming the action, and
// acknowledges it with the game's answer), DemoPlayer appeals both from their profile, staff deny one
// and accept the other in the console (where the appeals arrive on the open queue), and the player's
// open profile shows each answer as it is given.
import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_PLAYER, type DemoAccount } from './demo-accounts.ts';
import { appStarted, expectAccessible, signInAs } from './fixtures.ts';

test.use({ viewport: { width: 1280, height: 900 } });

async function signedIn(browser: Browser, account: DemoAccount): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInAs(page, account);
  return page;
}

const APPEAL = 'I was helping a new player find the mine exit, not spamming. Please check the chat log.';

test('staff punish from a player’s page; the player appeals; staff deny one appeal and accept the other, live on the profile', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // This run's own reasons: the rows of this run, whatever an earlier one left.
  const run = randomUUID().slice(0, 6);
  const muteReason = `Caps in chat ${run}`;
  const banReason = `X-ray ${run}`;
  const staff = await signedIn(browser, DEMO_ADMIN);
  const player = await signedIn(browser, DEMO_PLAYER);

  // From DemoPlayer's page: a mute for a day, then a ban for a week.
  await staff.goto(`/players/${DEMO_PLAYER.username}`);
  await appStarted(staff);
  for (const [type, duration, reason, send] of [
    ['Mute', '1 day', muteReason, 'Mute player'],
    ['Ban', '7 days', banReason, 'Ban player'],
  ] as const) {
    await staff.getByRole('button', { name: 'Punish' }).click();
    const dialog = staff.getByRole('dialog', { name: `Punish ${DEMO_PLAYER.username}` });
    // The choices are labels around visually hidden radios: a click on the words picks one.
    await dialog.getByText(type, { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: type })).toBeChecked();
    await dialog.getByText(duration, { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: duration })).toBeChecked();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
    if (type === 'Mute') await expectAccessible(staff);
    await dialog.getByRole('button', { name: send }).click();
    // Handed to the game server's plugin, which answers a moment later.
    await expect(dialog.getByRole('status')).toContainText(
      /Sent to the game server|the game server has not answered yet/,
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
  }
  // The game reports the ban: the page says so by itself.
  const notice = staff.getByTestId('ban-notice');
  await expect(notice).toContainText(`${DEMO_PLAYER.username} is banned`, { timeout: 20_000 });
  await expect(notice).toContainText(banReason);
  // The console shows each action as the game server carried it out, with its answer.
  await staff.goto('/admin/moderation');
  const sent = staff.getByRole('list', { name: 'Sent to the game server' });
  for (const [kind, reason] of [
    ['muted for 1 day', muteReason],
    ['banned for 7 days', banReason],
  ] as const) {
    const action = sent.locator('li').filter({ hasText: reason });
    await expect(action).toContainText(`${DEMO_PLAYER.username} has been ${kind} by ${DEMO_ADMIN.username}`, {
      timeout: 20_000,
    });
    await expect(action.locator('[data-state="sent"]')).toBeVisible();
  }

  // Staff keep the appeals queue open: it follows the console's live feed.
  const feed = staff.waitForEvent('websocket', (ws) => ws.url().includes('/api/admin/moderation/ws'));
  await staff.goto('/admin/appeals');
  await feed;

  // DemoPlayer appeals both from their profile.
  await player.goto('/profile');
  const card = player.locator('section#punishments');
  const row = (reason: string) => card.locator('li').filter({ hasText: reason });
  for (const [reason, button, title] of [
    [muteReason, 'Appeal this mute', 'Appeal your mute'],
    [banReason, 'Appeal this ban', 'Appeal your ban'],
  ] as const) {
    await row(reason).getByRole('button', { name: button }).click();
    const dialog = player.getByRole('dialog', { name: title });
    await dialog.getByRole('textbox', { name: 'Your appeal' }).fill(APPEAL);
    await dialog.getByRole('button', { name: 'Send appeal' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(reason).locator('[data-appeal="open"]')).toBeVisible();
  }
  await expectAccessible(player);

  // Staff answer in the console, where the appeals came without a reload; the player's open profile
  // follows each answer.
  // An appeal by the punishment it is about (each also lists the player's other punishments).
  const appeal = (reason: string) =>
    staff.locator('article[data-appeal]').filter({
      has: staff.getByRole('region', { name: 'Punishment', exact: true }).filter({ hasText: reason }),
    });
  await expect(appeal(muteReason)).toBeVisible({ timeout: 20_000 });
  await expect(appeal(banReason)).toBeVisible({ timeout: 20_000 });
  await expectAccessible(staff);
  await appeal(muteReason)
    .getByRole('textbox', { name: `Reply to ${DEMO_PLAYER.username}` })
    .fill('The log shows 40 lines in caps.');
  await appeal(muteReason).getByRole('button', { name: 'Deny' }).click();
  await expect(row(muteReason).locator('[data-appeal="denied"]')).toContainText(
    'The log shows 40 lines in caps.',
  );

  await appeal(banReason)
    .getByRole('textbox', { name: `Reply to ${DEMO_PLAYER.username}` })
    .fill('Fair: we found the real culprit.');
  await appeal(banReason).getByRole('button', { name: 'Accept and lift' }).click();
  await expect(row(banReason).locator('[data-appeal="accepted"]')).toContainText(
    'Fair: we found the real culprit.',
  );
  // The game lifts the ban: the player's page no longer says it.
  await staff.goto(`/players/${DEMO_PLAYER.username}`);
  await expect(staff.getByTestId('ban-notice')).toHaveCount(0, { timeout: 20_000 });

  await staff.context().close();
  await player.context().close();
});
