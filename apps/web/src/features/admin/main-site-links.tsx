// Players and gangs named in the console link to their public pages. Those pages are not routes of
// the admin route sets (spec 2.1): they are opened on the main site with a full page load, on the
// same host under /admin, or on the admin host's main site (its first label removed).
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { entityLinkClass, gangPath, playerPath } from '../../components/ui/entity-links.tsx';
import { mainSiteAddress } from './admin-gate.tsx';

function useMainSiteHref(path: string): string {
  const { pathname } = useLocation();
  const base = pathname.startsWith('/admin') ? '/admin' : '';
  return mainSiteAddress(base, window.location).replace(/\/$/, '') + path;
}

/** A player's name linking to their page; the page is found by name, or by uuid when that is all there is. */
export function MainSitePlayerLink({ username, children }: { username: string; children: ReactNode }) {
  return (
    <a href={useMainSiteHref(playerPath(username))} className={entityLinkClass}>
      {children}
    </a>
  );
}

export function MainSiteGangLink({ id, children }: { id: string; children: ReactNode }) {
  return (
    <a href={useMainSiteHref(gangPath(id))} className={entityLinkClass}>
      {children}
    </a>
  );
}
