// Issue 29: the command-line tools that open the embedded database themselves (restore, backup with
// no server running, accounts, db:move) leave DATA_DIR as the server does: directories 0700, files
// 0600. PGlite sets each file's mode itself, whatever the umask (0666 for a new database's files,
// 0644 for the caches it rewrites at every open), so a tool that only opened it left them readable
// by every local user.
import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliRun, createPlayer, runCli } from '../../test/backup/backup-kit.ts';
import { createPostgresDatabase, openTestDatabase } from '../../test/helpers.ts';
import { writeBackup } from '../backup/dump.ts';
import { writeAtomically } from '../backup/format.ts';
import { makePrivate } from '../data-dir.ts';

/** Every entry under `dir` (itself included) whose mode is not 0700 for a directory, 0600 for a file. */
function notPrivate(dir: string): string[] {
  const wrong: string[] = [];
  const walk = (path: string) => {
    const entry = lstatSync(path);
    const mode = entry.mode & 0o7777;
    if (mode !== (entry.isDirectory() ? 0o700 : 0o600)) wrong.push(`${path} ${mode.toString(8)}`);
    if (entry.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return wrong;
}

/** The tool run as a shell with the usual umask (022) runs it, whatever this process's umask is. */
function run(name: string, args: string[], env: Record<string, string>): Promise<CliRun> {
  const umask = process.umask(0o022);
  try {
    return runCli(name, args, env);
  } finally {
    process.umask(umask);
  }
}

// Each tool starts PGlite in a process of its own: slow on a loaded machine.
describe('the command-line tools keep DATA_DIR private', { timeout: 180_000 }, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'cli-modes-'));
  const backupFile = join(scratch, 'site.jsonl.gz');
  /** A data directory holding a restored database, for the tools that need one. */
  let restored: string;

  beforeAll(async () => {
    const source = await openTestDatabase('pglite');
    try {
      await createPlayer(source.db, '12.34', 'Modes');
      await writeAtomically(backupFile, (out) => writeBackup(source.db, 'pglite', out).then(() => {}));
    } finally {
      await source.close();
    }
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('restore into a new data directory', async () => {
    restored = join(scratch, 'restored');
    const restore = await run('restore', [backupFile], { DATA_DIR: restored });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/^ {2}players: +1$/m);
    expect(notPrivate(restored)).toEqual([]);
  });

  it('backup with no server running, and accounts', async () => {
    // Whatever the restore left, private to begin with: what is wrong after is what these tools did.
    makePrivate(restored);
    const backup = await run('backup', ['--out', join(scratch, 'again.jsonl.gz')], { DATA_DIR: restored });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('from pglite');
    expect(notPrivate(restored)).toEqual([]);

    const accounts = await run(
      'accounts',
      ['create', '--username', 'Modes', '--password', 'modes-test-password'],
      { DATA_DIR: restored },
    );
    expect(accounts.code, accounts.stderr).toBe(0);
    expect(notPrivate(restored)).toEqual([]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('db:move', async () => {
    makePrivate(restored);
    const { url, drop } = await createPostgresDatabase();
    try {
      const moved = await run('db-move', ['--to', url], { DATA_DIR: restored });
      expect(moved.code, moved.stderr).toBe(0);
    } finally {
      await drop();
    }
    expect(notPrivate(restored)).toEqual([]);
  });
});
