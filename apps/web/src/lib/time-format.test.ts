import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from './i18n.ts';
import {
  formatCooldown,
  formatDuration,
  formatTimestamp,
  profileRelativeTime,
  socialRelativeTime,
} from './time-format.ts';

const NOW = Date.UTC(2024, 5, 15, 12, 0, 0);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// ICU separates the time from AM/PM with a narrow no-break space in some versions.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('profileRelativeTime (spec 9)', () => {
  const ago = (ms: number) => profileRelativeTime(NOW - ms, NOW);
  const ahead = (ms: number) => profileRelativeTime(NOW + ms, NOW);

  it('reads "Just now" under 5 seconds and "in a few seconds" just ahead', () => {
    expect(ago(0)).toBe('Just now');
    expect(ago(4999)).toBe('Just now');
    expect(ahead(1)).toBe('in a few seconds');
    expect(ahead(4999)).toBe('in a few seconds');
  });

  it('counts whole seconds under a minute', () => {
    expect(ago(5 * SECOND)).toBe('5s ago');
    expect(ago(59_999)).toBe('59s ago');
    expect(ahead(5 * SECOND)).toBe('in 5s');
    expect(ahead(42_500)).toBe('in 42s');
  });

  it('counts whole minutes under an hour', () => {
    expect(ago(MINUTE)).toBe('1m ago');
    expect(ago(HOUR - 1)).toBe('59m ago');
    expect(ahead(3 * MINUTE + 59 * SECOND)).toBe('in 3m');
  });

  it('counts whole hours under a day', () => {
    expect(ago(HOUR)).toBe('1h ago');
    expect(ago(DAY - 1)).toBe('23h ago');
    expect(ahead(2 * HOUR)).toBe('in 2h');
  });

  it('counts whole days from a day on', () => {
    expect(ago(DAY)).toBe('1d ago');
    expect(ago(400 * DAY)).toBe('400d ago');
    expect(ahead(3 * DAY + 5 * HOUR)).toBe('in 3d');
  });

  it('accepts dates, ISO strings and epoch milliseconds alike', () => {
    const then = NOW - 90 * MINUTE;
    expect(profileRelativeTime(new Date(then), NOW)).toBe('1h ago');
    expect(profileRelativeTime(new Date(then).toISOString(), NOW)).toBe('1h ago');
    expect(profileRelativeTime(then, NOW)).toBe('1h ago');
  });

  it('reads a dash for a date it cannot parse', () => {
    expect(profileRelativeTime('not a date', NOW)).toBe('—');
    expect(profileRelativeTime(Number.NaN, NOW)).toBe('—');
  });
});

describe('socialRelativeTime (spec 9)', () => {
  const ago = (ms: number) => socialRelativeTime(new Date(NOW - ms).toISOString(), NOW);

  it('reads "Just now" under a minute and for future times', () => {
    expect(ago(0)).toBe('Just now');
    expect(ago(59 * SECOND)).toBe('Just now');
    expect(ago(-5 * MINUTE)).toBe('Just now');
    expect(ago(-400 * DAY)).toBe('Just now');
  });

  it('reads minutes, hours and days', () => {
    expect(ago(MINUTE)).toBe('1m ago');
    expect(ago(59 * MINUTE + 59 * SECOND)).toBe('59m ago');
    expect(ago(HOUR)).toBe('1h ago');
    expect(ago(23 * HOUR + 59 * MINUTE)).toBe('23h ago');
    expect(ago(DAY)).toBe('1d ago');
    expect(ago(6 * DAY + 23 * HOUR)).toBe('6d ago');
  });

  it('reads weeks under 4 weeks', () => {
    expect(ago(7 * DAY)).toBe('1w ago');
    expect(ago(13 * DAY)).toBe('1w ago');
    expect(ago(14 * DAY)).toBe('2w ago');
    expect(ago(27 * DAY)).toBe('3w ago');
  });

  it('reads 30-day months under a year, never "0mo ago"', () => {
    expect(ago(28 * DAY)).toBe('1mo ago');
    expect(ago(29 * DAY)).toBe('1mo ago');
    expect(ago(30 * DAY)).toBe('1mo ago');
    expect(ago(60 * DAY)).toBe('2mo ago');
    expect(ago(364 * DAY)).toBe('12mo ago');
  });

  it('reads 365-day years from a year on', () => {
    expect(ago(365 * DAY)).toBe('1y ago');
    expect(ago(729 * DAY)).toBe('1y ago');
    expect(ago(730 * DAY)).toBe('2y ago');
  });

  it('reads an em dash when the time is missing or unreadable', () => {
    expect(socialRelativeTime(null, NOW)).toBe('—');
    expect(socialRelativeTime(undefined, NOW)).toBe('—');
    expect(socialRelativeTime('', NOW)).toBe('—');
    expect(socialRelativeTime('yesterday-ish', NOW)).toBe('—');
  });
});

describe('formatTimestamp', () => {
  const moment = '2024-01-02T03:04:00Z';

  it('uses a medium date and a short time', () => {
    expect(plain(formatTimestamp(moment, 'UTC', 'en-US'))).toBe('Jan 2, 2024, 3:04 AM');
    expect(plain(formatTimestamp(moment, 'UTC', 'en-GB'))).toBe('2 Jan 2024, 03:04');
  });

  it('shows the moment in the given time zone', () => {
    expect(plain(formatTimestamp(moment, 'Australia/Brisbane', 'en-US'))).toBe('Jan 2, 2024, 1:04 PM');
  });

  it('accepts dates and epoch milliseconds', () => {
    const millis = Date.parse(moment);
    expect(formatTimestamp(millis, 'UTC', 'en-US')).toBe(formatTimestamp(moment, 'UTC', 'en-US'));
    expect(formatTimestamp(new Date(millis), 'UTC', 'en-US')).toBe(formatTimestamp(moment, 'UTC', 'en-US'));
  });

  it('reads a dash for a missing or unreadable value', () => {
    expect(formatTimestamp(null)).toBe('—');
    expect(formatTimestamp(undefined)).toBe('—');
    expect(formatTimestamp('soon')).toBe('—');
  });
});

describe('formatCooldown (spec 9)', () => {
  it('reads "Ready" for zero or less', () => {
    expect(formatCooldown(0)).toBe('Ready');
    expect(formatCooldown(-5000)).toBe('Ready');
    expect(formatCooldown(Number.NaN)).toBe('Ready');
  });

  it('shows days, hours, minutes and seconds from the largest nonzero unit', () => {
    expect(formatCooldown(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * SECOND)).toBe('2d 3h 4m 5s');
    expect(formatCooldown((3600 + 5) * SECOND)).toBe('1h 0m 5s');
    expect(formatCooldown(4 * MINUTE)).toBe('4m 0s');
    expect(formatCooldown(45 * SECOND)).toBe('45s');
    expect(formatCooldown(DAY)).toBe('1d 0h 0m 0s');
  });

  it('rounds a partial second up so time left never reads 0s', () => {
    expect(formatCooldown(1)).toBe('1s');
    expect(formatCooldown(59_001)).toBe('1m 0s');
  });
});

describe('formatDuration (spec 9)', () => {
  it('shows days, hours, minutes and seconds', () => {
    expect(formatDuration(3 * 86_400 + 4 * 3600 + 12 * 60 + 9)).toBe('3d 4h 12m 9s');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(3600)).toBe('1h 0m 0s');
    expect(formatDuration(61)).toBe('1m 1s');
  });

  it('drops partial seconds and reads bad input as 0s', () => {
    expect(formatDuration(59.9)).toBe('59s');
    expect(formatDuration(-10)).toBe('0s');
    expect(formatDuration(Number.NaN)).toBe('0s');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0s');
  });
});

describe('times in other languages', () => {
  afterEach(async () => {
    await activateLanguage('en');
  });

  it('write relative times with Intl, plurals as Polish and Russian have them', async () => {
    await activateLanguage('de');
    expect(profileRelativeTime(NOW - 5 * MINUTE, NOW)).toBe('vor 5 Min.');
    expect(profileRelativeTime(NOW + 2 * HOUR, NOW)).toBe('in 2 Std.');
    expect(socialRelativeTime(new Date(NOW - 3 * DAY).toISOString(), NOW)).toBe('vor 3 Tagen');
    expect(socialRelativeTime(new Date(NOW - 14 * DAY).toISOString(), NOW)).toBe('vor 2 Wochen');
    await activateLanguage('pl');
    const polish = (days: number) => socialRelativeTime(new Date(NOW - days * DAY).toISOString(), NOW);
    expect(polish(1)).toBe('1 dzień temu');
    expect(polish(2)).toBe('2 dni temu');
    expect(polish(365)).toBe('1 rok temu');
    expect(polish(2 * 365)).toBe('2 lata temu');
    expect(polish(5 * 365)).toBe('5 lat temu');
    expect(polish(22 * 365 + 5)).toBe('22 lata temu');
    await activateLanguage('ru');
    const russian = (days: number) => socialRelativeTime(new Date(NOW - days * DAY).toISOString(), NOW);
    expect(russian(2 * 365)).toBe('2 г. назад');
    expect(russian(5 * 365)).toBe('5 л. назад');
    expect(russian(60)).toBe('2 мес. назад');
    expect(profileRelativeTime(NOW - 42 * SECOND, NOW)).toBe('42 сек. назад');
    expect(profileRelativeTime('not a date', NOW)).toBe('—');
  });

  it('write durations and cooldowns with the units of the language', async () => {
    await activateLanguage('de');
    expect(plain(formatDuration(3 * 86_400 + 4 * 3600 + 12 * 60 + 9))).toBe('3 Tg. 4 Std. 12 Min. 9 Sek.');
    expect(plain(formatCooldown(4 * MINUTE))).toBe('4 Min. 0 Sek.');
    await activateLanguage('ru');
    expect(plain(formatDuration(2 * 86_400 + 3600 + 5))).toBe('2 дн. 1 ч 0 мин 5 с');
    await activateLanguage('pl');
    expect(plain(formatDuration(86_400 + 22 * 3600))).toBe('1 dzień 22 godz. 0 min 0 sek.');
    expect(plain(formatDuration(5 * 86_400))).toBe('5 dni 0 godz. 0 min 0 sek.');
    expect(plain(formatDuration(0))).toBe('0 sek.');
  });

  it("write timestamps in the page's language unless a locale is given", async () => {
    await activateLanguage('de');
    expect(formatTimestamp('2024-01-02T03:04:00Z', 'Australia/Brisbane')).toBe('02.01.2024, 13:04');
    expect(plain(formatTimestamp('2024-01-02T03:04:00Z', 'UTC', 'en-US'))).toBe('Jan 2, 2024, 3:04 AM');
    expect(formatTimestamp('soon')).toBe('—');
  });

  it('go back to English', async () => {
    await activateLanguage('ru');
    await activateLanguage('en');
    expect(profileRelativeTime(NOW - 5 * MINUTE, NOW)).toBe('5m ago');
    expect(formatDuration(61)).toBe('1m 1s');
    expect(formatCooldown(0)).toBe('Ready');
  });
});
