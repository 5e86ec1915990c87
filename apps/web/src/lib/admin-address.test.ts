import { describe, expect, it } from 'vitest';
import { adminConsoleHref, adminPageHref, mainSiteHost } from './admin-address.ts';

describe('adminConsoleHref', () => {
  it('is /admin without an admin host', () => {
    expect(adminConsoleHref([], { protocol: 'https:', pathname: '/profile' })).toBe('/admin');
  });

  it('keeps the path on the first admin host', () => {
    expect(
      adminConsoleHref(['admin.example.com', 'ops.example.com'], { protocol: 'https:', pathname: '/docs' }),
    ).toBe('https://admin.example.com/docs');
  });
});

describe('mainSiteHost', () => {
  it('removes the first host label', () => {
    expect(mainSiteHost('admin.example.com')).toBe('example.com');
    expect(mainSiteHost('admin.localhost:8080')).toBe('localhost:8080');
    expect(mainSiteHost('localhost')).toBe('localhost');
  });
});

describe('adminPageHref', () => {
  it('puts a console page on the first admin host, or under /admin without one', () => {
    expect(adminPageHref(['admin.example.com', 'ops.example.com'], 'https:', '/appeals')).toBe(
      'https://admin.example.com/appeals',
    );
    expect(adminPageHref([], 'https:', '/appeals')).toBe('/admin/appeals');
  });
});
