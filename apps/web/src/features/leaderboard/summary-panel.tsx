import type { LeaderboardEntry } from '@prison/shared/leaderboard';
import { BarChart3, Crown, Scale, Sigma, Users } from 'lucide-react';
import { PlayerLink } from '../../components/ui/entity-links.tsx';
import { Stat, StatSkeleton } from '../../components/ui/stat.tsx';
import { formatWhole } from '../../lib/money.ts';
import type { MetricInfo } from './metrics.ts';
import { TOP_TEN } from './summary.ts';

/** Spec 2.9 summary, over the loaded entries of the chosen ranking (summary.ts). */
export function SummaryPanel({
  entries,
  metric,
}: {
  entries: readonly LeaderboardEntry[];
  metric: MetricInfo;
}) {
  const summary = metric.summarize(entries);
  const show = (value: string | null) => value ?? '—';
  const top = summary.topPlayer;
  const stats = [
    {
      label: 'Top 10 average',
      value: show(summary.topTenAverage),
      detail: `Mean of the first ${Math.min(TOP_TEN, summary.rosterSize)} players`,
      icon: BarChart3,
    },
    { label: 'Median', value: show(summary.median), detail: 'Half the roster is above this', icon: Scale },
    { label: 'Server average', value: show(summary.average), detail: 'Mean across the roster', icon: Sigma },
    {
      label: 'Roster size',
      value: formatWhole(summary.rosterSize),
      detail: 'Ranked players on this board',
      icon: Users,
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
      <Stat
        label="Top player"
        icon={Crown}
        tone="accent"
        className="col-span-2 lg:col-span-1"
        value={
          top ? (
            <span className="min-w-0 truncate sm:text-2xl">
              <PlayerLink username={top.username} />
            </span>
          ) : (
            '—'
          )
        }
        detail={top ? metric.show(top) : 'Nobody ranked yet'}
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
        <StatSkeleton key={i} className={i === 0 ? 'col-span-2 lg:col-span-1' : undefined} />
      ))}
    </div>
  );
}
