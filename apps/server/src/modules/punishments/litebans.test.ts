// Following a LiteBans database, against a real MariaDB (127.0.0.1:3306, root without a password, or
// TEST_MARIADB_URL) holding LiteBans' own layout, on the site's PGlite and PostgreSQL: new rows
// appear; pardons, expiries and edits are taken over; a restart resumes without duplicates or gaps;
// odd values are kept sensibly and an address never reaches a public answer; LiteBans' database
// unreachable, missing or appearing later is survived.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Punishment, PunishmentsPage } from '@prison/shared/punishments';
import { sql } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  newPlayer,
  openTestDatabase,
  postEvents,
  type TestApp,
} from '../../../test/helpers.ts';
import { type Db, rowsOf } from '../../db/client.ts';
import { LitebansFollower, type LitebansLog } from './litebans.ts';
import { createLitebansPool } from './litebans-source.ts';
import { listPunishments, punishmentById } from './service.ts';

const SERVER = process.env.TEST_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306';
const HOUR = 3600_000;
const STAFF = { uuid: '8667ba71-b85a-4004-af54-457a9734eed7', name: 'ModSteve' };
const ADMIN = { uuid: '2ccd0bb2-8121-4361-803a-945b8f0644ab', name: 'AdminAlex' };

/**
 * LiteBans' tables as LiteBans creates them on MySQL and MariaDB (the layout its web interface
 * reads): `removable` tables carry removed_by_*, warnings carry `warned`. `old` leaves out the
 * columns later versions added (removed_by_reason, template, server_origin).
 */
function litebansTables(prefix: string, { old = false } = {}): string[] {
  const table = (name: string, { removable = true, warned = false } = {}) => `
    CREATE TABLE \`${prefix}${name}\` (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
      uuid VARCHAR(36) NULL,
      ip VARCHAR(45) NULL,
      reason VARCHAR(2048) NULL,
      banned_by_uuid VARCHAR(36) NOT NULL,
      banned_by_name VARCHAR(128) NULL,
      ${removable ? 'removed_by_uuid VARCHAR(36) NULL, removed_by_name VARCHAR(128) NULL,' : ''}
      ${removable && !old ? 'removed_by_reason VARCHAR(2048) NULL,' : ''}
      ${removable ? 'removed_by_date TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,' : ''}
      time BIGINT NOT NULL,
      until BIGINT NOT NULL,
      ${old ? '' : 'template TINYINT UNSIGNED NOT NULL DEFAULT 255,'}
      server_scope VARCHAR(32) NULL,
      ${old ? '' : 'server_origin VARCHAR(32) NULL,'}
      silent BIT(1) NOT NULL,
      ipban BIT(1) NOT NULL,
      ipban_wildcard BIT(1) NOT NULL DEFAULT b'0',
      active BIT(1) NOT NULL,
      ${warned ? 'warned BIT(1) NOT NULL,' : ''}
      PRIMARY KEY (id)
    )`;
  return [
    table('bans'),
    table('mutes'),
    table('warnings', { warned: true }),
    table('kicks', { removable: false }),
    `CREATE TABLE \`${prefix}history\` (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
      date TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
      name VARCHAR(16) NOT NULL,
      uuid VARCHAR(36) NOT NULL,
      ip VARCHAR(45) NOT NULL,
      PRIMARY KEY (id)
    )`,
  ];
}

type Table = 'bans' | 'mutes' | 'warnings' | 'kicks';

const litebansDatabaseName = () => `lb_${randomBytes(6).toString('hex')}`;
const litebansUrl = (name: string) => `${SERVER.replace(/\/+$/, '')}/${name}`;

/** A LiteBans database of its own on the test server, dropped by `drop`. */
async function createLitebansDatabase(
  prefix = 'litebans_',
  options: { old?: boolean; tables?: boolean; name?: string } = {},
) {
  const name = options.name ?? litebansDatabaseName();
  // Times written in UTC whatever this machine's zone or the server's.
  const admin = await mysql.createConnection({ uri: SERVER, timezone: 'Z' });
  await admin.query("SET time_zone = '+00:00'");
  await admin.query(`CREATE DATABASE \`${name}\``);
  await admin.query(`USE \`${name}\``);
  if (options.tables !== false) for (const ddl of litebansTables(prefix, options)) await admin.query(ddl);
  const url = litebansUrl(name);
  return {
    name,
    url,
    admin,
    /** Adds a punishment as LiteBans writes one; answers its id. */
    async add(table: Table, fields: Record<string, unknown> = {}): Promise<number> {
      const row: Record<string, unknown> = {
        uuid: randomUUID(),
        ip: '127.0.0.1',
        reason: 'X-ray',
        banned_by_uuid: STAFF.uuid,
        banned_by_name: STAFF.name,
        time: Date.now() - HOUR,
        until: -1,
        server_scope: '*',
        silent: false,
        ipban: false,
        active: true,
        ...(table === 'warnings' ? { warned: false } : {}),
        ...fields,
      };
      const [result] = await admin.query<mysql.ResultSetHeader>(
        `INSERT INTO \`${prefix}${table}\` (${Object.keys(row).join(', ')}) VALUES (?)`,
        [Object.values(row)],
      );
      return result.insertId;
    },
    async update(table: Table, id: number, fields: Record<string, unknown>): Promise<void> {
      await admin.query(`UPDATE \`${prefix}${table}\` SET ? WHERE id = ?`, [fields, id]);
    },
    /** A name a player joined under, as LiteBans records it. */
    async named(uuid: string, name: string, date = new Date()): Promise<void> {
      await admin.query(`INSERT INTO \`${prefix}history\` (date, name, uuid, ip) VALUES (?, ?, ?, ?)`, [
        date,
        name,
        uuid,
        '127.0.0.1',
      ]);
    },
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.end();
    },
  };
}

/** A log that keeps what it is told. */
function recordingLog() {
  const entries: { level: 'info' | 'warn'; msg: string; obj: object }[] = [];
  const log: LitebansLog = {
    info: (obj, msg) => entries.push({ level: 'info', msg, obj }),
    warn: (obj, msg) => entries.push({ level: 'warn', msg, obj }),
  };
  return { log, entries, warnings: () => entries.filter((e) => e.level === 'warn') };
}

/** The site's LiteBans punishments of a player, straight from its table (silent ones too). */
async function storedOf(db: Db, uuid: string) {
  const rows = await db.execute(sql`
    select source_id, type, player_name, staff_uuid::text, staff_name, reason, until, silent, by_address,
      address, revoked_at, revoked_by_uuid::text, revoked_by_name, revoke_reason
    from punishments where source = 'litebans' and player_uuid = ${uuid} order by source_id`);
  return rowsOf<Record<string, unknown>>(rows);
}

async function cursorOf(db: Db, table: string): Promise<number> {
  const rows = await db.execute(sql`select last_id from litebans_cursor where table_name = ${table}`);
  return Number(rowsOf<{ last_id: string | number }>(rows)[0]?.last_id ?? 0);
}

describe.each(databaseKinds())('following LiteBans on %s', (kind) => {
  let t: TestApp;
  let lb: Awaited<ReturnType<typeof createLitebansDatabase>>;
  const pools: ReturnType<typeof createLitebansPool>[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    lb = await createLitebansDatabase();
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end().catch(() => {})));
    await t?.close();
    await lb?.drop();
  });

  /** A follower of the describe's LiteBans database into the site's, as the server starts one. */
  function follower(options: { pageSize?: number; gapWaitMs?: number; clock?: () => number } = {}) {
    const pool = createLitebansPool(lb.url);
    pools.push(pool);
    const { log, warnings } = recordingLog();
    return { f: new LitebansFollower({ pool, prefix: 'litebans_', db: t.db, log, ...options }), warnings };
  }

  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() as T, text: res.body };
  };
  const historyOf = async (uuid: string) =>
    (await get<{ punishments: Punishment[] }>(`/api/players/${uuid}/punishments`)).body.punishments;
  const inForce = async () => (await listPunishments(t.db, { active: true, limit: 100 })).punishments;

  it('copies the new rows of bans, mutes, warnings and kicks, named as LiteBans last saw the player', async () => {
    const player = randomUUID();
    await lb.named(player, 'OldName', new Date(Date.now() - 48 * HOUR));
    await lb.named(player, 'Griefer_01', new Date(Date.now() - 2 * HOUR));
    const until = Date.now() + 24 * HOUR;
    await lb.add('bans', { uuid: player, reason: 'X-ray', server_origin: 'prison-1' });
    await lb.add('mutes', { uuid: player, reason: 'Spam', until });
    await lb.add('warnings', {
      uuid: player,
      reason: 'Caps',
      banned_by_uuid: 'CONSOLE',
      banned_by_name: 'Console',
    });
    // A kick's until means nothing: it is never in force.
    await lb.add('kicks', { uuid: player, reason: 'AFK', until });

    const { f, warnings } = follower();
    expect((await f.syncOnce()).copied).toBe(4);
    expect(warnings()).toEqual([]);

    const history = await historyOf(player);
    expect(history.map((p) => p.type).sort()).toEqual(['ban', 'kick', 'mute', 'warning']);
    const byType = Object.fromEntries(history.map((p) => [p.type, p]));
    expect(byType.ban).toMatchObject({
      player: { uuid: player, name: 'Griefer_01' },
      staff: STAFF,
      reason: 'X-ray',
      until: null,
      active: true,
      revoked: null,
      source: 'litebans',
    });
    expect(byType.mute).toMatchObject({ reason: 'Spam', until: new Date(until).toISOString(), active: true });
    // The console is no one.
    expect(byType.warning).toMatchObject({ staff: null, reason: 'Caps', active: true });
    expect(byType.kick).toMatchObject({ reason: 'AFK', until: null, active: false });

    const active = (await inForce()).filter((p) => p.player.uuid === player);
    expect(active.map((p) => p.type).sort()).toEqual(['ban', 'mute', 'warning']);
    // Read again, nothing is recorded twice.
    expect(await f.syncOnce()).toEqual({ copied: 0, changed: 0 });
    expect(await historyOf(player)).toHaveLength(4);
  });

  it('takes over a pardon, an expiry, a replacement, a deletion and an edited reason or end', async () => {
    const player = randomUUID();
    await lb.named(player, 'Pardoned');
    const pardoned = await lb.add('bans', { uuid: player, reason: 'Fly' });
    const expiring = await lb.add('bans', { uuid: player, reason: 'Alt', until: Date.now() + HOUR });
    const replaced = await lb.add('mutes', { uuid: player, reason: 'Spam' });
    const edited = await lb.add('warnings', { uuid: player, reason: 'Swearing', until: Date.now() + HOUR });
    const deleted = await lb.add('mutes', { uuid: player, reason: 'Ads' });
    const { f } = follower();
    await f.syncOnce();
    const ids = Object.fromEntries((await historyOf(player)).map((p) => [p.reason, p.id]));
    expect((await inForce()).filter((p) => p.player.uuid === player)).toHaveLength(5);

    const removedAt = new Date(Math.floor((Date.now() - 60_000) / 1000) * 1000);
    await lb.update('bans', pardoned, {
      active: false,
      removed_by_uuid: ADMIN.uuid,
      removed_by_name: ADMIN.name,
      removed_by_reason: 'Appeal accepted',
      removed_by_date: removedAt,
    });
    // LiteBans ends a temporary ban whose time ran out with its own marker, not a person's name.
    const ranOut = Date.now() - 1000;
    await lb.update('bans', expiring, { until: ranOut, active: false, removed_by_name: '#expired' });
    await lb.update('mutes', replaced, {
      active: false,
      removed_by_name: '#expired',
      removed_by_date: removedAt,
    });
    const longer = Date.now() + 48 * HOUR;
    await lb.update('warnings', edited, { reason: 'Swearing (second time)', until: longer });
    await lb.admin.query('DELETE FROM litebans_mutes WHERE id = ?', [deleted]);

    expect((await f.syncOnce()).changed).toBeGreaterThanOrEqual(5);
    const now = await punishmentById(t.db, ids.Fly!);
    expect(now).toMatchObject({
      active: false,
      revoked: { at: removedAt.toISOString(), by: ADMIN, reason: 'Appeal accepted' },
    });
    const expired = await punishmentById(t.db, ids.Alt!);
    expect(expired).toMatchObject({ active: false, revoked: null, until: new Date(ranOut).toISOString() });
    // A permanent mute LiteBans took out of force ends when it did, with nobody named as lifting it.
    expect(await punishmentById(t.db, ids.Spam!)).toMatchObject({
      active: false,
      revoked: null,
      until: removedAt.toISOString(),
    });
    expect(await punishmentById(t.db, ids.Swearing!)).toMatchObject({
      active: true,
      reason: 'Swearing (second time)',
      until: new Date(longer).toISOString(),
    });
    expect(await punishmentById(t.db, ids.Ads!)).toMatchObject({ active: false, revoked: null });
    const active = (await inForce()).filter((p) => p.player.uuid === player);
    expect(active.map((p) => p.reason)).toEqual(['Swearing (second time)']);
    // What was taken over is not taken over again.
    expect(await f.syncOnce()).toEqual({ copied: 0, changed: 0 });
  });

  it('records a row LiteBans already holds as pardoned or ended as such the first time it reads it', async () => {
    const player = randomUUID();
    const removedAt = new Date(Math.floor((Date.now() - HOUR) / 1000) * 1000);
    await lb.add('bans', {
      uuid: player,
      reason: 'Old ban',
      time: Date.now() - 30 * 24 * HOUR,
      active: false,
      removed_by_uuid: 'CONSOLE',
      removed_by_name: 'Console',
      removed_by_reason: null,
      removed_by_date: removedAt,
    });
    const ended = Date.now() - 2 * HOUR;
    await lb.add('mutes', {
      uuid: player,
      reason: 'Old mute',
      until: ended,
      active: false,
      removed_by_name: '#expired',
    });
    await follower().f.syncOnce();
    const byReason = Object.fromEntries((await historyOf(player)).map((p) => [p.reason, p]));
    expect(byReason['Old ban']).toMatchObject({
      active: false,
      revoked: { at: removedAt.toISOString(), by: null, reason: null },
    });
    expect(byReason['Old mute']).toMatchObject({
      active: false,
      revoked: null,
      until: new Date(ended).toISOString(),
    });
  });

  it('resumes after a restart where it stopped: no row twice, none missed, those added meanwhile included', async () => {
    const player = randomUUID();
    await lb.named(player, 'Resumed');
    const before = [];
    for (let i = 0; i < 5; i++) before.push(await lb.add('bans', { uuid: player, reason: `before ${i}` }));
    const first = follower({ pageSize: 2 }).f;
    expect((await first.syncOnce()).copied).toBe(5);
    await first.stop();
    expect(await cursorOf(t.db, 'litebans_bans')).toBe(before.at(-1));

    // Added while the site was down.
    for (let i = 0; i < 3; i++) await lb.add('bans', { uuid: player, reason: `meanwhile ${i}` });
    await lb.add('warnings', { uuid: player, reason: 'meanwhile warning' });
    const second = follower({ pageSize: 2 }).f;
    expect((await second.syncOnce()).copied).toBe(4);

    // A crash between reading a page and recording it reads the page again: nothing twice.
    await t.db.execute(
      sql`update litebans_cursor set last_id = ${before[1]} where table_name = 'litebans_bans'`,
    );
    expect((await follower().f.syncOnce()).copied).toBe(0);

    const stored = await storedOf(t.db, player);
    expect(stored).toHaveLength(9);
    expect(new Set(stored.map((r) => r.source_id)).size).toBe(9);
    const [{ n }] = (
      await lb.admin.query<mysql.RowDataPacket[]>('SELECT COUNT(*) AS n FROM litebans_bans WHERE uuid = ?', [
        player,
      ])
    )[0] as [{ n: number }];
    expect(stored.filter((r) => r.type === 'ban')).toHaveLength(Number(n));
  });

  it('waits at a gap in the ids for the row being inserted there, and moves past one that stays empty', async () => {
    const player = randomUUID();
    const first = await lb.add('bans', { uuid: player, reason: 'first', time: Date.now() });
    // The next id is taken by an insert not yet committed: a later one lands first.
    const late = first + 1;
    await lb.add('bans', { id: first + 2, uuid: player, reason: 'third', time: Date.now() });
    let clock = 0;
    const { f } = follower({ gapWaitMs: 60_000, clock: () => clock });
    await f.syncOnce();
    expect((await storedOf(t.db, player)).map((r) => r.reason)).toEqual(['first', 'third']);
    expect(await cursorOf(t.db, 'litebans_bans')).toBe(first);

    await lb.add('bans', { id: late, uuid: player, reason: 'second', time: Date.now() });
    expect((await f.syncOnce()).copied).toBe(1);
    expect((await storedOf(t.db, player)).map((r) => r.reason).sort()).toEqual(['first', 'second', 'third']);
    expect(await cursorOf(t.db, 'litebans_bans')).toBe(first + 2);

    // A gap that stays empty (a rolled-back insert) holds the cursor only for a while.
    await lb.add('bans', { id: first + 4, uuid: player, reason: 'fifth', time: Date.now() });
    await f.syncOnce();
    expect(await cursorOf(t.db, 'litebans_bans')).toBe(first + 2);
    clock += 60_000;
    await f.syncOnce();
    expect(await cursorOf(t.db, 'litebans_bans')).toBe(first + 4);

    // Before a row issued long ago, a gap is not an insert under way: no wait.
    await lb.add('bans', { id: first + 6, uuid: player, reason: 'seventh', time: Date.now() - HOUR });
    await f.syncOnce();
    expect(await cursorOf(t.db, 'litebans_bans')).toBe(first + 6);
    expect(await storedOf(t.db, player)).toHaveLength(5);
  });

  it('keeps odd values sensibly and never shows an address in a public answer', async () => {
    const bare = randomUUID();
    const address = '203.0.113.77';
    const ipBanned = randomUUID();
    const ipBanAddress = '198.51.100.23';
    await lb.named(ipBanned, 'IpBanned');
    await lb.add('bans', { uuid: bare, reason: null, until: -1 });
    await lb.add('mutes', { uuid: bare, reason: '', until: 0 });
    await lb.add('warnings', { uuid: bare, reason: '§cNo\u0000 caps', until: '9223372036854775807' });
    await lb.add('bans', { uuid: '#offline#', ip: address, ipban: true, reason: 'Bot attack' });
    await lb.add('bans', { uuid: null, ip: address, ipban: true, reason: 'Bot attack again' });
    await lb.add('bans', { uuid: ipBanned, ip: ipBanAddress, ipban: true, reason: 'Alts' });
    await lb.add('bans', { uuid: ipBanned, ip: ipBanAddress, silent: true, reason: 'Quietly' });
    const { f, warnings } = follower();
    await f.syncOnce();
    expect(warnings()).toEqual([]);

    // No name anywhere: the first 8 characters of the uuid, until one is learnt.
    const odd = await historyOf(bare);
    expect(odd).toHaveLength(3);
    for (const p of odd)
      expect(p).toMatchObject({ player: { uuid: bare, name: bare.slice(0, 8) }, until: null });
    expect(odd.map((p) => p.reason).sort()).toEqual(['No caps', null, null]);
    expect(odd.every((p) => p.active)).toBe(true);

    // The address-only bans are kept for the console; an address ban of a player shows, without it.
    const addressOnly = rowsOf<Record<string, unknown>>(
      await t.db.execute(sql`
        select player_uuid::text as player, silent, by_address, address from punishments
        where source = 'litebans' and reason like 'Bot attack%'`),
    );
    expect(addressOnly).toHaveLength(2);
    for (const row of addressOnly) expect(row).toMatchObject({ silent: true, by_address: true, address });
    expect(await storedOf(t.db, ipBanned)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ by_address: true, address: ipBanAddress, silent: false }),
      ]),
    );
    const shown = await historyOf(ipBanned);
    expect(shown.map((p) => p.reason)).toEqual(['Alts']);

    const answers = [
      await get<PunishmentsPage>('/api/punishments?limit=100'),
      await get<PunishmentsPage>('/api/punishments?limit=100&type=ban&active=true'),
      await get<PunishmentsPage>('/api/punishments?q=ipban'),
      await get(`/api/players/${ipBanned}/punishments`),
      await get('/api/players/00000000-0000-0000-0000-000000000000/punishments'),
      await get(`/api/players/${ipBanned}`),
    ];
    const all = answers[0]!.body as PunishmentsPage;
    for (const p of all.punishments) answers.push(await get(`/api/punishments/${p.id}`));
    expect(all.punishments.map((p) => p.reason)).not.toContain('Bot attack');
    for (const answer of answers) {
      expect(answer.text).not.toContain(address);
      expect(answer.text).not.toContain(ipBanAddress);
    }

    // Names learnt later: from LiteBans' history, or from the site's own players.
    const joined = newPlayer({ username: 'LateJoiner' });
    await lb.add('kicks', { uuid: joined.uuid, reason: 'Lag machine' });
    await f.syncOnce();
    expect((await historyOf(joined.uuid))[0]?.player.name).toBe(joined.uuid.slice(0, 8));
    await lb.named(bare, 'FoundLater');
    expect((await postEvents(t.app, [joined.join])).statusCode).toBe(200);
    await f.syncOnce();
    expect((await historyOf(bare)).map((p) => p.player.name)).toEqual([
      'FoundLater',
      'FoundLater',
      'FoundLater',
    ]);
    expect((await historyOf(joined.uuid))[0]?.player.name).toBe('LateJoiner');
  });

  it('survives its connections to LiteBans being cut', async () => {
    const { f } = follower();
    await f.syncOnce();
    const [connections] = await lb.admin.query<mysql.RowDataPacket[]>(
      'SELECT id FROM information_schema.PROCESSLIST WHERE db = ? AND id <> CONNECTION_ID()',
      [lb.name],
    );
    expect(connections.length).toBeGreaterThan(0);
    for (const { id } of connections) await lb.admin.query(`KILL CONNECTION ${Number(id)}`);
    const player = randomUUID();
    await lb.add('bans', { uuid: player, reason: 'After the cut' });
    // The pool replaces what was cut: a poll may fail on a connection not yet known to be gone, a
    // later one copies.
    const copiedAfterCut = async () => {
      const synced = await f.syncOnce().then(
        () => true,
        () => false,
      );
      return synced && (await historyOf(player)).map((p) => p.reason);
    };
    await expect.poll(copiedAfterCut, { timeout: 30_000 }).toEqual(['After the cut']);
  });
});

describe.each(databaseKinds())("LiteBans' database out of reach, on %s", (kind) => {
  let site: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    site = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('keeps polling through an unreachable database, logs it once, and stops cleanly', async () => {
    // Nothing listens on port 1.
    const pool = createLitebansPool('mysql://site@127.0.0.1:1/litebans');
    const { log, warnings } = recordingLog();
    const f = new LitebansFollower({ pool, prefix: 'litebans_', db: site.db, log });
    await expect(f.syncOnce()).rejects.toThrow();
    f.start(1);
    await expect.poll(() => warnings().length, { timeout: 30_000 }).toBeGreaterThan(0);
    await f.stop();
    await pool.end();
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.msg).toMatch(/cannot follow its database now/);
  });

  it('follows a database that appears later, an older layout, and a table that is missing', async () => {
    const name = litebansDatabaseName();
    const pool = createLitebansPool(litebansUrl(name));
    const { log, warnings } = recordingLog();
    const f = new LitebansFollower({ pool, prefix: 'lb_', db: site.db, log });
    await expect(f.syncOnce()).rejects.toThrow(/Unknown database/);
    const lb = await createLitebansDatabase('lb_', { tables: false, name });
    try {
      await expect(f.syncOnce()).resolves.toEqual({ copied: 0, changed: 0 });
      // Each missing table is said once, not at every poll.
      await f.syncOnce();
      expect(warnings().map((w) => w.msg)).toHaveLength(4);

      const [bans, mutes, , kicks, history] = litebansTables('lb_', { old: true });
      for (const ddl of [bans, mutes, kicks, history]) await lb.admin.query(ddl!);
      const player = randomUUID();
      await lb.named(player, 'Veteran');
      await lb.admin.query(
        `INSERT INTO lb_bans (uuid, ip, reason, banned_by_uuid, banned_by_name, time, until, silent, ipban, active)
         VALUES (?, '#', 'Old layout', 'CONSOLE', 'Console', ?, -1, 0, 0, 1)`,
        [player, Date.now() - HOUR],
      );
      expect((await f.syncOnce()).copied).toBe(1);
      const [ban] = (await listPunishments(site.db, { active: true, limit: 10 })).punishments;
      expect(ban).toMatchObject({
        player: { uuid: player, name: 'Veteran' },
        staff: null,
        reason: 'Old layout',
      });
      // The warnings table is still missing: said once more, no more than that.
      expect(warnings().filter((w) => w.msg.includes('lb_warnings'))).toHaveLength(1);
    } finally {
      await f.stop();
      await pool.end();
      await lb.drop();
    }
  });
});
