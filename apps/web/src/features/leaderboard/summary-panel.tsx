import type { LeaderboardEntry } from '@prison/shared/leaderboard';
import { BarChart3, Crown, type LucideIcon, Scale, Sigma, Users } from 'lucide-react';
import { PlayerLink } from '../../components/ui/entity-links.tsx';
import { FigureText } from './figure-text.tsx';
import { formatCount } from './format.ts';
import type { MetricInfo } from './metrics.ts';
import { summarize, TOP_TEN } from './summary.ts';

interface Stat {
  label: string;
  value: string;
  detail: string;
  icon: LucideIcon;
}

/** Spec 2.9 summary, over the loaded entries of the chosen ranking (summary.ts). */
export function SummaryPanel({
  entries,
  metric,
}: {
  entries: readonly LeaderboardEntry[];
  metric: MetricInfo;
}) {
  const summary = summarize(entries, metric.value);
  const show = (value: number | null) => (value === null ? '—' : metric.formatAverage(value));
  const top = summary.topPlayer;
  const stats: Stat[] = [
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
      value: formatCount(summary.rosterSize),
      detail: 'Ranked players on this board',
      icon: Users,
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
      <div className="relative col-span-2 overflow-hidden rounded-2xl border border-amber-500/30 bg-surface p-5 shadow-card lg:col-span-1">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(14rem_9rem_at_100%_0%,rgb(251_191_36/0.16),transparent_70%)]"
        />
        <dt className="relative flex items-center justify-between gap-2 text-sm font-medium text-fg-muted">
          Top player
          <Crown aria-hidden className="size-4 shrink-0 text-accent" />
        </dt>
        <dd className="relative mt-2">
          <span className="block truncate font-display text-2xl font-bold tracking-tight text-fg">
            {top ? <PlayerLink username={top.username} /> : '—'}
          </span>
          <span className="mt-1 block truncate text-sm text-fg-muted tabular-nums">
            {top ? metric.format(metric.value(top)) : 'Nobody ranked yet'}
          </span>
        </dd>
      </div>
      {stats.map(({ label, value, detail, icon: Icon }) => (
        <div key={label} className="rounded-2xl border border-line bg-surface p-5 shadow-card">
          <dt className="flex items-center justify-between gap-2 text-sm font-medium text-fg-muted">
            {label}
            <Icon aria-hidden className="size-4 shrink-0 text-accent" />
          </dt>
          <dd className="mt-2">
            <span className="block font-display font-bold tracking-tight text-fg tabular-nums">
              <FigureText text={value} short="text-xl sm:text-2xl" long="text-lg" longest="text-base" />
            </span>
            <span className="mt-1 block text-xs text-fg-muted">{detail}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function SummarySkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5" aria-hidden>
      {Array.from({ length: 5 }, (_, i) => (
        <div
          key={i}
          className={`h-[7.5rem] rounded-2xl border border-line bg-surface p-5 shadow-card ${i === 0 ? 'col-span-2 lg:col-span-1' : ''}`}
        >
          <div className="h-3.5 w-24 rounded bg-fg/[0.08] motion-safe:animate-pulse" />
          <div className="mt-4 h-6 w-32 max-w-full rounded bg-fg/[0.08] motion-safe:animate-pulse" />
          <div className="mt-3 h-3 w-20 rounded bg-fg/[0.06] motion-safe:animate-pulse" />
        </div>
      ))}
    </div>
  );
}
