// npm run db:move -- --to postgres://...
// Copies every table of the embedded database (DATA_DIR) into an empty PostgreSQL database: a backup
// piped straight into a restore, checked on both sides. The site must be stopped meanwhile.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { parseArgs } from 'node:util';
import { countRows, moneySummary, siteTables } from '../backup/catalog.ts';
import { openPgliteSource, openPostgresTarget, redactUrl } from '../backup/databases.ts';
import { dumpDatabase, put } from '../backup/dump.ts';
import { describeRestore, restoreBackup } from '../backup/restore.ts';
import { loadConfig } from '../config.ts';
import { DataDirBusyError, lockDataDir } from '../data-dir.ts';
import type { Db } from '../db/client.ts';
import { operatorError } from '../errors.ts';
import { runCommand } from './run.ts';

const USAGE = `Usage: npm run db:move -- --to postgres://USER:PASSWORD@HOST:PORT/DATABASE

  Copies every table of the embedded database in DATA_DIR into the given PostgreSQL database, which
  must be empty, then checks the row counts, the money and every player's balance against their
  ledger. Stop the site first; DATA_DIR is left as it was.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { to: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || !values.to) {
    console.log(USAGE);
    return values.help ? 0 : 1;
  }
  const url = values.to;
  if (!/^postgres(ql)?:\/\//.test(url))
    throw operatorError('--to must be a postgres:// or postgresql:// address');
  const config = loadConfig();
  let release: () => void;
  try {
    release = lockDataDir(config.dataDir);
  } catch (err) {
    if (err instanceof DataDirBusyError) {
      throw operatorError(
        `${err.message.split('. ')[0]}. The site must be stopped while its database moves: stop it and run npm run db:move again.`,
      );
    }
    throw err;
  }
  try {
    const source = await openPgliteSource(config.dataDir);
    try {
      const target = await openPostgresTarget(url);
      // The dump's batches flow into the restore as it reads them, a few at a time.
      const batches = new PassThrough({ objectMode: true, highWaterMark: 4 });
      const dumping = dumpDatabase(source.db, 'pglite', (lines) => put(batches, lines)).then(
        () => void batches.end(),
        (err) => void batches.destroy(err),
      );
      let summary: Awaited<ReturnType<typeof restoreBackup>>;
      try {
        summary = await restoreBackup(target, linesOf(batches));
      } catch (err) {
        batches.destroy();
        await dumping;
        await target.discard().catch(() => {});
        throw err;
      }
      await dumping;
      try {
        await compare(source.db, target.db);
      } finally {
        await target.close();
      }
      console.log(`Moved the embedded database of ${config.dataDir} to ${redactUrl(url)}:`);
      console.log(describeRestore(summary));
      console.log(`\n${nextSteps(config.dataDir)}`);
      return summary.money.mismatched === 0 ? 0 : 2;
    } finally {
      await source.close();
    }
  } finally {
    release();
  }
}

function nextSteps(dataDir: string): string {
  const secrets = join(dataDir, 'secrets.json');
  const keep = existsSync(secrets)
    ? `set JWT_SECRET and BRIDGE_TOKEN to the jwtSecret and bridgeToken kept in ${secrets}`
    : 'keep JWT_SECRET and BRIDGE_TOKEN as they are';
  return [
    `Next: set DATABASE_URL to that address, ${keep} (so players stay signed in and the game`,
    "server's plugin keeps its token), then npm start. DATA_DIR still holds the embedded database:",
    'keep it until the site runs well on PostgreSQL.',
  ].join('\n');
}

async function* linesOf(batches: AsyncIterable<string[]>): AsyncIterable<string> {
  for await (const batch of batches) yield* batch;
}

/** Reads both databases again, once the copy is committed: every count and sum the same. */
async function compare(source: Db, target: Db): Promise<void> {
  const tables = (await siteTables(source)).map((t) => t.name);
  const [before, after] = await Promise.all([countRows(source, tables), countRows(target, tables)]);
  for (const table of tables) {
    if (before.get(table) !== after.get(table)) {
      throw new Error(`table ${table}: ${before.get(table)} rows here, ${after.get(table)} in PostgreSQL`);
    }
  }
  const [moneyBefore, moneyAfter] = await Promise.all([moneySummary(source), moneySummary(target)]);
  if (JSON.stringify(moneyBefore) !== JSON.stringify(moneyAfter)) {
    throw new Error(
      `the money differs: ${JSON.stringify(moneyBefore)} here, ${JSON.stringify(moneyAfter)} in PostgreSQL`,
    );
  }
}

await runCommand(main);
