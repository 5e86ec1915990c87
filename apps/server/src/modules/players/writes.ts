// The players' own writes: presence, progress, statistics, G-Kits and activity. The game server is
// their only source (DESIGN.md section 7); the bridge calls these inside its batch's transaction.
// Times only move forward whatever order events arrive in, so a late event never undoes a newer one.
import { MILESTONE_TYPES } from '@prison/shared/players';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { xpHourly } from '../../db/schema.ts';
import type { Write } from '../../live/changes.ts';
import { queueWebhooks, WEBHOOK_RECENT } from '../webhooks/events.ts';

/** Rows for `jsonb_to_recordset`: a whole set of writes travels as one parameter. */
const recordset = (rows: readonly object[]) => sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`;

export interface Join {
  uuid: string;
  username: string;
  at: Date;
  /** The game server the player joined (its credential's name), where their deliveries go. */
  server: string | null;
}

/**
 * Players joined, each at its `at`: created on first sight, renamed if their name changed. At most
 * one join per player: a player's joins and quits depend on their order, so they come in turn.
 */
export async function recordJoins(w: Write, joins: readonly Join[]) {
  if (joins.length === 0) return;
  await w.tx.execute(sql`
    insert into players as p (uuid, username, online, first_login_at, last_login_at, last_seen_at, server)
    select uuid, username, true, at, at, at, server
    from ${recordset(joins)} as j(uuid uuid, username text, at timestamptz, server text)
    order by uuid
    on conflict (uuid) do update set
      username = excluded.username,
      -- A join older than the last quit (delivered late) does not bring the player back.
      online = case when excluded.last_login_at >= coalesce(p.last_logout_at, '-infinity') then true else p.online end,
      server = case when excluded.last_login_at >= coalesce(p.last_login_at, '-infinity') then excluded.server else p.server end,
      last_login_at = greatest(p.last_login_at, excluded.last_login_at),
      last_seen_at = greatest(p.last_seen_at, excluded.last_seen_at),
      first_login_at = least(p.first_login_at, excluded.first_login_at)`);
  for (const { uuid } of joins) {
    w.changes.push({ type: 'player.named', player: uuid }, { type: 'presence.changed', player: uuid });
  }
}

/** Players quit, each at its `at`, unless they joined again after it. At most one quit per player. */
export async function recordQuits(w: Write, quits: readonly { uuid: string; at: Date }[]) {
  if (quits.length === 0) return;
  await w.tx.execute(sql`
    update players p set
      online = case when q.at >= coalesce(p.last_login_at, '-infinity') then false else p.online end,
      last_logout_at = greatest(p.last_logout_at, q.at),
      last_seen_at = greatest(p.last_seen_at, q.at)
    from ${recordset(quits)} as q(uuid uuid, at timestamptz)
    where p.uuid = q.uuid`);
  for (const { uuid } of quits) w.changes.push({ type: 'presence.changed', player: uuid });
}

export interface Progress {
  uuid: string;
  xpDelta: number;
  level?: number;
  prestige?: number;
  rank?: string;
  at: Date;
}

/**
 * XP gained (or lost), with the level, prestige or rank it brought, in the order given: a player's
 * XP moves by the sum of theirs, and the last level, prestige and rank given win.
 */
export async function recordProgress(w: Write, progress: readonly Progress[]) {
  if (progress.length === 0) return;
  const byPlayer = new Map<
    string,
    { uuid: string; xp: number; level?: number; prestige?: number; rank?: string; at: Date }
  >();
  for (const item of progress) {
    const key = item.uuid.toLowerCase();
    const seen = byPlayer.get(key) ?? { uuid: item.uuid, xp: 0, at: item.at };
    seen.xp += item.xpDelta;
    if (item.level !== undefined) seen.level = item.level;
    if (item.prestige !== undefined) seen.prestige = item.prestige;
    if (item.rank !== undefined) seen.rank = item.rank.toUpperCase();
    if (item.at > seen.at) seen.at = item.at;
    byPlayer.set(key, seen);
  }
  // `before` is the row as the statement found it: a prestige that went up is a milestone.
  const updated = await w.tx.execute(sql`
    update players p set
      xp = p.xp + r.xp,
      lifetime_xp = p.lifetime_xp + r.xp,
      last_seen_at = greatest(p.last_seen_at, r.at),
      level = coalesce(r.level, p.level),
      prestige = coalesce(r.prestige, p.prestige),
      rank = coalesce(r.rank, p.rank)
    from ${recordset([...byPlayer.values()])}
      as r(uuid uuid, xp bigint, level int, prestige int, rank text, at timestamptz),
      players before
    where p.uuid = r.uuid and before.uuid = p.uuid
    returning p.uuid::text as uuid, p.username as name, p.prestige, before.prestige as was,
      r.at > now() - ${WEBHOOK_RECENT} as recent`);
  // Playing moves last_seen_at, which the gang rosters show as each member's last activity.
  for (const { uuid } of byPlayer.values()) w.changes.push({ type: 'progress.changed', player: uuid });
  // Each prestige is told once per address, however often it is reported (webhooks/events.ts).
  await queueWebhooks(
    w,
    rowsOf<{ uuid: string; name: string; prestige: number; was: number; recent: boolean }>(updated)
      .filter((row) => row.prestige > row.was && row.recent)
      .map((row) => ({
        event: 'milestone' as const,
        data: {
          kind: 'prestige' as const,
          player: { uuid: row.uuid, name: row.name },
          prestige: row.prestige,
        },
        key: `prestige:${row.uuid}:${row.prestige}`,
      })),
  );
}

export interface StatsWrite {
  uuid: string;
  /** Statistics set to a value; within one write they are set before `add` adds to them. */
  set?: Record<string, number>;
  add?: Record<string, number>;
  at: Date;
}

/**
 * Statistics set to a value, and statistics added to, as of each write's `at`, in the order given.
 * Each statistic is written once: the last value set plus what was added after it, or what was
 * added to the stored value (floating point: the additions are summed first, then added).
 */
export async function recordStats(w: Write, writes: readonly StatsWrite[]) {
  if (writes.length === 0) return;
  type Stat = { uuid: string; name: string; value: number; at: Date };
  const set = new Map<string, Stat>();
  const add = new Map<string, Stat>();
  const players = new Map<string, string>();
  for (const { uuid, at, ...stats } of writes) {
    players.set(uuid.toLowerCase(), uuid);
    for (const [name, value] of Object.entries(stats.set ?? {})) {
      const key = `${uuid.toLowerCase()} ${name}`;
      add.delete(key);
      set.set(key, { uuid, name, value, at });
    }
    for (const [name, value] of Object.entries(stats.add ?? {})) {
      const key = `${uuid.toLowerCase()} ${name}`;
      const seen = set.get(key) ?? add.get(key);
      if (seen) Object.assign(seen, { value: seen.value + value, at });
      else add.set(key, { uuid, name, value, at });
    }
  }
  const upsert = async (stats: Map<string, Stat>, value: SQL) => {
    if (stats.size === 0) return;
    await w.tx.execute(sql`
      insert into player_stats as s (player_uuid, name, value, updated_at)
      select uuid, name, value, at
      from ${recordset([...stats.values()])} as r(uuid uuid, name text, value float8, at timestamptz)
      order by uuid, name
      on conflict (player_uuid, name) do update set value = ${value}, updated_at = excluded.updated_at`);
  };
  await upsert(set, sql`excluded.value`);
  await upsert(add, sql`s.value + excluded.value`);
  for (const uuid of players.values()) w.changes.push({ type: 'stats.changed', player: uuid });
}

const HOUR_MS = 3_600_000;

/** The start of the hour `at` falls in, for `addHourlyXp`. */
export const hourOf = (at: Date) => Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;

/**
 * Adds XP gained to the dashboard's hourly series (hour start in epoch milliseconds -> XP). A batch
 * adds all of its XP at once, after its other writes, one row per hour in order of the hours, so
 * that batches take these locks last and in the same order.
 */
export async function addHourlyXp(w: Write, xpByHour: ReadonlyMap<number, number>) {
  if (xpByHour.size === 0) return;
  const rows = [...xpByHour].sort(([a], [b]) => a - b).map(([hour, xp]) => ({ hour: new Date(hour), xp }));
  await w.tx
    .insert(xpHourly)
    .values(rows)
    .onConflictDoUpdate({ target: xpHourly.hour, set: { xp: sql`${xpHourly.xp} + excluded.xp` } });
}

export interface GKitWrite {
  uuid: string;
  kitId: string;
  unlocked: boolean;
  level: number;
  cooldownEndsAt: Date | null;
  lastClaimedAt: Date | null;
}

/** The state of players' G-Kits as the game server reported them; of one kit, the last given wins. */
export async function storeGKits(w: Write, kits: readonly GKitWrite[]) {
  if (kits.length === 0) return;
  const last = new Map(kits.map((kit) => [`${kit.uuid.toLowerCase()} ${kit.kitId}`, kit]));
  await w.tx.execute(sql`
    insert into gkit_states (player_uuid, kit_id, unlocked, level, cooldown_ends_at, last_claimed_at)
    select uuid, "kitId", unlocked, level, "cooldownEndsAt", "lastClaimedAt"
    from ${recordset([...last.values()])} as k(uuid uuid, "kitId" text, unlocked boolean, level int,
      "cooldownEndsAt" timestamptz, "lastClaimedAt" timestamptz)
    order by uuid, "kitId"
    on conflict (player_uuid, kit_id) do update set
      unlocked = excluded.unlocked,
      level = excluded.level,
      cooldown_ends_at = excluded.cooldown_ends_at,
      last_claimed_at = excluded.last_claimed_at`);
}

export interface ActivityWrite {
  actor: string;
  target: string | null;
  type: string;
  text: string | null;
  at: Date;
}

/** Things that happened in game, appended to the feeds in the order given. */
export async function addActivity(w: Write, items: readonly ActivityWrite[]) {
  if (items.length === 0) return;
  await w.tx.execute(sql`
    insert into activity (occurred_at, actor_uuid, target_uuid, activity_type, activity_text)
    select at, actor, target, type, text
    from ${recordset(items.map((item, i) => ({ i, ...item })))}
      as a(i int, at timestamptz, actor uuid, target uuid, type text, text text)
    order by i`);
  for (const item of items) {
    w.changes.push({
      type: 'activity.added',
      actor: item.actor,
      milestone: (MILESTONE_TYPES as readonly string[]).includes(item.type),
    });
  }
}
