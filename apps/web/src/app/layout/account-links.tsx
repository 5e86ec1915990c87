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

/** Spec 2.2 header items: Admin (admins only), My Profile and Logout when signed in, Login for guests. */
export function AccountLinks({ onNavigate, stacked = false }: AccountLinksProps) {
  const session = useSession();
  const { adminHosts } = useSiteConfig();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const size = stacked ? 'md' : 'sm';
  const width = stacked ? 'w-full justify-start' : undefined;

  if (!session) {
    return (
      <Link to="/login" onClick={onNavigate} className={buttonClass('primary', size, width)}>
        <LogIn aria-hidden className="size-4" />
        Login
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
          className={buttonClass('ghost', size, width)}
        >
          <ShieldCheck aria-hidden className="size-4" />
          Admin
        </a>
      )}
      <Link to="/profile" onClick={onNavigate} className={buttonClass('secondary', size, width)}>
        <UserRound aria-hidden className="size-4" />
        My Profile
      </Link>
      <button
        type="button"
        onClick={() => {
          onNavigate?.();
          signOut();
          navigate('/login');
        }}
        className={buttonClass('ghost', size, width)}
      >
        <LogOut aria-hidden className="size-4" />
        Logout
      </button>
    </div>
  );
}
