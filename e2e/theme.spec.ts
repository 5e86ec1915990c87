import { expect, test } from '@playwright/test';

const isDark = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

// Dark is the default when nothing says otherwise (unit-tested: Chromium reports "no preference" as light).
test('the choice of the toggle is kept across visits and wins over the system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  expect(await isDark(page)).toBe(true);
  await page.getByRole('button', { name: /theme/i }).first().click();
  expect(await isDark(page)).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem('preferred_theme'))).toBe('light');
  await page.reload();
  expect(await isDark(page)).toBe(false);
  // Once chosen, the system's scheme is ignored.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await isDark(page)).toBe(false);
});

test('follows the system live until the user chooses; invalid stored values are ignored', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('preferred_theme', 'purple'));
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  expect(await isDark(page)).toBe(false);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => isDark(page)).toBe(true);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => isDark(page)).toBe(false);
});
