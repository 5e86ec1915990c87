// Times in UTC as en-US writes them ("Jun 15, 2024, 2:05 PM"), for text the server renders and the
// browser hydrates as it is: the server cannot know the visitor's time zone or locale, so such text
// says UTC. Written by hand rather than with Intl.DateTimeFormat, which writes the same (a test
// compares them): the first Intl object a page makes loads the browser's locale data, a long task on
// a phone while the page hydrates.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "2:05 PM", or "2:05:07 PM" with the seconds: a 12-hour clock as en-US writes it. */
export function twelveHourClock(hours: number, minutes: number, seconds?: number): string {
  const shown = seconds === undefined ? [minutes] : [minutes, seconds];
  return `${hours % 12 || 12}:${shown.map(twoDigits).join(':')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "2:05 PM". */
export const utcClock = (date: Date): string => twelveHourClock(date.getUTCHours(), date.getUTCMinutes());

/** "Jun 15, 2024, 2:05 PM": a medium date and a short time (spec 9's timestamp), in UTC. */
export const utcDateTime = (date: Date): string =>
  `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}, ${utcClock(date)}`;

/** "Sat, Jun 15, 2:05 PM": the weekday, the day and the time, in UTC. */
export const utcDayAndClock = (date: Date): string =>
  `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${utcClock(date)}`;
