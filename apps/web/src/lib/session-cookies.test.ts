import { describe, expect, it } from 'vitest';
import {
  cookieDomain,
  cookieScopes,
  expiredCookieStrings,
  readCookie,
  sessionCookieString,
} from './session-cookies.ts';

describe('cookieDomain', () => {
  it.each([
    ['example.net', []],
    ['play.example.net', []],
    ['admin.example.net', []],
    // The only admin host is this one, and its main site (localhost) has no parent to share.
    ['admin.localhost', ['admin.localhost']],
    // No parent in common but a top-level domain.
    ['example.net', ['admin.example.org']],
    ['example.net', ['console.other.net']],
  ])('keeps cookies on %s alone with admin hosts %j', (host, adminHosts) => {
    expect(cookieDomain(host, adminHosts)).toBeNull();
  });

  it.each([
    ['example.net', ['admin.example.net'], 'example.net'],
    ['admin.example.net', ['admin.example.net'], 'example.net'],
    ['ADMIN.Example.NET.', ['Admin.Example.net:8443'], 'example.net'],
    // No wider than the hosts need: not example.com, which other sites share.
    ['play.vaultbreak.example.com', ['admin.vaultbreak.example.com'], 'vaultbreak.example.com'],
    ['admin.play.example.com', ['admin.play.example.com'], 'play.example.com'],
    ['play.example.com', ['admin.play.example.com'], 'play.example.com'],
    ['example.net', ['admin.example.net', 'ops.eu.example.net'], 'example.net'],
  ])('shares %s with admin hosts %j on %s', (host, adminHosts, domain) => {
    expect(cookieDomain(host, adminHosts)).toBe(domain);
  });

  it.each(['localhost', 'intranet', '192.168.1.20', '127.0.0.1', '[::1]', '[::ffff:10.0.0.1]'])(
    'keeps cookies on %s alone whatever the admin hosts (no dot, or an IP address)',
    (host) => {
      expect(cookieDomain(host, ['admin.example.net', `admin.${host}`])).toBeNull();
    },
  );
});

describe('cookieScopes', () => {
  it('lists host-only, then every parent domain', () => {
    expect(cookieScopes('admin.example.net')).toEqual([null, 'admin.example.net', 'example.net']);
    expect(cookieScopes('localhost')).toEqual([null]);
    expect(cookieScopes('10.0.0.5')).toEqual([null]);
  });
});

describe('sessionCookieString', () => {
  it('with a Domain on https: that Domain, Secure and SameSite=None', () => {
    expect(
      sessionCookieString(
        'cp_token',
        'a.b.c',
        { protocol: 'https:', hostname: 'admin.example.net' },
        30,
        'example.net',
      ),
    ).toBe('cp_token=a.b.c; Max-Age=2592000; Path=/; Domain=example.net; SameSite=None; Secure');
  });

  it('host-only on https: Secure and SameSite=None', () => {
    expect(
      sessionCookieString('cp_token', 'a.b.c', { protocol: 'https:', hostname: 'example.net' }, 30),
    ).toBe('cp_token=a.b.c; Max-Age=2592000; Path=/; SameSite=None; Secure');
  });

  it('with a Domain on http: that Domain, SameSite=Lax and not Secure', () => {
    expect(
      sessionCookieString(
        'cp_refresh_token',
        'r',
        { protocol: 'http:', hostname: 'admin.example.net' },
        30,
        'example.net',
      ),
    ).toBe('cp_refresh_token=r; Max-Age=2592000; Path=/; Domain=example.net; SameSite=Lax');
  });

  it('host-only on http: SameSite=Lax and not Secure', () => {
    expect(sessionCookieString('cp_token', 't', { protocol: 'http:', hostname: 'localhost' }, 30)).toBe(
      'cp_token=t; Max-Age=2592000; Path=/; SameSite=Lax',
    );
  });

  it('lasts 7 days by default and encodes the value', () => {
    const user = JSON.stringify({ uuid: 'u', username: 'Steve; Path=/x', roles: [] });
    const cookie = sessionCookieString('cp_user', user, { protocol: 'http:', hostname: 'localhost' });
    expect(cookie).toContain('Max-Age=604800;');
    expect(cookie.split(';')[0]).toBe(`cp_user=${encodeURIComponent(user)}`);
    expect(readCookie(cookie.split(';')[0]!, 'cp_user')).toBe(user);
  });
});

describe('expiredCookieStrings', () => {
  it('deletes the cookie host-only and on every parent domain', () => {
    const strings = expiredCookieStrings('cp_token', { protocol: 'https:', hostname: 'admin.example.net' });
    expect(strings).toHaveLength(3);
    expect(strings.every((s) => s.startsWith('cp_token=; Max-Age=0;') && s.endsWith('Secure'))).toBe(true);
    expect(strings.map((s) => s.match(/Domain=([^;]+)/)?.[1] ?? null)).toEqual([
      null,
      'admin.example.net',
      'example.net',
    ]);
  });

  it('deletes only the host-only cookie on localhost', () => {
    expect(expiredCookieStrings('cp_user', { protocol: 'http:', hostname: 'localhost' })).toEqual([
      'cp_user=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax',
    ]);
  });
});

describe('readCookie', () => {
  it('finds one cookie among others', () => {
    expect(readCookie('a=1; cp_token=x.y.z; cp_token_2=no', 'cp_token')).toBe('x.y.z');
    expect(readCookie('a=1', 'cp_token')).toBeNull();
    expect(readCookie('cp_user=%E0%A4%A', 'cp_user')).toBeNull();
  });
});
