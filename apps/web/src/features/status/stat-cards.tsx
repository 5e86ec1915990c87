import type { ServerStatus } from '@prison/shared/status';
import { clsx } from 'clsx';
import { Gauge, type LucideIcon, Timer, TrendingUp, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatWhole } from '../../lib/money.ts';
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

const decimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function StatCard({
  label,
  icon: Icon,
  value,
  detail,
  glow,
}: {
  label: string;
  icon: LucideIcon;
  value: ReactNode;
  detail: ReactNode;
  glow?: string;
}) {
  return (
    <div className="relative overflow-hidden rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-5">
      {glow && <div aria-hidden className={clsx('pointer-events-none absolute inset-0', glow)} />}
      <dt className="relative flex items-center justify-between gap-2 text-sm font-medium text-fg-muted">
        {label}
        <Icon aria-hidden className="size-4 shrink-0 text-accent" />
      </dt>
      <dd className="relative mt-2">
        <span className="flex flex-wrap items-baseline gap-x-2 font-display text-[1.75rem] leading-9 font-bold sm:text-3xl tracking-tight text-fg tabular-nums">
          {value}
        </span>
        <span className="mt-1.5 block text-xs text-fg-muted">{detail}</span>
      </dd>
    </div>
  );
}

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

function Capacity({ online, max }: { online: number | null; max: number | null }) {
  if (online === null || max === null || max <= 0) return <>Prisoners in the yard right now</>;
  const percent = Math.min(100, Math.round((online / max) * 100));
  return (
    <>
      <span aria-hidden className="mb-2 block h-1.5 overflow-hidden rounded-full bg-fg/[0.08]">
        <span
          className="block h-full rounded-full bg-gradient-to-r from-emerald-400 to-emerald-500"
          style={{ width: `${percent}%` }}
        />
      </span>
      {percent}% of capacity
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
      <StatCard
        label="Online now"
        icon={Users}
        value={<OnlineNow online={online} max={status.max_online} />}
        detail={<Capacity online={online} max={status.max_online} />}
        glow="bg-[radial-gradient(14rem_9rem_at_100%_0%,rgb(52_211_153/0.14),transparent_70%)]"
      />
      <StatCard
        label="Peak today"
        icon={TrendingUp}
        value={status.peak_today === null ? <Missing /> : formatWhole(status.peak_today)}
        detail="Most online since midnight UTC"
      />
      <StatCard
        label="TPS"
        icon={Gauge}
        value={
          status.tps === null || !health ? (
            <Missing />
          ) : (
            <>
              <span className={health.text}>{decimal.format(status.tps)}</span>
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
      <StatCard
        label="MSPT"
        icon={Timer}
        value={
          status.mspt === null ? (
            <Missing />
          ) : (
            <span>
              {decimal.format(status.mspt)} <span className="text-lg font-semibold text-fg-muted">ms</span>
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
        <div key={i} className="h-[8.25rem] rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-5">
          <div className="h-3.5 w-24 rounded bg-fg/[0.08] motion-safe:animate-pulse" />
          <div className="mt-4 h-8 w-28 max-w-full rounded bg-fg/[0.08] motion-safe:animate-pulse" />
          <div className="mt-3 h-3 w-36 max-w-full rounded bg-fg/[0.06] motion-safe:animate-pulse" />
        </div>
      ))}
    </div>
  );
}
