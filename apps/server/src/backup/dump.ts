// Takes a backup: every row of the site's tables as of one snapshot, streamed in batches so a large
// site never sits whole in memory. On PostgreSQL the snapshot is a REPEATABLE READ READ ONLY
// transaction on a connection of its own, and the site goes on writing meanwhile. On PGlite it is a
// transaction on the process's one connection, which runs transactions one at a time: requests wait
// while the backup reads, and the event loop stays free between batches.
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  appliedMigrations,
  countRows,
  ident,
  knownMigrations,
  moneySummary,
  rows,
  serialColumns,
  siteTables,
} from './catalog.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  type TableMarker,
  type Trailer,
} from './format.ts';

const BATCH_ROWS = 1000;
const CURSOR = 'backup_rows';

/** Receives the backup's lines a batch at a time; waiting on it holds the dump back. */
export type LineSink = (lines: string[]) => Promise<void>;

/** Dumps the database into `sink` and answers the header it wrote. */
export async function dumpDatabase(
  db: Db,
  source: BackupHeader['source'],
  sink: LineSink,
  signal?: AbortSignal,
): Promise<BackupHeader> {
  return db.transaction(
    async (tx) => {
      // Values print the same whatever the server's settings: ISO dates in UTC, floats exact.
      await tx.execute(sql`set local timezone = 'UTC'`);
      await tx.execute(sql`set local datestyle = 'ISO, YMD'`);
      await tx.execute(sql`set local extra_float_digits = 3`);
      const tables = await siteTables(tx);
      const counts = await countRows(
        tx,
        tables.map((t) => t.name),
      );
      const known = new Map(knownMigrations().map((m) => [m.hash, m.tag]));
      const sequences: BackupHeader['sequences'] = [];
      for (const { table, column, sequence } of await serialColumns(tx)) {
        const [state] = await rows<{ next: string }>(
          tx,
          sql`select (case when is_called then last_value + 1 else last_value end)::text as next
              from ${ident(sequence)}`,
        );
        sequences.push({ table, column, next: state!.next });
      }
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        created_at: new Date().toISOString(),
        source,
        migrations: (await appliedMigrations(tx)).map((m) => ({ tag: known.get(m.hash) ?? null, ...m })),
        tables: tables.map((t) => ({
          name: t.name,
          columns: t.columns.map((c) => c.name),
          rows: counts.get(t.name)!,
        })),
        sequences,
        money: await moneySummary(tx),
      };
      await sink([JSON.stringify(header)]);
      let total = 0;
      for (const table of header.tables) {
        const marker: TableMarker = { table: table.name, rows: table.rows };
        await sink([JSON.stringify(marker)]);
        // Each row as the texts PostgreSQL prints for its values: exact, and read back by each
        // column type's own input function.
        const values = sql.join(
          table.columns.map((c) => sql`${ident(c)}::text`),
          sql`, `,
        );
        await tx.execute(
          sql`declare ${sql.raw(CURSOR)} no scroll cursor for
              select to_json(array[${values}]::text[])::text as line from ${ident(table.name)}`,
        );
        let sent = 0;
        for (;;) {
          signal?.throwIfAborted();
          const batch = await rows<{ line: string }>(
            tx,
            sql`fetch forward ${sql.raw(String(BATCH_ROWS))} from ${sql.raw(CURSOR)}`,
          );
          if (batch.length === 0) break;
          sent += batch.length;
          await sink(batch.map((r) => r.line));
        }
        await tx.execute(sql`close ${sql.raw(CURSOR)}`);
        if (sent !== table.rows) {
          throw new Error(`table ${table.name} gave ${sent} rows in a snapshot that counted ${table.rows}`);
        }
        total += sent;
      }
      const trailer: Trailer = { end: true, rows: total };
      await sink([JSON.stringify(trailer)]);
      return header;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Writes a gzipped backup into `out` and ends it; answers the header. */
export async function writeBackup(
  db: Db,
  source: BackupHeader['source'],
  out: Writable,
  signal?: AbortSignal,
): Promise<BackupHeader> {
  const gzip = createGzip();
  const piping = pipeline(gzip, out);
  try {
    const header = await dumpDatabase(db, source, (lines) => put(gzip, `${lines.join('\n')}\n`), signal);
    gzip.end();
    await piping;
    return header;
  } catch (err) {
    gzip.destroy(err as Error);
    await piping.catch(() => {});
    throw err;
  }
}

/** Writes `chunk`, waiting while the stream is full; fails when the stream does. */
export function put(stream: Writable, chunk: unknown): Promise<void> {
  if (stream.destroyed) {
    return Promise.reject(stream.errored ?? new Error('the backup stream was closed'));
  }
  if (stream.write(chunk)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const settle = (err?: Error | null) => {
      stream.off('drain', onDrain);
      stream.off('error', onError);
      stream.off('close', onClose);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => settle();
    const onError = (err: Error) => settle(err);
    const onClose = () => settle(stream.errored ?? new Error('the backup stream was closed'));
    stream.on('drain', onDrain);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}
