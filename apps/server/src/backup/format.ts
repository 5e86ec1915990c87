// A backup is one logical format that PGlite and PostgreSQL both read and write, so a backup of
// either restores into either, and the move to PostgreSQL is a backup piped into a restore.
//
// A gzip stream of lines: the header (JSON), then for each table in foreign-key order a marker line
// {"table", "rows"} followed by its rows, one JSON array of column texts per line (each value as
// PostgreSQL prints it, null for NULL: exact for numeric, timestamps, arrays and jsonb), then a
// trailer {"end": true, "rows"} that shows the stream was not cut short.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { operatorError } from '../errors.ts';

export const BACKUP_FORMAT = 'prison-site-backup';
export const BACKUP_VERSION = 1;

export interface BackupTable {
  name: string;
  columns: string[];
  rows: number;
}

/** The money a site holds, summed in the snapshot: a restore must find the very same figures. */
export interface MoneySummary {
  players: number;
  /** Sum of every player's balance, exact decimal text. */
  balances: string;
  /** Sum of every ledger row, exact decimal text. */
  ledger: string;
  /** Sum of the gang treasuries, exact decimal text (they have no ledger of their own). */
  treasuries: string;
  /** Players whose balance is not the sum of their ledger rows. */
  mismatched: number;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  /** The database the backup was taken from. */
  source: 'pglite' | 'postgres';
  /** The applied migrations, oldest first, as drizzle records them (hash of the SQL file, its time). */
  migrations: { tag: string | null; hash: string; created_at: number }[];
  tables: BackupTable[];
  /** The next value of each serial column's sequence. */
  sequences: { table: string; column: string; next: string }[];
  money: MoneySummary;
}

export interface TableMarker {
  table: string;
  rows: number;
}

export interface Trailer {
  end: true;
  rows: number;
}

/** Checks that a backup's first line is a header this version can read. */
export function parseHeader(line: string | undefined): BackupHeader {
  let header: Partial<BackupHeader>;
  try {
    header = JSON.parse(line ?? '');
  } catch {
    throw operatorError('This is not a backup of this site (its first line is not a backup header).');
  }
  if (header?.format !== BACKUP_FORMAT) {
    throw operatorError('This is not a backup of this site (unknown format).');
  }
  if (header.version !== BACKUP_VERSION) {
    throw operatorError(
      `This backup has format version ${header.version}; this version of the server reads version ${BACKUP_VERSION}.`,
    );
  }
  if (!Array.isArray(header.migrations) || !Array.isArray(header.tables) || !header.money) {
    throw operatorError('The backup header is damaged.');
  }
  return header as BackupHeader;
}

/** The lines of a backup file, read as a stream; a damaged or cut-short gzip stream throws. */
export async function* readBackupLines(input: Readable): AsyncGenerator<string> {
  const gunzip = createGunzip();
  const lines = createInterface({ input: gunzip, crlfDelay: Number.POSITIVE_INFINITY });
  let failure: Error | null = null;
  // readline does not pass on its input's errors: the pipeline's failure ends the lines and is thrown.
  const piping = pipeline(input, gunzip).catch((err: Error) => {
    failure = err;
    lines.close();
  });
  try {
    for await (const line of lines) yield line;
  } finally {
    lines.close();
    // A reader that stops early leaves the rest unread.
    if (!gunzip.readableEnded) gunzip.destroy();
    await piping;
  }
  if (failure) throw failure;
}

export function readBackupFile(file: string): AsyncIterable<string> {
  return readBackupLines(createReadStream(file));
}

/**
 * Writes `file` all at once or not at all: into a temporary file beside it (mode 0600: a backup
 * holds password hashes and private messages), flushed to disk, then renamed over it.
 */
export async function writeAtomically(file: string, fill: (out: Writable) => Promise<void>): Promise<void> {
  const dir = dirname(file);
  const temp = join(dir, `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const out = createWriteStream(temp, { flags: 'wx', mode: 0o600 });
  let done = false;
  try {
    await fill(out);
    if (!out.writableEnded) out.end();
    await finished(out);
    const handle = await open(temp, 'r+');
    try {
      await handle.chmod(0o600);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
    done = true;
    await syncDirectory(dir);
  } finally {
    if (!done) {
      out.destroy();
      await unlink(temp).catch(() => {});
    }
  }
}

/** A temporary file of writeAtomically, left behind when a process died writing it. */
export const isLeftoverTemp = (name: string) => /^\..+\.\d+\.[0-9a-f]{8}\.tmp$/.test(name);

async function syncDirectory(dir: string): Promise<void> {
  // The rename is durable once the directory is: not every platform lets a directory be opened.
  const handle = await open(dir, 'r').catch(() => null);
  await handle?.sync().catch(() => {});
  await handle?.close();
}
