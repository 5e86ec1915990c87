// A backup restores every value exactly (money past 10^15 with cents, microseconds, arrays, jsonb,
// nulls, floats), into an empty database only, and a damaged one restores nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer } from '../../test/backup/backup-kit.ts';
import { createPostgresDatabase, databaseKinds, openTestDatabase } from '../../test/helpers.ts';
import { type Database, rowsOf } from '../db/client.ts';
import { recordAudit } from '../modules/audit/service.ts';
import { openPgliteTarget, openPostgresTarget, type RestoreTarget } from './databases.ts';
import { dumpDatabase, writeBackup } from './dump.ts';
import { readBackupLines } from './format.ts';
import { restoreBackup } from './restore.ts';

// Each test opens fresh embedded databases and migrates them: slow on a loaded machine.
describe.each(databaseKinds())('backup and restore on %s', { timeout: 180_000 }, (kind) => {
  let source: Database;
  let backup: Buffer;
  const cleanups: (() => Promise<void>)[] = [];

  /** An empty database of this kind to restore into. */
  async function emptyTarget(dataDir?: string): Promise<RestoreTarget> {
    if (kind === 'pglite') {
      const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'restore-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      return openPgliteTarget(dir);
    }
    const created = await createPostgresDatabase();
    cleanups.push(created.drop);
    return openPostgresTarget(created.url);
  }

  /** Every table's rows as the backup writes them, sorted: equal means the same data. */
  async function snapshot(db: Database['db']): Promise<Record<string, string[]>> {
    const tables: Record<string, string[]> = {};
    let current = '';
    await dumpDatabase(db, kind, async (lines) => {
      for (const line of lines) {
        if (line.startsWith('{"table"')) {
          current = JSON.parse(line).table;
          tables[current] = [];
        } else if (line.startsWith('[')) {
          tables[current]!.push(line);
        }
      }
    });
    for (const rows of Object.values(tables)) rows.sort();
    return tables;
  }

  beforeAll(async () => {
    source = await openTestDatabase(kind);
    const db = source.db;
    const rich = await createPlayer(db, '4000000000000007.35', 'Rich');
    await createPlayer(db, '0.01', 'Poor');
    await db.execute(
      sql`insert into accounts (player_uuid, password_hash, roles) values (${rich}, 'hash', '{ADMIN,"WEB ADMIN"}')`,
    );
    await db.execute(
      sql`insert into player_stats (player_uuid, name, value) values (${rich}, 'kdr', 0.1), (${rich}, 'tiny', 1e-300)`,
    );
    await db.execute(
      sql`insert into activity (occurred_at, actor_uuid, target_uuid, activity_type, activity_text)
          values ('2025-06-01 12:34:56.123456+00', ${rich}, null, 'LEVEL_UP', 'line one
line two "quoted" \\ backslash é')`,
    );
    await recordAudit(db, {
      actor: rich,
      action: 'account.roles',
      outcome: 'ok',
      detail: { roles: ['ADMIN'] },
    });
    const chunks: Buffer[] = [];
    await writeBackup(
      db,
      kind,
      new Writable({
        write(chunk, _encoding, callback) {
          chunks.push(chunk);
          callback();
        },
      }),
    );
    backup = Buffer.concat(chunks);
  });
  afterAll(async () => {
    await source?.close();
    for (const cleanup of cleanups) await cleanup();
  });

  it('restores every row and value exactly, and refuses to restore over them', async () => {
    const target = await emptyTarget();
    try {
      const summary = await restoreBackup(target, readBackupLines(Readable.from([backup])));
      expect(summary.money).toEqual({
        players: 2,
        balances: '4000000000000007.36',
        ledger: '4000000000000007.36',
        treasuries: '0',
        mismatched: 0,
      });
      expect(await snapshot(target.db)).toEqual(await snapshot(source.db));
      // New rows continue the sequences: no id of a restored row is handed out again.
      await target.db.execute(
        sql`insert into audit_log (actor_name, action, outcome) values ('test', 'account.roles', 'ok')`,
      );

      await expect(restoreBackup(target, readBackupLines(Readable.from([backup])))).rejects.toThrow(
        /is not empty \(.*ledger: 2 rows.*\)/,
      );
      // What is not a backup this version reads is refused before anything else.
      const gzipped = (text: string) => readBackupLines(Readable.from([gzipSync(text)]));
      await expect(restoreBackup(target, gzipped('hello\n'))).rejects.toThrow(/not a backup/);
      const later = { ...JSON.parse(gunzipSync(backup).toString().split('\n')[0]!), version: 2 };
      await expect(restoreBackup(target, gzipped(`${JSON.stringify(later)}\n`))).rejects.toThrow(
        /format version 2/,
      );
    } finally {
      await target.close();
    }
  });

  it('restores nothing from a cut-short backup, and the same target then takes the whole one', async () => {
    const dataDir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'restore-cut-')) : undefined;
    let target = await emptyTarget(dataDir);
    const cut = backup.subarray(0, Math.floor(backup.length * 0.8));
    await expect(restoreBackup(target, readBackupLines(Readable.from([cut])))).rejects.toThrow();
    if (kind === 'pglite') {
      await target.discard();
      target = await openPgliteTarget(dataDir!);
    } else {
      // Nothing restored: no rows, or not even the tables when the cut falls before the backup's
      // first line can be read (where it falls depends on how the backup compressed).
      const [table] = rowsOf<{ players: string | null }>(
        await target.db.execute(sql`select to_regclass('players')::text as players`),
      );
      if (table!.players !== null) {
        const [row] = rowsOf<{ n: number }>(
          await target.db.execute(sql`select count(*)::int as n from players`),
        );
        expect(row!.n).toBe(0);
      }
    }
    try {
      await restoreBackup(target, readBackupLines(Readable.from([backup])));
      expect(await snapshot(target.db)).toEqual(await snapshot(source.db));
    } finally {
      await target.close();
    }
  });
});
