// Every environment variable the server reads, parsed once, with defaults and clear errors.
// The README lists the same variables; keep the two in step.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  rcon: { host: string; port: number | null; password: string | null; allow: string[] | null };
  adminHosts: string[];
  publicUrl: string | null;
  communityInviteUrl: string;
  avatarUrl: string;
  assetBaseUrl: string;
  demo: boolean;
  trustProxy: boolean;
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

function secret(env: Env, name: string, production: boolean): string | null {
  const value = text(env, name);
  if (value !== null && value.length < 16) {
    throw new ConfigError(`${name} must be at least 16 characters long`);
  }
  if (value === null && production) {
    throw new ConfigError(`${name} must be set when NODE_ENV=production`);
  }
  return value;
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
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
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent`);
  }
  return {
    production,
    port: port(env, 'PORT', 8080) ?? 8080,
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir: resolve(cwd, text(env, 'DATA_DIR') ?? 'data'),
    databaseUrl,
    jwtSecret: secret(env, 'JWT_SECRET', production),
    bridgeToken: secret(env, 'BRIDGE_TOKEN', production),
    rcon: {
      host: text(env, 'RCON_HOST') ?? '127.0.0.1',
      port: port(env, 'RCON_PORT', null),
      password: text(env, 'RCON_PASSWORD'),
      allow: rconAllow.length > 0 ? rconAllow : null,
    },
    adminHosts: list(env, 'ADMIN_HOSTS').map((host) => host.toLowerCase()),
    publicUrl: url(env, 'PUBLIC_URL', null),
    communityInviteUrl: url(env, 'COMMUNITY_INVITE_URL', 'https://discord.gg/prison') as string,
    avatarUrl: url(env, 'AVATAR_URL', DEFAULT_AVATAR_URL) as string,
    assetBaseUrl: url(env, 'ASSET_BASE_URL', DEFAULT_ASSET_BASE_URL) as string,
    // Demo mode (simulated game server, demo accounts) is never on in production.
    demo: production ? false : flag(env, 'DEMO', true),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    logLevel,
    webDist: resolve(cwd, text(env, 'WEB_DIST') ?? fileURLToPath(new URL('../../web/dist', import.meta.url))),
    searchRateLimit: positiveInt(env, 'SEARCH_RATE_LIMIT', 120),
    docLimits: {
      maxDocs: positiveInt(env, 'DOCS_MAX_COUNT', 500),
      maxTotalBytes: positiveInt(env, 'DOCS_MAX_TOTAL_KB', 8192) * 1024,
      maxHistoryBytes: positiveInt(env, 'DOCS_MAX_HISTORY_MB', 256) * 1024 * 1024,
    },
    staffTwoFactorRequired: staffTwoFactor === 'required',
  };
}
