import { Trans } from '@lingui/react/macro';
import { isRank, type Rank } from '@prison/shared/ranking';
import { clsx } from 'clsx';

// Spec 3 Ranks: each rank its own colour, climbing from green to violet; any other rank is grey.
const RANK_STYLES: Record<Rank, string> = {
  ROOKIE:
    'bg-emerald-500/12 text-emerald-800 ring-emerald-600/25 dark:text-emerald-300 dark:ring-emerald-400/25',
  CADET: 'bg-sky-500/12 text-sky-800 ring-sky-600/25 dark:text-sky-300 dark:ring-sky-400/25',
  SENTINEL:
    'bg-indigo-500/12 text-indigo-800 ring-indigo-600/25 dark:text-indigo-300 dark:ring-indigo-400/30',
  COMMANDER: 'bg-amber-400/15 text-amber-800 ring-amber-600/30 dark:text-amber-300 dark:ring-amber-400/30',
  DOMINUS: 'bg-rose-500/12 text-rose-800 ring-rose-600/25 dark:text-rose-300 dark:ring-rose-400/30',
  ARCHON:
    'bg-gradient-to-r from-fuchsia-500/15 to-violet-500/15 text-fuchsia-800 ring-fuchsia-600/30 ' +
    'dark:text-fuchsia-300 dark:ring-fuchsia-400/35',
};
export const UNKNOWN_RANK_STYLE = 'bg-zinc-500/12 text-zinc-700 ring-zinc-500/25 dark:text-zinc-300';

function rankStyle(rank: string): string {
  const name = rank.toUpperCase();
  return isRank(name) ? RANK_STYLES[name] : UNKNOWN_RANK_STYLE;
}

export function RankBadge({ rank, className }: { rank: string; className?: string }) {
  return (
    <span
      data-rank={rank.toUpperCase()}
      className={clsx(
        'inline-flex items-center rounded-md px-2 py-0.5 text-[11px] font-bold tracking-wider uppercase ring-1 ring-inset',
        rankStyle(rank),
        className,
      )}
    >
      {rank || <Trans comment="Rank badge of a player with no rank">Unranked</Trans>}
    </span>
  );
}
