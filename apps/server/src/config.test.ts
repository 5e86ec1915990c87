import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, openFileLimit } from './config.ts';

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
    // The deploy example's placeholders are not secrets.
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'change-me-to-a-long-random-secret',
        BRIDGE_TOKEN: 'b'.repeat(32),
      }),
    ).toThrow(/JWT_SECRET is still the example's placeholder/);
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

  it('trusts a number of proxy hops or their addresses, never every hop', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: '11' })).toThrow(/at most 10 hops/);
    expect(
      loadConfig({ TRUST_PROXY: ' 10.0.0.0/8 , fd00::/8,127.0.0.1, 192.168.0.0/255.255.0.0 ' }).trustProxy,
    ).toEqual(['10.0.0.0/8', 'fd00::/8', '127.0.0.1', '192.168.0.0/255.255.0.0']);
    for (const every of ['on', 'ON', 'true', 'yes']) {
      expect(() => loadConfig({ TRUST_PROXY: every })).toThrow(
        'TRUST_PROXY must be the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8): trusting every hop lets a client choose its own address',
      );
    }
    for (const junk of [
      '10.0.0.0/33',
      '::/129',
      '10.0.0/8',
      'proxy.example.net',
      '10.0.0.0/8/8',
      '1.5',
      '-1',
      '10.0.0.0/',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: junk }), junk).toThrow(
        /TRUST_PROXY must be a number of hops or addresses/,
      );
    }
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,everything' })).toThrow(/got "everything"/);
  });

  it('caps open sockets per address', () => {
    expect(loadConfig({}).socketsPerAddress).toBe(64);
    expect(loadConfig({ SOCKETS_PER_ADDRESS: '8' }).socketsPerAddress).toBe(8);
    for (const bad of ['0', '-3', '2.5', 'many']) {
      expect(() => loadConfig({ SOCKETS_PER_ADDRESS: bad })).toThrow(
        /SOCKETS_PER_ADDRESS must be a whole number of at least 1/,
      );
    }
  });

  it('caps connections below the open-file limit', () => {
    expect(loadConfig({}, '/srv', 1024).maxConnections).toBe(896);
    expect(loadConfig({}, '/srv', 1_048_576).maxConnections).toBe(1_048_448);
    expect(loadConfig({ MAX_CONNECTIONS: '500' }, '/srv', 1024).maxConnections).toBe(500);
    expect(loadConfig({ MAX_CONNECTIONS: '896' }, '/srv', 1024).maxConnections).toBe(896);
    expect(() => loadConfig({ MAX_CONNECTIONS: '897' }, '/srv', 1024)).toThrow(
      'MAX_CONNECTIONS must stay below the open-file limit (1024) less 128 for the server\'s own files: at most 896, got "897"',
    );
    expect(() => loadConfig({ MAX_CONNECTIONS: '0' }, '/srv', 1024)).toThrow(
      /MAX_CONNECTIONS must be a whole number/,
    );
    // Too few descriptors to serve anyone, whatever MAX_CONNECTIONS says.
    expect(() => loadConfig({}, '/srv', 150)).toThrow(
      /open-file limit \(150\) is too low to serve; raise it \(ulimit -n\)/,
    );
    expect(() => loadConfig({ MAX_CONNECTIONS: '10' }, '/srv', 150)).toThrow(/too low to serve/);
    // Where the limit cannot be read (not Linux), a fixed cap.
    expect(loadConfig({}, '/srv', null).maxConnections).toBe(10_000);
    expect(loadConfig({ MAX_CONNECTIONS: '50000' }, '/srv', null).maxConnections).toBe(50_000);
  });

  it('reads the open-file limit this process runs with', () => {
    const dir = mkdtempSync(join(tmpdir(), 'limits-'));
    const file = join(dir, 'limits');
    writeFileSync(
      file,
      'Limit                     Soft Limit           Hard Limit           Units     \n' +
        'Max processes             63465                63465                processes \n' +
        'Max open files            4096                 524288               files     \n',
    );
    expect(openFileLimit(file)).toBe(4096);
    writeFileSync(file, 'Max open files            unlimited            unlimited            files     \n');
    expect(openFileLimit(file)).toBe(null);
    expect(openFileLimit(join(dir, 'missing'))).toBe(null);
    if (process.platform === 'linux') expect(openFileLimit()).toBeGreaterThan(0);
  });
});
