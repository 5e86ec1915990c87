import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { LeaderboardEntry } from '@prison/shared/leaderboard';
import { BarChart3, Crown, Scale, Sigma, Users } from 'lucide-react';
import { PlayerLink } from '../../components/ui/entity-links.tsx';
import { Stat, StatSkeleton } from '../../components/ui/stat.tsx';
import { formatWhole } from '../../lib/money.ts';
import type { MetricInfo } from './metrics.ts';
import { TOP_TEN } from './summary.ts';

/** The top player's card spans two columns until the five cards fit one row. */
const TOP_PLAYER_SPAN = 'col-span-2 lg:col-span-1';

/** Spec 2.9 summary, over the loaded entries of the chosen ranking (summary.ts). */
export function SummaryPanel({
  entries,
  metric,
}: {
  entries: readonly LeaderboardEntry[];
  metric: MetricInfo;
}) {
  const { t } = useLingui();
  const summary = metric.summarize(entries);
  const show = (value: string | null) => value ?? '—';
  const top = summary.topPlayer;
  const first = Math.min(TOP_TEN, summary.rosterSize);
  const count = formatWhole(first);
  const stats = [
    {
      label: t`Top 10 average`,
      value: show(summary.topTenAverage),
      detail: t`${plural(first, { one: `Mean of the first ${count} players`, other: `Mean of the first ${count} players` })}`,
      icon: BarChart3,
    },
    {
      label: t({ message: 'Median', comment: "The leaderboard's middle figure" }),
      value: show(summary.median),
      detail: t`Half the roster is above this`,
      icon: Scale,
    },
    {
      label: t`Server average`,
      value: show(summary.average),
      detail: t`Mean across the roster`,
      icon: Sigma,
    },
    {
      label: t`Roster size`,
      value: formatWhole(summary.rosterSize),
      detail: t`Ranked players on this board`,
      icon: Users,
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
      <Stat
        label={t`Top player`}
        icon={Crown}
        tone="accent"
        className={TOP_PLAYER_SPAN}
        value={
          top ? (
            <span className="min-w-0 truncate sm:text-2xl">
              <PlayerLink username={top.username} />
            </span>
          ) : (
            '—'
          )
        }
        detail={top ? metric.show(top) : t`Nobody ranked yet`}
      />
      {stats.map((stat) => (
        <Stat key={stat.label} {...stat} />
      ))}
    </dl>
  );
}

export function SummarySkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5" aria-hidden>
      {Array.from({ length: 5 }, (_, i) => (
        <StatSkeleton key={i} className={i === 0 ? TOP_PLAYER_SPAN : undefined} />
      ))}
    </div>
  );
}
