import fc from 'fast-check';
import { expect, it } from 'vitest';
import { activateLanguage } from './i18n.ts';
import { utcClock, utcDateTime, utcDayAndClock } from './utc-time.ts';

const intl = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
const clock = intl({ hour: 'numeric', minute: '2-digit' });
const dateTime = intl({ dateStyle: 'medium', timeStyle: 'short' });
const dayAndClock = intl({
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

it('writes UTC times as Intl.DateTimeFormat writes them in en-US', () => {
  expect(utcDateTime(new Date(Date.UTC(2024, 0, 2, 0, 4)))).toBe('Jan 2, 2024, 12:04 AM');
  expect(utcDayAndClock(new Date(Date.UTC(2024, 5, 15, 14, 5)))).toBe('Sat, Jun 15, 2:05 PM');
  expect(utcClock(new Date(Date.UTC(2024, 5, 15, 12, 0)))).toBe('12:00 PM');
  // Intl's space before AM/PM has been a narrow no-break space in some ICU versions: compare the words.
  const same = (ours: string, theirs: string) => expect(ours).toBe(theirs.replace(/\s/g, ' '));
  fc.assert(
    fc.property(
      fc.date({ min: new Date(0), max: new Date(Date.UTC(2100, 0, 1)), noInvalidDate: true }),
      (date) => {
        same(utcClock(date), clock.format(date));
        same(utcDateTime(date), dateTime.format(date));
        same(utcDayAndClock(date), dayAndClock.format(date));
      },
    ),
    { numRuns: 2000 },
  );
});

it("writes UTC times as the page's language writes them, with Intl", async () => {
  const moment = new Date(Date.UTC(2024, 5, 15, 14, 5));
  try {
    await activateLanguage('de');
    expect(utcClock(moment)).toBe('14:05');
    expect(utcDateTime(moment)).toBe('15.06.2024, 14:05');
    expect(utcDayAndClock(moment)).toBe('Sa., 15. Juni, 14:05');
    await activateLanguage('ru');
    expect(utcDateTime(moment)).toBe('15 июн. 2024 г., 14:05');
    await activateLanguage('en');
    expect(utcDateTime(moment)).toBe('Jun 15, 2024, 2:05 PM');
  } finally {
    await activateLanguage('en');
  }
});
