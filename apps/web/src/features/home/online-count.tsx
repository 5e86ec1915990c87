import { clsx } from 'clsx';
import { ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router';
import type { LiveStatus } from '../../lib/live-socket.ts';
import { useOnlineCount } from '../../lib/use-online-count.ts';

const STATUS: Record<LiveStatus, { label: string; dot: string; text: string }> = {
  connecting: { label: 'Connecting', dot: 'bg-amber-400', text: 'text-amber-700 dark:text-amber-300' },
  open: { label: 'Live', dot: 'bg-emerald-500', text: 'text-emerald-700 dark:text-emerald-300' },
  closed: { label: 'Offline, reconnecting', dot: 'bg-rose-500', text: 'text-rose-700 dark:text-rose-300' },
};

const formatCount = new Intl.NumberFormat('en-US');

/**
 * Spec 2.3: the live "Currently online" count with its connection dot (spec 4). The whole card links
 * to the server status page, through its label's link stretched over it.
 */
export function OnlineCount() {
  const { online, status } = useOnlineCount();
  const look = STATUS[status];

  return (
    <div className="group relative overflow-hidden rounded-2xl border border-line bg-surface p-6 shadow-card transition duration-200 hover:border-line-strong has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring motion-safe:hover:-translate-y-0.5">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(18rem_12rem_at_100%_0%,rgb(52_211_153/0.12),transparent_70%)]"
      />
      <div className="relative flex items-center justify-between">
        <p
          className={clsx('flex items-center gap-2 text-xs font-semibold tracking-wide uppercase', look.text)}
        >
          <span className="relative flex size-2.5" aria-hidden>
            {status === 'open' && (
              <span className="absolute inset-0 rounded-full bg-emerald-500 motion-safe:animate-pulse-ring" />
            )}
            <span
              className={clsx('relative size-2.5 rounded-full', look.dot)}
              data-testid="live-status-dot"
            />
          </span>
          <span>
            <span className="sr-only">Live connection status: </span>
            {look.label}
          </span>
        </p>
        <ArrowUpRight
          aria-hidden
          className="size-5 text-fg-muted transition-transform group-hover:translate-x-0.5 group-hover:-translate-y-0.5 group-hover:text-fg"
        />
      </div>
      <p className="mt-5 text-sm font-medium text-fg-muted">
        <Link
          to="/status"
          className="after:absolute after:inset-0 after:z-10 after:content-[''] focus-visible:outline-none"
        >
          Currently online
          <span className="sr-only"> (server status)</span>
        </Link>
      </p>
      <p className="relative mt-1 font-display text-5xl font-bold tracking-tight text-fg tabular-nums">
        <span data-testid="online-count" aria-hidden={online === null || undefined}>
          {online === null ? '—' : formatCount.format(online)}
        </span>
        {online === null && <span className="sr-only">Unknown</span>}
      </p>
      <p className="relative mt-2 text-sm text-fg-muted">Prisoners in the yard right now</p>
    </div>
  );
}
