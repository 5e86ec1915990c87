import { Trans, useLingui } from '@lingui/react/macro';
import { SITE_NAME } from '@prison/shared/brand';
import { isOwner } from '@prison/shared/roles';
import { clsx } from 'clsx';
import { ArrowLeft, LogIn, LogOut } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { BrandMark } from '../components/ui/brand-mark.tsx';
import { buttonClass } from '../components/ui/button.tsx';
import { LanguageMenu } from '../features/language/language-menu.tsx';
import { ThemeToggle } from '../features/theme/theme-toggle.tsx';
import { mainSiteHost } from '../lib/admin-address.ts';
import { signOut } from '../lib/api.ts';
import { useSession } from '../lib/session.ts';
import { SessionExpiryRedirect } from './session-expiry.tsx';

/** '' on an admin host, '/admin' under the path prefix (spec 2.1). */
export type AdminBasePath = '' | '/admin';

function mainSiteHref(basePath: AdminBasePath): string {
  if (basePath) return '/';
  return `${window.location.protocol}//${mainSiteHost(window.location.host)}/`;
}

/** The admin console's frame; nav is hidden on its sign-in page. */
export function AdminLayout({ basePath, showNav = true }: { basePath: AdminBasePath; showNav?: boolean }) {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const session = useSession();
  const nav = useRef<HTMLElement>(null);
  // On a phone the links scroll sideways: the page's own is brought into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the link marked current changes with the path.
  useEffect(() => {
    const box = nav.current;
    const current = box?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!box || !current || box.scrollWidth <= box.clientWidth) return;
    box.scrollLeft = current.offsetLeft - (box.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  const links = [
    { to: basePath || '/', label: t`Overview`, end: true },
    { to: `${basePath}/activity`, label: t`Activity`, end: false },
    { to: `${basePath}/console`, label: t`Console`, end: false },
    { to: `${basePath}/moderation`, label: t`Moderation`, end: false },
    { to: `${basePath}/appeals`, label: t`Appeals`, end: false },
    { to: `${basePath}/servers`, label: t`Servers`, end: false },
    // Webhook addresses are secrets the owner alone handles (the page tells other staff so).
    ...(session && isOwner(session.user.roles)
      ? [{ to: `${basePath}/webhooks`, label: t`Webhooks`, end: false }]
      : []),
  ];
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b border-line bg-header backdrop-blur-xl">
        {/* Phones: the brand and account on the first row, the section links on a second. */}
        <div className="container-page flex flex-wrap items-center gap-x-4 gap-y-1 py-2 sm:h-16 sm:flex-nowrap sm:py-0">
          <span className="flex items-center gap-2.5">
            <BrandMark className="size-8" />
            <span className="font-display font-bold text-fg">
              <Trans comment="The admin console's name in its header, after the site's name">
                {SITE_NAME} <span className="font-medium text-fg-muted">Admin</span>
              </Trans>
            </span>
          </span>
          {showNav && (
            <nav
              ref={nav}
              aria-label={t`Admin`}
              className="order-last -mx-3 w-full overflow-x-auto sm:order-none sm:mx-0 sm:ml-2 sm:w-auto sm:flex-1"
            >
              <ul className="flex items-center gap-1">
                {links.map((link) => (
                  <li key={link.to}>
                    <NavLink
                      to={link.to}
                      end={link.end}
                      className={({ isActive }) =>
                        clsx(
                          'block rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
                          isActive ? 'bg-fg/[0.08] text-fg' : 'text-fg-muted hover:text-fg',
                        )
                      }
                    >
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <div className="ml-auto flex items-center gap-1.5">
            <LanguageMenu />
            <ThemeToggle />
            {/* A full page load: the main site is another route set, maybe on another host. */}
            <span className="hidden sm:block">
              <a href={mainSiteHref(basePath)} className={buttonClass('ghost', 'sm')}>
                <ArrowLeft aria-hidden className="size-4" />
                <Trans>Main site</Trans>
              </a>
            </span>
            {showNav && <AdminAccount />}
          </div>
        </div>
      </header>
      <main id="main" className="container-page flex-1 py-10">
        <Outlet />
      </main>
      <ScrollRestoration />
      <SessionExpiryRedirect />
    </div>
  );
}

/** Sign in (coming back to this admin page afterwards) or sign out. Not shown on the sign-in page itself. */
function AdminAccount() {
  const session = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  if (!session) {
    const signIn = `/login?redirect=${encodeURIComponent(pathname)}`;
    return (
      <Link to={signIn} className={buttonClass('primary', 'sm')}>
        <LogIn aria-hidden className="size-4" />
        <Trans>Sign in</Trans>
      </Link>
    );
  }
  return (
    <button
      type="button"
      onClick={() => {
        signOut();
        navigate('/login');
      }}
      className={buttonClass('ghost', 'sm')}
    >
      <LogOut aria-hidden className="size-4" />
      <Trans>Sign out</Trans>
    </button>
  );
}
