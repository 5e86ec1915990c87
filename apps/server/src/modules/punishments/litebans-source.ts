// LiteBans' database, read only: its rows after an id, its rows by id, and the newest name of each
// uuid in its history. Only SELECTs, so a user granted SELECT alone is enough (docs/litebans.md).
// LiteBans' layout changed over the years (removed_by_reason, template and server_origin came
// later): the columns are looked up once, and one a version lacks reads as null.
import mysql from 'mysql2/promise';
import type { LitebansRow } from './litebans-rows.ts';

export type LitebansPool = mysql.Pool;

/** A pool on LITEBANS_DATABASE_URL: two connections are plenty for one reader. */
export function createLitebansPool(url: string): LitebansPool {
  return mysql.createPool({
    uri: url,
    connectionLimit: 2,
    maxIdle: 1,
    idleTimeout: 60_000,
    connectTimeout: 5000,
    enableKeepAlive: true,
    // BIGINT ids and times: numbers (as strings past 2^53, which Number() below reads).
    supportBigNumbers: true,
  });
}

/** How long one read may take before it counts as failed (a LiteBans database that hangs). */
const QUERY_TIMEOUT_MS = 30_000;

/** The prefix is written into table names: checked here as well as in config.ts. */
export const TABLE_PREFIX = /^[A-Za-z0-9_]{0,32}$/;

// Each column read, and how: a BIT as a number, removed_by_date in ms whatever the session's zone.
const ROW_COLUMNS = {
  id: (c: string) => c,
  uuid: (c: string) => c,
  ip: (c: string) => c,
  reason: (c: string) => c,
  banned_by_uuid: (c: string) => c,
  banned_by_name: (c: string) => c,
  removed_by_uuid: (c: string) => c,
  removed_by_name: (c: string) => c,
  removed_by_reason: (c: string) => c,
  removed_by_date: (c: string) => `UNIX_TIMESTAMP(${c}) * 1000`,
  time: (c: string) => c,
  until: (c: string) => c,
  server_origin: (c: string) => c,
  silent: (c: string) => `CAST(${c} AS UNSIGNED)`,
  ipban: (c: string) => `CAST(${c} AS UNSIGNED)`,
  active: (c: string) => `CAST(${c} AS UNSIGNED)`,
} as const;
type RowColumn = keyof typeof ROW_COLUMNS;

/** Without these a row means nothing: such a table is not followed (and the log says why). */
const REQUIRED: RowColumn[] = ['id', 'uuid', 'time'];

export class LitebansLayoutError extends Error {}

type Raw = Record<RowColumn, unknown>;

const quote = (name: string) => `\`${name}\``;
const textOf = (value: unknown) =>
  value === null || value === undefined
    ? null
    : Buffer.isBuffer(value)
      ? value.toString('utf8')
      : String(value);
const numberOf = (value: unknown) => (value === null || value === undefined ? Number.NaN : Number(value));
// A BIT column cast to a number; a Buffer if a version stored it otherwise.
const bitOf = (value: unknown, absent: boolean) =>
  value === null || value === undefined
    ? absent
    : Buffer.isBuffer(value)
      ? value.some(Boolean)
      : Number(value) !== 0;

function rowOf(raw: Raw): LitebansRow {
  const removedAt = numberOf(raw.removed_by_date);
  const until = numberOf(raw.until);
  return {
    id: numberOf(raw.id),
    uuid: textOf(raw.uuid),
    ip: textOf(raw.ip),
    reason: textOf(raw.reason),
    bannedByUuid: textOf(raw.banned_by_uuid),
    bannedByName: textOf(raw.banned_by_name),
    removedByUuid: textOf(raw.removed_by_uuid),
    removedByName: textOf(raw.removed_by_name),
    removedByReason: textOf(raw.removed_by_reason),
    removedAt: Number.isFinite(removedAt) ? removedAt : null,
    time: numberOf(raw.time),
    // Unreadable reads as permanent, as LiteBans reads 0.
    until: Number.isFinite(until) ? until : 0,
    serverOrigin: textOf(raw.server_origin),
    silent: bitOf(raw.silent, false),
    ipban: bitOf(raw.ipban, false),
    // A version without the column kept only what was in force.
    active: bitOf(raw.active, true),
  };
}

export class LitebansSource {
  #columns: Promise<Map<string, Set<string>>> | null = null;

  constructor(
    private readonly pool: LitebansPool,
    private readonly prefix: string,
  ) {
    if (!TABLE_PREFIX.test(prefix)) throw new Error(`not a LiteBans table prefix: "${prefix}"`);
  }

  async #select(sql: string, values: unknown[]): Promise<mysql.RowDataPacket[]> {
    const [rows] = await this.pool.query<mysql.RowDataPacket[]>({ sql, values, timeout: QUERY_TIMEOUT_MS });
    return rows;
  }

  /** The full name of one of LiteBans' tables: 'bans' is litebans_bans by default. */
  tableName(table: string): string {
    return `${this.prefix}${table}`;
  }

  /** Forgets the layout, so that the next read looks it up again (a table made since, an upgrade). */
  forgetLayout(): void {
    this.#columns = null;
  }

  /** The column names of LiteBans' tables that exist, by table name. */
  async #layout(): Promise<Map<string, Set<string>>> {
    this.#columns ??= (async () => {
      const names = ['bans', 'mutes', 'warnings', 'kicks', 'history'].map((t) => this.tableName(t));
      const rows = await this.#select(
        `SELECT TABLE_NAME AS t, COLUMN_NAME AS c FROM information_schema.COLUMNS
         WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (?)`,
        [names],
      );
      const layout = new Map<string, Set<string>>();
      for (const { t, c } of rows) {
        const table = String(t);
        if (!layout.has(table)) layout.set(table, new Set());
        layout.get(table)!.add(String(c).toLowerCase());
      }
      return layout;
    })();
    try {
      return await this.#columns;
    } catch (err) {
      this.#columns = null;
      throw err;
    }
  }

  /** The SELECT list of a table of punishments; throws LitebansLayoutError if it cannot be read. */
  async #selection(table: string): Promise<string> {
    const name = this.tableName(table);
    const columns = (await this.#layout()).get(name);
    if (!columns) {
      this.forgetLayout();
      throw new LitebansLayoutError(`table ${name} is not in its database (yet)`);
    }
    const missing = REQUIRED.filter((c) => !columns.has(c));
    if (missing.length > 0) {
      throw new LitebansLayoutError(`table ${name} has no ${missing.join(', ')} column`);
    }
    return (Object.keys(ROW_COLUMNS) as RowColumn[])
      .map((c) => `${columns.has(c) ? ROW_COLUMNS[c](quote(c)) : 'NULL'} AS ${quote(c)}`)
      .join(', ');
  }

  /** Up to `limit` rows of `table` after the id `after`, in id order. */
  async rowsAfter(table: string, after: number, limit: number): Promise<LitebansRow[]> {
    const select = await this.#selection(table);
    const rows = await this.#select(
      `SELECT ${select} FROM ${quote(this.tableName(table))} WHERE id > ? ORDER BY id LIMIT ?`,
      [after, limit],
    );
    return rows.map((raw) => rowOf(raw as Raw));
  }

  /** The rows of `table` with these ids; an id LiteBans no longer has is simply not there. */
  async rowsById(table: string, ids: readonly number[]): Promise<LitebansRow[]> {
    if (ids.length === 0) return [];
    const select = await this.#selection(table);
    const rows = await this.#select(`SELECT ${select} FROM ${quote(this.tableName(table))} WHERE id IN (?)`, [
      ids,
    ]);
    return rows.map((raw) => rowOf(raw as Raw));
  }

  /**
   * The newest name LiteBans' history holds for each of these uuids (dashed lower case). LiteBans
   * writes a history row when a player joins under a new name or address. No history table, or
   * none of its rows: no names, and the caller falls back.
   */
  async namesOf(uuids: Iterable<string>): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    const wanted = [...new Set(uuids)];
    const history = (await this.#layout()).get(this.tableName('history'));
    if (wanted.length === 0 || !history?.has('uuid') || !history.has('name')) return names;
    const order = history.has('date') ? '`date` DESC, id DESC' : 'id DESC';
    const rows = await this.#select(
      `SELECT uuid, name FROM ${quote(this.tableName('history'))} WHERE uuid IN (?) ORDER BY ${order}`,
      [wanted],
    );
    for (const row of rows) {
      const uuid = textOf(row.uuid)?.toLowerCase();
      const name = textOf(row.name)?.trim();
      // The first row of a uuid is its newest.
      if (uuid && name && !names.has(uuid)) names.set(uuid, name);
    }
    return names;
  }
}
