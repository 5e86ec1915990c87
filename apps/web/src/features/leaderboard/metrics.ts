// Spec 2.9: the four rankings, each with its description, and how each shows its figure.
import type { LeaderboardEntry, LeaderboardMetric } from '@prison/shared/leaderboard';
import { Coins, Crown, type LucideIcon, Pickaxe, Sparkles } from 'lucide-react';
import { formatWhole } from '../../lib/money.ts';
import { formatAverage, formatBalance } from './format.ts';

export interface MetricInfo {
  id: LeaderboardMetric;
  label: string;
  description: string;
  icon: LucideIcon;
  value: (entry: LeaderboardEntry) => number;
  /** A player's figure, e.g. "Level 80" or "$1,250". */
  format: (value: number) => string;
  /** An average or median of the figure, e.g. "Level 42.5". */
  formatAverage: (value: number) => string;
}

export const METRICS: readonly MetricInfo[] = [
  {
    id: 'level',
    label: 'Level',
    description: 'Who has climbed the highest this season. Players on the same level are split by XP.',
    icon: Pickaxe,
    value: (e) => e.level,
    format: (v) => `Level ${formatWhole(v)}`,
    formatAverage: (v) => `Level ${formatAverage(v)}`,
  },
  {
    id: 'xp',
    label: 'XP',
    description: 'Every point of experience earned in the mines, from quests and from enchant procs.',
    icon: Sparkles,
    value: (e) => e.xp,
    format: (v) => `${formatWhole(v)} XP`,
    formatAverage: (v) => `${formatWhole(v)} XP`,
  },
  {
    id: 'prestige',
    label: 'Prestige',
    description: 'Veterans who hit the level cap and reset for glory, up to Prestige 5. Ties go to XP.',
    icon: Crown,
    value: (e) => e.prestige,
    format: (v) => `Prestige ${formatWhole(v)}`,
    formatAverage: (v) => `Prestige ${formatAverage(v)}`,
  },
  {
    id: 'balance',
    label: 'Balance',
    description: 'The deepest pockets in the yard: money in hand right now, rounded to the dollar.',
    icon: Coins,
    value: (e) => e.balance,
    format: formatBalance,
    formatAverage: formatBalance,
  },
];
