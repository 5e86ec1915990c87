// The signed-in session as stored in the browser (spec 3 Session, 4 Session, 9 Storage): local storage
// keys token, refresh_token and user, mirrored into the cp_* cookies so an admin host and the main site
// share it (and nobody else: see cookieDomain). Components read it through useSession(); every write
// notifies this tab's subscribers, and other tabs hear the storage event.

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { User } from '@prison/shared/auth';
import { asLanguage } from '@prison/shared/languages';
import { CLOSE_CODES } from '@prison/shared/sockets';
import { useSyncExternalStore } from 'react';
import {
  type CookieSite,
  cookieDomain,
  cookieScopes,
  expiredCookieString,
  expiredCookieStrings,
  readCookie,
  SESSION_COOKIE_DAYS,
  SESSION_COOKIE_NAMES,
  type SessionCookieName,
  sessionCookieString,
} from './session-cookies.ts';

const SESSION_KEYS = { token: 'token', refreshToken: 'refresh_token', user: 'user' } as const;

type SessionUser = User;

export interface Session {
  token: string;
  refreshToken: string | null;
  user: SessionUser;
}

/** What a sign-in answers with, in the names the store uses. */
export interface NewSession {
  token: string;
  refreshToken: string;
  user: SessionUser;
}

// Storage may be blocked (private modes, strict settings): the site then behaves as signed out.
function getItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function setItem(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Nothing to keep it in; the cookies still hold it for this visit.
  }
}
function removeItem(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Blocked storage holds nothing to remove.
  }
}

/**
 * A user as the contract has it (userSchema in @prison/shared/auth), with only its fields, or null.
 * Checked by hand rather than by the schema: every page reads the session, and zod would be a fifth
 * of the first page load's code. session.test.ts holds this check to the schema.
 */
export function asSessionUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { uuid, username, roles, language } = value as Record<string, unknown>;
  if (typeof uuid !== 'string' || typeof username !== 'string') return null;
  if (!Array.isArray(roles) || !roles.every((role) => typeof role === 'string')) return null;
  // The account's language: absent from a session stored before accounts kept one.
  if (language === undefined) return { uuid, username, roles };
  if (language !== null && !asLanguage(language)) return null;
  return { uuid, username, roles, language: asLanguage(language) ?? null };
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    return asSessionUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

export const readToken = (): string | null => getItem(SESSION_KEYS.token);
export const readRefreshToken = (): string | null => getItem(SESSION_KEYS.refreshToken);

// useSyncExternalStore needs the same object back while nothing changed, so the last read is kept by its raw text.
let lastRaw: string | undefined;
let lastSession: Session | null = null;

/** The stored session, or null for a guest (no token, or a missing or malformed user). */
export function readSession(): Session | null {
  const token = readToken();
  const refreshToken = readRefreshToken();
  const rawUser = getItem(SESSION_KEYS.user);
  const raw = JSON.stringify([token, refreshToken, rawUser]);
  if (raw === lastRaw) return lastSession;
  lastRaw = raw;
  const user = parseUser(rawUser);
  lastSession = token && user ? { token, refreshToken, user } : null;
  return lastSession;
}

// Spec 4: the expired state lives for this page only; the login page shows its alert, then acknowledges.
let expired = false;

/**
 * Spec 8: what the login page says about an expiry; a live feed's 1008 has its own words. Descriptors,
 * shown in the page's language with t(message).
 */
export const SESSION_EXPIRED_MESSAGE = msg`Your session has expired. Please sign in again.`;
export const SOCKET_SESSION_EXPIRED_MESSAGE = msg`Session expired. Please sign in again.`;
let expiredMessage = SESSION_EXPIRED_MESSAGE;

/** The alert for the current expiry. */
export const sessionExpiredMessage = (): MessageDescriptor => expiredMessage;

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession, () => null);
}

export const isSessionExpired = (): boolean => expired;

/** True from the moment the session expires until the login page acknowledges it. */
export function useSessionExpired(): boolean {
  return useSyncExternalStore(subscribeSession, isSessionExpired, () => false);
}

/** Spec 4: acknowledging expiry clears the flag (once the alert has been shown). */
export function acknowledgeExpiry(): void {
  if (!expired) return;
  expired = false;
  notify();
}

// --- Mirror cookies -------------------------------------------------------------------------------

// The admin hosts of the site's configuration: until it has loaded, cookies stay on this host.
let adminHosts: readonly string[] = [];

function writeCookie(name: SessionCookieName, value: string, site: CookieSite = window.location): void {
  const days = SESSION_COOKIE_DAYS[name];
  const domain = cookieDomain(site.hostname, adminHosts);
  // A copy in any other scope (an older deployment's parent domain, one a sibling site planted) would
  // be read beside this one, or instead of it.
  for (const other of cookieScopes(site.hostname)) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the site supports.
    if (other !== domain) document.cookie = expiredCookieString(name, site, other);
  }
  // biome-ignore lint/suspicious/noDocumentCookie: as above.
  document.cookie = sessionCookieString(name, value, site, days, domain);
  // A browser refuses a Domain it considers a public suffix (example.co.uk's parent, co.uk): the
  // cookie then stays on this host alone rather than not at all.
  if (readCookie(document.cookie, name) !== value) {
    // biome-ignore lint/suspicious/noDocumentCookie: as above.
    document.cookie = sessionCookieString(name, value, site, days, null);
  }
}

/** Deletes the mirror cookies wherever this host could have put them. */
export function clearSessionCookies(site: CookieSite = window.location): void {
  for (const name of Object.values(SESSION_COOKIE_NAMES)) {
    for (const assignment of expiredCookieStrings(name, site)) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the site supports.
      document.cookie = assignment;
    }
  }
}

// --- Transitions (spec 4 Session) -----------------------------------------------------------------

/** Login stores the access token, the refresh token and the user, and clears the expired flag. */
export function saveSession({ token, refreshToken, user }: NewSession): void {
  const rawUser = JSON.stringify(user);
  setItem(SESSION_KEYS.token, token);
  setItem(SESSION_KEYS.refreshToken, refreshToken);
  setItem(SESSION_KEYS.user, rawUser);
  writeCookie(SESSION_COOKIE_NAMES.token, token);
  writeCookie(SESSION_COOKIE_NAMES.refreshToken, refreshToken);
  writeCookie(SESSION_COOKIE_NAMES.user, rawUser);
  expired = false;
  notify();
}

/** A refresh rotated the pair. */
export function saveTokens(token: string, refreshToken: string): void {
  setItem(SESSION_KEYS.token, token);
  setItem(SESSION_KEYS.refreshToken, refreshToken);
  writeCookie(SESSION_COOKIE_NAMES.token, token);
  writeCookie(SESSION_COOKIE_NAMES.refreshToken, refreshToken);
  notify();
}

/**
 * A refresh of a session found only in the cookies rotated its pair: the cookies get the new pair at
 * once (the old refresh token is spent, and sending it again would end the session everywhere), while
 * this page stays a guest's until the server confirms the session.
 */
export function mirrorTokens(token: string, refreshToken: string): void {
  writeCookie(SESSION_COOKIE_NAMES.token, token);
  writeCookie(SESSION_COOKIE_NAMES.refreshToken, refreshToken);
}

/** The server's current view of the user (GET /api/auth/me), e.g. after a role changed in game. */
export function saveUser(user: SessionUser): void {
  const rawUser = JSON.stringify(user);
  setItem(SESSION_KEYS.user, rawUser);
  writeCookie(SESSION_COOKIE_NAMES.user, rawUser);
  notify();
}

/**
 * Logout clears all three, in storage and cookies. It sets the expired flag only when the reason is
 * 'expired' (spec 4); navigation is the caller's (the header goes to /login, and the app's expiry
 * watcher does it for an expired session).
 */
export function logout(reason?: 'expired'): void {
  signingOut = false;
  for (const key of Object.values(SESSION_KEYS)) removeItem(key);
  clearSessionCookies();
  if (reason === 'expired') {
    expired = true;
    expiredMessage = SESSION_EXPIRED_MESSAGE;
  }
  notify();
}

/**
 * The session the mirror cookies hold (signed in on the admin host or the main site, which share
 * them), or null. Read only: the start-up check takes it once the server has confirmed it.
 */
export function readCookieSession(cookies: string = document.cookie): NewSession | null {
  const token = readCookie(cookies, SESSION_COOKIE_NAMES.token);
  const refreshToken = readCookie(cookies, SESSION_COOKIE_NAMES.refreshToken);
  const user = parseUser(readCookie(cookies, SESSION_COOKIE_NAMES.user));
  return token && refreshToken && user ? { token, refreshToken, user } : null;
}

/**
 * Sets the admin hosts the mirror cookies are shared with (the site's configuration), and rewrites a
 * stored session's cookies in that scope.
 */
export function scopeSessionCookies(hosts: readonly string[]): void {
  adminHosts = hosts;
  const session = readSession();
  if (!session) return;
  writeCookie(SESSION_COOKIE_NAMES.token, session.token);
  if (session.refreshToken) writeCookie(SESSION_COOKIE_NAMES.refreshToken, session.refreshToken);
  writeCookie(SESSION_COOKIE_NAMES.user, JSON.stringify(session.user));
}

/**
 * This browser is signing itself out everywhere: the server closes its feeds (1008) before it
 * answers, which is the sign-out the player asked for, not an expired session.
 */
let signingOut = false;

/** Marks the start of a sign-out this browser asked for; `false` if it failed and the session stays. */
export function signingOutHere(on = true): void {
  signingOut = on;
}

/**
 * A live socket's onClose for feeds that need the session: the social feed closes with 1008
 * (CLOSE_CODES.sessionExpired, spec 7) when the access token is no longer accepted, which logs out
 * with reason expired (spec 4).
 */
export function expireOnSessionClose(event: Pick<CloseEvent, 'code'>): void {
  if (event.code !== CLOSE_CODES.sessionExpired || !readToken() || signingOut) return;
  logout('expired');
  expiredMessage = SOCKET_SESSION_EXPIRED_MESSAGE;
}
