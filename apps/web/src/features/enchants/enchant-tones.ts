import type { EnchantRarity, EnchantStatus } from '@prison/shared/enchants';
import { History, type LucideIcon, Sparkles, Wrench } from 'lucide-react';

// The usual game colours for rarity, grey to gold; the rarity pill's text keeps AA contrast in both themes.
export const RARITY_TONE: Record<EnchantRarity, { pill: string; gem: string }> = {
  simple: {
    pill: 'bg-slate-500/12 text-slate-700 ring-slate-500/30 dark:text-slate-300',
    gem: 'bg-slate-500/12 text-slate-600 ring-slate-500/30 dark:text-slate-300',
  },
  uncommon: {
    pill: 'bg-emerald-500/12 text-emerald-800 ring-emerald-500/30 dark:text-emerald-300',
    gem: 'bg-emerald-500/12 text-emerald-700 ring-emerald-500/30 dark:text-emerald-300',
  },
  elite: {
    pill: 'bg-sky-500/12 text-sky-800 ring-sky-500/30 dark:text-sky-300',
    gem: 'bg-sky-500/12 text-sky-700 ring-sky-500/30 dark:text-sky-300',
  },
  ultimate: {
    pill: 'bg-violet-500/12 text-violet-800 ring-violet-500/30 dark:text-violet-300',
    gem: 'bg-violet-500/12 text-violet-700 ring-violet-500/30 dark:text-violet-300',
  },
  legendary: {
    pill: 'bg-amber-400/15 text-amber-800 ring-amber-500/35 dark:text-amber-300',
    gem: 'bg-amber-400/15 text-amber-700 ring-amber-500/35 dark:text-amber-300',
  },
};

export const STATUS_TONE: Record<EnchantStatus, string> = {
  new: 'bg-gradient-to-b from-amber-300 to-amber-400 text-amber-950 ring-amber-500/40',
  // Neutral rather than blue, so that it never reads as the elite rarity badge beside it.
  reworked: 'bg-fg/[0.06] text-fg ring-line-strong',
  returning: 'bg-fuchsia-500/12 text-fuchsia-800 ring-fuchsia-500/35 dark:text-fuchsia-200',
};

export const STATUS_ICON: Record<EnchantStatus, LucideIcon> = {
  new: Sparkles,
  reworked: Wrench,
  returning: History,
};
