import { Trans, useLingui } from '@lingui/react/macro';
import { pageTitle } from '@prison/shared/brand';
import type { LeaderboardEntry, LeaderboardMetric } from '@prison/shared/leaderboard';
import { clsx } from 'clsx';
import { Trophy } from 'lucide-react';
// The tabs entry alone: radix-ui's main entry loads every primitive.
import * as Tabs from 'radix-ui/tabs';
import { memo } from 'react';
import { type LoaderFunctionArgs, type ShouldRevalidateFunction, useSearchParams } from 'react-router';
import { cardClass } from '../../components/ui/card.tsx';
import { LivePill } from '../../components/ui/live-status.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { PageBackdrop } from '../../components/ui/page-backdrop.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { localClock } from '../../lib/local-clock.ts';
import { formatWhole } from '../../lib/money.ts';
import { queryForFirstRender, waitForFirstRender } from '../../lib/query-client.ts';
import { useSession } from '../../lib/session.ts';
import {
  isLeaderboardMetric,
  LEADERBOARD_LIMIT,
  leaderboardQueryOptions,
  useLeaderboard,
  useLeaderboardFeed,
} from './api.ts';
import { LeaderboardTable, TableSkeleton } from './leaderboard-table.tsx';
import { METRICS, type MetricInfo } from './metrics.ts';
import { PlayersOnline } from './players-online.tsx';
import { Podium, PodiumSkeleton } from './podium.tsx';
import { SummaryPanel, SummarySkeleton } from './summary-panel.tsx';

const DEFAULT_METRIC: LeaderboardMetric = 'level';

const chosenMetric = (params: URLSearchParams): LeaderboardMetric => {
  const requested = params.get('metric');
  return isLeaderboardMetric(requested) ? requested : DEFAULT_METRIC;
};

/**
 * The route's loader: the chosen ranking, so that the page renders once with it (and the server's
 * HTML holds it, entry-server.tsx).
 */
export const leaderboardLoader = ({ request }: LoaderFunctionArgs) =>
  waitForFirstRender(
    queryForFirstRender(leaderboardQueryOptions(chosenMetric(new URL(request.url).searchParams))),
  );

/** Another ranking is a tab of the same page: it shows at once, with placeholders until its data comes. */
export const leaderboardRevalidates: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  currentUrl.pathname !== nextUrl.pathname;

/** Spec 2.9. The chosen ranking lives in ?metric= so it can be linked and survives a reload. */
export function LeaderboardPage() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const metric = chosenMetric(params);
  const feed = useLeaderboardFeed(metric);

  const choose = (value: string) => {
    if (!isLeaderboardMetric(value)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === DEFAULT_METRIC) next.delete('metric');
        else next.set('metric', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <div className="relative isolate">
      <title>{pageTitle(t`Leaderboard`)}</title>
      <PageBackdrop
        glow="bg-[radial-gradient(40rem_24rem_at_10%_0%,rgb(251_191_36/0.2),transparent_70%),radial-gradient(36rem_26rem_at_100%_0%,rgb(139_92_246/0.12),transparent_70%)] dark:bg-[radial-gradient(40rem_24rem_at_10%_0%,rgb(245_158_11/0.14),transparent_70%),radial-gradient(36rem_26rem_at_100%_0%,rgb(124_58_237/0.18),transparent_70%)]"
        height="h-[36rem]"
      />

      <div className="container-page pt-12 pb-16 sm:pt-16 sm:pb-24">
        <div className="grid gap-6 lg:grid-cols-12 lg:items-end">
          <div className="lg:col-span-8">
            <PageHeader eyebrow={t`Hall of fame`} title={t`Leaderboard`}>
              <Intro />
            </PageHeader>
          </div>
          <div className="lg:col-span-4">
            <PlayersOnline />
          </div>
        </div>

        <Tabs.Root value={metric} onValueChange={choose} className="mt-10 sm:mt-12">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <Tabs.List
              aria-label={t({
                message: 'Ranking',
                comment: 'Tabs that choose which ranking the leaderboard shows',
              })}
              className={cardClass('grid grid-cols-4 gap-1 p-1 sm:inline-grid sm:w-auto')}
            >
              {METRICS.map(({ id, label, icon: Icon }) => (
                <Tabs.Trigger
                  key={id}
                  value={id}
                  className={clsx(
                    'inline-flex items-center justify-center gap-2 rounded-xl px-3 py-2 text-sm font-semibold text-fg-muted transition sm:px-5',
                    'hover:bg-fg/[0.06] hover:text-fg',
                    'data-[state=active]:bg-gradient-to-b data-[state=active]:from-amber-300 data-[state=active]:to-amber-500',
                    'data-[state=active]:text-amber-950 data-[state=active]:shadow-[0_6px_18px_-8px_rgb(245_158_11/0.6)]',
                  )}
                >
                  <Icon aria-hidden className="hidden size-4 min-[400px]:block" />
                  {t(label)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <LivePill status={feed.status} subject={t`Live rankings`} className="self-start sm:self-auto">
              {feed.updatedAt && <UpdatedAt at={feed.updatedAt} />}
            </LivePill>
          </div>

          {METRICS.map((info) => (
            <Tabs.Content key={info.id} value={info.id} className="mt-6 focus-visible:outline-none">
              <MetricDescription metric={info} />
              <Board metric={info} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </div>
    </div>
  );
}

/** The page header's text: how many players the leaderboard ranks. */
function Intro() {
  const limit = formatWhole(LEADERBOARD_LIMIT);
  return (
    <Trans comment="{limit} is how many players the leaderboard shows (50)">
      The top {limit} prisoners of the season, ranked live as they mine, level up and cash in. Pick a ranking,
      sort the table any way you like, and watch the podium change hands.
    </Trans>
  );
}

/** When the live feed last pushed the ranking, by the visitor's clock. */
function UpdatedAt({ at }: { at: Date }) {
  const time = localClock(at);
  return (
    <span className="font-normal text-fg-muted">
      <Trans comment="After the live state of the rankings: when they last changed">
        · Updated <time dateTime={at.toISOString()}>{time}</time>
      </Trans>
    </span>
  );
}

/** The chosen ranking's name and what it ranks by. */
function MetricDescription({ metric }: { metric: MetricInfo }) {
  const { t } = useLingui();
  const ranking = t(metric.label);
  const description = t(metric.description);
  return (
    <p className="max-w-3xl text-base text-pretty text-fg-muted">
      <Trans comment="A ranking's name, then what it ranks players by">
        <span className="font-semibold text-fg">{ranking}.</span> {description}
      </Trans>
    </p>
  );
}

function Board({ metric }: { metric: MetricInfo }) {
  const { t } = useLingui();
  const { data, isError } = useLeaderboard(metric.id);
  const session = useSession();

  if (data) {
    if (data.length === 0) return <EmptyBoard />;
    return <Rankings entries={data} metric={metric} ownUuid={session?.user.uuid} />;
  }
  if (isError) {
    return (
      // Spec 2.9 / 8: Retry reloads the page.
      <LoadError
        className="mt-8"
        message={t`Failed to load leaderboard.`}
        retryLabel={t`Retry`}
        onRetry={() => window.location.reload()}
      />
    );
  }
  return (
    <div className="mt-8 space-y-8" role="status" aria-label={t`Loading the leaderboard`}>
      <SummarySkeleton />
      <PodiumSkeleton />
      <TableSkeleton />
    </div>
  );
}

// The live feed pushes the ranking on connect and at each change, and the page re-renders for the
// time it shows: the podium and the table render again only when the entries did change (the query
// cache keeps the previous array when a pushed ranking is equal to it).
const Rankings = memo(function Rankings({
  entries,
  metric,
  ownUuid,
}: {
  entries: LeaderboardEntry[];
  metric: MetricInfo;
  ownUuid?: string;
}) {
  const { t } = useLingui();
  const count = formatWhole(entries.length);
  const ranking = t(metric.label);
  return (
    <div className="mt-8 space-y-10">
      <section aria-labelledby="summary-title">
        <h2 id="summary-title" className="sr-only">
          <Trans comment="Heading of the leaderboard's figures: top player, averages, median">Summary</Trans>
        </h2>
        <SummaryPanel entries={entries} metric={metric} />
      </section>
      <Podium entries={entries} metric={metric} />
      <section aria-labelledby="table-title">
        <div className="mb-4 flex flex-col gap-1 sm:flex-row sm:items-end sm:justify-between sm:gap-4">
          <h2 id="table-title" className="font-display text-2xl font-bold tracking-tight text-fg">
            <Trans comment="Heading of the leaderboard's table: {count} players ranked by {ranking} (Level, XP...)">
              Top {count} by {ranking}
            </Trans>
          </h2>
          <p className="text-sm text-fg-muted">
            <span className="hidden sm:inline">
              <Trans>Select a column heading to sort.</Trans>
            </span>
            <span className="sm:hidden">
              <Trans>Swipe the table for more columns.</Trans>
            </span>
          </p>
        </div>
        <LeaderboardTable entries={entries} metric={metric.id} metricLabel={ranking} ownUuid={ownUuid} />
      </section>
    </div>
  );
});

function EmptyBoard() {
  return (
    <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-line-strong bg-surface px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-amber-400/10 text-accent ring-1 ring-amber-400/25">
        <Trophy aria-hidden className="size-7" />
      </span>
      <p className="mt-5 font-display text-xl font-bold text-fg">
        <Trans>No leaderboard data yet.</Trans>
      </p>
      <p className="mt-2 max-w-md text-sm text-fg-muted">
        <Trans>Rankings appear here as soon as prisoners join the server and start mining.</Trans>
      </p>
    </div>
  );
}
