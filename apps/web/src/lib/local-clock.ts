// The time of day in the visitor's own time zone, as en-US writes it with seconds ("2:05:07 PM"),
// for text only the browser writes (a live feed's last update). Written by hand rather than with
// Intl.DateTimeFormat, which writes the same (a test compares them): the first Intl object a page
// makes loads the browser's locale data, a long task on a phone while the page hydrates. The site's
// other times and figures are in en-US too (utc-time.ts, money-format.ts).

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "2:05:07 PM", in the visitor's time zone. */
export function localClock(date: Date): string {
  const hours = date.getHours();
  return `${hours % 12 || 12}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())} ${hours < 12 ? 'AM' : 'PM'}`;
}
