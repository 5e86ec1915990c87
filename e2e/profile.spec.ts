import { expect, type Page, test } from '@playwright/test';
import { DEMO_PLAYER } from './demo-accounts.ts';
import { expectAccessible, signInAs } from './fixtures.ts';

const KINDS: Record<string, string[]> = {
  Messages: ['private-message'],
  Chat: ['chat'],
  Joins: ['presence'],
  'Level Ups': ['level-up'],
  'G-Kits': ['gkit'],
};

async function openProfile(page: Page) {
  await signInAs(page, DEMO_PLAYER);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'DemoPlayer' })).toBeVisible({ timeout: 30_000 });
}

test('the profile shows the hero, the social cards and every activity filter', async ({ page }) => {
  await openProfile(page);
  await expect(page.getByText(/^Last refreshed /)).toBeVisible();
  const hero = page.locator('section[aria-labelledby="profile-name"]');
  for (const label of ['Level', 'Prestige', 'Lifetime XP', 'Balance']) {
    await expect(hero.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(hero.getByText(/^\$[\d,]+(\.\d{1,2})?$/)).toBeVisible();
  const bar = page.getByRole('progressbar');
  const percent = Number(await bar.getAttribute('aria-valuenow'));
  expect(percent).toBeGreaterThanOrEqual(0);
  expect(percent).toBeLessThanOrEqual(100);
  await expect(hero.getByText(/\d+% complete/)).toBeVisible();
  await expect(hero.getByText(/XP remaining/)).toBeVisible();

  // The demo player is in a gang and has friends.
  await expect(page.getByRole('region', { name: 'Gang status' })).toContainText(/online/);
  await expect(page.getByRole('region', { name: 'Friends' })).toContainText(/\d+ \/ \d+ online/);
  const gangCard = page.getByRole('region', { name: 'Gang status' });
  await expect(gangCard.getByRole('link', { name: 'View your gang' })).toHaveAttribute(
    'href',
    '/social#your-gang',
  );
  // The gang's name opens its public page.
  await expect(gangCard.getByRole('link').first()).toHaveAttribute('href', /^\/gangs\//);

  // Activity is the first tab; All shows the latest entries.
  await expect(page.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
  const entries = page.locator('[data-activity]');
  await expect(entries.first()).toBeVisible();
  const all = await entries.count();
  expect(all).toBeGreaterThan(0);
  expect(all).toBeLessThanOrEqual(10);
  await expectAccessible(page);

  for (const [chip, kinds] of Object.entries(KINDS)) {
    await page.getByRole('button', { name: chip, exact: true }).click();
    await expect(page.getByRole('button', { name: chip, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const shown = await entries.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-activity')));
    if (shown.length === 0) {
      await expect(page.getByText('No activity entries match this filter yet.')).toBeVisible();
    } else {
      for (const kind of shown) expect(kinds).toContain(kind);
    }
  }
  await page.getByRole('button', { name: 'Other', exact: true }).click();
  const others = await entries.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-activity')));
  for (const kind of others) expect(kind).toBe('generic');
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(entries.first()).toBeVisible();
});

test('the profile lists statistics by category and every G-Kit with a live countdown', async ({ page }) => {
  await openProfile(page);

  await page.getByRole('tab', { name: 'Statistics' }).click();
  await expect(page.getByText(/^\d+ categories · \d+ metrics$/)).toBeVisible();
  const blocks = page.getByRole('region', { name: 'Blocks' });
  await expect(blocks.getByText('Blocks Broken')).toBeVisible();
  const time = page.getByRole('region', { name: 'Time' });
  // Durations read as days, hours, minutes and seconds.
  await expect(time.locator('dd').first()).toHaveText(/^(\d+d )?(\d+h )?(\d+m )?\d+s$/);
  await expect(page.getByText('Momentum', { exact: true })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'G-Kits' }).click();
  const kits = page.locator('[data-gkit]');
  await expect(kits).toHaveCount(6);
  // The demo player's kits show every state.
  for (const badge of ['Locked', 'Cooldown', 'Ready']) {
    await expect(kits.getByText(badge, { exact: true }).first()).toBeVisible();
  }
  await expect(kits.getByText('Unlock this G-Kit to begin claiming rewards.').first()).toBeVisible();
  await expect(kits.getByText('Ready to claim').first()).toBeVisible();
  const cooling = kits.filter({ hasText: 'Cooldown' }).first();
  const countdown = cooling.locator('dd').nth(1).locator('span').first();
  const before = await countdown.textContent();
  expect(before).toMatch(/^(\d+d )?(\d+h )?(\d+m )?\d+s$/);
  await expect(countdown).not.toHaveText(before ?? '', { timeout: 3000 });
  await expect(cooling.getByText(/^Available /)).toBeVisible();
  await expectAccessible(page);
});

test('a signed-out visitor is asked to sign in on /profile', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByRole('link', { name: 'Sign in', exact: true }).last()).toHaveAttribute(
    'href',
    '/login?redirect=/profile',
  );
});
