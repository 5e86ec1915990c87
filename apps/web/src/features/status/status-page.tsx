// The public server status page (/status): players online now and today's peak, the game server's
// tick rate, and the history of players online over 24 hours, 7 days and 30 days.

import { Trans, useLingui } from '@lingui/react/macro';
import { pageTitle } from '@prison/shared/brand';
import type { ServerStatus, StatusRange } from '@prison/shared/status';
import { clsx } from 'clsx';
import { useSearchParams } from 'react-router';
import { LiveDot } from '../../components/ui/live-status.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { PageBackdrop } from '../../components/ui/page-backdrop.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import type { LiveStatus } from '../../lib/live-socket.ts';
import { queryForFirstRender, waitForFirstRender } from '../../lib/query-client.ts';
import { useOnlineCount } from '../../lib/use-online-count.ts';
import { utcDateTime } from '../../lib/utc-time.ts';
import { serverStatusQueryOptions, useServerStatus } from './api.ts';
import { HistoryCard, HistoryCardSkeleton } from './history-card.tsx';
import { StatCards, StatCardsSkeleton } from './stat-cards.tsx';
import { isStatusRange } from './status-model.ts';

const DEFAULT_RANGE: StatusRange = 'day';

/** The route's loader: the status, so that the page renders once with it (and the server's HTML holds it). */
export const statusLoader = () => waitForFirstRender(queryForFirstRender(serverStatusQueryOptions()));

export function StatusPage() {
  const { t } = useLingui();
  const status = useServerStatus();
  const { online: liveOnline } = useOnlineCount();

  // The chosen range lives in ?range= so that it can be linked and survives a reload.
  const [params, setParams] = useSearchParams();
  const requested = params.get('range');
  const range = isStatusRange(requested) ? requested : DEFAULT_RANGE;
  const chooseRange = (value: string) => {
    if (!isStatusRange(value)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === DEFAULT_RANGE) next.delete('range');
        else next.set('range', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const data = status.data;
  return (
    <div className="relative isolate">
      <title>{pageTitle(t`Server status`)}</title>
      <PageBackdrop glow="bg-[radial-gradient(40rem_24rem_at_10%_0%,rgb(52_211_153/0.16),transparent_70%),radial-gradient(36rem_26rem_at_100%_0%,rgb(251_191_36/0.14),transparent_70%)] dark:bg-[radial-gradient(40rem_24rem_at_10%_0%,rgb(16_185_129/0.13),transparent_70%),radial-gradient(36rem_26rem_at_100%_0%,rgb(245_158_11/0.12),transparent_70%)]" />

      <div className="container-page pt-12 pb-16 sm:pt-16 sm:pb-24">
        <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
          <PageHeader
            eyebrow={t({
              message: 'Live',
              comment: "Above the status page's title: its figures update by themselves",
            })}
            title={t`Server status`}
          >
            <Trans>
              How many prisoners are in the yard, how smoothly the game server is running, and how busy the
              last month has been.
            </Trans>
          </PageHeader>
          <ReportingPill status={data} />
        </div>

        <div className="mt-10 space-y-6 sm:mt-12">
          {data ? (
            <>
              <section aria-labelledby="figures-title">
                <h2 id="figures-title" className="sr-only">
                  <Trans comment="Heading of the status page's figures: players online, tick rate">
                    Figures
                  </Trans>
                </h2>
                <StatCards status={data} liveOnline={liveOnline} />
              </section>
              <HistoryCard history={data.history} range={range} onRangeChange={chooseRange} />
            </>
          ) : status.isError ? (
            <LoadError
              message={t`Could not load the server status.`}
              retryLabel={t`Retry`}
              retrying={status.isFetching}
              onRetry={() => void status.refetch()}
            />
          ) : (
            <div role="status" aria-label={t`Loading the server status`} className="space-y-6">
              <StatCardsSkeleton />
              <HistoryCardSkeleton />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

/** "Online", or "Game server not reporting" once the bridge has been silent for 60 seconds. */
function ReportingPill({ status }: { status: ServerStatus | undefined }) {
  const { t } = useLingui();
  const reporting = status?.reporting;
  const reportedAt = status?.reported_at ? new Date(status.reported_at) : null;
  const live: LiveStatus = reporting === undefined ? 'connecting' : reporting ? 'open' : 'closed';
  return (
    <div className="flex flex-col gap-1.5 lg:items-end">
      <p
        className={clsx(
          'inline-flex items-center gap-2 self-start rounded-full border px-3.5 py-1.5 text-sm font-semibold shadow-card lg:self-auto',
          reporting === undefined && 'border-line bg-surface text-fg-muted',
          reporting === true &&
            'border-emerald-500/30 bg-emerald-500/10 text-emerald-800 dark:text-emerald-200',
          reporting === false && 'border-rose-500/30 bg-rose-500/10 text-rose-800 dark:text-rose-200',
        )}
      >
        <LiveDot status={live} />
        {reporting === undefined
          ? t({ message: 'Checking…', comment: 'Whether the game server is online, while the status loads' })
          : reporting
            ? t({ message: 'Online', comment: 'The game server is online and reporting' })
            : t`Game server not reporting`}
      </p>
      {reportedAt && <LastReport at={reportedAt} />}
    </div>
  );
}

/** When the game server last reported, in UTC: the server renders this page, and cannot know the visitor's time zone. */
function LastReport({ at }: { at: Date }) {
  const when = utcDateTime(at);
  return (
    <p className="text-xs text-fg-muted">
      <Trans comment="{when} is a date and time in UTC">
        Last report <time dateTime={at.toISOString()}>{when} UTC</time>
      </Trans>
    </p>
  );
}
