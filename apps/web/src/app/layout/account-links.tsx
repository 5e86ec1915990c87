import { Trans, useLingui } from '@lingui/react/macro';
import { isAdminUser } from '@prison/shared/roles';
import { clsx } from 'clsx';
import { LogIn, LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { adminConsoleHref } from '../../lib/admin-address.ts';
import { signOut } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { useSiteConfig } from '../../lib/site-config.tsx';

interface AccountLinksProps {
  /** Called after any of the links is used, e.g. to close the mobile menu. */
  onNavigate?: () => void;
  /** The mobile menu stacks the links full width. */
  stacked?: boolean;
}

// Where the bar is tight a signed-in user's links show their icons alone, their words staying their
// names: below md, and from xl (beside the main navigation) until 2xl. The staff-only Admin link stays
// an icon until 2xl too: beside the navigation, the search and the language menu, the links in words
// need more than a 1280 px window leaves in German or Russian.
const ICON_ONLY = {
  button: 'max-md:w-9 max-md:px-0 xl:max-2xl:w-9 xl:max-2xl:px-0',
  words: 'max-md:sr-only xl:max-2xl:sr-only',
};
const ADMIN_ICON_ONLY = { button: 'max-2xl:w-9 max-2xl:px-0', words: 'max-2xl:sr-only' };

/** Spec 2.2 header items: Admin (admins only), My Profile and Logout when signed in, Login for guests. */
export function AccountLinks({ onNavigate, stacked = false }: AccountLinksProps) {
  const { t } = useLingui();
  const session = useSession();
  const { adminHosts } = useSiteConfig();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const size = stacked ? 'md' : 'sm';
  const width = stacked ? 'w-full justify-start' : undefined;
  const admin = stacked ? { button: width, words: undefined } : ADMIN_ICON_ONLY;
  const own = stacked ? { button: width, words: undefined } : ICON_ONLY;

  if (!session) {
    return (
      <Link to="/login" onClick={onNavigate} className={buttonClass('primary', size, width)}>
        <LogIn aria-hidden className="size-4" />
        <Trans comment="Header link to the sign-in page">Login</Trans>
      </Link>
    );
  }

  return (
    <div className={clsx('flex gap-2', stacked ? 'flex-col' : 'items-center')}>
      {isAdminUser(session.user.roles) && (
        // A full page load: the admin console is another route set, maybe on another host (spec 2.1).
        <a
          href={adminConsoleHref(adminHosts, { protocol: window.location.protocol, pathname })}
          onClick={onNavigate}
          className={buttonClass('ghost', size, admin.button)}
          title={stacked ? undefined : t`Admin`}
        >
          <ShieldCheck aria-hidden className="size-4" />
          <span className={admin.words}>
            <Trans comment="Header link to the admin console">Admin</Trans>
          </span>
        </a>
      )}
      <Link
        to="/profile"
        onClick={onNavigate}
        className={buttonClass('secondary', size, own.button)}
        title={stacked ? undefined : t`My Profile`}
      >
        <UserRound aria-hidden className="size-4" />
        <span className={own.words}>
          <Trans>My Profile</Trans>
        </span>
      </Link>
      <button
        type="button"
        onClick={() => {
          onNavigate?.();
          signOut();
          navigate('/login');
        }}
        className={buttonClass('ghost', size, own.button)}
        title={stacked ? undefined : t`Logout`}
      >
        <LogOut aria-hidden className="size-4" />
        <span className={own.words}>
          <Trans comment="Header button that signs out">Logout</Trans>
        </span>
      </button>
    </div>
  );
}
