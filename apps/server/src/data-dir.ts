// DATA_DIR belongs to one server process at a time (PGlite's files cannot be shared), and it keeps
// the secrets generated for the embedded default.
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { type Config, ConfigError } from './config.ts';

export class DataDirBusyError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Creates `file` holding `content`, atomically and only if it does not exist (false if it does). */
function createExclusive(file: string, content: string): boolean {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, content);
  try {
    linkSync(temp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    unlinkSync(temp);
  }
}

/**
 * Claims DATA_DIR for this process; throws DataDirBusyError when a live process holds it.
 * The pid file appears complete or not at all (link), and taking over a stale one is serialised by
 * a second short-lived lock, so two processes starting together cannot both win.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.pid');
  const takeover = join(dataDir, 'server.pid.takeover');
  const release = () => {
    if (readPid(file) === process.pid) unlinkSync(file);
  };
  for (let attempt = 0; attempt < 50; attempt++) {
    if (createExclusive(file, String(process.pid))) return release;
    const holder = readPid(file);
    if (holder !== null && holder !== process.pid && isAlive(holder)) {
      throw new DataDirBusyError(
        `Another server process (pid ${holder}) is already using the data directory ${dataDir}. ` +
          'Stop it first, or give this process its own DATA_DIR.',
      );
    }
    // A stale lock from a process that died without cleaning up (kill -9, power loss).
    if (createExclusive(takeover, String(process.pid))) {
      try {
        if (readPid(file) === holder) rmSync(file, { force: true });
      } finally {
        unlinkSync(takeover);
      }
    } else {
      // Someone else is taking over; a takeover lock left by a crash expires after 10 seconds.
      try {
        if (Date.now() - statSync(takeover).mtimeMs > 10_000) rmSync(takeover, { force: true });
      } catch {
        // Gone already.
      }
      sleepSync(20);
    }
  }
  throw new DataDirBusyError(`Could not lock the data directory ${dataDir}`);
}

/**
 * DATA_DIR holds password hashes, private messages and the generated secrets: only the server's
 * user may read it. From now on this process creates files 0600 and directories 0700 (its umask),
 * and what is already there is made so.
 */
export function keepDataDirPrivate(dataDir: string): void {
  process.umask(0o077);
  // DATA_DIR itself may be a link (to a larger disk): what it names is the server's all the same.
  makePrivate(realpathSync(dataDir));
}

/**
 * Directories 0700 and files 0600, from `path` down, each directory before its contents. A
 * symbolic link is left as it is, and so is what it points to.
 */
export function makePrivate(path: string): void {
  const entry = lstatSync(path);
  if (entry.isSymbolicLink()) return;
  const mode = entry.isDirectory() ? 0o700 : 0o600;
  if ((entry.mode & 0o7777) !== mode) chmodSync(path, mode);
  if (entry.isDirectory()) for (const name of readdirSync(path)) makePrivate(join(path, name));
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export interface Secrets {
  jwtSecret: string;
  bridgeToken: string;
  rconPassword: string | null;
}

/**
 * Secrets from the environment win; outside production a missing one is generated once and kept
 * in DATA_DIR/secrets.json, so sessions and the bridge survive a restart.
 */
export function resolveSecrets(config: Config): Secrets {
  if (config.databaseUrl && (!config.jwtSecret || !config.bridgeToken)) {
    // Every process on a shared database must sign and check tokens with the same secrets.
    throw new ConfigError('JWT_SECRET and BRIDGE_TOKEN must be set when DATABASE_URL is set');
  }
  const file = join(config.dataDir, 'secrets.json');
  let stored: Partial<Record<keyof Secrets, string>> = {};
  try {
    stored = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    // Only a missing file is a first start: replacing damaged secrets would silently sign every
    // player out and lock the game server's plugin out of the bridge.
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`Cannot read ${file}: ${(err as Error).message}. Repair or remove it.`);
    }
  }
  const make = () => randomBytes(32).toString('base64url');
  const secrets: Secrets = {
    jwtSecret: config.jwtSecret ?? stored.jwtSecret ?? make(),
    bridgeToken: config.bridgeToken ?? stored.bridgeToken ?? make(),
    // Demo mode plays the game server, so it can invent the RCON password too.
    rconPassword: config.rcon.password ?? (config.demo ? (stored.rconPassword ?? make()) : null),
  };
  const toStore = {
    jwtSecret: config.jwtSecret ? stored.jwtSecret : secrets.jwtSecret,
    bridgeToken: config.bridgeToken ? stored.bridgeToken : secrets.bridgeToken,
    rconPassword: config.rcon.password ? stored.rconPassword : (secrets.rconPassword ?? stored.rconPassword),
  };
  if (JSON.stringify(toStore) !== JSON.stringify(stored)) {
    const temp = `${file}.tmp`;
    writeFileSync(temp, `${JSON.stringify(toStore, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temp, 0o600);
    renameSync(temp, file);
  }
  return secrets;
}
