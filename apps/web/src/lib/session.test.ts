import { userSchema } from '@prison/shared/auth';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  acknowledgeExpiry,
  asSessionUser,
  expireOnSessionClose,
  isSessionExpired,
  logout,
  readCookieSession,
  readSession,
  saveSession,
  saveTokens,
  saveUser,
  scopeSessionCookies,
  signingOutHere,
  useSession,
  useSessionExpired,
} from './session.ts';
import { sessionCookieString } from './session-cookies.ts';

const user = { uuid: '8667ba71-b85a-4004-af54-457a9734eed7', username: 'Steve', roles: ['OWNER'] };

describe('readSession', () => {
  it('is null for a guest', () => {
    expect(readSession()).toBeNull();
  });

  it('reads the stored token, refresh token and user', () => {
    localStorage.setItem('token', 'a.b.c');
    localStorage.setItem('refresh_token', 'r');
    localStorage.setItem('user', JSON.stringify(user));
    expect(readSession()).toEqual({ token: 'a.b.c', refreshToken: 'r', user });
  });

  it.each([
    ['not JSON', '{"uuid":'],
    ['a missing field', JSON.stringify({ uuid: 'x', username: 'Steve' })],
    ['roles that are not strings', JSON.stringify({ ...user, roles: [1] })],
    ['null', 'null'],
  ])('ignores a stored user that is %s', (_what, raw) => {
    localStorage.setItem('token', 'a.b.c');
    localStorage.setItem('user', raw);
    expect(readSession()).toBeNull();
  });

  it('needs a token as well as a user', () => {
    localStorage.setItem('user', JSON.stringify(user));
    expect(readSession()).toBeNull();
  });

  it('returns the same object while nothing changed', () => {
    localStorage.setItem('token', 'a.b.c');
    localStorage.setItem('user', JSON.stringify(user));
    expect(readSession()).toBe(readSession());
  });
});

describe('asSessionUser', () => {
  // The check stands in for the contract's schema on every page; it must agree with it.
  const withoutEach = Object.keys(userSchema.shape).map((key) => {
    const { [key as keyof typeof user]: _left, ...rest } = user;
    return rest;
  });
  const wrongTypes = Object.keys(userSchema.shape).map((key) => ({ ...user, [key]: 7 }));
  it.each([
    user,
    { ...user, roles: [] },
    { ...user, extra: 'field' },
    ...withoutEach,
    ...wrongTypes,
    { ...user, roles: ['OWNER', null] },
    [user],
    null,
    'Steve',
  ])('accepts what userSchema accepts, with only its fields: %j', (value) => {
    const parsed = userSchema.safeParse(value);
    expect(asSessionUser(value)).toEqual(parsed.success ? parsed.data : null);
  });
});

describe('useSession', () => {
  it('follows changes made in another tab', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();
    act(() => {
      localStorage.setItem('token', 'a.b.c');
      localStorage.setItem('user', JSON.stringify(user));
      window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    });
    expect(result.current?.user.username).toBe('Steve');
  });
});

const session = { token: 'a.b.c', refreshToken: 'r', user };

function cookieValue(name: string): string | null {
  const pair = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return pair ? decodeURIComponent(pair.slice(name.length + 1)) : null;
}

describe('saveSession (login)', () => {
  it('stores the token, refresh token and user in storage and in the mirror cookies', () => {
    saveSession(session);
    expect(localStorage.getItem('token')).toBe('a.b.c');
    expect(localStorage.getItem('refresh_token')).toBe('r');
    expect(JSON.parse(localStorage.getItem('user') ?? '')).toEqual(user);
    expect(cookieValue('cp_token')).toBe('a.b.c');
    expect(cookieValue('cp_refresh_token')).toBe('r');
    expect(JSON.parse(cookieValue('cp_user') ?? '')).toEqual(user);
    expect(readSession()).toEqual(session);
  });

  it('clears the expired flag', () => {
    logout('expired');
    expect(isSessionExpired()).toBe(true);
    saveSession(session);
    expect(isSessionExpired()).toBe(false);
  });

  it('tells subscribers in this tab', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();
    act(() => saveSession(session));
    expect(result.current?.user.username).toBe('Steve');
  });
});

describe('saveTokens and saveUser', () => {
  it('replace the pair after a refresh, and the user, in storage and cookies', () => {
    saveSession(session);
    saveTokens('d.e.f', 'r2');
    saveUser({ ...user, roles: [] });
    expect(readSession()).toEqual({ token: 'd.e.f', refreshToken: 'r2', user: { ...user, roles: [] } });
    expect(cookieValue('cp_token')).toBe('d.e.f');
    expect(cookieValue('cp_refresh_token')).toBe('r2');
    expect(JSON.parse(cookieValue('cp_user') ?? '').roles).toEqual([]);
  });
});

describe('logout', () => {
  it('clears all three from storage and cookies, and leaves the expired flag alone', () => {
    saveSession(session);
    // biome-ignore lint/suspicious/noDocumentCookie: an unrelated cookie must survive.
    document.cookie = 'unrelated=1; Path=/';
    logout();
    expect(readSession()).toBeNull();
    for (const key of ['token', 'refresh_token', 'user']) expect(localStorage.getItem(key)).toBeNull();
    expect(document.cookie).not.toMatch(/cp_/);
    expect(document.cookie).toContain('unrelated=1');
    expect(isSessionExpired()).toBe(false);
  });

  it("sets the expired flag when the reason is 'expired'; acknowledging clears it", () => {
    saveSession(session);
    const { result } = renderHook(() => useSessionExpired());
    expect(result.current).toBe(false);
    act(() => logout('expired'));
    expect(readSession()).toBeNull();
    expect(result.current).toBe(true);
    act(() => acknowledgeExpiry());
    expect(result.current).toBe(false);
  });
});

describe('readCookieSession', () => {
  const site = { protocol: 'http:', hostname: 'localhost' };
  const cookies = (values: Record<string, string>) =>
    Object.entries(values)
      .map(([name, value]) => sessionCookieString(name, value, site).split(';')[0])
      .join('; ');

  it('reads the session the mirror cookies hold, and stores nothing', () => {
    const held = cookies({ cp_token: 'a.b.c', cp_refresh_token: 'r', cp_user: JSON.stringify(user) });
    expect(readCookieSession(held)).toEqual(session);
    expect(localStorage.getItem('token')).toBeNull();
    expect(readSession()).toBeNull();
  });

  it.each([
    ['no token cookie', { cp_refresh_token: 'r', cp_user: JSON.stringify(user) }],
    ['no refresh token cookie', { cp_token: 'a.b.c', cp_user: JSON.stringify(user) }],
    ['no user cookie', { cp_token: 'a.b.c', cp_refresh_token: 'r' }],
    ['a malformed user cookie', { cp_token: 'a.b.c', cp_refresh_token: 'r', cp_user: '{"uuid":' }],
  ])('finds nothing with %s', (_what, values) => {
    expect(readCookieSession(cookies(values))).toBeNull();
  });
});

describe('scopeSessionCookies', () => {
  it("rewrites the stored session's cookies in the scope of the configuration", () => {
    localStorage.setItem('token', 'a.b.c');
    localStorage.setItem('refresh_token', 'r');
    localStorage.setItem('user', JSON.stringify(user));
    expect(document.cookie).not.toMatch(/cp_/);
    scopeSessionCookies([]);
    expect(cookieValue('cp_token')).toBe('a.b.c');
    expect(cookieValue('cp_refresh_token')).toBe('r');
    expect(JSON.parse(cookieValue('cp_user') ?? '')).toEqual(user);
  });

  it('writes nothing for a guest', () => {
    scopeSessionCookies([]);
    expect(readCookieSession()).toBeNull();
  });
});

describe('expireOnSessionClose', () => {
  it('expires the session when a live feed closes with 1008, and ignores other codes', () => {
    saveSession(session);
    expireOnSessionClose({ code: 1006 });
    expect(readSession()).not.toBeNull();
    expireOnSessionClose({ code: 1008 });
    expect(readSession()).toBeNull();
    expect(isSessionExpired()).toBe(true);
  });

  it('does nothing for a guest', () => {
    expireOnSessionClose({ code: 1008 });
    expect(isSessionExpired()).toBe(false);
  });

  it('takes a feed closed while this browser signs out everywhere for that sign-out, not an expiry', () => {
    saveSession(session);
    signingOutHere();
    expireOnSessionClose({ code: 1008 });
    expect(readSession()).not.toBeNull();
    expect(isSessionExpired()).toBe(false);
    // The sign-out failed: the session stays, and a later close is an expiry again.
    signingOutHere(false);
    expireOnSessionClose({ code: 1008 });
    expect(isSessionExpired()).toBe(true);
  });
});
