import { clsx } from 'clsx';
import type { LiveStatus } from '../../lib/live-socket.ts';
// Shared with the leaderboard for now; it moves to components/ui when that folder is free to change.
import { LIVE_LOOK, LiveDot } from '../leaderboard/live-status.tsx';

/** Whether the page's figures are live: spec 4's connecting, open and closed colours. */
export function LivePill({ status }: { status: LiveStatus }) {
  const look = LIVE_LOOK[status];
  return (
    <p
      className={clsx(
        'inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1.5 text-xs font-semibold shadow-card',
        look.text,
      )}
    >
      <LiveDot status={status} />
      <span className="sr-only">Live updates: </span>
      <span>{look.label}</span>
    </p>
  );
}
