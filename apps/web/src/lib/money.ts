import { formatMoneyCompact as compactMoney } from '@prison/shared/money-format';

// Spec 2.7 and 9: money with a $ prefix, grouped; cents shown (both digits) only when there are any.
const dollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatMoney(value: number): string {
  if (!Number.isFinite(value)) return '$0';
  const size = Math.abs(value);
  // Beyond about 9e13 a double no longer holds whole cents: such sums are shown in whole dollars.
  const hasCents = size < 9e13 && Math.round(size * 100) % 100 !== 0;
  const text = hasCents ? cents.format(size) : dollars.format(Math.round(size));
  return value < 0 && text !== '0' ? `-$${text}` : `$${text}`;
}

/** Large sums for a figure that must fit a card: "$3.01Q", "$12.5B"; below a million as formatMoney. */
export const formatMoneyCompact = (value: number): string => compactMoney(value, formatMoney);

export const formatWhole = (value: number): string => whole.format(Math.round(value));
