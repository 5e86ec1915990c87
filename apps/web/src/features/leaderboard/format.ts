// Number formatting for the leaderboard (spec 9 Formatting: balances carry a $ prefix with
// thousands separators, and leaderboard balances are rounded). Counts are lib/money.ts's formatWhole.
import { formatWholeDollars, groupDigits } from '@prison/shared/money-format';

/** An exact balance rounded to whole dollars: $1,234,568. */
export const formatBalance = (amount: string): string => formatWholeDollars(amount);

/** Averages of small numbers (levels, prestige) keep one decimal: 42.5. */
export function formatAverage(value: number): string {
  // toFixed rounds the number's exact value, halves away from zero, as Intl.NumberFormat does.
  const [whole = '0', decimal = '0'] = value.toFixed(1).split('.');
  const grouped = whole.startsWith('-') ? `-${groupDigits(whole.slice(1))}` : groupDigits(whole);
  return decimal === '0' ? grouped : `${grouped}.${decimal}`;
}
