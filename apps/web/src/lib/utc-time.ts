// Times in UTC as en-US writes them ("Jun 15, 2024, 2:05 PM"), for text the server renders and the
// browser hydrates as it is: the server cannot know the visitor's time zone, so such text says UTC.
// Written by hand rather than with Intl.DateTimeFormat, which writes the same (a test compares them):
// the first Intl object a page makes loads the browser's locale data, a long task on a phone while the
// page hydrates. A page in another language writes them with Intl, as that language does
// (docs/translations.md, Numbers and dates).
import type { Language } from '@prison/shared/languages';
import { intlFormatter, intlLanguage } from './money.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * An Intl.DateTimeFormat for `language` called `name` (one name, one set of options), made once when
 * first needed: for pages in a language other than English.
 */
export const dateTimeFormat = (
  language: Language,
  name: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat => intlFormatter(language, name, () => new Intl.DateTimeFormat(language, options));

/** "2:05 PM", or "2:05:07 PM" with the seconds: a 12-hour clock as en-US writes it. */
export function twelveHourClock(hours: number, minutes: number, seconds?: number): string {
  const shown = seconds === undefined ? [minutes] : [minutes, seconds];
  return `${hours % 12 || 12}:${shown.map(twoDigits).join(':')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "2:05 PM" (in German "14:05"), in UTC. */
export function utcClock(date: Date): string {
  const language = intlLanguage();
  if (language)
    return dateTimeFormat(language, 'utc clock', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
    }).format(date);
  return twelveHourClock(date.getUTCHours(), date.getUTCMinutes());
}

/** "Jun 15, 2024, 2:05 PM": a medium date and a short time (spec 9's timestamp), in UTC. */
export function utcDateTime(date: Date): string {
  const language = intlLanguage();
  if (language)
    return dateTimeFormat(language, 'utc date time', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(date);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}, ${utcClock(date)}`;
}

/** "Sat, Jun 15, 2:05 PM": the weekday, the day and the time, in UTC. */
export function utcDayAndClock(date: Date): string {
  const language = intlLanguage();
  if (language)
    return dateTimeFormat(language, 'utc day and clock', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
    }).format(date);
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${utcClock(date)}`;
}
