import { useEffect } from 'react';
import { refreshAccessToken } from './api.ts';
import { decodeTokenPayload } from './session-check.ts';

// Renew this long before the access token's exp, so a feed never sees it expire.
const RENEW_BEFORE_MS = 60_000;

/**
 * For pages holding a socket authenticated by the access token (the social feed): renews the token
 * shortly before it expires, so the feed reconnects with a fresh one instead of being closed with
 * 1008. A failed renewal expires the session, as any failed refresh does (spec 4).
 */
export function useFreshToken(token: string | null): void {
  useEffect(() => {
    if (!token) return;
    const exp = decodeTokenPayload(token)?.exp;
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return;
    const wait = Math.max(0, exp * 1000 - RENEW_BEFORE_MS - Date.now());
    // setTimeout holds at most ~24.8 days; tokens live minutes.
    const timer = setTimeout(() => void refreshAccessToken(token), Math.min(wait, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [token]);
}
