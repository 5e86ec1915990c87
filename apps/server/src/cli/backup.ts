// npm run backup -- --out FILE
// Writes a consistent backup of the site's database (DATABASE_URL, else the embedded one in DATA_DIR)
// while the site runs. The embedded database belongs to the running server, so the command asks it
// through DATA_DIR/control.sock; with no server running it opens the database itself.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { requestBackup } from '../backup/control.ts';
import {
  type BackupSource,
  hasPgliteDatabase,
  openPgliteSource,
  openPostgresSource,
} from '../backup/databases.ts';
import { writeBackup } from '../backup/dump.ts';
import { parseHeader, readBackupFile, writeAtomically } from '../backup/format.ts';
import { loadConfig } from '../config.ts';
import { DataDirBusyError, lockDataDir } from '../data-dir.ts';
import { operatorError } from '../errors.ts';
import { runCommand } from './run.ts';

const USAGE = `Usage: npm run backup -- --out FILE

  Writes a backup of the site's database to FILE (gzip, mode 0600), taken in one consistent
  snapshot while the site keeps running. Reads DATABASE_URL, else DATA_DIR, as npm start does.
  Restore it with: npm run restore -- FILE`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || !values.out) {
    console.log(USAGE);
    return values.help ? 0 : 1;
  }
  const file = resolve(values.out);
  const config = loadConfig();
  if (config.databaseUrl) {
    await backupFrom(await openPostgresSource(config.databaseUrl), file);
  } else {
    if (!hasPgliteDatabase(config.dataDir)) {
      throw operatorError(`There is no database in ${config.dataDir} (DATA_DIR): nothing to back up.`);
    }
    let release: (() => void) | null = null;
    try {
      release = lockDataDir(config.dataDir);
    } catch (err) {
      if (!(err instanceof DataDirBusyError)) throw err;
    }
    if (release) {
      // No server is running: the database is ours for the moment.
      try {
        await backupFrom(await openPgliteSource(config.dataDir), file);
      } finally {
        release();
      }
    } else {
      await writeAtomically(file, async (out) => {
        await requestBackup(config.dataDir, out);
      });
    }
  }
  await report(file);
  return 0;
}

async function backupFrom(source: BackupSource, file: string): Promise<void> {
  try {
    await writeAtomically(file, (out) => writeBackup(source.db, source.kind, out).then(() => {}));
  } finally {
    await source.close();
  }
}

async function report(file: string): Promise<void> {
  for await (const line of readBackupFile(file)) {
    const header = parseHeader(line);
    const rows = header.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `Backup written: ${file}\n  taken ${header.created_at} from ${header.source}: ${header.tables.length} tables, ${rows} rows, ${header.money.players} players`,
    );
    break;
  }
}

await runCommand(main);
