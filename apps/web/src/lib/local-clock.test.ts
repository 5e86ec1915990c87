import fc from 'fast-check';
import { expect, it } from 'vitest';
import { activateLanguage } from './i18n.ts';
import { localClock } from './local-clock.ts';

it("writes the time of day in the visitor's time zone as Intl.DateTimeFormat writes it in en-US", () => {
  expect(localClock(new Date(2024, 5, 15, 0, 4, 9))).toBe('12:04:09 AM');
  expect(localClock(new Date(2024, 5, 15, 12, 0, 0))).toBe('12:00:00 PM');
  expect(localClock(new Date(2024, 5, 15, 23, 59, 59))).toBe('11:59:59 PM');
  const intl = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });
  fc.assert(
    fc.property(
      fc.date({ min: new Date(0), max: new Date(Date.UTC(2100, 0, 1)), noInvalidDate: true }),
      // Intl's space before AM/PM has been a narrow no-break space in some ICU versions: compare the words.
      (date) => {
        expect(localClock(date)).toBe(intl.format(date).replace(/\s/g, ' '));
      },
    ),
  );
});

it("writes the time of day as the page's language writes it, with Intl", async () => {
  const moment = new Date(2024, 5, 15, 14, 5, 7);
  try {
    await activateLanguage('de');
    expect(localClock(moment)).toBe('14:05:07');
    await activateLanguage('pl');
    expect(localClock(moment)).toBe('14:05:07');
  } finally {
    await activateLanguage('en');
  }
  expect(localClock(moment)).toBe('2:05:07 PM');
});
