// Times in UTC as en-US writes them ("Jun 15, 2024, 2:05 PM"), for text the server renders and the
// browser hydrates as it is: the server cannot know the visitor's time zone or locale, so such text
// says UTC. Written by hand rather than with Intl.DateTimeFormat, which writes the same (a test
// compares them): the first Intl object a page makes loads the browser's locale data, a long task on
// a phone while the page hydrates.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "2:05 PM". */
export function utcClock(date: Date): string {
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "Jun 15, 2024, 2:05 PM": a medium date and a short time (spec 9's timestamp), in UTC. */
export const utcDateTime = (date: Date): string =>
  `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}, ${utcClock(date)}`;

/** "Sat, Jun 15, 2:05 PM": the weekday, the day and the time, in UTC. */
export const utcDayAndClock = (date: Date): string =>
  `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${utcClock(date)}`;
