// The players' own writes: presence, progress, statistics, G-Kits and activity. The game server is
// their only source (DESIGN.md section 7); the bridge calls these inside its batch's transaction.
// Times only move forward whatever order events arrive in, so a late event never undoes a newer one.
import { MILESTONE_TYPES } from '@prison/shared/players';
import { eq, sql } from 'drizzle-orm';
import { activity, gkitStates, playerStats, players, xpHourly } from '../../db/schema.ts';
import type { Write } from '../../live/changes.ts';

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** A player joined at `at`: created on first sight, renamed if their name changed. */
export async function recordJoin(w: Write, player: { uuid: string; username: string }, at: Date) {
  await w.tx
    .insert(players)
    .values({
      uuid: player.uuid,
      username: player.username,
      online: true,
      firstLoginAt: at,
      lastLoginAt: at,
      lastSeenAt: at,
    })
    .onConflictDoUpdate({
      target: players.uuid,
      set: {
        username: player.username,
        // A join older than the last quit (delivered late) does not bring the player back.
        online: sql`case when ${iso(at)} >= coalesce(${players.lastLogoutAt}, '-infinity') then true else ${players.online} end`,
        lastLoginAt: sql`greatest(${players.lastLoginAt}, ${iso(at)})`,
        lastSeenAt: sql`greatest(${players.lastSeenAt}, ${iso(at)})`,
        firstLoginAt: sql`least(${players.firstLoginAt}, ${iso(at)})`,
      },
    });
  w.changes.push(
    { type: 'player.named', player: player.uuid },
    { type: 'presence.changed', player: player.uuid },
  );
}

/** A player quit at `at`, unless they joined again after it. */
export async function recordQuit(w: Write, uuid: string, at: Date) {
  await w.tx
    .update(players)
    .set({
      online: sql`case when ${iso(at)} >= coalesce(${players.lastLoginAt}, '-infinity') then false else ${players.online} end`,
      lastLogoutAt: sql`greatest(${players.lastLogoutAt}, ${iso(at)})`,
      lastSeenAt: sql`greatest(${players.lastSeenAt}, ${iso(at)})`,
    })
    .where(eq(players.uuid, uuid));
  w.changes.push({ type: 'presence.changed', player: uuid });
}

export interface Progress {
  xpDelta: number;
  level?: number;
  prestige?: number;
  rank?: string;
}

/** XP gained (or lost) at `at`, with the level, prestige or rank it brought. */
export async function recordProgress(w: Write, uuid: string, progress: Progress, at: Date) {
  await w.tx
    .update(players)
    .set({
      xp: sql`${players.xp} + ${progress.xpDelta}`,
      lifetimeXp: sql`${players.lifetimeXp} + ${progress.xpDelta}`,
      lastSeenAt: sql`greatest(${players.lastSeenAt}, ${iso(at)})`,
      ...(progress.level !== undefined && { level: progress.level }),
      ...(progress.prestige !== undefined && { prestige: progress.prestige }),
      ...(progress.rank !== undefined && { rank: progress.rank.toUpperCase() }),
    })
    .where(eq(players.uuid, uuid));
  // Playing moves last_seen_at, which the gang rosters show as each member's last activity.
  w.changes.push({ type: 'progress.changed', player: uuid });
}

/** Statistics set to a value, and statistics added to, as of `at`. */
export async function recordStats(
  w: Write,
  uuid: string,
  stats: { set?: Record<string, number>; add?: Record<string, number> },
  at: Date,
) {
  const upsert = async (values: Record<string, number>, mode: 'add' | 'set') => {
    const rows = Object.entries(values).map(([name, value]) => ({
      playerUuid: uuid,
      name,
      value,
      updatedAt: at,
    }));
    if (rows.length === 0) return;
    await w.tx
      .insert(playerStats)
      .values(rows)
      .onConflictDoUpdate({
        target: [playerStats.playerUuid, playerStats.name],
        set: {
          value: mode === 'add' ? sql`${playerStats.value} + excluded.value` : sql`excluded.value`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  };
  await upsert(stats.set ?? {}, 'set');
  await upsert(stats.add ?? {}, 'add');
  w.changes.push({ type: 'stats.changed', player: uuid });
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
  unlocked: boolean;
  level: number;
  cooldownEndsAt: Date | null;
  lastClaimedAt: Date | null;
}

/** The state of one of a player's G-Kits, as the game server last reported it. */
export async function storeGKit(w: Write, uuid: string, kitId: string, state: GKitWrite) {
  await w.tx
    .insert(gkitStates)
    .values({ playerUuid: uuid, kitId, ...state })
    .onConflictDoUpdate({ target: [gkitStates.playerUuid, gkitStates.kitId], set: state });
}

export interface ActivityWrite {
  actor: string;
  target: string | null;
  type: string;
  text: string | null;
}

/** Something that happened in game at `at`. */
export async function addActivity(w: Write, item: ActivityWrite, at: Date) {
  await w.tx.insert(activity).values({
    occurredAt: at,
    actorUuid: item.actor,
    targetUuid: item.target,
    activityType: item.type,
    activityText: item.text,
  });
  w.changes.push({
    type: 'activity.added',
    actor: item.actor,
    milestone: (MILESTONE_TYPES as readonly string[]).includes(item.type),
  });
}
