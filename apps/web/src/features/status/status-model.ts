// What the status page says about its figures: the health of the tick rate, the three chart ranges
// and a summary of a range's history (shown beside the chart and read out as its text alternative),
// in the page's language.
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { StatusRange, StatusSeries } from '@prison/shared/status';
import { translate } from '../../lib/i18n.ts';
import { formatWhole, intlFormatter, intlLanguage } from '../../lib/money.ts';
import { dateTimeFormat, utcClock, utcDayAndClock } from '../../lib/utc-time.ts';

export type TpsHealth = 'good' | 'fair' | 'poor';

/** A game server runs at 20 ticks a second at best: 19.5 or more is good, 15 or more fair, else poor. */
export function tpsHealth(tps: number): TpsHealth {
  if (tps >= 19.5) return 'good';
  if (tps >= 15) return 'fair';
  return 'poor';
}

/** Each chart range's tab. */
export const RANGES: Record<StatusRange, { label: MessageDescriptor }> = {
  day: {
    label: msg({ message: '24 hours', comment: 'Tab: the chart of players online over the last 24 hours' }),
  },
  week: {
    label: msg({ message: '7 days', comment: 'Tab: the chart of players online over the last 7 days' }),
  },
  month: {
    label: msg({ message: '30 days', comment: 'Tab: the chart of players online over the last 30 days' }),
  },
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

/**
 * "The most players online per 5 minutes, over the last 24 hours.": what one point of a range's
 * series stands for (its step: "per 5 minutes", "per hour", "per 4 hours"), as a sentence.
 */
export function historyCaption(range: StatusRange, stepSeconds: number): string {
  const minutes = Math.round(stepSeconds / 60);
  if (minutes < 60) return translate(PER_MINUTES[range](minutes, formatWhole(minutes)));
  const hours = Math.round(minutes / 60);
  return translate(PER_HOURS[range](hours, formatWhole(hours)));
}

type BucketSentence = (count: number, shown: string) => MessageDescriptor;

// Plurals whose English is the same for one and many ("per 1 minutes" as the page has always said):
// the categories are for languages whose words change with the number.
const PER_MINUTES: Record<StatusRange, BucketSentence> = {
  day: (minutes, shown) =>
    msg`${plural(minutes, {
      one: `The most players online per ${shown} minutes, over the last 24 hours.`,
      other: `The most players online per ${shown} minutes, over the last 24 hours.`,
    })}`,
  week: (minutes, shown) =>
    msg`${plural(minutes, {
      one: `The most players online per ${shown} minutes, over the last 7 days.`,
      other: `The most players online per ${shown} minutes, over the last 7 days.`,
    })}`,
  month: (minutes, shown) =>
    msg`${plural(minutes, {
      one: `The most players online per ${shown} minutes, over the last 30 days.`,
      other: `The most players online per ${shown} minutes, over the last 30 days.`,
    })}`,
};

const PER_HOURS: Record<StatusRange, BucketSentence> = {
  day: (hours, shown) =>
    msg`${plural(hours, {
      1: 'The most players online per hour, over the last 24 hours.',
      one: `The most players online per ${shown} hours, over the last 24 hours.`,
      other: `The most players online per ${shown} hours, over the last 24 hours.`,
    })}`,
  week: (hours, shown) =>
    msg`${plural(hours, {
      1: 'The most players online per hour, over the last 7 days.',
      one: `The most players online per ${shown} hours, over the last 7 days.`,
      other: `The most players online per ${shown} hours, over the last 7 days.`,
    })}`,
  month: (hours, shown) =>
    msg`${plural(hours, {
      1: 'The most players online per hour, over the last 30 days.',
      one: `The most players online per ${shown} hours, over the last 30 days.`,
      other: `The most players online per ${shown} hours, over the last 30 days.`,
    })}`,
};

const BUCKET_TIME: Record<StatusRange, Intl.DateTimeFormatOptions> = {
  day: { hour: 'numeric', minute: '2-digit' },
  week: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  month: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
};

/**
 * When a bucket started, in the visitor's time zone: the time of day over 24 hours, with the day over
 * longer ranges. In the browser's own locale on a page in English, else in the page's language.
 */
export function bucketTime(range: StatusRange, epochSeconds: number): string {
  const language = intlLanguage();
  const format = language
    ? dateTimeFormat(language, `bucket ${range}`, BUCKET_TIME[range])
    : intlFormatter(
        'en',
        `browser bucket ${range}`,
        () => new Intl.DateTimeFormat(undefined, BUCKET_TIME[range]),
      );
  return format.format(epochSeconds * 1000);
}

/**
 * The chart's text alternative: "Players online over the last 24 hours: peak 143 players at 2:05 PM
 * UTC, …". In UTC, as the page's last report is: the server renders it, and cannot know the
 * visitor's time zone (the chart itself, drawn in the browser, speaks the visitor's).
 */
export function describeHistory(range: StatusRange, summary: SeriesSummary): string {
  const peakAt = new Date(summary.peakAt * 1000);
  const time = range === 'day' ? utcClock(peakAt) : utcDayAndClock(peakAt);
  return translate(
    HISTORY_SENTENCES[range]({
      peakCount: Math.round(summary.peak),
      peak: formatWhole(summary.peak),
      time,
      averageCount: Math.round(summary.average),
      average: formatWhole(summary.average),
      lowestCount: Math.round(summary.low),
      lowest: formatWhole(summary.low),
      latestCount: Math.round(summary.latest),
      latest: formatWhole(summary.latest),
    }),
  );
}

interface HistoryFigures {
  /** Each figure rounded, choosing the plural, and as shown. */
  peakCount: number;
  peak: string;
  /** When the peak was, in UTC. */
  time: string;
  averageCount: number;
  average: string;
  lowestCount: number;
  lowest: string;
  latestCount: number;
  latest: string;
}

const HISTORY_SENTENCES: Record<StatusRange, (figures: HistoryFigures) => MessageDescriptor> = {
  day: ({ peakCount, peak, time, averageCount, average, lowestCount, lowest, latestCount, latest }) =>
    msg({
      message: `Players online over the last 24 hours: peak ${plural(peakCount, { one: `${peak} player`, other: `${peak} players` })} at ${time} UTC, average ${plural(averageCount, { one: `${average} player`, other: `${average} players` })}, lowest ${plural(lowestCount, { one: `${lowest} player`, other: `${lowest} players` })}, latest ${plural(latestCount, { one: `${latest} player`, other: `${latest} players` })}.`,
      comment: "The status chart's description for screen readers; {time} is the time of the peak, in UTC",
    }),
  week: ({ peakCount, peak, time, averageCount, average, lowestCount, lowest, latestCount, latest }) =>
    msg({
      message: `Players online over the last 7 days: peak ${plural(peakCount, { one: `${peak} player`, other: `${peak} players` })} at ${time} UTC, average ${plural(averageCount, { one: `${average} player`, other: `${average} players` })}, lowest ${plural(lowestCount, { one: `${lowest} player`, other: `${lowest} players` })}, latest ${plural(latestCount, { one: `${latest} player`, other: `${latest} players` })}.`,
      comment:
        "The status chart's description for screen readers; {time} is the day and time of the peak, in UTC",
    }),
  month: ({ peakCount, peak, time, averageCount, average, lowestCount, lowest, latestCount, latest }) =>
    msg({
      message: `Players online over the last 30 days: peak ${plural(peakCount, { one: `${peak} player`, other: `${peak} players` })} at ${time} UTC, average ${plural(averageCount, { one: `${average} player`, other: `${average} players` })}, lowest ${plural(lowestCount, { one: `${lowest} player`, other: `${lowest} players` })}, latest ${plural(latestCount, { one: `${latest} player`, other: `${latest} players` })}.`,
      comment:
        "The status chart's description for screen readers; {time} is the day and time of the peak, in UTC",
    }),
};
