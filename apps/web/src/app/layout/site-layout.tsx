import { Trans } from '@lingui/react/macro';
import { type Location, Outlet, ScrollRestoration } from 'react-router';
import { SessionExpiryRedirect } from '../session-expiry.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/**
 * Scroll positions are kept per history entry, as React Router does, except for an entry opened
 * afresh (a typed address, a link from elsewhere): React Router keys every such entry "default",
 * so it would open at the position the last one was left at (a doc linked by #slug opened scrolled
 * to wherever the previous page was). Those are keyed by their address instead, so a reload still
 * comes back to where it was.
 */
export const scrollKey = (location: Location) =>
  location.key === 'default' ? `${location.pathname}${location.search}${location.hash}` : location.key;

export function SiteLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-surface-raised px-4 py-2 font-semibold text-fg shadow-card focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        <Trans>Skip to content</Trans>
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration getKey={scrollKey} />
      <SessionExpiryRedirect />
    </div>
  );
}
