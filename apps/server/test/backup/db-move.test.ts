// Issue 16, out of the embedded database: `npm run db:move -- --to postgres://…` moves a demo-like
// embedded database to an empty PostgreSQL database with every row and sum, refuses a database that
// is not empty, and refuses to run while a server holds DATA_DIR; and a backup of the stopped
// embedded database restores into PostgreSQL just as well.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/data-dir.ts';
import { openPglite, openPostgres } from '../../src/db/client.ts';
import { createPostgresDatabase } from '../helpers.ts';
import { type Contents, contentsOf, runCli, seedDemoLike } from './backup-kit.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('out of the embedded database', () => {
  let dataDir: string;
  const drops: (() => Promise<void>)[] = [];
  let before: Contents;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'db-move-'));
    await seedDemoLike(await openPglite(dataDir));
    const database = await openPglite(dataDir);
    try {
      before = await contentsOf(database.db);
    } finally {
      await database.close();
    }
  }, 180_000);
  afterAll(async () => {
    for (const drop of drops) await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every table to an empty PostgreSQL database and keeps every row and sum', async () => {
    // Every table of a demo site has rows but the few only staff tools fill.
    const empty = Object.entries(before.counts)
      .filter(([, n]) => n === 0)
      .map(([table]) => table);
    expect(empty.length).toBeLessThan(Object.keys(before.counts).length / 2);
    expect(Object.values(before.balances)).toContain('4000000000000007.35');
    const { url, drop } = await createPostgresDatabase();
    drops.push(drop);

    const moved = await runCli('db-move', ['--to', url], { DATA_DIR: dataDir });
    expect(moved.code, moved.stderr).toBe(0);
    for (const [table, rows] of Object.entries(before.counts)) {
      expect(moved.stdout).toMatch(new RegExp(`^  ${table}: +${rows}$`, 'm'));
    }
    expect(moved.stdout).toContain("every player's balance equals the sum of their ledger");
    expect(moved.stdout).not.toContain(new URL(url).password || '\u0000');

    const target = await openPostgres(url, () => {});
    try {
      expect(await contentsOf(target.db)).toEqual(before);
    } finally {
      await target.close();
    }

    // A second move into the same database: refused, and nothing changes there.
    const again = await runCli('db-move', ['--to', url], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/is not empty \(.*players: \d+ rows/);
    const unchanged = await openPostgres(url, () => {});
    try {
      expect(await contentsOf(unchanged.db)).toEqual(before);
    } finally {
      await unchanged.close();
    }
  }, 180_000);

  it('refuses while a server holds the data directory', async () => {
    const { url, drop } = await createPostgresDatabase();
    drops.push(drop);
    // This test process stands for the running server.
    const release = lockDataDir(dataDir);
    try {
      const refused = await runCli('db-move', ['--to', url], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/must be stopped/);
    } finally {
      release();
    }
  }, 60_000);

  it('backs up the stopped embedded database and restores it into PostgreSQL', async () => {
    const file = join(dataDir, 'stopped.jsonl.gz');
    // No server holds DATA_DIR: the command opens the database itself.
    const backup = await runCli('backup', ['--out', file], { DATA_DIR: dataDir });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('from pglite');
    const { url, drop } = await createPostgresDatabase();
    drops.push(drop);
    const restore = await runCli('restore', [file], { DATA_DIR: dataDir, DATABASE_URL: url });
    expect(restore.code, restore.stderr).toBe(0);
    const target = await openPostgres(url, () => {});
    try {
      expect(await contentsOf(target.db)).toEqual(before);
    } finally {
      await target.close();
    }
  }, 120_000);
});
