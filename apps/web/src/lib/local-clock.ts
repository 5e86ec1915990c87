// The time of day in the visitor's own time zone, as en-US writes it with seconds ("2:05:07 PM"),
// for text only the browser writes (a live feed's last update). Written by hand rather than with
// Intl.DateTimeFormat, which writes the same (a test compares them): the first Intl object a page
// makes loads the browser's locale data, a long task on a phone while the page hydrates. The site's
// other times and figures are in en-US too (utc-time.ts, money-format.ts). A page in another language
// writes it with Intl, as that language does ("14:05:07").

import { intlLanguage } from './money.ts';
import { dateTimeFormat, twelveHourClock } from './utc-time.ts';

/** "2:05:07 PM", in the visitor's time zone. */
export function localClock(date: Date): string {
  const language = intlLanguage();
  if (language) return dateTimeFormat(language, 'local clock', { timeStyle: 'medium' }).format(date);
  return twelveHourClock(date.getHours(), date.getMinutes(), date.getSeconds());
}
