import { Trans, useLingui } from '@lingui/react/macro';
import type { ServerStatus, StatusSeries } from '@prison/shared/status';
import { STATUS_RANGES, type StatusRange } from '@prison/shared/status-ranges';
import { clsx } from 'clsx';
import { ChartArea } from 'lucide-react';
// The tabs entry alone: radix-ui's main entry loads every primitive.
import * as Tabs from 'radix-ui/tabs';
import { lazy, Suspense, useId, useRef } from 'react';
import { cardClass } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatWhole } from '../../lib/money.ts';
import { useNearScreen } from '../../lib/use-near-screen.ts';
import { describeHistory, historyCaption, RANGES, summarizeSeries } from './status-model.ts';

/** The chart's code, uPlot included: its own chunk, fetched once the chart comes on screen. */
const StatusChart = lazy(async () => ({ default: (await import('./status-chart.tsx')).StatusChart }));

const CHART_HEIGHT = 'h-64 sm:h-80';

/** Players online over 24 hours, 7 days or 30 days, one tab each. */
export function HistoryCard({
  history,
  range,
  onRangeChange,
}: {
  history: ServerStatus['history'];
  range: StatusRange;
  onRangeChange: (range: string) => void;
}) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="history-title" className={cardClass('p-5 sm:p-6')}>
      <Tabs.Root value={range} onValueChange={onRangeChange}>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h2 id="history-title" className="font-display text-xl font-bold tracking-tight text-fg">
              <Trans>Players online</Trans>
            </h2>
            <p className="mt-1 text-sm text-fg-muted">{historyCaption(range, history[range].step)}</p>
          </div>
          <Tabs.List
            aria-label={t`Time range`}
            className="grid shrink-0 grid-cols-3 gap-1 rounded-xl border border-line bg-surface-sunken p-1 sm:inline-grid"
          >
            {STATUS_RANGES.map((id) => (
              <Tabs.Trigger
                key={id}
                value={id}
                className={clsx(
                  'rounded-lg px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-fg-muted transition sm:px-4',
                  'hover:bg-fg/[0.06] hover:text-fg',
                  'data-[state=active]:bg-gradient-to-b data-[state=active]:from-amber-300 data-[state=active]:to-amber-500',
                  'data-[state=active]:text-amber-950 data-[state=active]:shadow-[0_6px_18px_-8px_rgb(245_158_11/0.6)]',
                )}
              >
                {t(RANGES[id].label)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </div>
        {STATUS_RANGES.map((id) => (
          <Tabs.Content key={id} value={id} className="mt-5 focus-visible:outline-none">
            <RangeHistory range={id} series={history[id]} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}

function RangeHistory({ range, series }: { range: StatusRange; series: StatusSeries }) {
  const { t } = useLingui();
  const summary = summarizeSeries(series);
  const captionId = useId();
  const place = useRef<HTMLDivElement>(null);
  // Not before it is on screen: a phone's first screen ends just above it.
  const near = useNearScreen(place, '0px');
  if (!summary) return <NoHistory />;
  const figures = [
    {
      label: t({ message: 'Peak', comment: 'The most players online over the chart range' }),
      value: summary.peak,
    },
    {
      label: t({ message: 'Average', comment: 'Players online on average over the chart range' }),
      value: summary.average,
    },
    {
      label: t({ message: 'Lowest', comment: 'The fewest players online over the chart range' }),
      value: summary.low,
    },
  ];
  return (
    // Named by its caption explicitly: not every assistive technology reads a figcaption as the name.
    <figure aria-labelledby={captionId}>
      <dl className="flex flex-wrap gap-x-8 gap-y-2">
        {figures.map(({ label, value }) => (
          <div key={label}>
            <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">{label}</dt>
            <dd className="font-display text-lg font-bold text-fg tabular-nums">{formatWhole(value)}</dd>
          </div>
        ))}
      </dl>
      {/* Drawn once it nears the screen: on a phone the chart is below the fold, and drawing it
          while the page loads held up the first taps (Lighthouse's blocking time). */}
      <div ref={place} className="mt-4">
        {near ? (
          <Suspense fallback={<Skeleton className={CHART_HEIGHT} />}>
            <StatusChart range={range} series={series} />
          </Suspense>
        ) : (
          <Skeleton className={CHART_HEIGHT} />
        )}
      </div>
      <figcaption id={captionId} className="sr-only">
        {describeHistory(range, summary)}
      </figcaption>
    </figure>
  );
}

function NoHistory() {
  return (
    <div
      className={clsx(
        'flex flex-col items-center justify-center rounded-xl border border-dashed border-line-strong px-6 text-center',
        CHART_HEIGHT,
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-2xl bg-amber-400/10 text-accent ring-1 ring-amber-400/25">
        <ChartArea aria-hidden className="size-6" />
      </span>
      <p className="mt-4 font-display text-lg font-bold text-fg">
        <Trans>No history yet</Trans>
      </p>
      <p className="mt-1 max-w-sm text-sm text-fg-muted">
        <Trans>The chart fills in as the game server reports, one sample a minute.</Trans>
      </p>
    </div>
  );
}

export function HistoryCardSkeleton() {
  return (
    <div aria-hidden className={cardClass('p-5 sm:p-6')}>
      <div className="flex flex-col gap-4 sm:flex-row sm:justify-between">
        <div>
          <Skeleton className="h-6 w-40" />
          <Skeleton className="mt-2 h-4 w-64 max-w-full" />
        </div>
        <Skeleton className="h-10 w-full sm:w-72" />
      </div>
      <Skeleton className={clsx('mt-5', CHART_HEIGHT)} />
    </div>
  );
}
