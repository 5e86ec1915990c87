import { Trans, useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import type { LiveStatus } from '../../lib/live-socket.ts';

// Spec 4: connecting yellow, open green, closed red.
const LIVE_LOOK: Record<LiveStatus, { dot: string; tone: string }> = {
  connecting: { dot: 'bg-amber-400', tone: 'text-amber-800 dark:text-amber-300' },
  open: { dot: 'bg-emerald-500', tone: 'text-emerald-700 dark:text-emerald-300' },
  closed: { dot: 'bg-rose-500', tone: 'text-rose-700 dark:text-rose-300' },
};

/** The word for a connection's state. */
function LiveWord({ status }: { status: LiveStatus }) {
  if (status === 'open') {
    return <Trans comment="State of a live connection: open, the figures update by themselves">Live</Trans>;
  }
  if (status === 'connecting') {
    return <Trans comment="State of a live connection: being opened">Connecting</Trans>;
  }
  return <Trans comment="State of a live connection: lost, being opened again">Reconnecting…</Trans>;
}

/** The coloured dot of a live connection, pulsing while open. */
export function LiveDot({ status }: { status: LiveStatus }) {
  return (
    <span className="relative flex size-2.5 shrink-0" aria-hidden>
      {status === 'open' && (
        <span className="absolute inset-0 rounded-full bg-emerald-500 motion-safe:animate-pulse-ring" />
      )}
      <span className={clsx('relative size-2.5 rounded-full', LIVE_LOOK[status].dot)} />
    </span>
  );
}

/**
 * Whether the page's figures are live: spec 4's connecting, open and closed colours. `subject` names
 * what is live for screen readers; `children` follow the state (when the figures were last updated).
 */
export function LivePill({
  status,
  subject,
  className,
  children,
}: {
  status: LiveStatus;
  subject?: string;
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const look = LIVE_LOOK[status];
  const what = subject ?? t`Live updates`;
  return (
    <p
      className={clsx(
        'inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1.5 text-xs font-semibold shadow-card',
        look.tone,
        className,
      )}
    >
      <LiveDot status={status} />
      <span className="sr-only">
        <Trans comment="For screen readers, before the state of a live connection: what is live">
          {what}:
        </Trans>{' '}
      </span>
      <span>
        <LiveWord status={status} />
      </span>
      {children}
    </p>
  );
}

/** The state of a live count's connection, as a small label beside the count. */
export function LiveLabel({ status }: { status: LiveStatus }) {
  const look = LIVE_LOOK[status];
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-2 text-xs font-semibold tracking-wide uppercase',
        look.tone,
      )}
    >
      <LiveDot status={status} />
      <span>
        <span className="sr-only">
          <Trans>Live connection status:</Trans>{' '}
        </span>
        <LiveWord status={status} />
      </span>
    </span>
  );
}
