import { Trans } from '@lingui/react/macro';
import { Users } from 'lucide-react';
import { cardClass } from '../../components/ui/card.tsx';
import { LiveLabel } from '../../components/ui/live-status.tsx';
import { formatWhole } from '../../lib/money.ts';
import { useOnlineCount } from '../../lib/use-online-count.ts';

/** Spec 2.9 players-online widget: the live /ws/players count, a dash while unknown. */
export function PlayersOnline() {
  const { online, status } = useOnlineCount();
  return (
    <section aria-labelledby="players-online-title" className={cardClass('relative overflow-hidden p-5')}>
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(16rem_10rem_at_100%_0%,rgb(52_211_153/0.14),transparent_70%)]"
      />
      <div className="relative flex items-center justify-between gap-3">
        <h2 id="players-online-title" className="text-sm font-medium text-fg-muted">
          <Trans>Players online</Trans>
        </h2>
        <Users aria-hidden className="size-5 text-fg-muted" />
      </div>
      <p className="relative mt-2 flex items-baseline gap-3">
        <span className="font-display text-4xl font-bold tracking-tight text-fg tabular-nums">
          <span data-testid="players-online-count" aria-hidden={online === null || undefined}>
            {online === null ? '—' : formatWhole(online)}
          </span>
          {online === null && (
            <span className="sr-only">
              <Trans comment="How many players are online, while the live count has not arrived">
                Unknown
              </Trans>
            </span>
          )}
        </span>
        <LiveLabel status={status} />
      </p>
      <p className="relative mt-1 text-sm text-fg-muted">
        <Trans>Prisoners in the yard right now</Trans>
      </p>
    </section>
  );
}
