// Automatic backups of the embedded database (config.backups: BACKUP_DIR, BACKUP_INTERVAL,
// BACKUP_KEEP): the first one interval after start, then one every interval, each written
// atomically and named by its UTC time, the oldest beyond `keep` removed. A failed backup is logged
// and the next one is tried on time: the site keeps serving either way.
import { chmodSync, mkdirSync } from 'node:fs';
import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../db/client.ts';
import { writeBackup } from './dump.ts';
import { isLeftoverTemp, writeAtomically } from './format.ts';

export interface BackupLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface BackupSchedule {
  /** Stops the timer and cuts short a backup under way. */
  stop(): Promise<void>;
}

const NAME = /^backup-\d{8}T\d{6}\.\d{3}Z\.jsonl\.gz$/;

/** backup-20250601T060000.000Z.jsonl.gz: sorts by time, and means the same in every time zone. */
export const backupFileName = (at: Date) =>
  `backup-${at.toISOString().replaceAll('-', '').replaceAll(':', '')}.jsonl.gz`;

/** Takes one backup into `dir` and removes the oldest beyond `keep`; answers the new file. */
export async function backupNow(
  database: Database,
  options: { dir: string; keep: number },
  signal?: AbortSignal,
): Promise<string> {
  mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  chmodSync(options.dir, 0o700);
  const file = join(options.dir, backupFileName(new Date()));
  await writeAtomically(file, (out) => writeBackup(database.db, database.kind, out, signal).then(() => {}));
  const names = await readdir(options.dir);
  const old = names
    .filter((name) => NAME.test(name))
    .sort()
    .slice(0, -options.keep);
  // A temporary file is only ever one of ours in the making; none is under way now.
  const leftovers = names.filter((name) => name.startsWith('.backup-') && isLeftoverTemp(name));
  await Promise.all([...old, ...leftovers].map((name) => unlink(join(options.dir, name)).catch(() => {})));
  return file;
}

export function startBackupSchedule(
  database: Database,
  options: { dir: string; intervalMs: number; keep: number },
  log: BackupLog,
): BackupSchedule {
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const tick = async () => {
    const started = Date.now();
    try {
      const file = await backupNow(database, options, stopping.signal);
      log.info({ file, ms: Date.now() - started }, 'backup written');
    } catch (err) {
      if (!stopping.signal.aborted) log.error({ err, dir: options.dir }, 'automatic backup failed');
    }
  };
  const plan = () => {
    // One after another, never two at once however long one takes.
    timer = setTimeout(() => {
      running = tick().finally(() => {
        running = null;
        if (!stopping.signal.aborted) plan();
      });
    }, options.intervalMs);
    timer.unref();
  };
  plan();
  return {
    async stop() {
      stopping.abort();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
