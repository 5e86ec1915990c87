import { Trans, useLingui } from '@lingui/react/macro';
import { canUseAdminConsole } from '@prison/shared/roles';
import { ArrowLeft, LogIn, ShieldAlert, ShieldCheck, UserRoundCog } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { mainSiteHost } from '../../lib/admin-address.ts';
import { useSession } from '../../lib/session.ts';
import { RoleBadge } from './role-badge.tsx';

/** Where "Return to main site" goes: / under /admin; on an admin host, the host without its first label. */
export function mainSiteAddress(
  basePath: '' | '/admin',
  location: Pick<Location, 'protocol' | 'host'>,
): string {
  return basePath ? '/' : `${location.protocol}//${mainSiteHost(location.host)}/`;
}

/**
 * Spec 2.12 / 6: signed out, "Secure administrator access" with a sign-in link back here; signed in
 * without ADMIN, OWNER or WEB_ADMIN, "Access restricted" with the account's roles.
 */
export function AdminGate({ basePath, children }: { basePath: '' | '/admin'; children: ReactNode }) {
  const { t } = useLingui();
  const session = useSession();
  const { pathname } = useLocation();
  const signIn = `/login?redirect=${encodeURIComponent(pathname)}`;
  if (!session) {
    return (
      <Panel icon={<ShieldCheck className="size-7" />} title={t`Secure administrator access`}>
        <p>
          <Trans>
            The operations console is for staff. Sign in with an account that holds an administrator role.
          </Trans>
        </p>
        <div className="mt-6">
          <Link to={signIn} className={buttonClass('primary')}>
            <LogIn aria-hidden className="size-4" />
            <Trans>Sign in</Trans>
          </Link>
        </div>
      </Panel>
    );
  }
  if (!canUseAdminConsole(session.user.roles)) {
    const roles = session.user.roles;
    const username = session.user.username;
    return (
      <Panel icon={<ShieldAlert className="size-7" />} title={t`Access restricted`} tone="warning">
        <p>
          <Trans>
            You are signed in as <strong className="text-fg">{username}</strong>, whose roles do not include
            ADMIN, OWNER or WEB_ADMIN.
          </Trans>
        </p>
        <p className="mt-3 text-sm">
          <Trans comment="Followed by the account's roles (OWNER, VIP…), or by “none”">Your roles:</Trans>{' '}
          {roles.length === 0 ? (
            <span>
              <Trans comment="The account holds no role">none</Trans>
            </span>
          ) : (
            roles.map((role) => <RoleBadge key={role} role={role} className="mr-1.5" />)
          )}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={signIn} className={buttonClass('primary')}>
            <UserRoundCog aria-hidden className="size-4" />
            <Trans>Switch account</Trans>
          </Link>
          <a href={mainSiteAddress(basePath, window.location)} className={buttonClass('secondary')}>
            <ArrowLeft aria-hidden className="size-4" />
            <Trans>Return to main site</Trans>
          </a>
        </div>
      </Panel>
    );
  }
  return children;
}

function Panel({
  icon,
  title,
  tone = 'info',
  children,
}: {
  icon: ReactNode;
  title: string;
  tone?: 'info' | 'warning';
  children: ReactNode;
}) {
  const iconClass =
    tone === 'warning'
      ? 'flex size-14 items-center justify-center rounded-2xl bg-amber-400/15 text-amber-700 ring-1 ring-amber-500/30 dark:text-amber-300'
      : 'flex size-14 items-center justify-center rounded-2xl bg-violet-500/10 text-violet-700 ring-1 ring-violet-500/25 dark:text-violet-300';
  return (
    <section className="mx-auto mt-6 max-w-xl rounded-3xl border border-line bg-surface p-8 text-fg-muted shadow-card sm:p-10">
      <span aria-hidden className={iconClass}>
        {icon}
      </span>
      <h1 className="mt-5 font-display text-3xl font-bold tracking-tight text-fg">{title}</h1>
      <div className="mt-3">{children}</div>
    </section>
  );
}
