import { describe, expect, it } from 'vitest';
import { cookieDomain, expiredCookieStrings, readCookie, sessionCookieString } from './session-cookies.ts';

describe('cookieDomain', () => {
  it.each([
    ['admin.example.net', 'example.net'],
    ['ADMIN.Example.NET', 'example.net'],
    ['play.vaultbreak.example.com', 'vaultbreak.example.com'],
    ['example.net', 'example.net'],
    ['admin.example.net.', 'example.net'],
  ])('shares %s with its parent domain %s', (host, domain) => {
    expect(cookieDomain(host)).toBe(domain);
  });

  it.each(['localhost', 'intranet', '192.168.1.20', '127.0.0.1', '[::1]', '[::ffff:10.0.0.1]'])(
    'keeps cookies on %s alone (no dot, or an IP address)',
    (host) => {
      expect(cookieDomain(host)).toBeNull();
    },
  );
});

describe('sessionCookieString', () => {
  it('on an https host with a dot: parent Domain, Secure and SameSite=None', () => {
    expect(
      sessionCookieString('cp_token', 'a.b.c', { protocol: 'https:', hostname: 'admin.example.net' }, 30),
    ).toBe('cp_token=a.b.c; Max-Age=2592000; Path=/; Domain=example.net; SameSite=None; Secure');
  });

  it('on an https host without a dot: host-only, Secure and SameSite=None', () => {
    expect(sessionCookieString('cp_token', 'a.b.c', { protocol: 'https:', hostname: 'intranet' }, 30)).toBe(
      'cp_token=a.b.c; Max-Age=2592000; Path=/; SameSite=None; Secure',
    );
  });

  it('on an http host with a dot: parent Domain, SameSite=Lax and not Secure', () => {
    expect(
      sessionCookieString('cp_refresh_token', 'r', { protocol: 'http:', hostname: 'admin.example.net' }, 30),
    ).toBe('cp_refresh_token=r; Max-Age=2592000; Path=/; Domain=example.net; SameSite=Lax');
  });

  it('on an http host without a dot: host-only, SameSite=Lax and not Secure', () => {
    expect(sessionCookieString('cp_token', 't', { protocol: 'http:', hostname: 'localhost' }, 30)).toBe(
      'cp_token=t; Max-Age=2592000; Path=/; SameSite=Lax',
    );
  });

  it('on an IP address: host-only', () => {
    expect(
      sessionCookieString('cp_token', 't', { protocol: 'http:', hostname: '10.0.0.5' }, 30),
    ).not.toContain('Domain=');
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
