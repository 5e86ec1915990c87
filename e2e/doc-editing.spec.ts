// Staff edit, delete and restore docs against the real demo server, and every open page follows
// (issue 15 Docs).
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from './demo-accounts.ts';
import { expectAccessible, signInAs } from './fixtures.ts';

const index = (page: Page) => page.getByRole('region', { name: 'Docs Index' });
const reader = (page: Page) => page.getByRole('article');
const editor = (page: Page) => page.getByRole('region', { name: /^Edit “/ });

test.use({ viewport: { width: 1280, height: 900 } });

/** A page of its own browser context, signed in as the demo admin, or a guest's. */
async function openPage(browser: Browser, baseURL: string | undefined, signedIn: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  if (signedIn) await signInAs(page, DEMO_ADMIN);
  return page;
}

/** A doc of this test's own, created through the API with the signed-in page's session. */
async function createDoc(page: Page, title: string, content: string): Promise<string> {
  await page.goto('/docs');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.post('/api/docs', {
    headers: { authorization: `Bearer ${token}` },
    data: { title, content },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { slug: string }).slug;
}

test('an edit shows in another browser without reloading', async ({ browser }, testInfo) => {
  const { baseURL } = testInfo.project.use;
  const writer = await openPage(browser, baseURL, true);
  const visitor = await openPage(browser, baseURL, false);
  const title = `Visiting Hours ${Date.now()}`;
  const slug = await createDoc(writer, title, 'Open on Saturdays.');

  await visitor.goto(`/docs?doc=${slug}`);
  await expect(reader(visitor).getByText('Open on Saturdays.')).toBeVisible();
  await expect(reader(visitor).getByRole('button', { name: 'Edit' })).toHaveCount(0);

  await writer.goto(`/docs?doc=${slug}`);
  await reader(writer).getByRole('button', { name: 'Edit' }).click();
  await expect(editor(writer).getByLabel('Title')).toHaveValue(title);
  await expect(editor(writer).getByText(/^Its address stays/)).toContainText(`/docs/${slug}`);
  await editor(writer).getByLabel('Title').fill(`${title} (summer)`);
  await editor(writer).getByLabel('Markdown content').fill('Open on **Saturdays and Sundays**.');
  await expect(editor(writer).getByRole('heading', { name: 'Preview' })).toBeVisible();
  await expectAccessible(writer);
  await editor(writer).getByRole('button', { name: 'Save changes' }).click();
  await expect(reader(writer).getByRole('status')).toHaveText('Saved as revision 2');
  await expect(writer).toHaveURL(new RegExp(`\\?doc=${slug}$`));

  // The visitor's page follows by itself: no reload.
  await expect(reader(visitor).getByText('Saturdays and Sundays')).toBeVisible();
  await expect(reader(visitor).getByRole('heading', { level: 2 })).toHaveText(`${title} (summer)`);
  await expect(index(visitor).getByRole('link', { name: new RegExp(`${title} \\(summer\\)`) })).toBeVisible();

  await writer.context().close();
  await visitor.context().close();
});

test('of two edits of the same revision, the second is refused and reloads the first', async ({
  browser,
}, testInfo) => {
  const { baseURL } = testInfo.project.use;
  const first = await openPage(browser, baseURL, true);
  const second = await openPage(browser, baseURL, true);
  const slug = await createDoc(first, `Mess Hall Rules ${Date.now()}`, 'No running.');

  for (const page of [first, second]) {
    await page.goto(`/docs?doc=${slug}`);
    await reader(page).getByRole('button', { name: 'Edit' }).click();
    await expect(editor(page).getByLabel('Markdown content')).toHaveValue('No running.');
  }
  await editor(first).getByLabel('Markdown content').fill('No running. No shouting.');
  await editor(first).getByRole('button', { name: 'Save changes' }).click();
  await expect(reader(first).getByText('No running. No shouting.')).toBeVisible();

  await editor(second).getByLabel('Markdown content').fill('Running is fine.');
  await editor(second).getByRole('button', { name: 'Save changes' }).click();
  const conflict = editor(second)
    .getByRole('alert')
    .filter({ hasText: 'This doc changed since you opened it.' });
  await expect(conflict).toBeVisible();
  await expectAccessible(second);
  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(editor(second).getByLabel('Markdown content')).toHaveValue('No running. No shouting.');
  await expect(editor(second).getByText('Editing revision 2')).toBeVisible();

  await editor(second).getByLabel('Markdown content').fill('No running. No shouting. No spitting.');
  await editor(second).getByRole('button', { name: 'Save changes' }).click();
  await expect(reader(second).getByRole('status')).toHaveText('Saved as revision 3');
  await expect(reader(first).getByText('No running. No shouting. No spitting.')).toBeVisible();

  await first.context().close();
  await second.context().close();
});

test('staff delete a doc, find it among the deleted docs, and restore it', async ({ page }) => {
  await signInAs(page, DEMO_ADMIN);
  const title = `Old Mines ${Date.now()}`;
  const slug = await createDoc(page, title, 'Closed for the season.');
  await page.goto(`/docs?doc=${slug}`);

  await reader(page).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this doc?' });
  await expect(dialog).toContainText(`“${title}” leaves the docs list for everyone at once.`);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Delete doc' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(index(page).getByRole('link', { name: new RegExp(title) })).toHaveCount(0);

  const deleted = page.getByRole('region', { name: 'Deleted docs' });
  const entry = deleted.getByRole('listitem').filter({ hasText: title });
  await expect(entry).toContainText(`/${slug}`);
  await expectAccessible(page);
  await entry.getByRole('button', { name: `Restore ${title}` }).click();

  await expect(page).toHaveURL(new RegExp(`\\?doc=${slug}$`));
  await expect(reader(page).getByRole('heading', { level: 2 })).toHaveText(title);
  await expect(reader(page).getByText('Closed for the season.')).toBeVisible();
  await expect(index(page).getByRole('link', { name: new RegExp(title) })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(deleted.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);

  // Its history: created, and nothing since.
  await reader(page).getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('region', { name: `History of “${title}”` });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('heading', { name: 'Revision 1 is the current text' })).toBeVisible();
  await expectAccessible(page);
});
