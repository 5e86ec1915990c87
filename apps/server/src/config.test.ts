import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has a default for everything a demo needs', () => {
    const config = loadConfig({}, '/srv/site');
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/site/data',
      databaseUrl: null,
      jwtSecret: null,
      bridgeToken: null,
      rcon: { host: '127.0.0.1', port: null, password: null, allow: null },
      adminHosts: [],
      demo: true,
      production: false,
    });
  });

  it('reads lists, flags and addresses', () => {
    const config = loadConfig({
      ADMIN_HOSTS: ' Admin.Example.net , ops.example.net ',
      RCON_ALLOW: 'list, say ,TPS',
      DEMO: 'off',
      PUBLIC_URL: 'https://example.net/',
      DATABASE_URL: 'postgres://u@db/site',
    });
    expect(config.adminHosts).toEqual(['admin.example.net', 'ops.example.net']);
    expect(config.rcon.allow).toEqual(['list', 'say', 'tps']);
    expect(config.demo).toBe(false);
    expect(config.publicUrl).toBe('https://example.net');
  });

  it('turns demo mode off in production and requires real secrets there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET must be set/);
    const config = loadConfig({
      NODE_ENV: 'production',
      DEMO: 'on',
      JWT_SECRET: 'a'.repeat(32),
      BRIDGE_TOKEN: 'b'.repeat(32),
    });
    expect(config.demo).toBe(false);
  });

  it('explains what is wrong with a bad value', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEMO: 'maybe' })).toThrow(/DEMO must be on or off/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/postgres/);
    expect(() => loadConfig({ AVATAR_URL: 'ftp://x/{uuid}' })).toThrow(/http or https/);
    expect(() => loadConfig({ SEARCH_RATE_LIMIT: '0' })).toThrow(/SEARCH_RATE_LIMIT must be a whole number/);
    expect(loadConfig({ SEARCH_RATE_LIMIT: '1000000' }).searchRateLimit).toBe(1_000_000);
    expect(loadConfig({}).searchRateLimit).toBe(120);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/at least 16/);
    expect(() => loadConfig({ STAFF_2FA: 'sometimes' })).toThrow(/STAFF_2FA must be required or off/);
  });

  it('requires two-factor sign-in of staff only when STAFF_2FA=required', () => {
    expect(loadConfig({}).staffTwoFactorRequired).toBe(false);
    expect(loadConfig({ STAFF_2FA: 'off' }).staffTwoFactorRequired).toBe(false);
    expect(loadConfig({ STAFF_2FA: 'Required' }).staffTwoFactorRequired).toBe(true);
  });
});
