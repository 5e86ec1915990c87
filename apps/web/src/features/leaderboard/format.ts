// Number formatting for the leaderboard (spec 9 Formatting: balances carry a $ prefix with
// thousands separators, and leaderboard balances are rounded). Counts are lib/money.ts's formatWhole.
import { formatWhole } from '../../lib/money.ts';

const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** Rounded to whole dollars: $1,234,568. */
export function formatBalance(value: number): string {
  const rounded = Math.round(value);
  // Math.round(-0.4) is -0, which would print as "-$0".
  return rounded < 0 ? `-$${formatWhole(-rounded)}` : `$${formatWhole(Math.abs(rounded))}`;
}

/** Averages of small numbers (levels, prestige) keep one decimal: 42.5. */
export const formatAverage = (value: number): string => oneDecimal.format(value);
