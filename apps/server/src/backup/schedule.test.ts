// Automatic backups: the first after one interval, one an interval after the other, each file whole
// whenever it is visible under its name, the oldest beyond `keep` removed, a failure logged and the
// schedule kept. Intervals of a fraction of a second stand in for hours (the function takes any).
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPlayer } from '../../test/backup/backup-kit.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import type { Database } from '../db/client.ts';
import { readBackupFile } from './format.ts';
import { startBackupSchedule } from './schedule.ts';

let database: Database;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'backup-schedule-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  await createPlayer(database.db, '12.34');
});
afterAll(async () => {
  await database.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A log that remembers what the schedule said. */
function recorder() {
  const written: string[] = [];
  const failures: unknown[] = [];
  return {
    written,
    failures,
    log: {
      info: (obj: object) => written.push((obj as { file: string }).file),
      error: (obj: object) => failures.push((obj as { err: unknown }).err),
    },
  };
}

/** The lines of a backup file; throws if it is not one whole backup. */
async function readWhole(file: string): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of readBackupFile(file)) lines.push(line);
  expect(JSON.parse(lines.at(-1)!)).toMatchObject({ end: true });
  return lines;
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
};

it('writes a backup every interval, keeps the newest, and never shows a partial file', async () => {
  const dir = join(tempDir(), 'backups');
  const { written, failures, log } = recorder();
  const schedule = startBackupSchedule(database, { dir, intervalMs: 150, keep: 2 }, log);
  // Not at start: the first backup comes one interval later.
  expect(readdirSync(join(dir, '..'))).toEqual([]);

  // Meanwhile every file that carries a backup's name is a whole backup.
  let checked = 0;
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      const names = existsSync(dir) ? readdirSync(dir) : [];
      for (const name of names.filter((n) => n.startsWith('backup-'))) {
        try {
          await readWhole(join(dir, name));
          checked++;
        } catch (err) {
          // Rotated away while being read: gone, not partial.
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  await until(() => written.length >= 4);
  watching = false;
  await watcher;
  await schedule.stop();

  expect(failures).toEqual([]);
  expect(checked).toBeGreaterThan(0);
  const names = readdirSync(dir).sort();
  // The two newest, by name (UTC time), and no temporary file left.
  expect(names).toEqual(
    written
      .slice(-2)
      .map((file) => file.slice(dir.length + 1))
      .sort(),
  );
  expect(names.every((n) => /^backup-\d{8}T\d{6}\.\d{3}Z\.jsonl\.gz$/.test(n))).toBe(true);
  expect(statSync(dir).mode & 0o777).toBe(0o700);
  for (const name of names) {
    expect(statSync(join(dir, name)).mode & 0o777).toBe(0o600);
    const lines = await readWhole(join(dir, name));
    expect(JSON.parse(lines[0]!).money).toMatchObject({ players: 1, balances: '12.34', mismatched: 0 });
  }
});

it('logs a failed backup and takes the next one on time', async () => {
  const parent = tempDir();
  const dir = join(parent, 'backups');
  // A file where the directory should be: the backups cannot be written.
  writeFileSync(dir, 'in the way');
  const { written, failures, log } = recorder();
  const schedule = startBackupSchedule(database, { dir, intervalMs: 100, keep: 3 }, log);
  await until(() => failures.length >= 2);
  expect(written).toEqual([]);
  rmSync(dir);
  await until(() => written.length >= 1);
  await schedule.stop();
  expect(readdirSync(dir)).toHaveLength(Math.min(written.length, 3));
});
