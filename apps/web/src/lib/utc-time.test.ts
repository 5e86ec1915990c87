import fc from 'fast-check';
import { expect, it } from 'vitest';
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
