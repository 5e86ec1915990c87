import {
  formatMoneyCompact as compactMoney,
  formatMoney as exactMoney,
  formatDecimal,
  groupDigits,
} from '@prison/shared/money-format';

/**
 * Spec 2.7 and 9: money with a $ prefix, grouped; cents shown (both digits) only when there are any.
 * Money is exact decimal text ("4000000000000007.35") and is formatted as such, never as a double.
 */
export const formatMoney = (amount: string): string => exactMoney(amount);

/** Large sums for a figure that must fit a card: "$3.01Q", "$12.5B"; below a million as formatMoney. */
export const formatMoneyCompact = (amount: string): string => compactMoney(amount, formatMoney);

/**
 * "12,345": a count, rounded, with en-US thousands separators; written by hand, as money is
 * (money-format.ts), so that showing one loads no locale data.
 */
export function formatWhole(value: number): string {
  const rounded = Math.round(value);
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
  const text = numberText(value);
  if (text === undefined)
    return value.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return formatDecimal(text, 1, 'none');
}

/**
 * "1,234.57", "12", "0.5": grouped, with up to two decimals (no trailing zeros), rounded as
 * Intl.NumberFormat rounds.
 */
export function formatUpToHundredths(value: number): string {
  const text = numberText(value);
  if (text === undefined) return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return formatDecimal(text, 2, 'zeros');
}
