// Following a LiteBans database (docs/litebans.md): read only and incremental. Each poll copies the
// rows added to LiteBans' bans, mutes, warnings and kicks since the last one, in id order and in
// pages, each page in one site transaction that also moves the table's cursor (litebans_cursor), so
// that a restart resumes where it stopped and a page read twice is recorded once. LiteBans keeps no
// time of change, so each poll also reads again the rows the site holds as in force and takes over
// what changed (a pardon, an end, an edited reason or end), and names players recorded before
// their name was known. The database being down is a warning in the log, and the next poll tries again.
import type { PunishmentType } from '@prison/shared/punishments';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { committedHere, notifyChanges, type Write, writeIn } from '../../live/changes.ts';
import {
  cleanText,
  type KnownNames,
  LITEBANS_TABLES,
  type LitebansRow,
  punishmentOf,
  reasonOf,
  sourceIdOf,
  standingOf,
  untilOf,
  uuidOf,
} from './litebans-rows.ts';
import {
  createLitebansPool,
  LitebansLayoutError,
  type LitebansPool,
  LitebansSource,
} from './litebans-source.ts';
import {
  advanceCursor,
  amendPunishments,
  endPunishments,
  heldInForce,
  namePlayers,
  readCursor,
  siteNamesOf,
  unnamedPlayers,
} from './litebans-writes.ts';
import { issuePunishments, type Revocation, revokePunishments } from './writes.ts';

export interface LitebansLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface LitebansFollowerOptions {
  pool: LitebansPool;
  /** LiteBans' table prefix (LITEBANS_TABLE_PREFIX). */
  prefix: string;
  db: Db;
  log: LitebansLog;
  /** Rows read and written at a time. */
  pageSize?: number;
  /**
   * How long a gap in a table's ids may be a row still being inserted: the cursor waits that long
   * before it moves past one. A gap in front of a row older than OLD_ROW_MS never waits.
   */
  gapWaitMs?: number;
  /** The clock gaps are timed by (tests move it). */
  clock?: () => number;
}

/** What one sync did: rows recorded for the first time, and punishments changed in any other way. */
export interface SyncReport {
  copied: number;
  changed: number;
}

const PAGE_SIZE = 500;
const GAP_WAIT_MS = 60_000;
/**
 * A missing id before a row issued this long ago is not an insert still under way (LiteBans inserts
 * one row at a time): it was rolled back, deleted, or skipped by the server's auto-increment step.
 */
const OLD_ROW_MS = 10 * 60_000;
const NAMES_PER_SYNC = 200;
/** How long stopping waits for a sync under way (the server's whole shutdown has 10 s). */
const STOP_WAIT_MS = 5000;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

const TYPE_OF_ID = /^(ban|mute|warning|kick):(\d+)$/;

export class LitebansFollower {
  readonly #source: LitebansSource;
  readonly #db: Db;
  readonly #log: LitebansLog;
  readonly #pageSize: number;
  readonly #gapWaitMs: number;
  readonly #clock: () => number;
  /** Per table, the gaps in its ids seen so far: the id after which each opens, and when it was first seen. */
  readonly #gaps = new Map<string, Map<number, number>>();
  /** Per table, the problem last logged with it (a missing table), so that it is logged once. */
  readonly #tableProblems = new Map<string, string>();
  /** Where the next look for unnamed players starts. */
  #namesAfter = NIL_UUID;
  #running: Promise<SyncReport> | null = null;
  #timer: NodeJS.Timeout | null = null;
  #stopping = false;
  /** The failure last logged, until a sync succeeds again. */
  #failing: string | null = null;

  constructor(options: LitebansFollowerOptions) {
    this.#source = new LitebansSource(options.pool, options.prefix);
    this.#db = options.db;
    this.#log = options.log;
    this.#pageSize = options.pageSize ?? PAGE_SIZE;
    this.#gapWaitMs = options.gapWaitMs ?? GAP_WAIT_MS;
    this.#clock = options.clock ?? Date.now;
  }

  /**
   * One poll: the new rows of every table, then the rows held in force, then names. Rejects when
   * LiteBans' database or the site's cannot be read; what was written before that stays written.
   * Called while a sync runs, it answers that sync.
   */
  syncOnce(): Promise<SyncReport> {
    this.#running ??= this.#sync().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  /** Polls every `intervalMs`, counted from the end of the previous poll; the first one at once. */
  start(intervalMs: number): void {
    if (this.#timer || this.#stopping) return;
    const plan = (delay: number) => {
      this.#timer = setTimeout(() => {
        void this.#poll(intervalMs).finally(() => {
          if (!this.#stopping) plan(intervalMs);
        });
      }, delay);
      this.#timer.unref();
    };
    plan(0);
  }

  /**
   * Stops polling; a sync under way finishes its page and stops there. A read that hangs (LiteBans'
   * database stalled) is not waited for long: ending the pool cuts it, and a page is written
   * whole or not at all.
   */
  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#timer) clearTimeout(this.#timer);
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([
      this.#running?.catch(() => {}),
      new Promise((resolve) => {
        waited = setTimeout(resolve, STOP_WAIT_MS);
      }),
    ]);
    clearTimeout(waited);
  }

  async #poll(intervalMs: number): Promise<void> {
    try {
      const report = await this.syncOnce();
      if (this.#failing !== null) this.#log.info({}, 'LiteBans: following again');
      this.#failing = null;
      if (report.copied + report.changed > 0) this.#log.info({ ...report }, 'LiteBans: punishments synced');
    } catch (err) {
      if (this.#stopping) return;
      // A layout looked up before the failure may be what failed (a table dropped, an upgrade).
      this.#source.forgetLayout();
      const message = err instanceof Error ? err.message : String(err);
      // Once per failure, not once per poll while it lasts.
      if (this.#failing !== message) {
        this.#log.warn(
          { err, retryInSeconds: intervalMs / 1000 },
          'LiteBans: cannot follow its database now; trying again at the next poll',
        );
      }
      this.#failing = message;
    }
  }

  async #sync(): Promise<SyncReport> {
    const report: SyncReport = { copied: 0, changed: 0 };
    for (const { table, type } of LITEBANS_TABLES) {
      await this.#perTable(table, () => this.#copyNew(table, type, report));
    }
    await this.#recheckHeld(report);
    await this.#nameUnnamed(report);
    return report;
  }

  /** Runs a table's part; a table LiteBans lacks is logged once and skipped, the others go on. */
  async #perTable(table: string, part: () => Promise<void>): Promise<void> {
    try {
      await part();
      this.#tableProblems.delete(table);
    } catch (err) {
      if (!(err instanceof LitebansLayoutError)) throw err;
      if (this.#tableProblems.get(table) !== err.message) {
        this.#log.warn({ table: this.#source.tableName(table) }, `LiteBans: ${err.message}; skipped`);
      }
      this.#tableProblems.set(table, err.message);
    }
  }

  /** Copies the rows of `table` after its cursor, a page at a time, until none is left. */
  async #copyNew(table: string, type: PunishmentType, report: SyncReport): Promise<void> {
    const cursorName = this.#source.tableName(table);
    while (!this.#stopping) {
      const after = await readCursor(this.#db, cursorName);
      const rows = await this.#source.rowsAfter(table, after, this.#pageSize);
      if (rows.length === 0) return;
      const settled = this.#settledThrough(cursorName, after, rows);
      const now = Date.now();
      const names = await this.#namesOf(rows.flatMap((r) => [r.uuid, r.bannedByUuid, r.removedByUuid]));
      const standings = rows.map((row) => standingOf(row, names, now));
      const issued = rows.map((row, i) => punishmentOf(type, row, names, standings[i]!, now));
      const revocations = rows.flatMap((row, i) => {
        const standing = standings[i]!;
        if (standing.state !== 'revoked' || type === 'kick') return [];
        const { at, by, reason } = standing;
        return [{ source: 'litebans' as const, sourceId: sourceIdOf(type, row.id), at, by, reason }];
      });
      await this.#write(async (w) => {
        await issuePunishments(w, issued);
        report.copied += w.changes.length;
        await revokePunishments(w, revocations);
        await advanceCursor(w, cursorName, settled);
      });
      // Held at a gap that may yet fill, or at the end: the next poll goes on from the cursor.
      if (settled < rows.at(-1)!.id || rows.length < this.#pageSize) return;
    }
  }

  /**
   * How far the cursor may move over `rows` (read after `after`, in id order): up to the first
   * gap in the ids that could be an insert not yet committed (MySQL hands out ids before commit),
   * so that such a row is read when it lands instead of being skipped for ever. The rows past it
   * are recorded all the same; reading them again at the next poll records nothing twice.
   */
  #settledThrough(table: string, after: number, rows: readonly LitebansRow[]): number {
    const seen = this.#gaps.get(table) ?? new Map<number, number>();
    this.#gaps.set(table, seen);
    const now = this.#clock();
    let settled = after;
    let held = false;
    let previous = after;
    for (const row of rows) {
      const opensAfter = previous;
      previous = row.id;
      if (row.id === opensAfter + 1) {
        if (!held) settled = row.id;
        continue;
      }
      // Every gap of the page starts its wait now, not once those before it have passed.
      if (!seen.has(opensAfter)) seen.set(opensAfter, now);
      const waited = now - seen.get(opensAfter)! >= this.#gapWaitMs;
      const old = Number.isFinite(row.time) && Date.now() - row.time >= OLD_ROW_MS;
      if (!held && (waited || old)) settled = row.id;
      else held = true;
    }
    for (const opensAfter of seen.keys()) if (opensAfter < settled) seen.delete(opensAfter);
    return settled;
  }

  /**
   * Reads again, a page at a time, the LiteBans punishments the site holds as in force, and takes
   * over what changed. A table LiteBans lacks (for now) is left alone: its rows are not taken for
   * deleted.
   */
  async #recheckHeld(report: SyncReport): Promise<void> {
    let after = 0;
    while (!this.#stopping) {
      const held = await heldInForce(this.#db, after, this.#pageSize);
      if (held.length === 0) return;
      after = held.at(-1)!.id;
      const now = Date.now();
      const amendments: { sourceId: string; reason: string | null; until: Date | null }[] = [];
      const ends: { sourceId: string; at: Date }[] = [];
      const revocations: Revocation[] = [];
      for (const { table, type } of LITEBANS_TABLES) {
        const mine = held.flatMap((p) => {
          const match = TYPE_OF_ID.exec(p.sourceId);
          return match?.[1] === type ? [{ ...p, rowId: Number(match[2]) }] : [];
        });
        if (mine.length === 0) continue;
        await this.#perTable(table, async () => {
          const found = await this.#source.rowsById(
            table,
            mine.map((p) => p.rowId),
          );
          const rows = new Map(found.map((r) => [r.id, r]));
          const removers = [...rows.values()].filter((r) => !r.active).map((r) => r.removedByUuid);
          const names = await this.#namesOf(removers);
          for (const p of mine) {
            const row = rows.get(p.rowId);
            // Deleted from LiteBans: no longer enforced, and nobody known lifted it.
            if (!row) {
              ends.push({ sourceId: p.sourceId, at: new Date(now) });
              continue;
            }
            const reason = reasonOf(row);
            const until = untilOf(type, row);
            if (reason !== p.reason || until?.getTime() !== p.until?.getTime()) {
              amendments.push({ sourceId: p.sourceId, reason, until });
            }
            const standing = standingOf(row, names, now);
            if (standing.state === 'ended') ends.push({ sourceId: p.sourceId, at: standing.at });
            if (standing.state === 'revoked') {
              const { at, by, reason: why } = standing;
              revocations.push({ source: 'litebans', sourceId: p.sourceId, at, by, reason: why });
            }
          }
        });
      }
      await this.#write(async (w) => {
        await amendPunishments(w, amendments);
        await endPunishments(w, ends);
        await revokePunishments(w, revocations);
        report.changed += w.changes.length;
      });
      if (held.length < this.#pageSize) return;
    }
  }

  /** Names players recorded by the fallback once LiteBans' history or the site knows them. */
  async #nameUnnamed(report: SyncReport): Promise<void> {
    const uuids = await unnamedPlayers(this.#db, this.#namesAfter, NAMES_PER_SYNC);
    // Round and round: the next sync looks further on, or from the start again.
    this.#namesAfter = uuids.length < NAMES_PER_SYNC ? NIL_UUID : uuids.at(-1)!;
    if (uuids.length === 0) return;
    const names = await this.#namesOf(uuids);
    const found = uuids.flatMap((uuid) => {
      const name = names.get(uuid);
      return name ? [{ uuid, name }] : [];
    });
    if (found.length === 0) return;
    await this.#write(async (w) => {
      await namePlayers(w, found);
      report.changed += w.changes.length;
    });
  }

  /**
   * The names of these uuids (any that are not uuids are passed over): the newest in LiteBans'
   * history, else the site's own.
   */
  async #namesOf(raw: readonly (string | null)[]): Promise<KnownNames> {
    const uuids = [...new Set(raw.map(uuidOf).filter((u): u is string => u !== null))];
    const names = new Map<string, string>();
    const keep = (uuid: string, name: string) => {
      const clean = cleanText(name, 64);
      if (clean !== null && !names.has(uuid)) names.set(uuid, clean);
    };
    for (const [uuid, name] of await this.#source.namesOf(uuids)) keep(uuid, name);
    const unknown = uuids.filter((uuid) => !names.has(uuid));
    for (const [uuid, name] of await siteNamesOf(this.#db, unknown)) keep(uuid, name);
    return names;
  }

  /** One site transaction: its changes are announced on commit, to every process. */
  async #write(apply: (w: Write) => Promise<void>): Promise<void> {
    const changes = await this.#db.transaction(async (tx) => {
      const w = writeIn(tx);
      await apply(w);
      await notifyChanges(tx, w.changes);
      return w.changes;
    });
    await committedHere(this.#db, changes);
  }
}

/**
 * Follows config.litebans from main.ts: a pool of LiteBans' database and a follower polling it.
 * Stopping ends the poll and then the pool.
 */
export function startLitebansFollowing(
  settings: NonNullable<Config['litebans']>,
  db: Db,
  log: LitebansLog,
): { stop(): Promise<void> } {
  const pool = createLitebansPool(settings.url);
  const follower = new LitebansFollower({ pool, prefix: settings.tablePrefix, db, log });
  follower.start(settings.pollMs);
  log.info(
    { prefix: settings.tablePrefix, pollSeconds: settings.pollMs / 1000 },
    'LiteBans: following its database',
  );
  return {
    async stop() {
      await follower.stop();
      await pool.end().catch(() => {});
    },
  };
}
