// The summary above the podium (spec 2.9), computed over the loaded entries (the top 50 of the
// chosen ranking, spec 9) and that ranking's figure:
// - top player: the first entry;
// - top 10 average: the mean of the first 10 entries, or of all of them when fewer are loaded;
// - median: the middle entry's figure (the mean of the two middle ones for an even count);
// - server average: the mean over every loaded entry;
// - roster size: how many entries are loaded.
import type { LeaderboardEntry } from '@prison/shared/leaderboard';

export const TOP_TEN = 10;

interface LeaderboardSummary {
  topPlayer: LeaderboardEntry | null;
  topTenAverage: number | null;
  median: number | null;
  average: number | null;
  rosterSize: number;
}

const mean = (values: number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function summarize(
  entries: readonly LeaderboardEntry[],
  value: (entry: LeaderboardEntry) => number,
): LeaderboardSummary {
  const values = entries.map(value);
  return {
    topPlayer: entries[0] ?? null,
    topTenAverage: mean(values.slice(0, TOP_TEN)),
    median: median(values),
    average: mean(values),
    rosterSize: entries.length,
  };
}
