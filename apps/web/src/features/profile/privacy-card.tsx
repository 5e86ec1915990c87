import { Trans } from '@lingui/react/macro';
import { ArrowRight, EyeOff, Globe, Lock } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { cardClass } from '../../components/ui/card.tsx';
import { PlayerLink } from '../../components/ui/entity-links.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { usePrivacy, useSavePrivacy } from './api.ts';
import { SettingSwitch, SettingsCardHeading } from './settings-card.tsx';

/**
 * What the public player page shows of this player beyond their name, rank and level, which stay
 * public whatever the switches say: their statistics and milestones, and their punishment history.
 * Each switch sends only its own setting.
 */
export function PrivacyCard({ username }: { username: string }) {
  const privacy = usePrivacy();
  const save = useSavePrivacy();
  const titleId = useId();

  return (
    <section aria-labelledby={titleId} className={cardClass('p-5')}>
      <SettingsCardHeading
        icon={<Lock className="size-5" />}
        titleId={titleId}
        title={<Trans>Privacy</Trans>}
        description={
          <Trans>Your name, rank and level are always public. Choose what else your public page shows.</Trans>
        }
      />
      {privacy.isPending ? (
        <div className="mt-4 space-y-3 border-t border-line pt-4">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      ) : privacy.isError ? (
        <p className="mt-4 border-t border-line pt-4 text-sm text-fg-muted">
          <Trans>Privacy settings are unavailable right now.</Trans>
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-line border-t border-line">
          <Setting
            label={<Trans>Hide my statistics</Trans>}
            hidden={privacy.data.hide_stats}
            busy={save.isPending}
            onChange={(hide) => save.mutate({ hide_stats: hide })}
            state={
              privacy.data.hide_stats ? (
                <Trans>Hidden: visitors read that you keep your statistics private.</Trans>
              ) : (
                <Trans>Public: anyone can see your statistics and milestones.</Trans>
              )
            }
          />
          <Setting
            label={<Trans>Hide my punishment history from my page</Trans>}
            hidden={privacy.data.hide_punishments}
            busy={save.isPending}
            onChange={(hide) => save.mutate({ hide_punishments: hide })}
            state={
              privacy.data.hide_punishments ? (
                <Trans>
                  Hidden: visitors read that you keep your punishment history private. Your punishments stay
                  in the server's public list.
                </Trans>
              ) : (
                <Trans>Public: anyone can see your punishments on your page.</Trans>
              )
            }
          />
        </ul>
      )}
      {privacy.data && (
        <p className="flex justify-end border-t border-line pt-3 text-sm">
          <PlayerLink
            username={username}
            className="inline-flex items-center gap-1 font-semibold text-accent"
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

/** One setting: its switch, and what the public sees while it is as it is. */
function Setting({
  label,
  hidden,
  busy,
  onChange,
  state,
}: {
  label: ReactNode;
  hidden: boolean;
  busy: boolean;
  onChange: (hide: boolean) => void;
  state: ReactNode;
}) {
  const switchId = useId();
  const stateId = useId();
  return (
    <li className="flex flex-col gap-2 py-3.5 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="min-w-0">
        <label htmlFor={switchId} className="text-sm font-semibold text-fg">
          {label}
        </label>
        <p id={stateId} aria-live="polite" className="mt-1 flex items-start gap-2 text-sm text-fg-muted">
          {hidden ? (
            <EyeOff aria-hidden className="mt-0.5 size-4 shrink-0" />
          ) : (
            <Globe aria-hidden className="mt-0.5 size-4 shrink-0" />
          )}
          <span className="min-w-0">{state}</span>
        </p>
      </div>
      <SettingSwitch
        id={switchId}
        checked={hidden}
        disabled={busy}
        aria-describedby={stateId}
        onCheckedChange={onChange}
      />
    </li>
  );
}
