// How each command-line tool ends: an operator's mistake (a bad argument, a configuration error, a
// data directory in use) is said in its own sentence, anything else (a fault) with its stack; the
// exit code is the command's own, or 1.
import type { Config } from '../config.ts';
import { ConfigError } from '../config.ts';
import { DataDirBusyError, lockDataDir } from '../data-dir.ts';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
import { DomainError, OperatorError } from '../errors.ts';

/**
 * Runs a command's `main` and sets the process's exit code. `busy` says why a data directory in use
 * stops this command.
 */
export async function runCommand(
  main: () => Promise<number>,
  { busy = 'the embedded database cannot be shared' }: { busy?: string } = {},
): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (err) {
    if (err instanceof DataDirBusyError) console.error(`${err.message} (${busy})`);
    else if (err instanceof DomainError || err instanceof OperatorError || err instanceof ConfigError) {
      console.error(err.message);
    } else console.error(err);
    process.exitCode = 1;
  }
}

/**
 * The site's database for a command that reads and writes it: PostgreSQL when configured, else the
 * embedded one, which belongs to one process (the server must not be running). `release` frees the
 * data directory once the database is closed.
 */
export async function openCommandDatabase(
  config: Config,
): Promise<{ database: Database; release: () => void }> {
  if (config.databaseUrl)
    return { database: await openPostgres(config.databaseUrl, () => {}), release: () => {} };
  const release = lockDataDir(config.dataDir);
  try {
    return { database: await openPglite(config.dataDir), release };
  } catch (err) {
    release();
    throw err;
  }
}
