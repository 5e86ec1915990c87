// Number formatting for the leaderboard (spec 9 Formatting: balances carry a $ prefix with
// thousands separators, and leaderboard balances are rounded), in the page's language (lib/money.ts).
// Counts are lib/money.ts's formatWhole.
import { formatUpToTenths, formatWholeDollars } from '../../lib/money.ts';

/** An exact balance rounded to whole dollars: $1,234,568. */
export const formatBalance = (amount: string): string => formatWholeDollars(amount);

/** Averages of small numbers (levels, prestige) keep one decimal: 42.5. */
export const formatAverage = (value: number): string => formatUpToTenths(value);
