import { clsx } from 'clsx';
import { ArrowLeft } from 'lucide-react';
import { NavLink, Outlet, ScrollRestoration } from 'react-router';
import { BrandMark } from '../components/ui/brand-mark.tsx';
import { buttonClass } from '../components/ui/button.tsx';
import { ThemeToggle } from '../features/theme/theme-toggle.tsx';
import { mainSiteHost } from '../lib/admin-address.ts';
import { SITE_NAME } from '../lib/brand.ts';

/** '' on an admin host, '/admin' under the path prefix (spec 2.1). */
export type AdminBasePath = '' | '/admin';

function mainSiteHref(basePath: AdminBasePath): string {
  if (basePath) return '/';
  return `${window.location.protocol}//${mainSiteHost(window.location.host)}/`;
}

/** The admin console's frame; nav is hidden on its sign-in page. */
export function AdminLayout({ basePath, showNav = true }: { basePath: AdminBasePath; showNav?: boolean }) {
  const links = [
    { to: basePath || '/', label: 'Overview', end: true },
    { to: `${basePath}/activity`, label: 'Activity', end: false },
    { to: `${basePath}/console`, label: 'Console', end: false },
  ];
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b border-line bg-header backdrop-blur-xl">
        <div className="container-page flex h-16 items-center gap-4">
          <span className="flex items-center gap-2.5">
            <BrandMark className="size-8" />
            <span className="font-display font-bold text-fg">
              {SITE_NAME} <span className="font-medium text-fg-muted">Admin</span>
            </span>
          </span>
          {showNav && (
            <nav aria-label="Admin" className="ml-2 flex-1 overflow-x-auto">
              <ul className="flex items-center gap-1">
                {links.map((link) => (
                  <li key={link.label}>
                    <NavLink
                      to={link.to}
                      end={link.end}
                      className={({ isActive }) =>
                        clsx(
                          'block rounded-lg px-3 py-1.5 text-sm font-medium transition-colors',
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
            <ThemeToggle />
            {/* A full page load: the main site is another route set, maybe on another host. */}
            <a href={mainSiteHref(basePath)} className={buttonClass('ghost', 'sm', 'hidden sm:inline-flex')}>
              <ArrowLeft aria-hidden className="size-4" />
              Main site
            </a>
          </div>
        </div>
      </header>
      <main id="main" className="container-page flex-1 py-10">
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}
