// Statistics grouped by category, as the profile's Statistics tab and the public player page show
// them (spec 2.7 Statistics tab).
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { formatWhole } from '../../lib/money.ts';
import { buildStatGroups, type StatsMap } from '../../lib/stats-format.ts';
import { cardClass } from './card.tsx';
import { StatRow } from './stat.tsx';

/**
 * Grouped by category, with the counts of categories and metrics; `empty` (by default the profile's
 * words) when there are none.
 */
export function StatGroups({
  stats,
  empty,
  gridClassName = 'md:grid-cols-2 xl:grid-cols-3',
}: {
  stats: StatsMap;
  empty?: string;
  /** The columns of the category cards, for pages that give the statistics less room. */
  gridClassName?: string;
}) {
  const { t } = useLingui();
  const groups = buildStatGroups(stats);
  if (groups.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line-strong p-8 text-center text-fg-muted">
        {empty ?? t`No statistics recorded yet. Play a little more to unlock your performance insights.`}
      </p>
    );
  }
  const metricCount = groups.reduce((sum, group) => sum + group.metrics.length, 0);
  const categoryCount = groups.length;
  const categories = formatWhole(categoryCount);
  const metrics = formatWhole(metricCount);
  const metricsOf = (count: number) => {
    const shown = formatWhole(count);
    return t`${plural(count, { one: `${shown} metric`, other: `${shown} metrics` })}`;
  };
  return (
    <div>
      <p className="text-sm text-fg-muted">
        {t`${plural(categoryCount, { one: `${categories} category`, other: `${categories} categories` })} · ${plural(metricCount, { one: `${metrics} metric`, other: `${metrics} metrics` })}`}
      </p>
      <div className={clsx('mt-4 grid gap-4', gridClassName)}>
        {groups.map((group) => (
          <section key={group.category} aria-label={group.category} className={cardClass('p-5')}>
            <h3 className="flex items-baseline justify-between gap-2 font-display text-lg font-bold text-fg">
              {group.category}
              <span className="text-xs font-medium text-fg-muted">{metricsOf(group.metrics.length)}</span>
            </h3>
            <dl className="mt-3 divide-y divide-line text-sm">
              {group.metrics.map((metric) => (
                <StatRow key={metric.name} label={metric.label} value={metric.value} />
              ))}
            </dl>
          </section>
        ))}
      </div>
    </div>
  );
}
