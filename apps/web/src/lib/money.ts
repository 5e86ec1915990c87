// The site's figures in the page's language (docs/translations.md, Numbers and dates). English writes
// them by hand, in en-US, as it always has (money-format.ts): the first Intl object a page makes loads
// the browser's locale data, a long task on a phone while the page hydrates, so a page in English
// makes none. Every other language writes them with Intl, each formatter made once, when first needed.
import { type Language, SOURCE_LANGUAGE } from '@prison/shared/languages';
import {
  formatMoneyCompact as compactMoney,
  formatMoney as exactMoney,
  formatDecimal,
  groupDigits,
  formatWholeDollars as wholeDollars,
} from '@prison/shared/money-format';
import { currentLanguage } from './i18n.ts';

/**
 * The language the page's figures are written in with Intl: the page's (the render's on the server),
 * or null in English, whose figures are written by hand.
 */
export function intlLanguage(): Language | null {
  const language = currentLanguage();
  return language === SOURCE_LANGUAGE ? null : language;
}

const formatters = new Map<string, unknown>();

/**
 * The formatter called `name` for `language`, made by `make` the first time it is asked for and kept:
 * each name stands for one kind of formatter with the same options.
 */
export function intlFormatter<T>(language: Language, name: string, make: (language: Language) => T): T {
  const key = `${language} ${name}`;
  let formatter = formatters.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make(language);
    formatters.set(key, formatter);
  }
  return formatter;
}

const numberFormat = (language: Language, name: string, options: Intl.NumberFormatOptions) =>
  intlFormatter(language, name, () => new Intl.NumberFormat(language, options));

// The in-game dollar, written as each language writes dollars: "1.234,50 $", "$ 1.234,50".
const DOLLARS: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'USD',
  currencyDisplay: 'narrowSymbol',
};

const MONEY = /^-?[0-9]+(?:\.[0-9]+)?$/;

/**
 * Exact money text rounded to `places` decimals as plain decimal text ("-1234.50"), without the sign
 * of an amount that rounds to zero (never "-$0"); "0" for what is not money. Intl formats decimal
 * text exactly, digit for digit, where a double would lose the cents of a large sum.
 */
function roundedText(amount: string, places: number): string {
  if (!MONEY.test(amount)) return '0';
  const text = formatDecimal(amount, places, 'none').replaceAll(',', '');
  return /^-0(?:\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** Money in a language other than English: cents (both digits) only when there are any. */
function intlMoney(language: Language, amount: string): string {
  const text = roundedText(amount, 2);
  const whole = !text.includes('.') || text.endsWith('.00');
  return whole
    ? numberFormat(language, 'dollars', { ...DOLLARS, maximumFractionDigits: 0 }).format(text as `${number}`)
    : numberFormat(language, 'cents', { ...DOLLARS, minimumFractionDigits: 2 }).format(text as `${number}`);
}

/**
 * Spec 2.7 and 9: money with a $ prefix, grouped; cents shown (both digits) only when there are any.
 * Money is exact decimal text ("4000000000000007.35") and is formatted as such, never as a double.
 * In another language, the dollar as that language writes it ("4.000.000.000.000.007,35 $").
 */
export function formatMoney(amount: string): string {
  const language = intlLanguage();
  return language ? intlMoney(language, amount) : exactMoney(amount);
}

/** "$48,210": rounded to whole dollars (half away from zero); not money is "$0". */
export function formatWholeDollars(amount: string): string {
  const language = intlLanguage();
  if (!language) return wholeDollars(amount);
  const text = roundedText(amount, 0);
  return numberFormat(language, 'dollars', { ...DOLLARS, maximumFractionDigits: 0 }).format(
    text as `${number}`,
  );
}

/**
 * Large sums for a figure that must fit a card: "$3.01Q", "$12.5B"; below a million as formatMoney.
 * In another language, Intl's compact notation of that language ("12,5 Mrd. $"), which stops at
 * trillions (a quadrillion reads "3014,33 Bio. $").
 */
export function formatMoneyCompact(amount: string): string {
  const language = intlLanguage();
  if (!language) return compactMoney(amount, formatMoney);
  if (!MONEY.test(amount) || amount.replace(/^-/, '').split('.')[0]!.replace(/^0+/, '').length <= 6)
    return intlMoney(language, amount);
  return numberFormat(language, 'compact dollars', {
    ...DOLLARS,
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(amount as `${number}`);
}

/**
 * "12,345": a count, rounded, with en-US thousands separators; written by hand, as money is
 * (money-format.ts), so that showing one loads no locale data. In another language, as it groups.
 */
export function formatWhole(value: number): string {
  const rounded = Math.round(value);
  const language = intlLanguage();
  if (language) {
    // Minus zero is "0", as in English.
    return numberFormat(language, 'whole', { maximumFractionDigits: 0 }).format(rounded === 0 ? 0 : rounded);
  }
  // From 1e21 a number's text has an exponent: no count gets there, and Intl writes it (and NaN, ∞).
  if (!Number.isFinite(rounded) || Math.abs(rounded) >= 1e21) return rounded.toLocaleString('en-US');
  // The shortest digits that read back as the number, as Intl writes them; -0 is "0".
  return groupDigits(String(rounded));
}

/**
 * A number's decimal text as Intl.NumberFormat rounds it: the shortest digits that read back as the
 * number (what String writes; "2.675", not the double's exact 2.67499...), minus zero with its sign.
 * Undefined from 1e21, where the text has an exponent: no figure of the site gets there, and Intl
 * writes it (and NaN, ∞).
 */
function numberText(value: number): string | undefined {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return undefined;
  if (Object.is(value, -0)) return '-0';
  // Below 1e-6 the text has an exponent too; such a number rounds to zero at any place kept here.
  if (Math.abs(value) < 1e-6) return value < 0 ? '-0' : '0';
  return String(value);
}

/** "19.8", "1,204.0": one decimal, always written, grouped, rounded as Intl.NumberFormat rounds. */
export function formatTenths(value: number): string {
  const language = intlLanguage();
  if (language)
    return numberFormat(language, 'tenths', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
      value,
    );
  const text = numberText(value);
  if (text === undefined)
    return value.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return formatDecimal(text, 1, 'none');
}

/** "42.5", "42", "12,345.7": up to one decimal (none when it is zero), grouped. */
export function formatUpToTenths(value: number): string {
  const language = intlLanguage();
  if (language) return numberFormat(language, 'up to tenths', { maximumFractionDigits: 1 }).format(value);
  return formatTenths(value).replace(/\.0$/, '');
}

/**
 * "1,234.57", "12", "0.5": grouped, with up to two decimals (no trailing zeros), rounded as
 * Intl.NumberFormat rounds.
 */
export function formatUpToHundredths(value: number): string {
  const language = intlLanguage();
  if (language) return numberFormat(language, 'up to hundredths', { maximumFractionDigits: 2 }).format(value);
  const text = numberText(value);
  if (text === undefined) return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return formatDecimal(text, 2, 'zeros');
}

/** "21%" (in German "21 %"): a share already in percent, rounded to a whole percent. */
export function formatPercent(percent: number): string {
  const language = intlLanguage();
  if (!language) return `${formatWhole(percent)}%`;
  return numberFormat(language, 'percent', { style: 'percent', maximumFractionDigits: 0 }).format(
    percent / 100,
  );
}
