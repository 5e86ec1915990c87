// Spec 2.9: the four rankings, each with its description, and how each shows its figure.
import type { LeaderboardEntry, LeaderboardMetric } from '@prison/shared/leaderboard';
import { Coins, Crown, type LucideIcon, Pickaxe, Sparkles } from 'lucide-react';
import { formatWhole } from '../../lib/money.ts';
import { formatAverage, formatBalance } from './format.ts';
import { type Arithmetic, type LeaderboardSummary, MONEY, NUMBERS, summarize } from './summary.ts';

export interface MetricInfo {
  id: LeaderboardMetric;
  label: string;
  description: string;
  icon: LucideIcon;
  /** A player's figure, e.g. "Level 80" or "$1,250". */
  show: (entry: LeaderboardEntry) => string;
  /** The summary over the loaded entries, its averages and median as shown, e.g. "Level 42.5". */
  summarize: (entries: readonly LeaderboardEntry[]) => LeaderboardSummary<string>;
}

/** How a ranking reads its figure from an entry, does its sums (money exactly) and writes it. */
function figure<T>(
  value: (entry: LeaderboardEntry) => T,
  math: Arithmetic<T>,
  format: (value: T) => string,
  average: (value: T) => string,
): Pick<MetricInfo, 'show' | 'summarize'> {
  const shown = (v: T | null) => (v === null ? null : average(v));
  return {
    show: (entry) => format(value(entry)),
    summarize: (entries) => {
      const summary = summarize(entries, value, math);
      return {
        ...summary,
        topTenAverage: shown(summary.topTenAverage),
        median: shown(summary.median),
        average: shown(summary.average),
      };
    },
  };
}

export const METRICS: readonly MetricInfo[] = [
  {
    id: 'level',
    label: 'Level',
    description: 'Who has climbed the highest this season. Players on the same level are split by XP.',
    icon: Pickaxe,
    ...figure(
      (e) => e.level,
      NUMBERS,
      (v) => `Level ${formatWhole(v)}`,
      (v) => `Level ${formatAverage(v)}`,
    ),
  },
  {
    id: 'xp',
    label: 'XP',
    description: 'Every point of experience earned in the mines, from quests and from enchant procs.',
    icon: Sparkles,
    ...figure(
      (e) => e.xp,
      NUMBERS,
      (v) => `${formatWhole(v)} XP`,
      (v) => `${formatWhole(v)} XP`,
    ),
  },
  {
    id: 'prestige',
    label: 'Prestige',
    description: 'Veterans who hit the level cap and reset for glory, up to Prestige 5. Ties go to XP.',
    icon: Crown,
    ...figure(
      (e) => e.prestige,
      NUMBERS,
      (v) => `Prestige ${formatWhole(v)}`,
      (v) => `Prestige ${formatAverage(v)}`,
    ),
  },
  {
    id: 'balance',
    label: 'Balance',
    description: 'The deepest pockets in the yard: money in hand right now, rounded to the dollar.',
    icon: Coins,
    ...figure((e) => e.balance, MONEY, formatBalance, formatBalance),
  },
];
