import { pageTitle } from '@prison/shared/brand';
import type { ActivityItem } from '@prison/shared/players';
import type { Gang } from '@prison/shared/social';
import { ChevronLeft, Flag, RotateCw, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ActivityEntry } from '../../components/ui/activity-entry.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { LivePill } from '../../components/ui/live-status.tsx';
import { PageBackdrop } from '../../components/ui/page-backdrop.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatWhole } from '../../lib/money.ts';
import { useNow } from '../../lib/use-now.ts';
import { isNotFound, useGangFeed, useGangPage } from './api.ts';
import { GangCard } from './gang-card.tsx';
import { GangNotFound } from './gang-not-found.tsx';
import { GangRoster } from './gang-roster.tsx';

/** /gangs/{id}: a gang's card, its live roster and its members' recent milestones. */
export function GangPage() {
  const { id = '' } = useParams();
  const page = useGangPage(id);
  const status = useGangFeed(id, page.isSuccess);
  const now = useNow();

  if (isNotFound(page.error)) return <GangNotFound />;
  return (
    <div className="relative isolate">
      <PageBackdrop glow="bg-[radial-gradient(36rem_22rem_at_0%_0%,rgb(16_185_129/0.14),transparent_70%),radial-gradient(34rem_22rem_at_100%_0%,rgb(251_191_36/0.14),transparent_70%)]" />
      <div className="container-page pt-8 pb-16 sm:pt-12 sm:pb-24">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link
            to="/social#gang-browser"
            className="inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-fg-muted hover:text-fg"
          >
            <ChevronLeft aria-hidden className="size-4" />
            Gang browser
          </Link>
          {page.data && <LivePill status={status} />}
        </div>
        {page.data ? (
          <>
            <title>{pageTitle(page.data.gang.name)}</title>
            <p className="mt-6 text-sm font-semibold tracking-wide text-accent uppercase">Gang</p>
            <div className="mt-3">
              <GangCard gang={page.data.gang} />
            </div>
            <div className="mt-10 grid gap-10 lg:grid-cols-12 lg:gap-8">
              <Section
                id="roster-title"
                title="Roster"
                icon={<UsersRound className="size-5" />}
                aside={<RosterCount gang={page.data.gang} />}
                className="lg:col-span-7"
              >
                <GangRoster members={page.data.gang.members} now={now} />
              </Section>
              <Section
                id="milestones-title"
                title="Recent milestones"
                icon={<Flag className="size-5" />}
                className="lg:col-span-5"
              >
                <Milestones items={page.data.milestones} now={now} />
              </Section>
            </div>
          </>
        ) : page.isError ? (
          <>
            <title>{pageTitle('Gang')}</title>
            <Alert tone="error" className="mt-8 max-w-xl">
              <p>This gang's page could not be loaded.</p>
              <button
                type="button"
                className={buttonClass('secondary', 'sm', 'mt-3')}
                onClick={() => void page.refetch()}
              >
                <RotateCw aria-hidden className="size-4" />
                Try again
              </button>
            </Alert>
          </>
        ) : (
          <Loading />
        )}
      </div>
    </div>
  );
}

function RosterCount({ gang }: { gang: Gang }) {
  return (
    <p className="text-sm text-fg-muted tabular-nums">
      {formatWhole(gang.member_count)} {gang.member_count === 1 ? 'member' : 'members'} ·{' '}
      {formatWhole(gang.online_count)} online
    </p>
  );
}

function Section({
  id,
  title,
  icon,
  aside,
  className,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`min-w-0 ${className ?? ''}`}>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2
          id={id}
          className="flex items-center gap-2 font-display text-2xl font-bold tracking-tight text-fg"
        >
          <span aria-hidden className="text-accent">
            {icon}
          </span>
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** The members' newest level-ups, prestiges, G-Kit unlocks and upgrades and gang joins. */
function Milestones({ items, now }: { items: ActivityItem[]; now: number }) {
  if (items.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line-strong p-8 text-center text-fg-muted">
        No milestones yet.
      </p>
    );
  }
  return (
    <ol className="space-y-3" aria-labelledby="milestones-title">
      {items.map((item) => (
        <ActivityEntry key={item.id} item={item} now={now} />
      ))}
    </ol>
  );
}

function Loading() {
  return (
    <div aria-busy="true" data-testid="gang-loading">
      <title>{pageTitle('Gang')}</title>
      <p className="sr-only" role="status">
        Loading the gang's page…
      </p>
      <Skeleton className="mt-6 h-4 w-16" />
      <Skeleton className="mt-3 h-48 rounded-3xl" />
      <div className="mt-10 grid gap-8 lg:grid-cols-12">
        <div className="grid gap-2.5 sm:grid-cols-2 lg:col-span-7">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} className="h-16 rounded-2xl" />
          ))}
        </div>
        <Skeleton className="h-72 rounded-2xl lg:col-span-5" />
      </div>
    </div>
  );
}
