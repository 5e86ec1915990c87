// What the status page says about its figures: the health of the tick rate, the three chart ranges
// and a summary of a range's history (shown beside the chart and read out as its text alternative).
import type { StatusRange, StatusSeries } from '@prison/shared/status';
import { formatWhole } from '../../lib/money.ts';
import { utcClock, utcDayAndClock } from '../../lib/utc-time.ts';

export type TpsHealth = 'good' | 'fair' | 'poor';

/** A game server runs at 20 ticks a second at best: 19.5 or more is good, 15 or more fair, else poor. */
export function tpsHealth(tps: number): TpsHealth {
  if (tps >= 19.5) return 'good';
  if (tps >= 15) return 'fair';
  return 'poor';
}

export const RANGES: Record<StatusRange, { label: string; span: string }> = {
  day: { label: '24 hours', span: 'the last 24 hours' },
  week: { label: '7 days', span: 'the last 7 days' },
  month: { label: '30 days', span: 'the last 30 days' },
};

export function isStatusRange(value: string | null): value is StatusRange {
  return value !== null && Object.hasOwn(RANGES, value);
}

interface SeriesSummary {
  peak: number;
  /** Epoch seconds of the first bucket that reached the peak. */
  peakAt: number;
  average: number;
  low: number;
  /** The most recent bucket with a report. */
  latest: number;
}

/** Peak, average, low and latest over the buckets that have a report; null when none has. */
export function summarizeSeries(series: StatusSeries): SeriesSummary | null {
  let summary: SeriesSummary | null = null;
  let total = 0;
  let count = 0;
  for (const [at, online] of series.points) {
    if (online === null) continue;
    total += online;
    count += 1;
    if (!summary) {
      summary = { peak: online, peakAt: at, average: 0, low: online, latest: online };
      continue;
    }
    if (online > summary.peak) {
      summary.peak = online;
      summary.peakAt = at;
    }
    summary.low = Math.min(summary.low, online);
    summary.latest = online;
  }
  if (summary) summary.average = total / count;
  return summary;
}

/** "per 5 minutes", "per hour", "per 4 hours": what one point of a series stands for. */
export function perBucket(stepSeconds: number): string {
  const minutes = Math.round(stepSeconds / 60);
  if (minutes < 60) return `per ${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours === 1 ? 'per hour' : `per ${hours} hours`;
}

const players = (value: number) => `${formatWhole(value)} ${Math.round(value) === 1 ? 'player' : 'players'}`;

/** When a bucket started: the time of day over 24 hours, with the day over longer ranges. */
export function bucketTime(range: StatusRange, epochSeconds: number): string {
  const options: Intl.DateTimeFormatOptions =
    range === 'day'
      ? { hour: 'numeric', minute: '2-digit' }
      : { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };
  return new Intl.DateTimeFormat(undefined, options).format(epochSeconds * 1000);
}

/**
 * The chart's text alternative: "Players online over the last 24 hours: peak 143 players at 2:05 PM
 * UTC, …". In UTC, as the page's last report is: the server renders it, and cannot know the
 * visitor's time zone (the chart itself, drawn in the browser, speaks the visitor's).
 */
export function describeHistory(range: StatusRange, summary: SeriesSummary): string {
  const peakAt = new Date(summary.peakAt * 1000);
  return (
    `Players online over ${RANGES[range].span}: peak ${players(summary.peak)} at ` +
    `${range === 'day' ? utcClock(peakAt) : utcDayAndClock(peakAt)} UTC, average ${players(summary.average)}, ` +
    `lowest ${players(summary.low)}, latest ${players(summary.latest)}.`
  );
}
