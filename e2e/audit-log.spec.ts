import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN } from './demo-accounts.ts';
import { expectAccessible, signInAs } from './fixtures.ts';

test('a command sent from the console is in the audit log, which filters by action and actor', async ({
  page,
}) => {
  await signInAs(page, DEMO_ADMIN);
  await page.goto('/admin/console');
  const log = page.getByRole('region', { name: 'Audit log' });
  const command = `say audit ${randomUUID().slice(0, 8)}`;
  await page.getByRole('textbox', { name: 'Command' }).fill(command);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator(`[data-command="${command}"]`)).toContainText('[Server] audit');

  // Its entry: the target, who sent it, the action and how it went, with its time.
  const entry = log.getByRole('listitem').filter({ hasText: `> ${command}` });
  await expect(entry).toContainText(`${DEMO_ADMIN.username} · Command · ok`);
  await expect(entry.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expectAccessible(page);

  const action = log.getByLabel('Action');
  await action.selectOption({ label: 'Command' });
  await expect(entry).toBeVisible();
  await expect(log.getByRole('listitem').filter({ hasNotText: '· Command ·' })).toHaveCount(0);
  await action.selectOption({ label: 'Doc deleted' });
  await expect(entry).toHaveCount(0);
  await action.selectOption({ label: 'All actions' });
  await expect(entry).toBeVisible();

  const actor = log.getByLabel('Actor');
  await actor.fill(DEMO_ADMIN.username.toLowerCase());
  await expect(entry).toBeVisible();
  await actor.fill('NoSuchStaff');
  await expect(log.getByText('Nothing recorded matches these filters.')).toBeVisible();
  await expectAccessible(page);
});
