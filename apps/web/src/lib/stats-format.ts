// Statistics as the profile's Statistics tab and the public player page show them (spec 2.7; spec 3
// Player stats response, Stat categories; spec 9 Formatting): the game's stat map grouped by
// category, labelled and formatted for reading. In English written in en-US, as the site's money and
// counts are, and by hand (tests compare with Intl): the page's first Intl object would load the
// browser's locale data, a long task on a phone as the player's page hydrates. In another language,
// with Intl (docs/translations.md, Numbers and dates). The stats' labels are the game's names.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { SKIPPED_STAT, STAT_CATEGORIES, type StatCategory } from '@prison/shared/stats';
import { caselessOrder } from './caseless-order.ts';
import { translate } from './i18n.ts';
import { formatUpToHundredths, intlLanguage } from './money.ts';
import { formatDuration, MISSING_TIME } from './time-format.ts';
import { dateTimeFormat, utcDateTime } from './utc-time.ts';

interface StatMetric {
  /** The stat's name as the game reports it. */
  name: string;
  label: string;
  value: string;
}

interface StatGroup {
  /** The category's name in the page's language, its heading. */
  category: string;
  metrics: StatMetric[];
}

export type StatsMap = Record<string, number | number[]>;

const OTHER: StatCategory = 'Other';

/** Each category's name as a heading. */
const CATEGORY_NAMES: Record<StatCategory, MessageDescriptor> = {
  Blocks: msg({ message: 'Blocks', comment: 'Heading of the statistics about blocks mined' }),
  'Enchant Activations': msg({
    message: 'Enchant Activations',
    comment: "Heading of the statistics about how often each of a pickaxe's enchants went off",
  }),
  Resources: msg({
    message: 'Resources',
    comment: 'Heading of the statistics about energy, ores and shards gained',
  }),
  Time: msg({ message: 'Time', comment: 'Heading of the statistics about time played and logins' }),
  Progress: msg({ message: 'Progress', comment: "Heading of the statistics about a player's progress" }),
  Other: msg({ message: 'Other', comment: 'Heading of the statistics that belong to no other category' }),
};
/** Spec 9: these are moments, shown in Australia/Brisbane. */
const MOMENT_STATS = new Set(['FIRST_LOGIN', 'LAST_LOGIN', 'LAST_LOGOUT']);
/** Brisbane is UTC+10 all year: Queensland has kept no daylight saving since March 1992. */
const BRISBANE_OFFSET_MS = 10 * 3600 * 1000;

/** Each known stat's category and its place within it. */
const catalogue = new Map<string, { category: StatCategory; order: number }>(
  (Object.entries(STAT_CATEGORIES) as [StatCategory, readonly string[]][]).flatMap(([category, names]) =>
    names.map((name, order): [string, { category: StatCategory; order: number }] => [
      name,
      { category, order },
    ]),
  ),
);

/** Spec 9: "BLOCKS_BROKEN" reads "Blocks Broken". */
export function statLabel(name: string): string {
  return name
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** Spec 9: names ending in TIME, containing DURATION or starting with TIME_ hold seconds. */
export function isDurationStat(name: string): boolean {
  const upper = name.toUpperCase();
  return upper.endsWith('TIME') || upper.includes('DURATION') || upper.startsWith('TIME_');
}

/**
 * Spec 9: a moment as "Jan 2, 2024, 1:04 PM" in Brisbane; a value above 1e12 is milliseconds,
 * otherwise seconds. Never (zero) and what is no date read "—". In another language, its medium date
 * and short time, still in Brisbane ("02.01.2024, 13:04").
 */
export function statTime(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return MISSING_TIME;
  const millis = value > 1e12 ? value : value * 1000;
  const moment = new Date(millis + BRISBANE_OFFSET_MS);
  if (Number.isNaN(moment.getTime())) return MISSING_TIME;
  const language = intlLanguage();
  if (!language) return utcDateTime(moment);
  return dateTimeFormat(language, 'brisbane date time', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Australia/Brisbane',
  }).format(millis);
}

/**
 * Spec 9: login and logout moments as Brisbane date-times, durations as days to seconds, other
 * numbers grouped with up to 2 decimals.
 */
export function formatStatValue(name: string, value: number): string {
  const upper = name.toUpperCase();
  if (MOMENT_STATS.has(upper)) return statTime(value);
  if (isDurationStat(upper)) return formatDuration(value);
  return formatUpToHundredths(value);
}

/** Spec 3: an array's last value counts; an empty array or a non-finite value is no value. */
function statValue(raw: number | number[]): number | null {
  const value = Array.isArray(raw) ? raw.at(-1) : raw;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * Groups stats in the catalogue's category order, each category's known stats in catalogue order
 * and unknown names under Other after the known ones, alphabetically. MOMENTUM is left out (spec 3)
 * and categories left empty are dropped. Each group is named in the page's language.
 */
export function buildStatGroups(stats: StatsMap): StatGroup[] {
  const byCategory = new Map<StatCategory, { order: number; metric: StatMetric }[]>();
  for (const [name, raw] of Object.entries(stats)) {
    const upper = name.toUpperCase();
    if (upper === SKIPPED_STAT) continue;
    const value = statValue(raw);
    if (value === null) continue;
    const { category, order } = catalogue.get(upper) ?? { category: OTHER, order: Number.POSITIVE_INFINITY };
    const entries = byCategory.get(category) ?? [];
    entries.push({
      order,
      metric: { name, label: statLabel(name), value: formatStatValue(name, value) },
    });
    byCategory.set(category, entries);
  }
  return (Object.keys(STAT_CATEGORIES) as StatCategory[]).flatMap((category) => {
    const entries = byCategory.get(category);
    if (!entries?.length) return [];
    // Infinity - Infinity is NaN, so two unknown names fall through to the name comparison.
    entries.sort((a, b) => a.order - b.order || caselessOrder(a.metric.name, b.metric.name));
    return [{ category: translate(CATEGORY_NAMES[category]), metrics: entries.map((entry) => entry.metric) }];
  });
}
