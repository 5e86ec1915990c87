// Restores a backup into an empty database: applies exactly the backup's migrations (a later start
// migrates further), loads every table in foreign-key order in one transaction, sets each serial
// column's sequence past its rows, and commits only when every table has the backup's row count and
// the money adds up to the backup's figures. Plain inserts only: no superuser switch is needed, and
// the append-only audit log's trigger (which refuses updates and deletes) lets them through.
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { operatorError } from '../errors.ts';
import {
  appliedMigrations,
  countRows,
  ident,
  type KnownMigration,
  knownMigrations,
  MIGRATIONS_FOLDER,
  moneySummary,
  type Runner,
  rows,
  serialColumns,
  siteTables,
} from './catalog.ts';
import type { RestoreTarget } from './databases.ts';
import type { BackupHeader, MoneySummary, TableMarker, Trailer } from './format.ts';
import { parseHeader } from './format.ts';

const BATCH_ROWS = 1000;
const BATCH_CHARS = 4 * 1024 * 1024;

export interface RestoreSummary {
  header: BackupHeader;
  tables: { name: string; rows: number }[];
  money: MoneySummary;
}

/** Restores the backup read from `lines` into `target`; the target must be empty. */
export async function restoreBackup(
  target: RestoreTarget,
  lines: AsyncIterable<string>,
): Promise<RestoreSummary> {
  const input = lines[Symbol.asyncIterator]();
  try {
    return await restoreFrom(target, input);
  } finally {
    // Stopped early by a refusal or a failure: let the reader close its file.
    await input.return?.();
  }
}

async function restoreFrom(target: RestoreTarget, input: AsyncIterator<string>): Promise<RestoreSummary> {
  const next = async (what: string): Promise<string> => {
    const line = await input.next();
    if (line.done) throw operatorError(`The backup ends early: ${what} is missing. Is the file complete?`);
    return line.value;
  };
  const header = parseHeader((await input.next()).value);
  const known = knownMigrations();
  const migrations = migrationsOf(header, known);
  await refuseNonEmpty(target, header);
  await applyMigrations(target, migrations);

  const tables = await siteTables(target.db);
  const byName = new Map(tables.map((t) => [t.name, t]));
  const missing = header.tables.filter((t) => !byName.has(t.name)).map((t) => t.name);
  const extra = tables.filter((t) => !header.tables.some((h) => h.name === t.name)).map((t) => t.name);
  if (missing.length > 0 || extra.length > 0) {
    throw operatorError(
      `The backup's tables do not match its migrations (missing here: ${missing.join(', ') || 'none'}; not in the backup: ${extra.join(', ') || 'none'}).`,
    );
  }
  await refuseInsertTriggers(target.db);

  return target.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    await tx.execute(sql`set local datestyle = 'ISO, YMD'`);
    let total = 0;
    for (const table of header.tables) {
      const marker = parseLine<TableMarker>(await next(`table ${table.name}`));
      if (marker.table !== table.name || marker.rows !== table.rows) {
        throw operatorError(
          `The backup is damaged: expected table ${table.name}, found ${JSON.stringify(marker)}.`,
        );
      }
      const types = new Map(byName.get(table.name)!.columns.map((c) => [c.name, c.type]));
      const absent = table.columns.filter((c) => !types.has(c));
      if (absent.length > 0 || types.size !== table.columns.length) {
        throw operatorError(
          `The columns of table ${table.name} differ from the backup's (${absent.join(', ')}).`,
        );
      }
      const insert = insertStatement(
        table.name,
        table.columns.map((c) => ({ name: c, type: types.get(c)! })),
      );
      let batch: string[] = [];
      let chars = 0;
      for (let i = 0; i < table.rows; i++) {
        const line = await next(`row ${i + 1} of ${table.rows} of table ${table.name}`);
        checkRow(line, table.columns.length, table.name);
        batch.push(line);
        chars += line.length;
        if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) {
          await tx.execute(insert(batch));
          batch = [];
          chars = 0;
        }
      }
      if (batch.length > 0) await tx.execute(insert(batch));
      total += table.rows;
    }
    const trailer = parseLine<Trailer>(await next('the end of the backup'));
    if (trailer.end !== true || trailer.rows !== total) {
      throw operatorError('The backup is damaged: its last line is not the end of the backup.');
    }
    if (!(await input.next()).done) throw operatorError('The backup is damaged: lines follow its end.');

    await resetSequences(tx, header);
    const counts = await countRows(
      tx,
      header.tables.map((t) => t.name),
    );
    for (const table of header.tables) {
      if (counts.get(table.name) !== table.rows) {
        throw new Error(
          `table ${table.name} holds ${counts.get(table.name)} rows after the restore, the backup ${table.rows}`,
        );
      }
    }
    const money = await moneySummary(tx);
    for (const key of Object.keys(header.money) as (keyof MoneySummary)[]) {
      if (String(money[key]) !== String(header.money[key])) {
        throw new Error(
          `the restored ${key} (${money[key]}) differ from the backup's (${header.money[key]}); nothing was restored`,
        );
      }
    }
    return {
      header,
      tables: header.tables.map((t) => ({ name: t.name, rows: counts.get(t.name)! })),
      money,
    };
  });
}

/** The shipped migrations the backup's database had applied: exactly those, and in order. */
function migrationsOf(header: BackupHeader, known: KnownMigration[]): KnownMigration[] {
  if (header.migrations.length > known.length) {
    throw operatorError(
      `This backup was made by a newer version of the server (${header.migrations.length} migrations, this one knows ${known.length}). Restore it with that version.`,
    );
  }
  header.migrations.forEach((m, i) => {
    // Drizzle knows a migration by its time in the journal; the tables and columns are compared below.
    if (known[i]!.created_at !== m.created_at) {
      throw operatorError(
        `Migration ${i + 1} of the backup (${m.tag ?? m.hash.slice(0, 12)}) is not this server's ${known[i]!.tag}: restore it with the version that made it.`,
      );
    }
  });
  return known.slice(0, header.migrations.length);
}

/** Refuses a database that holds rows, or was migrated past the backup. */
async function refuseNonEmpty(target: RestoreTarget, header: BackupHeader): Promise<void> {
  const tables = await siteTables(target.db);
  const counts = await countRows(
    target.db,
    tables.map((t) => t.name),
  );
  const filled = [...counts].filter(([, n]) => n > 0);
  if (filled.length > 0) {
    throw operatorError(
      `${target.where} is not empty (${filled.map(([t, n]) => `${t}: ${n} rows`).join(', ')}). Restore into an empty database.`,
    );
  }
  const applied = await appliedMigrations(target.db);
  if (tables.length > 0 && applied.length === 0) {
    throw operatorError(
      `${target.where} holds tables that this site's migrations did not make. Restore into an empty database.`,
    );
  }
  const ahead = applied.length > header.migrations.length;
  if (ahead || applied.some((m, i) => m.created_at !== header.migrations[i]!.created_at)) {
    throw operatorError(
      `${target.where} was migrated ${ahead ? 'past' : 'differently from'} the backup's database. Restore into an empty database.`,
    );
  }
}

/** Runs the migrator on a folder holding only `migrations`, so that it applies those and no more. */
async function applyMigrations(target: RestoreTarget, migrations: KnownMigration[]): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'restore-migrations-'));
  try {
    await mkdir(join(folder, 'meta'));
    const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    journal.entries = journal.entries.slice(0, migrations.length);
    await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const { tag } of journal.entries) {
      await copyFile(join(MIGRATIONS_FOLDER, `${tag}.sql`), join(folder, `${tag}.sql`));
    }
    await target.migrate(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A trigger that runs on insert would act again on rows it already acted on: refuse to guess. */
async function refuseInsertTriggers(db: Runner): Promise<void> {
  const triggers = await rows<{ table: string; name: string }>(
    db,
    sql`select c.relname as table, t.tgname as name
        from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and not t.tgisinternal and (t.tgtype & 4) <> 0`,
  );
  if (triggers.length > 0) {
    throw new Error(
      `the restore inserts rows as they were, but these triggers run on insert: ${triggers.map((t) => `${t.table}.${t.name}`).join(', ')}`,
    );
  }
}

function parseLine<T>(line: string): Partial<T> {
  try {
    return JSON.parse(line) ?? {};
  } catch {
    throw operatorError('The backup is damaged: a line is not readable.');
  }
}

function checkRow(line: string, columns: number, table: string): void {
  let values: unknown;
  try {
    values = JSON.parse(line);
  } catch {
    values = null;
  }
  if (
    !Array.isArray(values) ||
    values.length !== columns ||
    values.some((v) => v !== null && typeof v !== 'string')
  ) {
    throw operatorError(`The backup is damaged: a row of table ${table} is not ${columns} values.`);
  }
}

/**
 * An insert of a batch of rows sent as one JSON array of row lines: each column's text goes through
 * its type's input function, as if typed by hand, so nothing passes through a JavaScript number.
 */
function insertStatement(table: string, columns: { name: string; type: string }[]) {
  const names = sql.join(
    columns.map((c) => ident(c.name)),
    sql`, `,
  );
  const values = sql.join(
    columns.map((c, i) => sql`(e.r ->> ${sql.raw(String(i))})::${sql.raw(c.type)}`),
    sql`, `,
  );
  return (batch: string[]): SQL =>
    sql`insert into ${ident(table)} (${names}) overriding system value
        select ${values} from json_array_elements(${`[${batch.join(',')}]`}::text::json) as e(r)`;
}

/** Each sequence continues after the backup's: never below its column's largest value. */
async function resetSequences(tx: Tx, header: BackupHeader): Promise<void> {
  const recorded = new Map(header.sequences.map((s) => [`${s.table}.${s.column}`, s.next]));
  for (const { table, column, sequence } of await serialColumns(tx)) {
    const next = recorded.get(`${table}.${column}`) ?? '1';
    await tx.execute(
      sql`select setval(${`"${sequence.replaceAll('"', '""')}"`}::text::regclass,
            greatest(${next}::bigint, coalesce((select max(${ident(column)}) from ${ident(table)}), 0) + 1),
            false)`,
    );
  }
}

/** What was restored, for a person: each table and its rows, then the money. */
export function describeRestore(summary: RestoreSummary): string {
  const width = Math.max(...summary.tables.map((t) => t.name.length));
  const tables = summary.tables.map((t) => `  ${`${t.name}:`.padEnd(width + 1)} ${t.rows}`);
  const { money } = summary;
  const books =
    money.mismatched === 0
      ? `every player's balance equals the sum of their ledger`
      : `WARNING: ${money.mismatched} player(s) have a balance that differs from their ledger, as in the backup's database`;
  return [
    ...tables,
    `  ${summary.tables.length} tables, ${summary.tables.reduce((sum, t) => sum + t.rows, 0)} rows`,
    `Money: ${money.players} players holding ${money.balances}; ledger total ${money.ledger}; gang treasuries ${money.treasuries}`,
    `  ${books}.`,
  ].join('\n');
}
