// The databases a backup is read from and restored into, opened without migrating them: a backup
// records the migrations its database had, and a restore applies exactly those.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Db, openPgliteFiles, pgliteDir } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { operatorError } from '../errors.ts';

export interface BackupSource {
  kind: 'pglite' | 'postgres';
  db: Db;
  close(): Promise<void>;
}

/** The embedded database of DATA_DIR; the caller holds the DATA_DIR lock. */
export async function openPgliteSource(dataDir: string): Promise<BackupSource> {
  if (!hasPgliteDatabase(dataDir)) {
    throw operatorError(`There is no embedded database in ${dataDir} (DATA_DIR) to copy.`);
  }
  const { client, close } = await openPgliteFiles(dataDir);
  return { kind: 'pglite', db: drizzlePglite(client, { schema }) as unknown as Db, close };
}

export async function openPostgresSource(url: string): Promise<BackupSource> {
  const pool = await connectPool(url);
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }) as unknown as Db,
    close: () => pool.end(),
  };
}

async function connectPool(url: string): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 10_000 });
  // A connection lost while idle must not take the command down; the query in flight fails.
  pool.on('error', () => {});
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => {});
    throw operatorError(`Cannot connect to ${redactUrl(url)}: ${(err as Error).message}`);
  }
  return pool;
}

export interface RestoreTarget {
  kind: 'pglite' | 'postgres';
  /** Where, for messages: the data directory or the database's address without its password. */
  where: string;
  db: Db;
  /** Applies the migrations of `folder` that the database has not applied yet. */
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
  /** Undoes a restore that failed, so that it can be tried again. */
  discard(): Promise<void>;
}

export const hasPgliteDatabase = (dataDir: string) => existsSync(join(pgliteDir(dataDir), 'PG_VERSION'));

/** A new embedded database in DATA_DIR; refuses a data directory that already holds one. */
export async function openPgliteTarget(dataDir: string): Promise<RestoreTarget> {
  const dir = pgliteDir(dataDir);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw operatorError(
      `The data directory ${dataDir} already holds a database (${dir}). Restore into an empty data directory, or move that one away first.`,
    );
  }
  const files = await openPgliteFiles(dataDir);
  const client = files.client;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await files.close();
  };
  return {
    kind: 'pglite',
    where: dataDir,
    db: drizzlePglite(client, { schema }) as unknown as Db,
    migrate: (folder) => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: folder }),
    close,
    async discard() {
      await close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A PostgreSQL database to restore into, opened without migrating it. */
export async function openPostgresTarget(url: string): Promise<RestoreTarget> {
  const pool = await connectPool(url);
  const db = drizzlePg(pool, { schema });
  return {
    kind: 'postgres',
    where: redactUrl(url),
    db: db as unknown as Db,
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: () => pool.end(),
    // The load is one transaction, rolled back on failure; the tables the migrations made stay,
    // empty, and a second attempt accepts them.
    discard: () => pool.end(),
  };
}

/** An address fit to print: the password left out. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the database';
  }
}
