import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSessionExpired } from '../lib/session.ts';

/** The sign-in address for someone whose session expired on `path`: back to it afterwards. */
export function expiredLoginPath(path: string): string {
  return path === '/' ? '/login' : `/login?redirect=${encodeURIComponent(path)}`;
}

/**
 * Spec 4: when the session expires, go to /login unless already there. The login page shows the
 * "Your session has expired" alert and acknowledges it. Mounted by both layouts.
 */
export function SessionExpiryRedirect() {
  const expired = useSessionExpired();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (expired && pathname !== '/login') navigate(expiredLoginPath(`${pathname}${search}`));
  }, [expired, pathname, search, navigate]);
  return null;
}
