import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ServerStatus } from '@prison/shared/status';
import { clsx } from 'clsx';
import { Gauge, Timer, TrendingUp, Users } from 'lucide-react';
import { Stat, StatSkeleton } from '../../components/ui/stat.tsx';
import { formatPercent, formatTenths, formatWhole } from '../../lib/money.ts';
import { type TpsHealth, tpsHealth } from './status-model.ts';

const HEALTH: Record<TpsHealth, { label: MessageDescriptor; figureClass: string; badgeClass: string }> = {
  good: {
    label: msg({ message: 'Good', comment: "The game server's tick rate: 19.5 ticks a second or more" }),
    figureClass: 'text-emerald-700 dark:text-emerald-300',
    badgeClass: 'bg-emerald-500/12 text-emerald-800 ring-emerald-500/25 dark:text-emerald-200',
  },
  fair: {
    label: msg({ message: 'Fair', comment: "The game server's tick rate: 15 to 19.5 ticks a second" }),
    figureClass: 'text-amber-700 dark:text-amber-300',
    badgeClass: 'bg-amber-400/15 text-amber-900 ring-amber-500/30 dark:text-amber-200',
  },
  poor: {
    label: msg({ message: 'Poor', comment: "The game server's tick rate: under 15 ticks a second" }),
    figureClass: 'text-rose-700 dark:text-rose-300',
    badgeClass: 'bg-rose-500/12 text-rose-800 ring-rose-500/25 dark:text-rose-200',
  },
};

/** A dash for a figure the game server has not given, read out as "Not reported". */
function Missing() {
  return (
    <>
      <span aria-hidden>—</span>
      <span className="sr-only">
        <Trans comment="A figure the game server has not given">Not reported</Trans>
      </span>
    </>
  );
}

function OnlineNow({ online, max }: { online: number | null; max: number | null }) {
  if (online === null) return <Missing />;
  const players = formatWhole(online);
  if (max === null) return <span>{players}</span>;
  const capacity = formatWhole(max);
  return (
    <span>
      <Trans comment="Players online now out of the most the server holds">
        {players} <span className="text-lg font-semibold text-fg-muted">of {capacity}</span>
      </Trans>
    </span>
  );
}

/**
 * How full the server is, over a bar. The bar's track is there even while the share is unknown, so
 * that the card keeps its height when the live count arrives (no layout shift below it).
 */
function Capacity({ online, max }: { online: number | null; max: number | null }) {
  const { t } = useLingui();
  const known = online !== null && max !== null && max > 0;
  const percent = known ? Math.min(100, Math.round((online / max) * 100)) : 0;
  const share = formatPercent(percent);
  return (
    <>
      <span aria-hidden className="mb-2 block h-1.5 overflow-hidden rounded-full bg-fg/[0.08]">
        <span
          className="block h-full rounded-full bg-gradient-to-r from-emerald-400 to-emerald-500"
          style={{ width: `${percent}%` }}
        />
      </span>
      {known ? t`${share} of capacity` : t`Prisoners in the yard right now`}
    </>
  );
}

/** The four figures: players online now (live), today's peak, ticks per second and milliseconds per tick. */
export function StatCards({ status, liveOnline }: { status: ServerStatus; liveOnline: number | null }) {
  const { t } = useLingui();
  // The live socket's count wins; the polled one stands in until it arrives, unless it is stale.
  const online = liveOnline ?? (status.reporting ? status.online : null);
  const health = status.tps === null ? null : HEALTH[tpsHealth(status.tps)];
  const atLastReport =
    !status.reporting &&
    t({
      message: 'At the last report',
      comment: 'A figure from the game server, which has since stopped reporting',
    });
  const notReported = t`Not reported by the game server`;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <Stat
        label={t`Online now`}
        icon={Users}
        value={<OnlineNow online={online} max={status.max_online} />}
        detail={<Capacity online={online} max={status.max_online} />}
        glow="bg-[radial-gradient(14rem_9rem_at_100%_0%,rgb(52_211_153/0.14),transparent_70%)]"
      />
      <Stat
        label={t`Peak today`}
        icon={TrendingUp}
        value={status.peak_today === null ? <Missing /> : formatWhole(status.peak_today)}
        detail={t`Most online since midnight UTC`}
      />
      <Stat
        label="TPS"
        icon={Gauge}
        value={
          status.tps === null || !health ? (
            <Missing />
          ) : (
            <>
              <span className={health.figureClass}>{formatTenths(status.tps)}</span>
              <span
                className={clsx(
                  'rounded-full px-2 py-0.5 font-sans text-xs font-semibold tracking-normal ring-1 ring-inset',
                  health.badgeClass,
                )}
              >
                {t(health.label)}
              </span>
            </>
          )
        }
        detail={atLastReport || (status.tps === null ? notReported : t`Ticks per second, 20 at best`)}
      />
      <Stat
        label={t({ message: 'MSPT', comment: 'Milliseconds per tick of the game server' })}
        icon={Timer}
        value={status.mspt === null ? <Missing /> : <Milliseconds value={status.mspt} />}
        detail={atLastReport || (status.mspt === null ? notReported : t`Milliseconds per tick, 50 at most`)}
      />
    </dl>
  );
}

/** Milliseconds per tick, with the unit smaller. */
function Milliseconds({ value }: { value: number }) {
  const milliseconds = formatTenths(value);
  return (
    <span>
      <Trans comment="Milliseconds a tick of the game server takes">
        {milliseconds} <span className="text-lg font-semibold text-fg-muted">ms</span>
      </Trans>
    </span>
  );
}

export function StatCardsSkeleton() {
  return (
    <div aria-hidden className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {Array.from({ length: 4 }, (_, i) => (
        <StatSkeleton key={i} />
      ))}
    </div>
  );
}
