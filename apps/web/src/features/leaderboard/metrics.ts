// Spec 2.9: the four rankings, each with its description, and how each shows its figure.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LeaderboardEntry, LeaderboardMetric } from '@prison/shared/leaderboard';
import { Coins, Crown, type LucideIcon, Pickaxe, Sparkles } from 'lucide-react';
import { translate } from '../../lib/i18n.ts';
import { formatWhole } from '../../lib/money.ts';
import { formatAverage, formatBalance } from './format.ts';
import { type Arithmetic, type LeaderboardSummary, MONEY, NUMBERS, summarize } from './summary.ts';

export interface MetricInfo {
  id: LeaderboardMetric;
  label: MessageDescriptor;
  description: MessageDescriptor;
  icon: LucideIcon;
  /** A player's figure, e.g. "Level 80" or "$1,250". */
  show: (entry: LeaderboardEntry) => string;
  /** The summary over the loaded entries, its averages and median as shown, e.g. "Level 42.5". */
  summarize: (entries: readonly LeaderboardEntry[]) => LeaderboardSummary<string>;
}

/** "Level 80", "Level 42.5": a level already formatted, in the page's language. */
export const levelText = (level: string): string =>
  translate(msg({ message: `Level ${level}`, comment: "A player's level, or an average of levels" }));

/** "1,250 XP": experience points already formatted, in the page's language. */
export const xpText = (xp: string): string =>
  translate(msg({ message: `${xp} XP`, comment: 'Experience points a player has earned' }));

/** "Prestige 3", "Prestige 2.5": a prestige already formatted, in the page's language. */
const prestigeText = (prestige: string): string =>
  translate(
    msg({
      message: `Prestige ${prestige}`,
      comment: "A player's prestige (how often they reset at the level cap), or an average of prestiges",
    }),
  );

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
    label: msg({ message: 'Level', comment: 'The leaderboard ranking by level' }),
    description: msg`Who has climbed the highest this season. Players on the same level are split by XP.`,
    icon: Pickaxe,
    ...figure(
      (e) => e.level,
      NUMBERS,
      (v) => levelText(formatWhole(v)),
      (v) => levelText(formatAverage(v)),
    ),
  },
  {
    id: 'xp',
    label: msg({ message: 'XP', comment: 'The leaderboard ranking by experience points' }),
    description: msg`Every point of experience earned in the mines, from quests and from enchant procs.`,
    icon: Sparkles,
    ...figure(
      (e) => e.xp,
      NUMBERS,
      (v) => xpText(formatWhole(v)),
      (v) => xpText(formatWhole(v)),
    ),
  },
  {
    id: 'prestige',
    label: msg({ message: 'Prestige', comment: 'The leaderboard ranking by prestige' }),
    description: msg`Veterans who hit the level cap and reset for glory, up to Prestige 5. Ties go to XP.`,
    icon: Crown,
    ...figure(
      (e) => e.prestige,
      NUMBERS,
      (v) => prestigeText(formatWhole(v)),
      (v) => prestigeText(formatAverage(v)),
    ),
  },
  {
    id: 'balance',
    label: msg({ message: 'Balance', comment: 'The leaderboard ranking by money in hand' }),
    description: msg`The deepest pockets in the yard: money in hand right now, rounded to the dollar.`,
    icon: Coins,
    ...figure((e) => e.balance, MONEY, formatBalance, formatBalance),
  },
];
