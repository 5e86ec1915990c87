// DATA_DIR belongs to one server process at a time (PGlite's files cannot be shared), and it keeps
// the secrets generated for the embedded default.
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.ts';

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

/** Claims DATA_DIR for this process; throws DataDirBusyError when a live process holds it. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirBusyError(
          `Another server process (pid ${pid}) is already using the data directory ${dataDir}. ` +
            'Stop it first, or give this process its own DATA_DIR.',
        );
      }
      // A stale lock from a process that died without cleaning up (kill -9, power loss).
      unlinkSync(file);
    }
  }
  throw new DataDirBusyError(`Could not lock the data directory ${dataDir}`);
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
  const file = join(config.dataDir, 'secrets.json');
  let stored: Partial<Record<keyof Secrets, string>> = {};
  try {
    stored = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // First start.
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
    writeFileSync(file, `${JSON.stringify(toStore, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}
