// Every environment variable the server reads, parsed once, with defaults and clear errors.
// docs/configuration.md lists the same variables; keep the two in step.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asLanguage, LANGUAGES, type Language, SOURCE_LANGUAGE } from '@prison/shared/languages';
import { isStaffRole, STAFF_ROLES } from './modules/auth/staff-roles.ts';
import {
  COMMAND_SETTINGS,
  DEFAULT_PUNISHMENT_COMMANDS,
  type PunishmentCommands,
  templateProblem,
} from './rcon/punishment-commands.ts';

export class ConfigError extends Error {}

export interface Config {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Missing secrets are generated into DATA_DIR outside production (see secrets.ts). */
  jwtSecret: string | null;
  bridgeToken: string | null;
  /**
   * BRIDGE_STAFF_ROLES: the staff roles the game server may grant, remove and hold while it sets a
   * password or roles (modules/auth/accounts.ts gameAccountRefusal); none by default.
   */
  bridgeStaffRoles: string[];
  rcon: { host: string; port: number | null; password: string | null; allow: string[] | null };
  adminHosts: string[];
  publicUrl: string | null;
  communityInviteUrl: string;
  /**
   * SITE_LANGUAGES: the languages the site offers (all it ships by default); SITE_LANGUAGE: the one a
   * visitor gets when nothing they send names an offered one (English by default).
   */
  languages: { offered: Language[]; default: Language };
  avatarUrl: string;
  assetBaseUrl: string;
  demo: boolean;
  /**
   * TRUST_PROXY: how many proxy hops in front of the server to believe (a number), or the proxies'
   * addresses and ranges; false trusts none. Never "every hop": the client writes the left-most
   * X-Forwarded-For entry itself.
   */
  trustProxy: false | number | string[];
  logLevel: string;
  webDist: string;
  /** Searches a minute per address (SEARCH_RATE_LIMIT). */
  searchRateLimit: number;
  /**
   * How many docs the site keeps (DOCS_MAX_COUNT), their total size (DOCS_MAX_TOTAL_KB) and the size of
   * their whole history (DOCS_MAX_HISTORY_MB).
   */
  docLimits: { maxDocs: number; maxTotalBytes: number; maxHistoryBytes: number };
  /** STAFF_2FA=required: the admin API refuses staff accounts without two-factor sign-in. */
  staffTwoFactorRequired: boolean;
  /**
   * Automatic backups of the embedded database (BACKUP_DIR, BACKUP_INTERVAL, BACKUP_KEEP); null
   * with DATABASE_URL (PostgreSQL has its own tools) or BACKUP_INTERVAL=off.
   */
  backups: { dir: string; intervalMs: number; keep: number } | null;
  /** METRICS_TOKEN: the bearer token of GET /metrics; null turns the endpoint off. */
  metricsToken: string | null;
  /** Open WebSockets one address may hold (SOCKETS_PER_ADDRESS); past it the upgrade answers 429. */
  socketsPerAddress: number;
  /** Connections the process accepts in all (MAX_CONNECTIONS), below its file-descriptor limit. */
  maxConnections: number;
  /** Listing pages a minute per player, or per address when signed out (LISTINGS_RATE_LIMIT). */
  listingsRateLimit: number;
  /**
   * The LiteBans database the site follows, read only (LITEBANS_DATABASE_URL, LITEBANS_TABLE_PREFIX,
   * LITEBANS_POLL_SECONDS; modules/punishments/litebans.ts); null when none is set.
   */
  litebans: { url: string; tablePrefix: string; pollMs: number } | null;
  /** The console commands staff punishments and pardons are sent as (PUNISH_COMMAND_*; LiteBans' by default). */
  punishmentCommands: PunishmentCommands;
  /**
   * How staff punishments and pardons reach the game server (PUNISH_VIA): 'rcon', their commands at
   * once; or 'plugin', handed to the game server's plugin on its delivery socket and listed by
   * GET /api/bridge/actions until it confirms them.
   */
  punishVia: 'rcon' | 'plugin';
  /** How many days notifications are kept (NOTIFICATIONS_KEEP_DAYS). */
  notificationsKeepDays: number;
  /**
   * WEBHOOK_ALLOW_HOSTS: hosts (host:port, lowercase) webhook addresses may name besides Discord's
   * own, over http or https; none by default, so an address can only be Discord's (https).
   */
  webhookAllowHosts: string[];
  /**
   * Discord account linking (DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET, and the OAuth2 endpoints
   * DISCORD_AUTHORIZE_URL, DISCORD_TOKEN_URL, DISCORD_USER_URL, Discord's own by default); null, and
   * linking not offered, while the client id or secret is missing.
   */
  discord: {
    clientId: string;
    clientSecret: string;
    authorizeUrl: string;
    tokenUrl: string;
    userUrl: string;
  } | null;
}

type Env = Record<string, string | undefined>;

const DEFAULT_AVATAR_URL = 'https://crafatar.com/avatars/{uuid}?size={size}&overlay&default=MHF_Steve';
// Item and block textures of game version 1.21.4 from a public mirror of the game's assets.
const DEFAULT_ASSET_BASE_URL = 'https://assets.mcasset.cloud/1.21.4/assets/minecraft/textures';

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function list(env: Env, name: string): string[] {
  return (text(env, name) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function port(env: Env, name: string, fallback: number | null): number | null {
  const value = text(env, name);
  if (value === null) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new ConfigError(`${name} must be a port number from 0 to 65535, got "${value}"`);
  }
  return n;
}

function positiveInt(env: Env, name: string, fallback: number): number {
  const value = text(env, name);
  if (value === null) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1)
    throw new ConfigError(`${name} must be a whole number of at least 1, got "${value}"`);
  return n;
}

function boundedInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = text(env, name);
  if (value === null) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max)
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  return n;
}

function url(env: Env, name: string, fallback: string | null): string | null {
  const value = text(env, name) ?? fallback;
  if (value === null) return null;
  // Templates such as {uuid} are not valid in a URL's host; check the rest.
  const probe = value.replace(/\{\w+\}/g, 'x');
  let parsed: URL;
  try {
    parsed = new URL(probe);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) address, got "${value}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(`${name} must use http or https, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const value = text(env, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (['1', 'true', 'on', 'yes'].includes(value)) return true;
  if (['0', 'false', 'off', 'no'].includes(value)) return false;
  throw new ConfigError(`${name} must be on or off, got "${env[name]}"`);
}

const DURATION_UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A duration such as 30m, 6h or 1d; null when the variable says off. */
function duration(env: Env, name: string, fallback: string): number | null {
  const value = (text(env, name) ?? fallback).toLowerCase();
  if (['off', '0', 'false', 'no'].includes(value)) return null;
  const match = /^(\d+)\s*([smhd])$/.exec(value);
  const ms = match ? Number(match[1]) * (DURATION_UNITS[match[2] as string] as number) : Number.NaN;
  if (!match || !Number.isSafeInteger(ms) || ms < 60_000) {
    throw new ConfigError(
      `${name} must be a duration of at least a minute such as 30m, 6h or 1d, or off; got "${value}"`,
    );
  }
  return ms;
}

/** proxy-addr's named ranges (Fastify's trustProxy), for what they stand for. */
const NAMED_RANGES = new Map([
  ['loopback', ['127.0.0.1/8', '::1/128']],
  ['linklocal', ['169.254.0.0/16', 'fe80::/10']],
  ['uniquelocal', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']],
]);

/**
 * The widest range TRUST_PROXY takes, by its prefix length: a wider one holds clients of every kind,
 * and any of them could then write its own address into X-Forwarded-For ("on" by another name).
 */
const NARROWEST_PREFIX = { 4: 8, 6: 16 } as const;

/**
 * IPv6 ranges that hold IPv4 addresses in their last 32 bits: IPv4-mapped (how a dual-stack socket
 * shows an IPv4 peer, and what proxy-addr matches IPv4 peers against) and NAT64's well-known
 * prefix. A range that overlaps one is as wide, in IPv4 addresses, as its prefix beyond the 96th bit.
 */
const IPV4_IN_IPV6 = ['::ffff:0:0', '64:ff9b::'].map((address) => ipv6Bits(address));

function ipv4Bits(address: string): number {
  return address.split('.').reduce((bits, part) => bits * 256 + Number(part), 0);
}

/** The 128 bits of an IPv6 address that node:net's isIP accepts (without a zone). */
function ipv6Bits(address: string): bigint {
  let text = address;
  const ipv4 = /\d+\.\d+\.\d+\.\d+$/.exec(text);
  if (ipv4) {
    const bits = ipv4Bits(ipv4[0]);
    text = `${text.slice(0, ipv4.index)}${Math.floor(bits / 0x10000).toString(16)}:${(bits % 0x10000).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(Math.max(8 - left.length - right.length, 0)).fill('0'), ...right];
  return groups.reduce((bits, group) => (bits << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

/** The prefix length of a contiguous IPv4 netmask (255.255.0.0: 16); null for any other. */
function netmaskPrefix(mask: string): number | null {
  const bits = ipv4Bits(mask);
  for (let prefix = 0; prefix <= 32; prefix++) {
    if (bits === 2 ** 32 - 2 ** (32 - prefix)) return prefix;
  }
  return null;
}

interface ProxyRange {
  address: string;
  family: 4 | 6;
  /** null: the address alone. */
  prefix: number | null;
}

/**
 * An address or a range as proxy-addr reads them: 10.0.0.0/8, 10.0.0.0/255.0.0.0, fd00:1::/32, an
 * address alone. Refused here, not by proxy-addr as Fastify starts (a TypeError and a stack trace):
 * a /0 (proxy-addr's own refusal), a netmask that is not contiguous, a zone (fe80::1%eth0: node:net
 * reads zones proxy-addr does not, and a trusted proxy is not named by an interface of this host).
 */
function proxyRange(value: string): ProxyRange | null {
  const [address, bits, ...rest] = value.split('/');
  if (rest.length > 0 || !address || address.includes('%')) return null;
  const family = isIP(address);
  if (family !== 4 && family !== 6) return null;
  if (bits === undefined) return { address, family, prefix: null };
  const prefix =
    family === 4 && isIP(bits) === 4 ? netmaskPrefix(bits) : /^\d{1,3}$/.test(bits) ? Number(bits) : null;
  if (prefix === null || prefix > (family === 4 ? 32 : 128)) return null;
  return { address, family, prefix };
}

/** How much of the address space `range` takes in, when that is more than TRUST_PROXY allows. */
function tooWide({ address, family, prefix }: ProxyRange): string | null {
  if (prefix === null) return null;
  if (family === 4) {
    if (prefix === 0) return 'every address';
    return prefix < NARROWEST_PREFIX[4] ? `a /${prefix} of IPv4` : null;
  }
  if (prefix === 0) return 'every address';
  if (prefix < NARROWEST_PREFIX[6]) return `a /${prefix} of IPv6`;
  const bits = ipv6Bits(address);
  const shared = BigInt(128 - Math.min(prefix, 96));
  if (!IPV4_IN_IPV6.some((embedding) => bits >> shared === embedding >> shared)) return null;
  const ipv4Prefix = Math.max(prefix - 96, 0);
  if (ipv4Prefix === 0) return 'every IPv4 address';
  return ipv4Prefix < NARROWEST_PREFIX[4] ? `a /${ipv4Prefix} of IPv4` : null;
}

const EVERY_HOP = ['on', 'true', 'yes', 'all', 'any', '*'];

/**
 * TRUST_PROXY, as Fastify's trustProxy takes it: a hop count, or ranges written out as
 * address/prefix (netmasks and proxy-addr's names turned into what they stand for), each narrow
 * enough that Fastify starts with it and that it takes in only proxies.
 */
function trustProxy(env: Env): Config['trustProxy'] {
  const value = text(env, 'TRUST_PROXY');
  if (value === null || ['off', '0', 'false', 'no'].includes(value.toLowerCase())) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY must be at most 10 hops, got "${value}"`);
    return hops;
  }
  if (EVERY_HOP.includes(value.toLowerCase())) {
    throw new ConfigError(
      `TRUST_PROXY must be the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8), got "${value}": trusting every hop lets a client choose its own address`,
    );
  }
  const trusted: string[] = [];
  for (const entry of list(env, 'TRUST_PROXY')) {
    const named = NAMED_RANGES.get(entry.toLowerCase());
    for (const written of named ?? [entry]) {
      const range = proxyRange(written);
      if (range === null) {
        throw new ConfigError(
          `TRUST_PROXY must be a number of hops or addresses and ranges such as 10.0.0.0/8, got "${entry}"`,
        );
      }
      const wide = tooWide(range);
      if (wide !== null) {
        throw new ConfigError(
          `TRUST_PROXY must name the proxies' own addresses and ranges, none wider than a /${NARROWEST_PREFIX[4]} of IPv4 or a /${NARROWEST_PREFIX[6]} of IPv6: "${entry}"${named ? ` (${written})` : ''} takes in ${wide}, and any client there could choose its own address with X-Forwarded-For`,
        );
      }
      trusted.push(range.prefix === null ? range.address : `${range.address}/${range.prefix}`);
    }
  }
  return trusted;
}

function bridgeStaffRoles(env: Env): string[] {
  const value = text(env, 'BRIDGE_STAFF_ROLES');
  if (value === null || ['off', 'none'].includes(value.toLowerCase())) return [];
  const roles = [...new Set(list(env, 'BRIDGE_STAFF_ROLES').map((role) => role.toUpperCase()))];
  const unknown = roles.filter((role) => !isStaffRole(role));
  if (unknown.length > 0) {
    throw new ConfigError(
      `BRIDGE_STAFF_ROLES names the staff roles the game server may grant, among ${STAFF_ROLES.join(', ')} (other roles need no setting); got ${unknown.join(', ')}`,
    );
  }
  return roles;
}

/** The soft limit on open files, read from /proc on Linux; null elsewhere. */
export function openFileLimit(limits = '/proc/self/limits'): number | null {
  try {
    const line = readFileSync(limits, 'utf8')
      .split('\n')
      .find((row) => row.startsWith('Max open files'));
    const soft = line ? Number(line.split(/\s{2,}/)[1]) : Number.NaN;
    return Number.isSafeInteger(soft) && soft > 0 ? soft : null;
  } catch {
    return null;
  }
}

// Descriptors kept free below the limit for the database, the data directory, RCON and logs.
const RESERVED_FILES = 128;

function maxConnections(env: Env, fileLimit: number | null): number {
  const ceiling = fileLimit === null ? null : fileLimit - RESERVED_FILES;
  if (ceiling !== null && ceiling < 64) {
    throw new ConfigError(
      `the open-file limit (${fileLimit}) is too low to serve; raise it (ulimit -n) to at least 1024`,
    );
  }
  const value = text(env, 'MAX_CONNECTIONS');
  if (value === null) return ceiling ?? 10_000;
  const n = positiveInt(env, 'MAX_CONNECTIONS', 1);
  if (ceiling !== null && n > ceiling) {
    throw new ConfigError(
      `MAX_CONNECTIONS must stay below the open-file limit (${fileLimit}) less ${RESERVED_FILES} for the server's own files: at most ${ceiling}, got "${value}"`,
    );
  }
  return n;
}

/** LITEBANS_*: LiteBans' own MySQL or MariaDB database, its tables' prefix and how often to read it. */
function litebansOf(env: Env): Config['litebans'] {
  // Set and empty: LiteBans' tables have no prefix (its table_prefix: "").
  const tablePrefix = env.LITEBANS_TABLE_PREFIX?.trim() ?? 'litebans_';
  // The prefix is written into queries as part of table names: letters, digits and _ only.
  if (!/^[A-Za-z0-9_]{0,32}$/.test(tablePrefix)) {
    throw new ConfigError(
      `LITEBANS_TABLE_PREFIX must be at most 32 letters, digits or _ (LiteBans' table_prefix), got "${tablePrefix}"`,
    );
  }
  const seconds = text(env, 'LITEBANS_POLL_SECONDS') ?? '10';
  const poll = Number(seconds);
  if (!/^\d+$/.test(seconds) || poll < 1 || poll > 3600) {
    throw new ConfigError(`LITEBANS_POLL_SECONDS must be a whole number from 1 to 3600, got "${seconds}"`);
  }
  const url = text(env, 'LITEBANS_DATABASE_URL');
  if (url === null) return null;
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || !['mysql:', 'mariadb:'].includes(parsed.protocol) || !parsed.hostname) {
    // The address may hold a password: name its form, not its text.
    throw new ConfigError(
      'LITEBANS_DATABASE_URL must be a mysql:// or mariadb:// address such as mysql://site:password@127.0.0.1:3306/litebans',
    );
  }
  if (parsed.pathname.length <= 1 || parsed.pathname.slice(1).includes('/')) {
    throw new ConfigError(
      "LITEBANS_DATABASE_URL must name LiteBans' database after the host, as in mysql://site:password@127.0.0.1:3306/litebans",
    );
  }
  return { url, tablePrefix, pollMs: poll * 1000 };
}

function backupsOf(env: Env, dataDir: string, databaseUrl: string | null, cwd: string): Config['backups'] {
  const intervalMs = duration(env, 'BACKUP_INTERVAL', '6h');
  const keep = positiveInt(env, 'BACKUP_KEEP', 8);
  const dir = resolve(cwd, text(env, 'BACKUP_DIR') ?? join(dataDir, 'backups'));
  if (databaseUrl !== null || intervalMs === null) return null;
  return { dir, intervalMs, keep };
}

function secret(env: Env, name: string, production: boolean): string | null {
  const value = text(env, name);
  if (value !== null && value.length < 16) {
    throw new ConfigError(`${name} must be at least 16 characters long`);
  }
  if (value === null && production) {
    throw new ConfigError(`${name} must be set when NODE_ENV=production`);
  }
  // deploy/systemd/prison.env.example's placeholders, left as they were.
  if (value !== null && production && /^change-?me/i.test(value)) {
    throw new ConfigError(
      `${name} is still the example's placeholder: set it to a random value (openssl rand -base64 32)`,
    );
  }
  return value;
}

function siteLanguages(env: Env): Config['languages'] {
  const named = list(env, 'SITE_LANGUAGES');
  const unknown = named.filter((code) => !asLanguage(code));
  if (unknown.length > 0) {
    throw new ConfigError(
      `SITE_LANGUAGES names ${unknown.map((code) => `"${code}"`).join(', ')}: the site ships ${LANGUAGES.join(', ')}`,
    );
  }
  const offered =
    named.length > 0 ? LANGUAGES.filter((language) => named.includes(language)) : [...LANGUAGES];
  const chosen = text(env, 'SITE_LANGUAGE');
  const fallback =
    chosen === null
      ? offered.includes(SOURCE_LANGUAGE)
        ? SOURCE_LANGUAGE
        : offered[0]!
      : asLanguage(chosen);
  if (!fallback || !offered.includes(fallback)) {
    throw new ConfigError(
      `SITE_LANGUAGE must be one of the offered languages (${offered.join(', ')}), got "${chosen}"`,
    );
  }
  return { offered, default: fallback };
}

export function loadConfig(
  env: Env = process.env,
  cwd = process.cwd(),
  fileLimit: number | null = openFileLimit(),
): Config {
  const production = env.NODE_ENV === 'production';
  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// address');
  }
  const rconAllow = list(env, 'RCON_ALLOW').map((command) => command.toLowerCase());
  const logLevel = text(env, 'LOG_LEVEL') ?? 'info';
  const staffTwoFactor = text(env, 'STAFF_2FA')?.toLowerCase() ?? 'off';
  if (staffTwoFactor !== 'required' && staffTwoFactor !== 'off') {
    throw new ConfigError(`STAFF_2FA must be required or off, got "${env.STAFF_2FA}"`);
  }
  const punishVia = text(env, 'PUNISH_VIA')?.toLowerCase() ?? 'rcon';
  if (punishVia !== 'rcon' && punishVia !== 'plugin') {
    throw new ConfigError(`PUNISH_VIA must be rcon or plugin, got "${env.PUNISH_VIA}"`);
  }
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent`);
  }
  const dataDir = resolve(cwd, text(env, 'DATA_DIR') ?? 'data');
  return {
    production,
    port: port(env, 'PORT', 8080) ?? 8080,
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    jwtSecret: secret(env, 'JWT_SECRET', production),
    bridgeToken: secret(env, 'BRIDGE_TOKEN', production),
    bridgeStaffRoles: bridgeStaffRoles(env),
    rcon: {
      host: text(env, 'RCON_HOST') ?? '127.0.0.1',
      port: port(env, 'RCON_PORT', null),
      password: text(env, 'RCON_PASSWORD'),
      allow: rconAllow.length > 0 ? rconAllow : null,
    },
    adminHosts: list(env, 'ADMIN_HOSTS').map((host) => host.toLowerCase()),
    publicUrl: url(env, 'PUBLIC_URL', null),
    communityInviteUrl: url(env, 'COMMUNITY_INVITE_URL', 'https://discord.gg/prison') as string,
    languages: siteLanguages(env),
    avatarUrl: url(env, 'AVATAR_URL', DEFAULT_AVATAR_URL) as string,
    assetBaseUrl: url(env, 'ASSET_BASE_URL', DEFAULT_ASSET_BASE_URL) as string,
    // Demo mode (simulated game server, demo accounts) is never on in production.
    demo: production ? false : flag(env, 'DEMO', true),
    trustProxy: trustProxy(env),
    logLevel,
    webDist: resolve(cwd, text(env, 'WEB_DIST') ?? fileURLToPath(new URL('../../web/dist', import.meta.url))),
    searchRateLimit: positiveInt(env, 'SEARCH_RATE_LIMIT', 120),
    docLimits: {
      maxDocs: positiveInt(env, 'DOCS_MAX_COUNT', 500),
      maxTotalBytes: positiveInt(env, 'DOCS_MAX_TOTAL_KB', 8192) * 1024,
      maxHistoryBytes: positiveInt(env, 'DOCS_MAX_HISTORY_MB', 256) * 1024 * 1024,
    },
    staffTwoFactorRequired: staffTwoFactor === 'required',
    backups: backupsOf(env, dataDir, databaseUrl, cwd),
    metricsToken: secret(env, 'METRICS_TOKEN', false),
    socketsPerAddress: positiveInt(env, 'SOCKETS_PER_ADDRESS', 64),
    maxConnections: maxConnections(env, fileLimit),
    listingsRateLimit: positiveInt(env, 'LISTINGS_RATE_LIMIT', 300),
    litebans: litebansOf(env),
    punishmentCommands: punishmentCommandsOf(env),
    punishVia,
    notificationsKeepDays: boundedInt(env, 'NOTIFICATIONS_KEEP_DAYS', 90, 1, 3650),
    webhookAllowHosts: webhookAllowHosts(env),
    discord: discordOf(env),
  };
}

/** WEBHOOK_ALLOW_HOSTS: host:port entries, each with its port named. */
function webhookAllowHosts(env: Env): string[] {
  return list(env, 'WEBHOOK_ALLOW_HOSTS').map((entry) => {
    const match = /^([a-z0-9.-]+|\[[0-9a-f:.]+\]):(\d{1,5})$/i.exec(entry);
    const portNumber = match ? Number(match[2]) : 0;
    if (!match || portNumber < 1 || portNumber > 65535) {
      throw new ConfigError(
        `WEBHOOK_ALLOW_HOSTS must list host:port entries such as hooks.example.net:443 or 127.0.0.1:9000, got "${entry}"`,
      );
    }
    return `${(match[1] as string).toLowerCase()}:${portNumber}`;
  });
}

const DISCORD_OAUTH = {
  authorizeUrl: 'https://discord.com/oauth2/authorize',
  tokenUrl: 'https://discord.com/api/oauth2/token',
  userUrl: 'https://discord.com/api/users/@me',
};

/** DISCORD_*: the site's Discord application, for players to link their account. */
function discordOf(env: Env): Config['discord'] {
  const clientId = text(env, 'DISCORD_CLIENT_ID');
  const clientSecret = text(env, 'DISCORD_CLIENT_SECRET');
  const endpoints = {
    authorizeUrl: url(env, 'DISCORD_AUTHORIZE_URL', DISCORD_OAUTH.authorizeUrl) as string,
    tokenUrl: url(env, 'DISCORD_TOKEN_URL', DISCORD_OAUTH.tokenUrl) as string,
    userUrl: url(env, 'DISCORD_USER_URL', DISCORD_OAUTH.userUrl) as string,
  };
  if (clientId === null && clientSecret === null) return null;
  if (clientId === null || clientSecret === null) {
    throw new ConfigError(
      "DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET go together (from the Discord application's OAuth2 page): set both, or neither",
    );
  }
  return { clientId, clientSecret, ...endpoints };
}

/** PUNISH_COMMAND_*: each command as the server's punishment plugin spells it, checked at start. */
function punishmentCommandsOf(env: Env): PunishmentCommands {
  const commands = { ...DEFAULT_PUNISHMENT_COMMANDS };
  for (const [name, setting] of Object.entries(COMMAND_SETTINGS) as [keyof PunishmentCommands, string][]) {
    const template = text(env, setting);
    if (template === null) continue;
    const problem = templateProblem(name, template);
    if (problem) throw new ConfigError(`${setting} ${problem}, got "${template}"`);
    commands[name] = template.trim().replace(/^\//, '');
  }
  return commands;
}
