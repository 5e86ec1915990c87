// npm run restore -- FILE
// Restores a backup into the site's database (DATABASE_URL, else the embedded one in DATA_DIR), which
// must be empty; the site must be stopped. The next npm start applies any newer migrations.
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openPgliteTarget, openPostgresTarget, type RestoreTarget } from '../backup/databases.ts';
import { readBackupLines } from '../backup/format.ts';
import { describeRestore, restoreBackup } from '../backup/restore.ts';
import { loadConfig } from '../config.ts';
import { lockDataDir } from '../data-dir.ts';
import { operatorError } from '../errors.ts';
import { runCommand } from './run.ts';

const USAGE = `Usage: npm run restore -- FILE

  Restores the backup FILE (made by npm run backup, or an automatic one from BACKUP_DIR) into the
  database npm start would use: DATABASE_URL, else the embedded database in DATA_DIR. Refuses a
  database that holds any rows and a data directory that holds a database.`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length !== 1) {
    console.log(USAGE);
    return values.help ? 0 : 1;
  }
  const file = resolve(positionals[0]!);
  await access(file).catch(() => {
    throw operatorError(`Cannot read ${file}.`);
  });
  const config = loadConfig();
  let release = () => {};
  let target: RestoreTarget;
  if (config.databaseUrl) {
    target = await openPostgresTarget(config.databaseUrl);
  } else {
    release = lockDataDir(config.dataDir);
    try {
      target = await openPgliteTarget(config.dataDir);
    } catch (err) {
      release();
      throw err;
    }
  }
  try {
    const summary = await restoreBackup(target, readBackupLines(createReadStream(file)));
    await target.close();
    console.log(`Restored ${file} into ${target.where}:\n${describeRestore(summary)}`);
    return summary.money.mismatched === 0 ? 0 : 2;
  } catch (err) {
    await target.discard().catch(() => {});
    throw err;
  } finally {
    release();
  }
}

await runCommand(main, { busy: 'a restore needs the site stopped' });
