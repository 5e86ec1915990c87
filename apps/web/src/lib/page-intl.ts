// Dates and times that show in the reader's own clock and calendar: on a page in English, in the
// browser's locale, as they always have; in any other language, in the page's (a German page in an
// English browser writes "18.11.2026"). Each formatter is made once, when first needed.
import { intlFormatter, intlLanguage } from './money.ts';

/** The date and time format `name` (one name per set of options) for the page being shown. */
export function pageDateTimeFormat(name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const language = intlLanguage();
  return language
    ? intlFormatter(language, `page ${name}`, () => new Intl.DateTimeFormat(language, options))
    : intlFormatter('en', `browser ${name}`, () => new Intl.DateTimeFormat(undefined, options));
}

/** The number format `name` for the page being shown: en-US on a page in English. */
export function pageNumberFormat(name: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const language = intlLanguage() ?? 'en';
  return intlFormatter(
    language,
    `page ${name}`,
    () => new Intl.NumberFormat(language === 'en' ? 'en-US' : language, options),
  );
}
