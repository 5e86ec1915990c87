import { Trans, useLingui } from '@lingui/react/macro';
import { GKITS } from '@prison/shared/gkits';
import type { GKitState } from '@prison/shared/players';
import { clsx } from 'clsx';
import { cardClass } from '../../components/ui/card.tsx';
import { formatTimestamp } from '../../lib/time-format.ts';
import { useNow } from '../../lib/use-now.ts';
import { GKitArt } from './gkit-art.tsx';
import {
  cooldownRemaining,
  GKIT_STATUS_LABELS,
  type GKitStatus,
  gkitLevel,
  gkitStatus,
  nextClaimText,
} from './gkit-status.ts';
import { GKIT_TEXT } from './gkit-text.ts';

const BADGES: Record<GKitStatus, string> = {
  locked: 'bg-zinc-500/12 text-zinc-700 ring-zinc-500/25 dark:text-zinc-300',
  cooldown: 'bg-amber-400/15 text-amber-800 ring-amber-600/30 dark:text-amber-300',
  ready: 'bg-emerald-500/12 text-emerald-800 ring-emerald-600/25 dark:text-emerald-300',
};

/** Spec 2.7 G-Kits tab: one card per kit of the catalogue, with its state; the countdowns tick each second. */
export function GKitsTab({ gkits }: { gkits: Record<string, GKitState> }) {
  const now = useNow();
  const { t } = useLingui();
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {GKITS.map((kit) => {
        const state = gkits[kit.id];
        const status = gkitStatus(state, now);
        const remaining = cooldownRemaining(state, now);
        const availableAt = formatTimestamp(now + remaining);
        const text = GKIT_TEXT[kit.id];
        return (
          <li
            key={kit.id}
            data-gkit={kit.id}
            className={cardClass(clsx('flex flex-col p-5', status === 'locked' && 'opacity-80'))}
          >
            <div className="flex items-start gap-4">
              <GKitArt
                kitId={kit.id}
                className={clsx('size-20 shrink-0', status === 'locked' && 'grayscale')}
              />
              <div className="min-w-0 flex-1">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="font-display text-lg font-bold text-fg">{kit.name}</h3>
                  <span
                    className={clsx(
                      'rounded-md px-2 py-0.5 text-[11px] font-bold tracking-wider uppercase ring-1 ring-inset',
                      BADGES[status],
                    )}
                  >
                    {t(GKIT_STATUS_LABELS[status])}
                  </span>
                </div>
                <p className="mt-0.5 flex items-center gap-1.5 text-sm font-medium text-fg-muted">
                  <span
                    aria-hidden
                    className="size-2 shrink-0 rounded-full"
                    style={{ background: kit.accent }}
                  />
                  {text && t(text.tagline)}
                </p>
              </div>
            </div>
            <p className="mt-3 flex-1 text-sm text-fg-muted">{text && t(text.description)}</p>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 border-t border-line pt-3 text-sm">
              <dt className="text-fg-muted">
                <Trans comment="A G-Kit's level">Level</Trans>
              </dt>
              <dd className="text-right font-semibold text-fg tabular-nums">{gkitLevel(state)}</dd>
              <dt className="text-fg-muted">
                <Trans comment="When a G-Kit can next be claimed">Next claim</Trans>
              </dt>
              <dd className="text-right font-semibold text-fg">
                <span className={clsx(status === 'cooldown' && 'tabular-nums')}>
                  {nextClaimText(state, now)}
                </span>
                {status === 'cooldown' && (
                  <span className="block text-xs font-normal text-fg-muted">
                    <Trans comment="When a G-Kit can be claimed again: a date and time">
                      Available {availableAt}
                    </Trans>
                  </span>
                )}
              </dd>
              <dt className="text-fg-muted">
                <Trans comment="When a G-Kit was last claimed">Last claimed</Trans>
              </dt>
              <dd className="text-right text-fg">
                {state?.last_claimed_at ? formatTimestamp(state.last_claimed_at) : t`Never`}
              </dd>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
