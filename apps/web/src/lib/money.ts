import { formatMoneyCompact as compactMoney, formatMoney as exactMoney } from '@prison/shared/money-format';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * Spec 2.7 and 9: money with a $ prefix, grouped; cents shown (both digits) only when there are any.
 * Money is exact decimal text ("4000000000000007.35") and is formatted as such, never as a double.
 */
export const formatMoney = (amount: string): string => exactMoney(amount);

/** Large sums for a figure that must fit a card: "$3.01Q", "$12.5B"; below a million as formatMoney. */
export const formatMoneyCompact = (amount: string): string => compactMoney(amount, formatMoney);

export const formatWhole = (value: number): string => whole.format(Math.round(value));
