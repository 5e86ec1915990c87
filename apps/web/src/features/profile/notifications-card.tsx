import { Trans } from '@lingui/react/macro';
import type { NotificationKind } from '@prison/shared/notifications';
import { BellRing } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { cardClass } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useNotificationPreferences, useSaveNotificationPreference } from './api.ts';
import { SettingSwitch, SettingsCardHeading } from './settings-card.tsx';

/** Each kind a player may receive, as the card names it; staff's own only for staff. */
const KINDS: { kind: NotificationKind; label: ReactNode; staffOnly?: boolean }[] = [
  { kind: 'listing.sold', label: <Trans>One of my listings sells</Trans> },
  { kind: 'purchase.delivered', label: <Trans>A purchase of mine is handed over in game</Trans> },
  { kind: 'friend.added', label: <Trans>Someone adds me as a friend</Trans> },
  { kind: 'gang.changed', label: <Trans>I join or leave a gang, or my role in it changes</Trans> },
  { kind: 'appeal.answered', label: <Trans>Staff answer one of my appeals</Trans> },
  { kind: 'appeal.new', label: <Trans>A player appeals a punishment (staff)</Trans>, staffOnly: true },
];

/**
 * Which notifications the bell brings: a switch per kind, each saving only itself. A kind turned off
 * is not written at all, so turning it on again brings only what happens from then on.
 */
export function NotificationsCard({ staff }: { staff: boolean }) {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreference();
  const titleId = useId();
  return (
    <section id="notifications" aria-labelledby={titleId} className={cardClass('p-5')}>
      <SettingsCardHeading
        icon={<BellRing className="size-5" />}
        titleId={titleId}
        title={<Trans>Notifications</Trans>}
        description={<Trans>The bell in the header tells you when…</Trans>}
      />
      {preferences.isPending ? (
        <div className="mt-4 space-y-3 border-t border-line pt-4">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      ) : preferences.isError ? (
        <p className="mt-4 border-t border-line pt-4 text-sm text-fg-muted">
          <Trans>Notification settings are unavailable right now.</Trans>
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-line border-t border-line">
          {KINDS.filter((k) => staff || !k.staffOnly).map(({ kind, label }) => (
            <KindSwitch
              key={kind}
              label={label}
              on={preferences.data[kind]}
              busy={save.isPending}
              onChange={(on) => save.mutate({ [kind]: on })}
            />
          ))}
        </ul>
      )}
      {save.isError && (
        <Alert tone="error" className="mt-3">
          <Trans>Your notification setting could not be saved. Please try again.</Trans>
        </Alert>
      )}
    </section>
  );
}

function KindSwitch({
  label,
  on,
  busy,
  onChange,
}: {
  label: ReactNode;
  on: boolean;
  busy: boolean;
  onChange: (on: boolean) => void;
}) {
  const switchId = useId();
  return (
    <li className="flex items-center justify-between gap-6 py-3">
      <label htmlFor={switchId} className="text-sm font-medium text-fg">
        {label}
      </label>
      <SettingSwitch id={switchId} checked={on} disabled={busy} onCheckedChange={onChange} />
    </li>
  );
}
