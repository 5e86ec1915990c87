import { describe, expect, it } from 'vitest';
import { chooseRouteSet } from './route-set.ts';

const at = (url: string) => {
  const { hostname, host, pathname } = new URL(url);
  return { hostname, host, pathname };
};

describe('chooseRouteSet', () => {
  it('uses admin-host mode on a configured admin host, whatever the path', () => {
    expect(chooseRouteSet(at('https://admin.example.com/'), ['admin.example.com'])).toBe('admin-host');
    expect(chooseRouteSet(at('https://admin.example.com/console'), ['x.org', 'admin.example.com'])).toBe(
      'admin-host',
    );
    expect(chooseRouteSet(at('https://ADMIN.example.com/admin'), ['Admin.Example.com'])).toBe('admin-host');
  });

  it('matches an admin host configured with its port', () => {
    expect(chooseRouteSet(at('http://admin.localhost:8080/'), ['admin.localhost:8080'])).toBe('admin-host');
  });

  it('uses admin-path mode for /admin and /admin/... when no admin host is configured', () => {
    expect(chooseRouteSet(at('https://example.com/admin'), [])).toBe('admin-path');
    expect(chooseRouteSet(at('https://example.com/admin/console'), [])).toBe('admin-path');
    expect(chooseRouteSet(at('https://example.com/admin/'), [])).toBe('admin-path');
  });

  it('serves the public site for other paths', () => {
    expect(chooseRouteSet(at('https://example.com/'), [])).toBe('public');
    expect(chooseRouteSet(at('https://example.com/administrator'), [])).toBe('public');
    expect(chooseRouteSet(at('https://example.com/docs/admin'), [])).toBe('public');
  });

  it('keeps /admin public when the console has its own host', () => {
    expect(chooseRouteSet(at('https://example.com/admin'), ['admin.example.com'])).toBe('public');
  });
});
