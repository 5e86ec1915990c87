import {
  formatMoneyCompact as compactMoney,
  formatMoney as exactMoney,
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
 * "19.8", "1,204.0": one decimal, always written, grouped; rounded as Intl.NumberFormat rounds (toFixed
 * rounds the number's exact value, halves away from zero).
 */
export function formatTenths(value: number): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return value.toLocaleString('en-US');
  const [whole = '0', tenths = '0'] = value.toFixed(1).split('.');
  return `${groupDigits(whole)}.${tenths}`;
}
