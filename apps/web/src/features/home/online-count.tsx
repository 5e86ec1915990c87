import { Trans } from '@lingui/react/macro';
import { ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router';
import { cardClass } from '../../components/ui/card.tsx';
import { LiveLabel } from '../../components/ui/live-status.tsx';
import { formatWhole } from '../../lib/money.ts';
import { useOnlineCount } from '../../lib/use-online-count.ts';

/**
 * Spec 2.3: the live "Currently online" count with its connection dot (spec 4). The whole card links
 * to the server status page, through its label's link stretched over it.
 */
export function OnlineCount() {
  const { online, status } = useOnlineCount();
  return (
    <div
      className={cardClass(
        'group relative overflow-hidden p-6 transition duration-200 hover:border-line-strong has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring motion-safe:hover:-translate-y-0.5',
      )}
    >
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(18rem_12rem_at_100%_0%,rgb(52_211_153/0.12),transparent_70%)]"
      />
      <div className="relative flex items-center justify-between">
        <p>
          <LiveLabel status={status} />
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
          <Trans>
            Currently online<span className="sr-only"> (server status)</span>
          </Trans>
        </Link>
      </p>
      <p className="relative mt-1 font-display text-5xl font-bold tracking-tight text-fg tabular-nums">
        <span data-testid="online-count" aria-hidden={online === null || undefined}>
          {online === null ? '—' : formatWhole(online)}
        </span>
        {online === null && (
          <span className="sr-only">
            <Trans comment="The number of players online is not known">Unknown</Trans>
          </span>
        )}
      </p>
      <p className="relative mt-2 text-sm text-fg-muted">
        <Trans>Prisoners in the yard right now</Trans>
      </p>
    </div>
  );
}
