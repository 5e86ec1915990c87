import { Trans, useLingui } from '@lingui/react/macro';
import type { ActivityItem } from '@prison/shared/players';
import { clsx } from 'clsx';
import { useState } from 'react';
import { ActivityEntry } from '../../components/ui/activity-entry.tsx';
import { cardClass } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ACTIVITY_FILTERS, type ActivityFilter, matchesFilter } from '../../lib/activity-model.ts';
import { useNow } from '../../lib/use-now.ts';

/** Spec 2.7 Activity tab: filter chips (All first), entries drawn by type, empty texts, 3 skeleton rows. */
export function ActivityTab({ items }: { items: ActivityItem[] | null }) {
  const [filter, setFilter] = useState<ActivityFilter>('all');
  // The tab's own clock (spec 9: each second): the times tick without drawing the profile again.
  const now = useNow();
  const { t } = useLingui();
  const shown = items?.filter((item) => matchesFilter(item, filter)) ?? null;
  return (
    <div>
      <fieldset>
        <legend className="sr-only">
          <Trans comment="Names the activity filter chips">Show activity</Trans>
        </legend>
        <div className="flex flex-wrap gap-2">
          {ACTIVITY_FILTERS.map(({ id, label }) => (
            <button
              key={id}
              type="button"
              aria-pressed={filter === id}
              onClick={() => setFilter(id)}
              className={clsx(
                'rounded-full px-3.5 py-1.5 text-sm font-semibold ring-1 transition ring-inset',
                filter === id
                  ? 'bg-amber-400 text-amber-950 ring-amber-500'
                  : 'bg-surface text-fg-muted ring-line hover:text-fg',
              )}
            >
              {t(label)}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="mt-5">
        {shown === null ? (
          <ul aria-label={t`Loading activity`} className="space-y-3">
            {[0, 1, 2].map((i) => (
              <li key={i} className={cardClass('flex items-center gap-3 p-4')}>
                <Skeleton className="size-10 shrink-0 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-3.5 w-1/3 rounded-full" />
                  <Skeleton className="h-3 w-2/3 rounded-full" />
                </div>
              </li>
            ))}
          </ul>
        ) : shown.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line-strong p-8 text-center text-fg-muted">
            {items && items.length > 0 ? (
              <Trans>No activity entries match this filter yet.</Trans>
            ) : (
              <Trans>No recent activity recorded yet.</Trans>
            )}
          </p>
        ) : (
          <ol className="space-y-3">
            {shown.map((item) => (
              <ActivityEntry key={item.id} item={item} now={now} />
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
