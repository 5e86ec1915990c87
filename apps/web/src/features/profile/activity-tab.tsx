import type { ActivityItem } from '@prison/shared/players';
import { clsx } from 'clsx';
import { ArrowUpCircle, Gift, LogIn, LogOut, type LucideIcon, Mail, MessageSquare, Zap } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatTimestamp, profileRelativeTime } from '../../lib/time-format.ts';
import {
  ACTIVITY_FILTERS,
  type ActivityFilter,
  type ActivityView,
  describeActivity,
  matchesFilter,
} from './activity-model.ts';

/** Spec 2.7 Activity tab: filter chips (All first), entries drawn by type, empty texts, 3 skeleton rows. */
export function ActivityTab({ items, now }: { items: ActivityItem[] | null; now: number }) {
  const [filter, setFilter] = useState<ActivityFilter>('all');
  const shown = items?.filter((item) => matchesFilter(item, filter)) ?? null;
  return (
    <div>
      <fieldset>
        <legend className="sr-only">Show activity</legend>
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
              {label}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="mt-5">
        {shown === null ? (
          <ul aria-label="Loading activity" className="space-y-3">
            {[0, 1, 2].map((i) => (
              <li key={i} className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-4">
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
            {items && items.length > 0
              ? 'No activity entries match this filter yet.'
              : 'No recent activity recorded yet.'}
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

const LOOKS: Record<ActivityView['kind'], { icon: LucideIcon; tone: string }> = {
  presence: { icon: LogIn, tone: 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-300' },
  'private-message': { icon: Mail, tone: 'bg-violet-500/12 text-violet-700 dark:text-violet-300' },
  chat: { icon: MessageSquare, tone: 'bg-sky-500/12 text-sky-700 dark:text-sky-300' },
  'level-up': { icon: ArrowUpCircle, tone: 'bg-amber-400/15 text-amber-700 dark:text-amber-300' },
  gkit: { icon: Gift, tone: 'bg-rose-500/12 text-rose-700 dark:text-rose-300' },
  generic: { icon: Zap, tone: 'bg-zinc-500/12 text-zinc-700 dark:text-zinc-300' },
};

function ActivityEntry({ item, now }: { item: ActivityItem; now: number }) {
  const view = describeActivity(item);
  const look = LOOKS[view.kind];
  const Icon = view.kind === 'presence' && !view.joined ? LogOut : look.icon;
  return (
    <li
      data-activity={view.kind}
      className="flex gap-3 rounded-2xl border border-line bg-surface p-4 shadow-card sm:gap-4"
    >
      <span className={clsx('flex size-10 shrink-0 items-center justify-center rounded-full', look.tone)}>
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
          <p className="min-w-0 text-sm text-fg">
            <Headline view={view} />
          </p>
          <time
            dateTime={item.occurred_at}
            title={formatTimestamp(item.occurred_at)}
            className="shrink-0 text-xs text-fg-muted tabular-nums"
          >
            {profileRelativeTime(item.occurred_at, now)}
          </time>
        </div>
        <Body view={view} />
      </div>
    </li>
  );
}

const Name = ({ children }: { children: ReactNode }) => <strong className="font-semibold">{children}</strong>;

function Headline({ view }: { view: ActivityView }) {
  switch (view.kind) {
    case 'presence':
      return (
        <>
          <Name>{view.name}</Name> {view.joined ? 'Joined' : 'Left'} the server
        </>
      );
    case 'private-message':
      return (
        <>
          <Name>{view.from}</Name> <span className="text-fg-muted">messaged</span> <Name>{view.to}</Name>
        </>
      );
    case 'chat':
      return (
        <>
          <Name>{view.name}</Name> <span className="text-fg-muted">in global chat</span>
        </>
      );
    case 'level-up':
      return (
        <>
          <Name>{view.name}</Name> {view.level === null ? 'levelled up' : `reached level ${view.level}`}
        </>
      );
    case 'gkit':
      return (
        <>
          <Name>{view.name}</Name> {view.status === 'unlocked' ? 'unlocked' : 'upgraded'}{' '}
          {view.kitName ? (
            <>
              the <Name>{view.kitName}</Name> G-Kit
            </>
          ) : (
            'a G-Kit'
          )}
          {view.level !== null && view.status === 'upgraded' ? ` to level ${view.level}` : ''}
        </>
      );
    case 'generic':
      return (
        <>
          <Name>{view.actor}</Name>
          {view.target && (
            <>
              {' '}
              <span className="text-fg-muted">with</span> <Name>{view.target}</Name>
            </>
          )}
        </>
      );
  }
}

function Body({ view }: { view: ActivityView }) {
  if (view.kind === 'private-message' || view.kind === 'chat') {
    return (
      <p className="mt-2 rounded-xl bg-surface-sunken px-3 py-2 text-sm break-words text-fg">{view.text}</p>
    );
  }
  if (view.kind === 'generic') {
    return (
      <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
        {view.text && <span className="break-words text-fg">{view.text}</span>}
        <span className="rounded-md bg-fg/[0.06] px-1.5 py-0.5 text-[11px] font-semibold tracking-wide text-fg-muted uppercase">
          {view.typeLabel}
        </span>
      </div>
    );
  }
  return null;
}
