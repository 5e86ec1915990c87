import { Trans } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { ArrowRight, EyeOff, Globe, Lock } from 'lucide-react';
// The switch entry alone: radix-ui's main entry loads every primitive.
import * as Switch from 'radix-ui/switch';
import { useId } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { cardClass } from '../../components/ui/card.tsx';
import { PlayerLink } from '../../components/ui/entity-links.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { usePrivacy, useSavePrivacy } from './api.ts';

/**
 * Whether the public player page shows this player's statistics and milestones. Name, rank and
 * level stay public whatever the switch says.
 */
export function PrivacyCard({ username }: { username: string }) {
  const privacy = usePrivacy();
  const save = useSavePrivacy();
  const switchId = useId();
  const titleId = useId();
  const hintId = useId();
  const hidden = privacy.data?.hide_stats ?? false;

  return (
    <section aria-labelledby={titleId} className={cardClass('p-5')}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 gap-3">
          <span
            aria-hidden
            className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-400/12 text-accent ring-1 ring-amber-400/25"
          >
            <Lock className="size-5" />
          </span>
          <div className="min-w-0">
            <h3 id={titleId} className="font-display text-lg font-bold text-fg">
              <Trans>Privacy</Trans>
            </h3>
            <p id={hintId} className="mt-0.5 text-sm text-pretty text-fg-muted">
              <Trans>
                Your name, rank and level are always public. Choose whether your public page also shows your
                statistics and milestones.
              </Trans>
            </p>
          </div>
        </div>
        {privacy.isPending ? (
          <Skeleton className="h-9 w-56 shrink-0" />
        ) : privacy.isError ? (
          <p className="shrink-0 text-sm text-fg-muted">
            <Trans>Privacy settings are unavailable right now.</Trans>
          </p>
        ) : (
          <div className="flex shrink-0 items-center gap-3">
            <label htmlFor={switchId} className="text-sm font-semibold text-fg">
              <Trans>Hide my statistics</Trans>
            </label>
            <Switch.Root
              id={switchId}
              checked={hidden}
              disabled={save.isPending}
              aria-describedby={hintId}
              onCheckedChange={(checked) => save.mutate({ hide_stats: checked })}
              className={clsx(
                'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full p-0.5 ring-1 transition ring-inset',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60',
                'bg-fg/[0.12] ring-line-strong data-[state=checked]:bg-amber-400 data-[state=checked]:ring-amber-500',
              )}
            >
              <Switch.Thumb className="block size-6 rounded-full bg-white shadow-md transition-transform data-[state=checked]:translate-x-5" />
            </Switch.Root>
          </div>
        )}
      </div>
      {privacy.data && (
        <p
          aria-live="polite"
          className="mt-4 flex items-center gap-2 border-t border-line pt-3 text-sm text-fg-muted"
        >
          {hidden ? (
            <EyeOff aria-hidden className="size-4 shrink-0" />
          ) : (
            <Globe aria-hidden className="size-4 shrink-0" />
          )}
          <span className="min-w-0 flex-1">
            {hidden ? (
              <Trans>Hidden: visitors read that you keep your statistics private.</Trans>
            ) : (
              <Trans>Public: anyone can see your statistics and milestones.</Trans>
            )}
          </span>
          <PlayerLink
            username={username}
            className="inline-flex shrink-0 items-center gap-1 font-semibold text-accent"
          >
            <Trans>View public page</Trans>
            <ArrowRight aria-hidden className="size-4" />
          </PlayerLink>
        </p>
      )}
      {save.isError && (
        <Alert tone="error" className="mt-3">
          <Trans>Your privacy setting could not be saved. Please try again.</Trans>
        </Alert>
      )}
    </section>
  );
}
