import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers.ts';
import { ConfigError, loadConfig, openFileLimit } from './config.ts';

/** The IPv4 netmask of a prefix length: 16 gives 255.255.0.0. */
function netmask(bits: number): string {
  const mask = bits === 0 ? 0 : 2 ** 32 - 2 ** (32 - bits);
  return [24, 16, 8, 0].map((shift) => Math.floor(mask / 2 ** shift) % 256).join('.');
}

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

  it('lets the game server manage no staff role unless BRIDGE_STAFF_ROLES names some', () => {
    expect(loadConfig({}).bridgeStaffRoles).toEqual([]);
    expect(loadConfig({ BRIDGE_STAFF_ROLES: 'none' }).bridgeStaffRoles).toEqual([]);
    expect(loadConfig({ BRIDGE_STAFF_ROLES: ' docs_editor, Admin,DOCS_EDITOR ' }).bridgeStaffRoles).toEqual([
      'DOCS_EDITOR',
      'ADMIN',
    ]);
    expect(() => loadConfig({ BRIDGE_STAFF_ROLES: 'ADMIN,VIP' })).toThrow(
      /BRIDGE_STAFF_ROLES names the staff roles .* among ADMIN, OWNER, WEB_ADMIN, DOCS_EDITOR .*got VIP/,
    );
  });

  it('offers every language by default, or those SITE_LANGUAGES names, with SITE_LANGUAGE among them', () => {
    expect(loadConfig({}).languages).toEqual({
      offered: ['en', 'de', 'es', 'fr', 'pl', 'pt-BR', 'ru'],
      default: 'en',
    });
    expect(loadConfig({ SITE_LANGUAGES: 'ru, pl', SITE_LANGUAGE: 'ru' }).languages).toEqual({
      offered: ['pl', 'ru'],
      default: 'ru',
    });
    // English not offered: the first offered is the default.
    expect(loadConfig({ SITE_LANGUAGES: 'pt-BR,es' }).languages.default).toBe('es');
    expect(() => loadConfig({ SITE_LANGUAGES: 'de,it' })).toThrow(/SITE_LANGUAGES names "it"/);
    expect(() => loadConfig({ SITE_LANGUAGES: 'de,pl', SITE_LANGUAGE: 'en' })).toThrow(
      /SITE_LANGUAGE must be one of the offered languages \(de, pl\)/,
    );
    expect(() => loadConfig({ SITE_LANGUAGE: 'klingon' })).toThrow(/SITE_LANGUAGE must be one of/);
  });

  it('requires two-factor sign-in of staff only when STAFF_2FA=required', () => {
    expect(loadConfig({}).staffTwoFactorRequired).toBe(false);
    expect(loadConfig({ STAFF_2FA: 'off' }).staffTwoFactorRequired).toBe(false);
    expect(loadConfig({ STAFF_2FA: 'Required' }).staffTwoFactorRequired).toBe(true);
  });

  it('sends staff punishments over RCON unless PUNISH_VIA=plugin', () => {
    expect(loadConfig({}).punishVia).toBe('rcon');
    expect(loadConfig({ PUNISH_VIA: 'Plugin' }).punishVia).toBe('plugin');
    expect(() => loadConfig({ PUNISH_VIA: 'carrier-pigeon' })).toThrow(/PUNISH_VIA must be rcon or plugin/);
  });

  it('trusts a number of proxy hops or their addresses, never every hop', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: '11' })).toThrow(/at most 10 hops/);
    expect(
      loadConfig({ TRUST_PROXY: ' 10.0.0.0/8 , fd00:1::/32,127.0.0.1, 192.168.0.0/255.255.0.0 ' }).trustProxy,
    ).toEqual(['10.0.0.0/8', 'fd00:1::/32', '127.0.0.1', '192.168.0.0/16']);
    for (const every of ['on', 'ON', 'true', 'yes', 'all', '*']) {
      expect(() => loadConfig({ TRUST_PROXY: every })).toThrow(
        `TRUST_PROXY must be the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8), got "${every}": trusting every hop lets a client choose its own address`,
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
      // Fastify refused these as it started, with a TypeError and a stack trace.
      '10.0.0.0/255.0.255.0',
      'fe80::1%eth-0',
      'fe80::1%eth0',
      'constructor',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: junk }), junk).toThrow(
        `TRUST_PROXY must be a number of hops or addresses and ranges such as 10.0.0.0/8, got "${junk}"`,
      );
    }
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,everything' })).toThrow(/got "everything"/);
  });

  it('refuses a range wider than a /8 of IPv4 or a /16 of IPv6: "every hop" by another name', () => {
    for (const [value, offending, wide] of [
      // Fastify stopped on these with a TypeError and a stack trace.
      ['0.0.0.0/0', '0.0.0.0/0', 'every address'],
      ['::/0', '::/0', 'every address'],
      ['0.0.0.0/0.0.0.0', '0.0.0.0/0.0.0.0', 'every address'],
      ['10.0.0.0/8, 203.0.113.7/0', '203.0.113.7/0', 'every address'],
      // Fastify took these: every address in two halves, and other wide ranges.
      ['0.0.0.0/1,128.0.0.0/1', '0.0.0.0/1', 'a /1 of IPv4'],
      ['10.0.0.0/8,128.0.0.0/128.0.0.0', '128.0.0.0/128.0.0.0', 'a /1 of IPv4'],
      ['8.0.0.0/7', '8.0.0.0/7', 'a /7 of IPv4'],
      ['fd00::/8', 'fd00::/8', 'a /8 of IPv6'],
      ['2000::/3', '2000::/3', 'a /3 of IPv6'],
      // IPv4 as IPv6 writes it: how a dual-stack socket shows an IPv4 client.
      ['::ffff:0:0/96', '::ffff:0:0/96', 'every IPv4 address'],
      ['::ffff:0.0.0.0/96', '::ffff:0.0.0.0/96', 'every IPv4 address'],
      ['0:0:0:0:0:FFFF:0:0/96', '0:0:0:0:0:FFFF:0:0/96', 'every IPv4 address'],
      ['::ffff:128.0.0.0/97', '::ffff:128.0.0.0/97', 'a /1 of IPv4'],
      ['::/64', '::/64', 'every IPv4 address'],
      ['64:ff9b::/96', '64:ff9b::/96', 'every IPv4 address'],
      // proxy-addr's names, for what they stand for.
      ['uniquelocal', 'uniquelocal" (fc00::/7', 'a /7 of IPv6'],
      ['linklocal', 'linklocal" (fe80::/10', 'a /10 of IPv6'],
    ]) {
      let error: unknown;
      try {
        loadConfig({ TRUST_PROXY: value });
      } catch (err) {
        error = err;
      }
      expect(error, value).toBeInstanceOf(ConfigError);
      expect((error as Error).message, value).toMatch(/^TRUST_PROXY must name the proxies' own addresses/);
      expect((error as Error).message, value).toContain(`"${offending}`);
      expect((error as Error).message, value).toContain(`takes in ${wide},`);
    }
  });

  it('takes ranges of a /8 of IPv4, a /16 of IPv6 or narrower, written out as Fastify reads them', () => {
    const trusted = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(trusted('10.0.0.0/8')).toEqual(['10.0.0.0/8']);
    expect(trusted('192.168.1.0/24')).toEqual(['192.168.1.0/24']);
    expect(trusted('172.16.0.0/255.240.0.0')).toEqual(['172.16.0.0/12']);
    expect(trusted('fd00:1::/32')).toEqual(['fd00:1::/32']);
    expect(trusted('2001:db8::/16')).toEqual(['2001:db8::/16']);
    expect(trusted('::ffff:10.0.0.0/104')).toEqual(['::ffff:10.0.0.0/104']);
    expect(trusted('::ffff:10.0.0.1, ::1, 203.0.113.7')).toEqual(['::ffff:10.0.0.1', '::1', '203.0.113.7']);
    expect(trusted('Loopback')).toEqual(['127.0.0.1/8', '::1/128']);
  });

  it('starts Fastify with every value it takes', () => {
    const accepted = (value: string) => {
      try {
        return loadConfig({ TRUST_PROXY: value }).trustProxy;
      } catch (err) {
        // Whatever is wrong with the value, a message that names the variable, not a crash.
        expect(err, value).toBeInstanceOf(ConfigError);
        expect((err as Error).message, value).toContain('TRUST_PROXY');
        return null;
      }
    };
    const address = fc.oneof(
      fc.ipV4(),
      fc.ipV6(),
      fc.constantFrom('0.0.0.0', '::', '::ffff:0:0', '64:ff9b::', 'fe80::1%eth0', 'fe80::1%x-y', 'loopback'),
    );
    const suffix = fc.oneof(
      fc.constant(''),
      fc.integer({ min: 0, max: 130 }).map((bits) => `/${bits}`),
      fc.ipV4().map((mask) => `/${mask}`),
      fc.integer({ min: 0, max: 32 }).map((bits) => `/${netmask(bits)}`),
    );
    const value = fc
      .array(fc.tuple(address, suffix), { minLength: 1, maxLength: 3 })
      .map((entries) => entries.map(([a, s]) => a + s).join(','));
    let taken = 0;
    fc.assert(
      fc.property(value, (text) => {
        const trust = accepted(text);
        if (!Array.isArray(trust)) return;
        taken++;
        expect(() => Fastify({ trustProxy: trust }), text).not.toThrow();
      }),
      { numRuns: 2000 },
    );
    // The property saw values it takes, not only refusals.
    expect(taken).toBeGreaterThan(100);
  });

  it('starts the server with the ranges it takes', async () => {
    const t = await createTestApp('pglite', {
      TRUST_PROXY:
        '10.0.0.0/8, 192.168.1.0/24, 172.16.0.0/255.240.0.0, fd00:1::/32, ::ffff:10.0.0.0/104, loopback',
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.1.2.3' });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
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

  it('follows a LiteBans database only when LITEBANS_DATABASE_URL names one', () => {
    expect(loadConfig({}).litebans).toBe(null);
    expect(loadConfig({ LITEBANS_DATABASE_URL: 'mysql://site:pw@db.example.net/litebans' }).litebans).toEqual(
      {
        url: 'mysql://site:pw@db.example.net/litebans',
        tablePrefix: 'litebans_',
        pollMs: 10_000,
      },
    );
    const custom = loadConfig({
      LITEBANS_DATABASE_URL: 'mariadb://site@127.0.0.1:3307/bans',
      LITEBANS_TABLE_PREFIX: 'net1_',
      LITEBANS_POLL_SECONDS: '3600',
    }).litebans;
    expect(custom).toMatchObject({ tablePrefix: 'net1_', pollMs: 3_600_000 });
    // Set and empty: LiteBans' tables have no prefix.
    expect(
      loadConfig({ LITEBANS_DATABASE_URL: 'mysql://h/litebans', LITEBANS_TABLE_PREFIX: '' }).litebans
        ?.tablePrefix,
    ).toBe('');
  });

  it('explains a bad LiteBans setting without repeating its password', () => {
    for (const url of ['postgres://u@h/litebans', 'mysql:/nohost', 'not an address']) {
      expect(() => loadConfig({ LITEBANS_DATABASE_URL: url })).toThrow(
        /LITEBANS_DATABASE_URL must be a mysql:\/\/ or mariadb:\/\/ address/,
      );
    }
    for (const url of ['mysql://site:s3cret@h', 'mysql://site:s3cret@h/', 'mysql://site:s3cret@h/a/b']) {
      expect(() => loadConfig({ LITEBANS_DATABASE_URL: url })).toThrow(/must name LiteBans' database/);
      expect(() => loadConfig({ LITEBANS_DATABASE_URL: url })).not.toThrow(/s3cret/);
    }
    // Checked even while no database is followed, so a typo shows before the day it is used.
    for (const prefix of ['lite-bans_', 'x;drop', 'a'.repeat(33)]) {
      expect(() => loadConfig({ LITEBANS_TABLE_PREFIX: prefix })).toThrow(/LITEBANS_TABLE_PREFIX must be/);
    }
    for (const seconds of ['0', '3601', '1.5', 'ten', '-1']) {
      expect(() => loadConfig({ LITEBANS_POLL_SECONDS: seconds })).toThrow(
        /LITEBANS_POLL_SECONDS must be a whole number from 1 to 3600/,
      );
    }
  });

  it("reads the punishment commands, LiteBans' by default, and refuses one it cannot fill", () => {
    expect(loadConfig({}).punishmentCommands).toMatchObject({
      tempban: 'tempban {player} {duration} {reason}',
      unwarn: 'unwarn {player}',
    });
    const custom = loadConfig({
      PUNISH_COMMAND_TEMPBAN: ' /tempban {player} {duration} {reason} -s ',
      PUNISH_COMMAND_KICK: 'kick {uuid}',
    }).punishmentCommands;
    expect(custom).toMatchObject({ tempban: 'tempban {player} {duration} {reason} -s', kick: 'kick {uuid}' });
    for (const [setting, value, problem] of [
      ['PUNISH_COMMAND_BAN', 'ban {name}', /PUNISH_COMMAND_BAN has an unknown placeholder \{name\}/],
      ['PUNISH_COMMAND_BAN', 'ban {player} {duration}', /PUNISH_COMMAND_BAN cannot use \{duration\}/],
      ['PUNISH_COMMAND_TEMPMUTE', 'mute {player}', /PUNISH_COMMAND_TEMPMUTE must say \{duration\}/],
    ] as const) {
      expect(() => loadConfig({ [setting]: value })).toThrow(problem);
    }
    // Set and blank is unset, as for every setting: the default.
    expect(loadConfig({ PUNISH_COMMAND_WARN: '  ' }).punishmentCommands.warning).toBe(
      'warn {player} {reason}',
    );
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
