import { Trans, useLingui } from '@lingui/react/macro';
import type { StaffMember } from '@prison/shared/admin';
import { isOwner } from '@prison/shared/roles';
import { clsx } from 'clsx';
import { ShieldX, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { PlayerAvatar } from '../../components/ui/player-avatar.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { TwoFactorBadge } from '../../components/ui/two-factor-badge.tsx';
import { errorText } from '../../lib/error-text.ts';
import { useSession } from '../../lib/session.ts';
import { consoleCardErrorText, useClearTwoFactor, useStaff } from './api.ts';
import { ConfirmActions } from './confirm-actions.tsx';
import { MainSitePlayerLink } from './main-site-links.tsx';
import { RoleBadge } from './role-badge.tsx';

/**
 * Every account holding a staff role, its roles and whether two-factor sign-in is on. An owner may
 * clear another member's two-factor sign-in (a lost authenticator and lost recovery codes), after a
 * confirmation; the server refuses anyone else.
 */
const CARD_HEADING = 'h3';

export function StaffAccounts({ className }: { className?: string }) {
  const { t } = useLingui();
  const staff = useStaff();
  const session = useSession();
  const clear = useClearTwoFactor();
  // The member whose two-factor sign-in the dialog is about to clear, and the last one cleared.
  const [chosen, setChosen] = useState<StaffMember | null>(null);
  const [open, setOpen] = useState(false);
  const [cleared, setCleared] = useState<string | null>(null);
  const me = session?.user.uuid;
  const mayClear = session !== null && isOwner(session.user.roles);
  const username = chosen?.username ?? '';

  return (
    <Card
      title={t`Staff accounts`}
      icon={<UsersRound className="size-5" />}
      heading={CARD_HEADING}
      className={className}
    >
      <p className="-mt-1 text-sm text-fg-muted">
        <Trans>Everyone with a staff role, and whether they sign in with a two-factor code.</Trans>
      </p>
      {staff.isPending ? (
        <div aria-hidden className="mt-3 space-y-3">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : staff.isError ? (
        <p className="mt-3 text-sm text-fg-muted">
          {consoleCardErrorText(staff.error, t`The staff accounts could not be loaded.`)}
        </p>
      ) : staff.data.length === 0 ? (
        <p className="mt-3 text-sm text-fg-muted">
          <Trans>No account holds a staff role.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Staff members`} className="mt-2 divide-y divide-line">
          {staff.data.map((member) => (
            <StaffRow
              key={member.uuid}
              member={member}
              isYou={member.uuid === me}
              onClear={
                mayClear && member.two_factor && member.uuid !== me
                  ? () => {
                      clear.reset();
                      setChosen(member);
                      setOpen(true);
                    }
                  : undefined
              }
            />
          ))}
        </ul>
      )}
      <p role="status" className={clsx('text-sm text-fg-muted', cleared && 'mt-3')}>
        {cleared && (
          <Trans comment="{cleared} is the staff member's name">
            Two-factor sign-in cleared for {cleared}. They sign in with their password and enrol again.
          </Trans>
        )}
      </p>
      {mayClear && (
        <Dialog
          open={open}
          onClose={() => setOpen(false)}
          title={t`Clear two-factor for ${username}?`}
          description={
            <Trans>
              Their authenticator app and recovery codes stop working, and they are signed out everywhere.
              They sign in with their password alone and enrol again from the Security card of their profile.
              The audit log records it.
            </Trans>
          }
        >
          <ConfirmActions
            error={
              clear.isError
                ? errorText(clear.error, t`Two-factor sign-in could not be cleared. Please try again.`)
                : null
            }
            icon={<ShieldX aria-hidden className="size-4" />}
            label={clear.isPending ? t`Clearing…` : t`Clear two-factor`}
            pending={clear.isPending}
            onConfirm={() => {
              if (!chosen) return;
              const { uuid, username } = chosen;
              clear.mutate(uuid, {
                onSuccess: () => {
                  setCleared(username);
                  setOpen(false);
                },
              });
            }}
          />
        </Dialog>
      )}
    </Card>
  );
}

function StaffRow({ member, isYou, onClear }: { member: StaffMember; isYou: boolean; onClear?: () => void }) {
  const { t } = useLingui();
  const username = member.username;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-staff={member.username}>
      <div className="flex min-w-0 flex-1 basis-56 items-center gap-3">
        <PlayerAvatar uuid={member.uuid} size={36} className="rounded-lg ring-1 ring-line" />
        <div className="min-w-0">
          <p className="flex items-baseline gap-2 text-sm">
            <span className="truncate font-semibold text-fg">
              <MainSitePlayerLink username={member.username}>{member.username}</MainSitePlayerLink>
            </span>
            {isYou && (
              <span className="shrink-0 text-xs text-fg-muted">
                <Trans comment="Next to the signed-in member's own name in the staff list">You</Trans>
              </span>
            )}
          </p>
          <p className="mt-1 flex flex-wrap gap-1">
            <span className="sr-only">
              <Trans comment="Read before the member's roles (OWNER, ADMIN…)">Roles:</Trans>{' '}
            </span>
            {member.roles.map((role) => (
              <RoleBadge key={role} role={role} />
            ))}
          </p>
        </div>
      </div>
      {/* Phones: under the name, in line with it; wider: at the end of the row. */}
      <div className="flex w-full flex-wrap items-center gap-2 pl-12 sm:ml-auto sm:w-auto sm:pl-0">
        <TwoFactorBadge on={member.two_factor} />
        {onClear && (
          <button
            type="button"
            onClick={onClear}
            aria-label={t`Clear two-factor for ${username}`}
            className={buttonClass('secondary', 'sm')}
          >
            <Trans>Clear two-factor</Trans>
          </button>
        )}
      </div>
    </li>
  );
}
