import type { ServerStatus } from '@prison/shared/status';
import { clsx } from 'clsx';
import { Gauge, Timer, TrendingUp, Users } from 'lucide-react';
import { Stat, StatSkeleton } from '../../components/ui/stat.tsx';
import { formatTenths, formatWhole } from '../../lib/money.ts';
import { type TpsHealth, tpsHealth } from './status-model.ts';

const HEALTH: Record<TpsHealth, { label: string; text: string; badge: string }> = {
  good: {
    label: 'Good',
    text: 'text-emerald-700 dark:text-emerald-300',
    badge: 'bg-emerald-500/12 text-emerald-800 ring-emerald-500/25 dark:text-emerald-200',
  },
  fair: {
    label: 'Fair',
    text: 'text-amber-700 dark:text-amber-300',
    badge: 'bg-amber-400/15 text-amber-900 ring-amber-500/30 dark:text-amber-200',
  },
  poor: {
    label: 'Poor',
    text: 'text-rose-700 dark:text-rose-300',
    badge: 'bg-rose-500/12 text-rose-800 ring-rose-500/25 dark:text-rose-200',
  },
};

/** A dash for a figure the game server has not given, read out as "Not reported". */
function Missing() {
  return (
    <>
      <span aria-hidden>—</span>
      <span className="sr-only">Not reported</span>
    </>
  );
}

function OnlineNow({ online, max }: { online: number | null; max: number | null }) {
  if (online === null) return <Missing />;
  if (max === null) return <span>{formatWhole(online)}</span>;
  return (
    <span>
      {formatWhole(online)} <span className="text-lg font-semibold text-fg-muted">of {formatWhole(max)}</span>
    </span>
  );
}

/**
 * How full the server is, over a bar. The bar's track is there even while the share is unknown, so
 * that the card keeps its height when the live count arrives (no layout shift below it).
 */
function Capacity({ online, max }: { online: number | null; max: number | null }) {
  const known = online !== null && max !== null && max > 0;
  const percent = known ? Math.min(100, Math.round((online / max) * 100)) : 0;
  return (
    <>
      <span aria-hidden className="mb-2 block h-1.5 overflow-hidden rounded-full bg-fg/[0.08]">
        <span
          className="block h-full rounded-full bg-gradient-to-r from-emerald-400 to-emerald-500"
          style={{ width: `${percent}%` }}
        />
      </span>
      {known ? `${percent}% of capacity` : 'Prisoners in the yard right now'}
    </>
  );
}

/** The four figures: players online now (live), today's peak, ticks per second and milliseconds per tick. */
export function StatCards({ status, liveOnline }: { status: ServerStatus; liveOnline: number | null }) {
  // The live socket's count wins; the polled one stands in until it arrives, unless it is stale.
  const online = liveOnline ?? (status.reporting ? status.online : null);
  const health = status.tps === null ? null : HEALTH[tpsHealth(status.tps)];
  const atLastReport = !status.reporting && 'At the last report';
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <Stat
        label="Online now"
        icon={Users}
        value={<OnlineNow online={online} max={status.max_online} />}
        detail={<Capacity online={online} max={status.max_online} />}
        glow="bg-[radial-gradient(14rem_9rem_at_100%_0%,rgb(52_211_153/0.14),transparent_70%)]"
      />
      <Stat
        label="Peak today"
        icon={TrendingUp}
        value={status.peak_today === null ? <Missing /> : formatWhole(status.peak_today)}
        detail="Most online since midnight UTC"
      />
      <Stat
        label="TPS"
        icon={Gauge}
        value={
          status.tps === null || !health ? (
            <Missing />
          ) : (
            <>
              <span className={health.text}>{formatTenths(status.tps)}</span>
              <span
                className={clsx(
                  'rounded-full px-2 py-0.5 font-sans text-xs font-semibold tracking-normal ring-1 ring-inset',
                  health.badge,
                )}
              >
                {health.label}
              </span>
            </>
          )
        }
        detail={
          atLastReport ||
          (status.tps === null ? 'Not reported by the game server' : 'Ticks per second, 20 at best')
        }
      />
      <Stat
        label="MSPT"
        icon={Timer}
        value={
          status.mspt === null ? (
            <Missing />
          ) : (
            <span>
              {formatTenths(status.mspt)} <span className="text-lg font-semibold text-fg-muted">ms</span>
            </span>
          )
        }
        detail={
          atLastReport ||
          (status.mspt === null ? 'Not reported by the game server' : 'Milliseconds per tick, 50 at most')
        }
      />
    </dl>
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
