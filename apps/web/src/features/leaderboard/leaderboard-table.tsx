import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LeaderboardEntry, LeaderboardMetric } from '@prison/shared/leaderboard';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import { cardClass } from '../../components/ui/card.tsx';
import { PlayerLink } from '../../components/ui/entity-links.tsx';
import { PlayerAvatar } from '../../components/ui/player-avatar.tsx';
import { RankBadge } from '../../components/ui/rank-badge.tsx';
import { formatWhole } from '../../lib/money.ts';
import { formatBalance } from './format.ts';
import { DEFAULT_SORT, nextSort, type RankedEntry, type Sort, type SortKey, sortEntries } from './sort.ts';

const COLUMNS: { key: SortKey; label: MessageDescriptor; numeric: boolean }[] = [
  {
    key: 'position',
    label: msg({ message: '#', comment: "Leaderboard column: the player's place" }),
    numeric: true,
  },
  { key: 'username', label: msg({ message: 'Player', comment: 'Leaderboard column' }), numeric: false },
  { key: 'level', label: msg({ message: 'Level', comment: 'Leaderboard column' }), numeric: true },
  {
    key: 'xp',
    label: msg({ message: 'XP', comment: 'Leaderboard column: experience points' }),
    numeric: true,
  },
  { key: 'prestige', label: msg({ message: 'Prestige', comment: 'Leaderboard column' }), numeric: true },
  {
    key: 'rank',
    label: msg({ message: 'Rank', comment: "Leaderboard column: the player's rank in the game" }),
    numeric: false,
  },
  {
    key: 'balance',
    label: msg({ message: 'Balance', comment: 'Leaderboard column: money in hand' }),
    numeric: true,
  },
];

/** How the table is sorted, read out in its caption. */
const SORTED_BY: Record<SortKey, Record<Sort['direction'], MessageDescriptor>> = {
  position: { asc: msg`Sorted by place, ascending.`, desc: msg`Sorted by place, descending.` },
  username: { asc: msg`Sorted by player name, ascending.`, desc: msg`Sorted by player name, descending.` },
  level: { asc: msg`Sorted by level, ascending.`, desc: msg`Sorted by level, descending.` },
  xp: { asc: msg`Sorted by XP, ascending.`, desc: msg`Sorted by XP, descending.` },
  prestige: { asc: msg`Sorted by prestige, ascending.`, desc: msg`Sorted by prestige, descending.` },
  rank: { asc: msg`Sorted by rank, ascending.`, desc: msg`Sorted by rank, descending.` },
  balance: { asc: msg`Sorted by balance, ascending.`, desc: msg`Sorted by balance, descending.` },
};

/** The table's sort as aria-sort names it. */
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

// The # and Player columns stay in view while the rest scrolls sideways on a phone.
const STICKY_POSITION = 'sticky left-0 z-10 w-12 min-w-12';
const STICKY_PLAYER = 'sticky left-12 z-10 shadow-[1px_0_0_var(--line)] sm:shadow-none';

interface LeaderboardTableProps {
  entries: readonly LeaderboardEntry[];
  metric: LeaderboardMetric;
  metricLabel: string;
  /** The signed-in player's uuid, whose row is marked. */
  ownUuid?: string;
}

/** Spec 2.9: the sortable table of the loaded ranking. */
export function LeaderboardTable({ entries, metric, metricLabel, ownUuid }: LeaderboardTableProps) {
  const { t } = useLingui();
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const rows = useMemo(
    () =>
      sortEntries(
        entries.map((entry, index) => ({ ...entry, position: index + 1 })),
        sort,
      ),
    [entries, sort],
  );
  const ranking = metricLabel;
  const total = entries.length;
  const count = formatWhole(total);
  const top = t({
    message: plural(total, {
      one: `Top ${count} players by ${ranking}.`,
      other: `Top ${count} players by ${ranking}.`,
    }),
    comment:
      "The leaderboard table's caption, for screen readers: {ranking} is the ranking's name (Level, XP...)",
  });
  const sortedBy = t(SORTED_BY[sort.key][sort.direction]);

  return (
    // Off screen (below the podium on a phone) the browser skips laying out and painting the table's
    // 50 rows until it comes near; its height meanwhile is about that of 50 rows.
    <div
      className={cardClass('overflow-hidden [content-visibility:auto] [contain-intrinsic-size:auto_2600px]')}
    >
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard. */}
      <section className="overflow-x-auto" tabIndex={0} aria-label={t`${ranking} ranking table`}>
        <table className="w-full min-w-[46rem] border-collapse text-sm">
          <caption className="sr-only">{`${top} ${sortedBy}`}</caption>
          <thead>
            <tr className="border-b border-line bg-surface-sunken text-left text-xs font-semibold tracking-wide text-fg-muted uppercase">
              {COLUMNS.map(({ key, label, numeric }) => {
                const active = sort.key === key;
                const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
                const order = active ? ARIA_SORT[sort.direction] : 'none';
                return (
                  <th
                    key={key}
                    scope="col"
                    aria-sort={order}
                    className={clsx(
                      'px-2 py-1.5 first:pl-1.5 last:pr-1.5 sm:first:pl-2.5 sm:last:pr-2.5',
                      numeric && key !== 'position' && 'text-right',
                      key === 'position' && clsx(STICKY_POSITION, 'bg-surface-sunken'),
                      key === 'username' && clsx(STICKY_PLAYER, 'bg-surface-sunken'),
                    )}
                  >
                    <button
                      type="button"
                      onClick={() => setSort((current) => nextSort(current, key))}
                      className={clsx(
                        'inline-flex items-center gap-1.5 rounded-md px-1.5 py-1.5 uppercase transition hover:bg-fg/[0.06] hover:text-fg',
                        active && 'text-fg',
                        numeric && key !== 'position' && 'flex-row-reverse',
                      )}
                    >
                      {t(label)}
                      <Icon aria-hidden className={clsx('size-3.5', active ? 'text-accent' : 'opacity-50')} />
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <Row key={row.uuid} row={row} metric={metric} own={row.uuid === ownUuid} />
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

/** Fields of a row, compared one by one: a pushed ranking builds new row objects every time. */
function sameRow(a: RankedEntry, b: RankedEntry): boolean {
  const keys = Object.keys(a) as (keyof RankedEntry)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

// A live update re-renders only the rows whose player moved or changed.
const Row = memo(
  function Row({ row, metric, own }: { row: RankedEntry; metric: LeaderboardMetric; own: boolean }) {
    const rowBg = own ? 'bg-amber-50 dark:bg-[#1d1a12]' : 'bg-surface group-hover:bg-surface-sunken';
    return (
      <tr className="group border-b border-line last:border-b-0">
        <td className={clsx('px-3 py-2.5 sm:pl-4', STICKY_POSITION, rowBg)}>
          <span
            className={clsx(
              'inline-flex size-7 items-center justify-center rounded-lg font-display text-sm font-bold tabular-nums',
              row.position === 1 && 'bg-amber-400/25 text-amber-800 dark:text-amber-200',
              row.position === 2 && 'bg-slate-400/25 text-slate-700 dark:text-slate-200',
              row.position === 3 && 'bg-orange-500/20 text-orange-800 dark:text-orange-300',
              row.position > 3 && 'text-fg-muted',
            )}
          >
            {row.position}
          </span>
        </td>
        <th scope="row" className={clsx('px-3.5 py-2.5 text-left font-normal', STICKY_PLAYER, rowBg)}>
          <span className="flex min-w-0 items-center gap-2.5">
            <PlayerAvatar uuid={row.uuid} size={28} className="size-7 rounded-md" />
            <PlayerLink username={row.username} className="truncate font-semibold text-fg" />
            {own && (
              <span className="rounded-full bg-amber-400/25 px-1.5 py-0.5 text-[10px] font-bold text-amber-800 uppercase dark:text-amber-200">
                <Trans comment="Marks the signed-in player's own row in the leaderboard">You</Trans>
              </span>
            )}
          </span>
        </th>
        <Numeric className={rowBg} strong={metric === 'level'}>
          {formatWhole(row.level)}
        </Numeric>
        <Numeric className={rowBg} strong={metric === 'xp'}>
          {formatWhole(row.xp)}
        </Numeric>
        <Numeric className={rowBg} strong={metric === 'prestige'}>
          {formatWhole(row.prestige)}
        </Numeric>
        <td className={clsx('px-3.5 py-2.5', rowBg)}>
          <RankBadge rank={row.rank} />
        </td>
        <Numeric className={clsx('pr-3 sm:pr-4', rowBg)} strong={metric === 'balance'}>
          {formatBalance(row.balance)}
        </Numeric>
      </tr>
    );
  },
  (before, after) =>
    before.metric === after.metric && before.own === after.own && sameRow(before.row, after.row),
);

/** A figure cell; the figure the ranking is by stands out in its column. */
function Numeric({ children, className, strong }: { children: string; className?: string; strong: boolean }) {
  return (
    <td
      className={clsx(
        'px-3.5 py-2.5 text-right whitespace-nowrap tabular-nums',
        strong ? 'font-semibold text-fg' : 'text-fg-muted',
        className,
      )}
    >
      {children}
    </td>
  );
}

export function TableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div className={cardClass('overflow-hidden')} aria-hidden>
      <div className="h-11 border-b border-line bg-surface-sunken" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4 border-b border-line px-4 py-3 last:border-b-0">
          <div className="size-7 rounded-lg bg-fg/[0.08] motion-safe:animate-pulse" />
          <div className="size-7 rounded-md bg-fg/[0.08] motion-safe:animate-pulse" />
          <div className="h-3.5 w-32 rounded bg-fg/[0.08] motion-safe:animate-pulse" />
          <div className="ml-auto h-3.5 w-20 rounded bg-fg/[0.06] motion-safe:animate-pulse" />
        </div>
      ))}
    </div>
  );
}
