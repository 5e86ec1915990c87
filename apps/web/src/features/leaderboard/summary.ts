// The summary above the podium (spec 2.9), computed over the loaded entries (the top 50 of the
// chosen ranking, spec 9) and that ranking's figure:
// - top player: the first entry;
// - top 10 average: the mean of the first 10 entries, or of all of them when fewer are loaded;
// - median: the middle entry's figure (the mean of the two middle ones for an even count);
// - server average: the mean over every loaded entry;
// - roster size: how many entries are loaded.
// Balances are exact decimal text: their means are taken in whole cents, never through a double.
import type { LeaderboardEntry } from '@prison/shared/leaderboard';
import { compareMoney, divideMoney, sumMoney } from '@prison/shared/money-format';

export const TOP_TEN = 10;

export interface LeaderboardSummary<T> {
  topPlayer: LeaderboardEntry | null;
  topTenAverage: T | null;
  median: T | null;
  average: T | null;
  rosterSize: number;
}

/** How a kind of figure is added up, shared out and ordered. */
export interface Arithmetic<T> {
  sum: (values: readonly T[]) => T;
  /** `total` divided by a count of at least 1. */
  share: (total: T, count: number) => T;
  compare: (a: T, b: T) => number;
}

export const NUMBERS: Arithmetic<number> = {
  sum: (values) => values.reduce((sum, v) => sum + v, 0),
  share: (total, count) => total / count,
  compare: (a, b) => a - b,
};

/** Money to the cent: a mean is rounded to the nearest cent. */
export const MONEY: Arithmetic<string> = {
  sum: sumMoney,
  share: (total, count) => divideMoney(total, count) ?? total,
  compare: compareMoney,
};

function mean<T>(values: readonly T[], math: Arithmetic<T>): T | null {
  return values.length === 0 ? null : math.share(math.sum(values), values.length);
}

export function median<T>(values: readonly T[], math: Arithmetic<T>): T | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort(math.compare);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as T)
    : mean([sorted[middle - 1] as T, sorted[middle] as T], math);
}

export function summarize<T>(
  entries: readonly LeaderboardEntry[],
  value: (entry: LeaderboardEntry) => T,
  math: Arithmetic<T>,
): LeaderboardSummary<T> {
  const values = entries.map(value);
  return {
    topPlayer: entries[0] ?? null,
    topTenAverage: mean(values.slice(0, TOP_TEN), math),
    median: median(values, math),
    average: mean(values, math),
    rosterSize: entries.length,
  };
}
