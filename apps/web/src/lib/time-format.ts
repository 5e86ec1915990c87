// Time formatting shared by the profile, social and G-Kit screens (spec 9 Formatting), in the page's
// language (docs/translations.md, Numbers and dates): English as the specification writes it, by hand;
// other languages with Intl (relative times, units), each formatter made once when first needed.
import { msg } from '@lingui/core/macro';
import type { Language } from '@prison/shared/languages';
import { translate } from './i18n.ts';
import { intlFormatter, intlLanguage } from './money.ts';

type DateInput = Date | string | number;

/** Shown wherever a time is missing or cannot be read. */
export const MISSING_TIME = '—';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const JUST_NOW = msg({
  message: 'Just now',
  comment: 'A moment that has only just passed (a player last seen, an activity), shown on its own',
});
const IN_A_FEW_SECONDS = msg({ message: 'in a few seconds', comment: 'A moment less than 5 seconds ahead' });
const READY = msg({ message: 'Ready', comment: "A G-Kit's cooldown that is over: it can be claimed again" });

/** "vor 5 Min.", "5 мин. назад": a relative time in a language other than English, Intl's short style. */
const relativeTime = (language: Language, amount: number, unit: Intl.RelativeTimeFormatUnit): string =>
  intlFormatter(
    language,
    'relative time',
    () => new Intl.RelativeTimeFormat(language, { style: 'short' }),
  ).format(amount, unit);

/** Epoch milliseconds of a date, or NaN when it cannot be read. */
function toMillis(value: DateInput | null | undefined): number {
  if (value === null || value === undefined || value === '') return Number.NaN;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  return Date.parse(value);
}

/**
 * Spec 9 relative time on the profile: "Just now" under 5 s ("in a few seconds" ahead), then whole
 * seconds, minutes, hours and days, "ago" behind and "in" ahead. An unreadable date reads "—".
 */
export function profileRelativeTime(date: DateInput, now: number): string {
  const then = toMillis(date);
  if (!Number.isFinite(then)) return MISSING_TIME;
  const diff = now - then;
  const isFuture = diff < 0;
  const distance = Math.abs(diff);
  if (distance < 5 * SECOND) return translate(isFuture ? IN_A_FEW_SECONDS : JUST_NOW);
  const language = intlLanguage();
  if (language) {
    const [count, unit]: [number, Intl.RelativeTimeFormatUnit] =
      distance < MINUTE
        ? [Math.floor(distance / SECOND), 'second']
        : distance < HOUR
          ? [Math.floor(distance / MINUTE), 'minute']
          : distance < DAY
            ? [Math.floor(distance / HOUR), 'hour']
            : [Math.floor(distance / DAY), 'day'];
    return relativeTime(language, isFuture ? count : -count, unit);
  }
  const amount =
    distance < MINUTE
      ? `${Math.floor(distance / SECOND)}s`
      : distance < HOUR
        ? `${Math.floor(distance / MINUTE)}m`
        : distance < DAY
          ? `${Math.floor(distance / HOUR)}h`
          : `${Math.floor(distance / DAY)}d`;
  return isFuture ? `in ${amount}` : `${amount} ago`;
}

/**
 * Spec 9 relative time on the social page. Future times read "Just now" (clocks drift); months
 * are 30 days and years 365. Days 28 and 29 are past four weeks but short of a 30-day month, so
 * they read "1mo ago" rather than "0mo ago".
 */
export function socialRelativeTime(value: string | null | undefined, now: number): string {
  const then = toMillis(value);
  if (!Number.isFinite(then)) return MISSING_TIME;
  const diff = now - then;
  if (diff < MINUTE) return translate(JUST_NOW);
  const language = intlLanguage();
  if (language) {
    const days = Math.floor(diff / DAY);
    const [count, unit]: [number, Intl.RelativeTimeFormatUnit] =
      diff < HOUR
        ? [Math.floor(diff / MINUTE), 'minute']
        : diff < DAY
          ? [Math.floor(diff / HOUR), 'hour']
          : days < 7
            ? [days, 'day']
            : days < 28
              ? [Math.floor(days / 7), 'week']
              : days < 365
                ? [Math.max(1, Math.floor(days / 30)), 'month']
                : [Math.floor(days / 365), 'year'];
    return relativeTime(language, -count, unit);
  }
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}m ago`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}h ago`;
  const days = Math.floor(diff / DAY);
  if (days < 7) return `${days}d ago`;
  if (days < 28) return `${Math.floor(days / 7)}w ago`;
  if (days < 365) return `${Math.max(1, Math.floor(days / 30))}mo ago`;
  return `${Math.floor(days / 365)}y ago`;
}

const timestampFormats = new Map<string, Intl.DateTimeFormat>();

function timestampFormat(timeZone: string | undefined, locale: string | undefined): Intl.DateTimeFormat {
  // A page in English writes the browser's own locale, as it always has; another, its language.
  locale ??= intlLanguage() ?? undefined;
  const key = `${locale ?? ''}|${timeZone ?? ''}`;
  let format = timestampFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    timestampFormats.set(key, format);
  }
  return format;
}

/**
 * Spec 9: timestamps use a medium date and short time ("Jan 2, 2024, 1:04 PM" in en-US). The
 * locale defaults to the page's language (the browser's own on a page in English) and the time zone
 * to the viewer's; an unreadable value reads "—".
 */
export function formatTimestamp(
  value: DateInput | null | undefined,
  timeZone?: string,
  locale?: string,
): string {
  const millis = toMillis(value);
  if (!Number.isFinite(millis)) return MISSING_TIME;
  return timestampFormat(timeZone, locale).format(millis);
}

const UNITS = [
  ['day', 'd'],
  ['hour', 'h'],
  ['minute', 'm'],
  ['second', 's'],
] as const;

/** "3 Tg.", "4 Std.": an amount of a unit in a language other than English, Intl's short style. */
const unitAmount = (language: Language, unit: (typeof UNITS)[number][0], amount: number): string =>
  intlFormatter(
    language,
    `unit ${unit}`,
    () => new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }),
  ).format(amount);

/**
 * "2d 3h 4m 5s": from the largest nonzero unit down to seconds, so "1h 0m 5s" and "45s". In another
 * language each amount with its unit as Intl writes it ("2 Tg. 3 Std. 4 Min. 5 Sek.").
 */
function dayClock(totalSeconds: number): string {
  const amounts = [
    Math.floor(totalSeconds / 86_400),
    Math.floor((totalSeconds % 86_400) / 3600),
    Math.floor((totalSeconds % 3600) / 60),
    totalSeconds % 60,
  ];
  const first = amounts.findIndex((amount) => amount > 0);
  const from = first === -1 ? amounts.length - 1 : first;
  const language = intlLanguage();
  return amounts
    .slice(from)
    .map((amount, index) => {
      const [unit, short] = UNITS[from + index]!;
      return language ? unitAmount(language, unit, amount) : `${amount}${short}`;
    })
    .join(' ');
}

/**
 * Spec 9 cooldown formatter: "Ready" for zero or less, otherwise days, hours, minutes and seconds
 * from the largest nonzero unit down ("1h 0m 5s", "4m 0s"). Partial seconds round up, so the
 * countdown never shows "0s" while time remains.
 */
export function formatCooldown(ms: number): string {
  if (!(ms > 0)) return translate(READY);
  return dayClock(Math.ceil(ms / SECOND));
}

/**
 * Spec 9: duration stats in days, hours, minutes and seconds ("3d 4h 12m 9s", "45s", "0s"), from
 * the largest nonzero unit down. Partial seconds are dropped; negative or unreadable values are 0s.
 */
export function formatDuration(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return dayClock(whole);
}

/**
 * A tooltip with the full timestamp ("Jan 2, 2024, 1:04 PM"), in the visitor's locale and time zone,
 * written when the pointer or the focus reaches the element rather than as the page renders. The
 * server cannot write it (it does not know the visitor's time zone), and writing it as the page
 * hydrates made the page's first Intl object, which loads the browser's locale data: a long task on a
 * phone, for a tooltip few visitors open. The element keeps its `dateTime` for machines.
 */
export function timestampTitle(value: DateInput): {
  onPointerEnter: (event: { currentTarget: HTMLElement }) => void;
  onFocus: (event: { currentTarget: HTMLElement }) => void;
} {
  const show = (event: { currentTarget: HTMLElement }) => {
    event.currentTarget.title = formatTimestamp(value);
  };
  return { onPointerEnter: show, onFocus: show };
}
