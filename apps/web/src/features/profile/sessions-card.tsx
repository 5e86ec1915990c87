import { Trans, useLingui } from '@lingui/react/macro';
import type { SignedInSession } from '@prison/shared/auth';
import { LogOut, Monitor, MonitorSmartphone, Smartphone } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { cardClass } from '../../components/ui/card.tsx';
import { Dialog, DialogClose } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { logout } from '../../lib/session.ts';
import { formatTimestamp, profileRelativeTime } from '../../lib/time-format.ts';
import { useNow } from '../../lib/use-now.ts';
import { useRevokeSession, useSessions, useSignOutEverywhere } from './api.ts';

// The server names phones and tablets by their system.
const isPhone = (device: string) => / on (iOS|Android)$/.test(device);

/**
 * Where the account is signed in: one row per session (device, first and last use, address), "Sign
 * out" for each other one, and "Sign out everywhere", which signs this browser out too.
 */
export function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const titleId = useId();
  const now = useNow();
  const { t } = useLingui();

  return (
    <section aria-labelledby={titleId} className={cardClass('p-5')}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 gap-3">
          <span
            aria-hidden
            className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-400/12 text-accent ring-1 ring-amber-400/25"
          >
            <MonitorSmartphone className="size-5" />
          </span>
          <div className="min-w-0">
            <h3 id={titleId} className="font-display text-lg font-bold text-fg">
              <Trans>Signed-in devices</Trans>
            </h3>
            <p className="mt-0.5 text-sm text-pretty text-fg-muted">
              <Trans>
                Each browser you signed in from. Sign out any you do not recognise, then change your password
                in game.
              </Trans>
            </p>
          </div>
        </div>
        {sessions.data && <SignOutEverywhere />}
      </div>
      <div className="mt-4 border-t border-line pt-1">
        {sessions.isPending ? (
          <div className="space-y-3 pt-3">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : sessions.isError ? (
          <p className="pt-3 text-sm text-fg-muted">
            <Trans>Your sessions are unavailable right now.</Trans>
          </p>
        ) : (
          <ul aria-label={t`Sessions`} className="divide-y divide-line">
            {sessions.data.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                now={now}
                signingOut={revoke.isPending && revoke.variables === session.id}
                onSignOut={() => revoke.mutate(session.id)}
              />
            ))}
          </ul>
        )}
        {revoke.isError && (
          <Alert tone="error" className="mt-3">
            <Trans>That session could not be signed out. Please try again.</Trans>
          </Alert>
        )}
      </div>
    </section>
  );
}

function SessionRow({
  session,
  now,
  signingOut,
  onSignOut,
}: {
  session: SignedInSession;
  now: number;
  signingOut: boolean;
  onSignOut: () => void;
}) {
  const Icon = isPhone(session.device) ? Smartphone : Monitor;
  const { t } = useLingui();
  const device = session.device;
  return (
    <li className="flex items-center gap-3 py-3">
      <Icon aria-hidden className="size-5 shrink-0 text-fg-muted" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-fg">
          <span className="truncate">{session.device}</span>
          {session.current && (
            <span className="rounded-full bg-emerald-500/10 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-500/30 ring-inset dark:text-emerald-200">
              <Trans comment="Marks the session of the browser being used">This device</Trans>
            </span>
          )}
        </p>
        <p className="mt-0.5 flex flex-wrap gap-x-1.5 text-sm text-fg-muted">
          <span className="whitespace-nowrap">
            <Trans comment="When the session began, e.g. signed in 3d ago">
              Signed in <When at={session.created_at} now={now} />
            </Trans>
          </span>
          <Separator />
          <span className="whitespace-nowrap">
            <Trans comment="When the session was last used, e.g. last used 5m ago">
              Last used <When at={session.last_used_at} now={now} />
            </Trans>
          </span>
          {session.address && (
            <>
              <Separator />
              <span className="font-mono text-[13px] break-all">{session.address}</span>
            </>
          )}
        </p>
      </div>
      {!session.current && (
        <button
          type="button"
          disabled={signingOut}
          onClick={onSignOut}
          aria-label={t`Sign out ${device}`}
          className={buttonClass('secondary', 'sm', 'shrink-0')}
        >
          {signingOut ? <Trans>Signing out…</Trans> : <Trans>Sign out</Trans>}
        </button>
      )}
    </li>
  );
}

const Separator = () => <span aria-hidden>·</span>;

/** How long ago, in the middle of a sentence: "just now" rather than "Just now" (in any language). */
function When({ at, now }: { at: string; now: number }) {
  const { i18n } = useLingui();
  const text = profileRelativeTime(at, now);
  return (
    <time dateTime={at} title={formatTimestamp(at)}>
      {text.charAt(0).toLocaleLowerCase(i18n.locale) + text.slice(1)}
    </time>
  );
}

/** Every session ends, this one too: after a confirmation, this browser goes to the sign-in page. */
function SignOutEverywhere() {
  const [open, setOpen] = useState(false);
  const signOut = useSignOutEverywhere();
  const navigate = useNavigate();
  const { t } = useLingui();
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={buttonClass('secondary', 'sm', 'shrink-0 self-start')}
      >
        <LogOut aria-hidden className="size-4" />
        <Trans>Sign out everywhere</Trans>
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t`Sign out everywhere?`}
        description={t`Every browser signed in to your account is signed out, this one included. You sign in again with your password.`}
      >
        {signOut.isError && (
          <Alert tone="error" className="mt-4">
            <Trans>You could not be signed out everywhere. Please try again.</Trans>
          </Alert>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose className={buttonClass('ghost', 'md')}>
            <Trans>Cancel</Trans>
          </DialogClose>
          <button
            type="button"
            disabled={signOut.isPending}
            onClick={() =>
              signOut.mutate(undefined, {
                onSuccess: () => {
                  logout();
                  navigate('/login');
                },
              })
            }
            className={buttonClass('danger', 'md')}
          >
            <LogOut aria-hidden className="size-4" />
            {signOut.isPending ? <Trans>Signing out…</Trans> : <Trans>Sign out everywhere</Trans>}
          </button>
        </div>
      </Dialog>
    </>
  );
}
