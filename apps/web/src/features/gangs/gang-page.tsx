import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { pageTitle } from '@prison/shared/brand';
import type { Gang } from '@prison/shared/social';
import { ChevronLeft, Flag, UsersRound } from 'lucide-react';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { GangRoster } from '../../components/ui/gang-roster.tsx';
import { LivePill } from '../../components/ui/live-status.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { MilestoneList } from '../../components/ui/milestone-list.tsx';
import { PageBackdrop } from '../../components/ui/page-backdrop.tsx';
import { PageSection } from '../../components/ui/page-section.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isNotFound } from '../../lib/api.ts';
import { formatWhole } from '../../lib/money.ts';
import { queryForFirstRender, waitForFirstRender } from '../../lib/query-client.ts';
import { gangPageQueryOptions, useGangFeed, useGangPage } from './api.ts';
import { GangCard } from './gang-card.tsx';
import { GangNotFound } from './gang-not-found.tsx';

/** The route's loader: the gang's page, so that it renders once with it (and the server's HTML holds it). */
export const gangLoader = ({ params }: LoaderFunctionArgs) =>
  waitForFirstRender(queryForFirstRender(gangPageQueryOptions(params.id ?? '')));

/** /gangs/{id}: a gang's card, its live roster and its members' recent milestones. */
export function GangPage() {
  const { id = '' } = useParams();
  const page = useGangPage(id);
  const status = useGangFeed(id, page.isSuccess);
  const { t } = useLingui();

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
            <Trans>Gang browser</Trans>
          </Link>
          {page.data && <LivePill status={status} />}
        </div>
        {page.data ? (
          <>
            <title>{pageTitle(page.data.gang.name)}</title>
            <p className="mt-6 text-sm font-semibold tracking-wide text-accent uppercase">
              <Trans comment="Above a gang's name on its page">Gang</Trans>
            </p>
            <div className="mt-3">
              <GangCard gang={page.data.gang} />
            </div>
            <div className="mt-10 grid gap-10 lg:grid-cols-12 lg:gap-8">
              <PageSection
                id="roster-title"
                title={t`Roster`}
                icon={<UsersRound className="size-5" />}
                aside={<RosterCount gang={page.data.gang} />}
                className="lg:col-span-7"
              >
                <GangRoster members={page.data.gang.members} look="cards" />
              </PageSection>
              <PageSection
                id="milestones-title"
                title={t`Recent milestones`}
                icon={<Flag className="size-5" />}
                className="lg:col-span-5"
              >
                <MilestoneList items={page.data.milestones} labelledBy="milestones-title" />
              </PageSection>
            </div>
          </>
        ) : page.isError ? (
          <>
            <title>{pageTitle(t`Gang`)}</title>
            <LoadError
              className="mt-8"
              message={t`This gang's page could not be loaded.`}
              onRetry={() => void page.refetch()}
            />
          </>
        ) : (
          <Loading />
        )}
      </div>
    </div>
  );
}

function RosterCount({ gang }: { gang: Gang }) {
  const count = gang.member_count;
  const members = formatWhole(count);
  const online = formatWhole(gang.online_count);
  return (
    <p className="text-sm text-fg-muted tabular-nums">
      <Plural
        value={count}
        one={`${members} member · ${online} online`}
        other={`${members} members · ${online} online`}
      />
    </p>
  );
}

function Loading() {
  const { t } = useLingui();
  return (
    <div aria-busy="true" data-testid="gang-loading">
      <title>{pageTitle(t`Gang`)}</title>
      <p className="sr-only" role="status">
        <Trans>Loading the gang's page…</Trans>
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
