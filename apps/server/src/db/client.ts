// One schema, one SQL dialect, two drivers: PGlite (files in DATA_DIR) by default, `pg` when
// DATABASE_URL is set. Callers see only `Database`.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { keepDataDirPrivate, makePrivate } from '../data-dir.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Subscribes to a NOTIFY channel; PostgreSQL delivers it to every process, PGlite in-process. On
   * PostgreSQL the subscription has a connection of its own: `onLost` is called when it is lost
   * (what is sent until it is back is missed), and `onPayload('*')` when it listens again.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onLost?: () => void,
  ): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's pool: connections open, idle, and queries waiting for one (PGlite has one connection). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
// Several server processes may start at once on one PostgreSQL database: migrate one at a time.
const MIGRATION_LOCK = 7_241_001;

const migrateDatabase = (client: PGlite) =>
  migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS });

/** The embedded database's files under DATA_DIR. */
export const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');

export interface PgliteFiles {
  client: PGlite;
  /** Closes the database, then makes private what closing it wrote. */
  close(): Promise<void>;
}

/**
 * Opens the embedded database of DATA_DIR, for the server and every command-line tool alike, so
 * that its files stay the server user's alone (docs/operating.md, Limits: "The data directory is private").
 * DATA_DIR is made private first and this process's umask 077. PGlite sets each file's mode itself
 * after creating it, whatever the umask: a new database's files come out 0666, and the relation
 * caches it rewrites at every open (pg_internal.init) 0644. So its files are made private again
 * once it has started, and once it has closed; what PostgreSQL creates in between it creates 0600.
 */
export async function openPgliteFiles(dataDir: string): Promise<PgliteFiles> {
  const dir = pgliteDir(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  keepDataDirPrivate(dataDir);
  const client = await PGlite.create(dir);
  makePrivate(dir);
  return {
    client,
    async close() {
      try {
        await client.close();
      } finally {
        makePrivate(dir);
      }
    },
  };
}

/**
 * `dataDir` null: a database in memory, made from `template` when given (a data directory that
 * pgliteTemplate() dumped: PGlite then skips initdb, most of the time it takes to start).
 */
export async function openPglite(dataDir: string | null, template?: Blob): Promise<Database> {
  let client: PGlite;
  let close: () => Promise<void>;
  if (dataDir === null) {
    client = await PGlite.create(template ? { loadDataDir: template } : {});
    close = () => client.close();
  } else {
    ({ client, close } = await openPgliteFiles(dataDir));
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // One connection in process: nothing is sent, and PGlite keeps no statements between queries.
  namedRunners.set(db, async (_name, text, values) => (await client.query(text, values)).rows);
  await migrateDatabase(client);
  return known(db, {
    kind: 'pglite',
    db,
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    ping: async () => {
      await client.query('select 1');
    },
    close,
  });
}

/**
 * An empty database in memory with every migration applied, as a tarball of its data directory: the
 * tests' PGlite databases start from it (test/pglite-template.ts), each still migrated as it opens,
 * which finds nothing left to do.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const client = await PGlite.create();
  try {
    await migrateDatabase(client);
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

export async function openPostgres(
  url: string,
  log: (msg: string, err?: unknown) => void,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    keepAlive: true,
  });
  // A connection lost while idle, or while checked out in a transaction (the pool stops watching
  // it then), must not crash the process: the query in flight fails and the pool replaces it.
  pool.on('error', (err) => log('database connection lost', err));
  pool.on('connect', (client) => client.on('error', (err) => log('database connection lost', err)));
  const migrator = drizzlePg(pool, { schema });
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(migrator, { migrationsFolder: MIGRATIONS });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lockClient.release();
  }
  const listeners = new Set<PgListener>();
  const db = migrator as unknown as Db;
  namedRunners.set(db, async (name, text, values) => (await pool.query({ name, text, values })).rows);
  return known(db, {
    kind: 'postgres',
    db,
    async listen(channel, onPayload, onLost) {
      const listener = new PgListener(url, channel, onPayload, onLost ?? (() => {}), log);
      listeners.add(listener);
      await listener.start();
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    async ping() {
      await pool.query('select 1');
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await Promise.all([...listeners].map((l) => l.stop()));
      await pool.end();
    },
  });
}

const databases = new WeakMap<Db, Database>();

function known(db: Db, database: Database): Database {
  databases.set(db, database);
  return database;
}

/** The database `db` queries: for a module that keeps answers and must hear of every change. */
export function databaseOf(db: Db): Database | undefined {
  return databases.get(db);
}

/** A dedicated LISTEN connection that reconnects by itself after the database comes back. */
class PgListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onPayload: (payload: string) => void,
    private readonly onLost: () => void,
    private readonly log: (msg: string, err?: unknown) => void,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    client.on('notification', (msg) => {
      if (msg.channel === this.channel) this.onPayload(msg.payload ?? '');
    });
    client.on('error', (err) => {
      this.log('live listener connection lost; reconnecting', err);
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    try {
      await client.connect();
      await client.query(`listen "${this.channel.replaceAll('"', '""')}"`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    // A connection dropped silently (a NAT or proxy forgetting it) shows up here.
    this.heartbeat ??= setInterval(() => {
      const current = this.client;
      current?.query('select 1').catch((err) => {
        this.log('live listener heartbeat failed; reconnecting', err);
        this.reconnect(current);
      });
    }, 30_000);
    this.heartbeat.unref();
    // Whatever changed while we were not listening is unknown: tell the subscriber to rebuild.
    this.onPayload('*');
  }

  private reconnect(client: pg.Client): void {
    if (this.stopped || this.client !== client || this.retry) return;
    this.client = null;
    this.onLost();
    client.end().catch(() => {});
    const attempt = () => {
      this.retry = null;
      if (this.stopped) return;
      this.start().catch(() => {
        this.retry = setTimeout(attempt, 1000);
      });
    };
    this.retry = setTimeout(attempt, 500);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.heartbeat) clearInterval(this.heartbeat);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_NOTIFY_PAYLOAD = 7999;

/**
 * The payload that names `topics`. When one topic per player would not fit (a batch touching
 * hundreds of players), each family member ("player:<uuid>") gives way to its family
 * ("player:"), which every hub reads as all of that family's topics.
 */
export function notifyPayload(topics: Iterable<string>): string {
  const names = [...new Set(topics)];
  const payload = names.join(',');
  if (Buffer.byteLength(payload) <= MAX_NOTIFY_PAYLOAD) return payload;
  const family = (name: string) => (name.includes(':') ? name.slice(0, name.indexOf(':') + 1) : name);
  return [...new Set(names.map(family))].join(',');
}

/** Runs a statement that tells every process's live hub which topics changed, on commit. */
export async function notifyTopics(tx: Tx | Db, topics: Iterable<string>): Promise<void> {
  const payload = notifyPayload(topics);
  if (payload) await tx.execute(sql`select pg_notify('live', ${payload})`);
}

export const LIVE_CHANNEL = 'live';

/**
 * The channel of the game servers' delivery sockets (modules/bridge/delivery-feed.ts): its payload
 * names deliveries just committed (their ids), a staff action queued for the plugin
 * (`bridgeActionPayload`), a revoked credential, or '*' (look at everything waiting).
 */
export const BRIDGE_CHANNEL = 'deliveries';

/** The payload on BRIDGE_CHANNEL that says a staff action waits for the game server's plugin. */
export const bridgeActionPayload = (id: number | string) => `action:${id}`;

type NamedRunner = (name: string, text: string, values: unknown[]) => Promise<unknown[]>;
const namedRunners = new WeakMap<Db, NamedRunner>();
const dialect = new PgDialect();

/**
 * Runs a statement under a name, outside any transaction: on PostgreSQL a named prepared statement,
 * which each pooled connection parses once and PostgreSQL may then run without planning it again
 * (a generic plan, once its custom plans cost no less). For the hottest writes, whose statements
 * are long. The statement's text must be the same on every call with that name (values only as
 * parameters): pg refuses a name reused for another text, so a mistake fails loudly.
 */
export async function runNamed<T>(db: Db, name: string, statement: SQL): Promise<T[]> {
  const run = namedRunners.get(db);
  if (!run) return rowsOf<T>(await db.execute(statement));
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return (await run(name, text, params)) as T[];
}

/**
 * What `make` builds from a database, made once per database: for prepared queries (drizzle's
 * `.prepare(name)`), whose SQL drizzle then builds once and PostgreSQL parses and plans once per
 * connection, instead of both on every request.
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}

/** The rows of a raw `db.execute`, which both drivers answer as {rows} (some drivers as the rows alone). */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}
