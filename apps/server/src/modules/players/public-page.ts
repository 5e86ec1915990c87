// A player's public page (/players/{name}): the hero, their gang and friends count, the Discord
// account they linked, and, unless the player hides them, their statistics and milestones. Only
// MILESTONE_TYPES ever reach a public page: private messages, chat and everything else the game
// records stay off it.
import { uuid } from '@prison/shared/bridge';
import { type ActivityItem, MILESTONE_LIMIT, MILESTONE_TYPES, type PlayerPage } from '@prison/shared/players';
import { SKIPPED_STAT } from '@prison/shared/stats';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, rowsOf } from '../../db/client.ts';
import { activity, friendships, gangMembers, gangs, playerStats, players } from '../../db/schema.ts';
import { type Reader, VISITOR } from '../auth/staff.ts';
import { activeBan } from '../punishments/active-ban.ts';
import { mayReadStatistics } from './privacy.ts';

export const isPlayerUuid = (value: string) => uuid.safeParse(value).success;

/** The predicate of the partial index activity_milestones_idx, written the same way. */
export const IS_MILESTONE = sql.raw(
  `activity_type in (${MILESTONE_TYPES.map((type) => `'${type}'`).join(', ')})`,
);

/**
 * The page of the player named `nameOrUuid` (their current name in any case, or their uuid), or
 * null. Two players may have worn one name (a rename): the one seen most recently has it now.
 */
export async function playerPage(
  db: Db,
  nameOrUuid: string,
  reader: Reader = VISITOR,
  /** The hero alone (link previews): statistics and milestones are not read (null). */
  { heroOnly = false }: { heroOnly?: boolean } = {},
): Promise<PlayerPage | null> {
  const friendsCount = db
    .select({ count: sql<number>`count(*)::int` })
    .from(friendships)
    .where(eq(friendships.playerUuid, players.uuid));
  const [row] = await db
    .select({
      uuid: players.uuid,
      username: players.username,
      rank: players.rank,
      level: players.level,
      prestige: players.prestige,
      xp: players.xp,
      lifetime_xp: players.lifetimeXp,
      balance: players.balance,
      online: players.online,
      lastSeenAt: players.lastSeenAt,
      hidden: players.statsHidden,
      punishments_hidden: players.punishmentsHidden,
      discordName: players.discordName,
      gangId: gangs.id,
      gangName: gangs.name,
      gangColor: gangs.color,
      gangRole: gangMembers.role,
      friends_count: sql<number>`(${friendsCount})`.mapWith(Number),
    })
    .from(players)
    .leftJoin(gangMembers, eq(gangMembers.playerUuid, players.uuid))
    .leftJoin(gangs, eq(gangs.id, gangMembers.gangId))
    .where(
      isPlayerUuid(nameOrUuid)
        ? eq(players.uuid, nameOrUuid.toLowerCase())
        : sql`lower(${players.username}) = ${nameOrUuid.toLowerCase()}`,
    )
    .orderBy(desc(players.online), sql`${players.lastSeenAt} desc nulls last`, players.uuid)
    .limit(1);
  if (!row) return null;
  const { lastSeenAt, gangId, gangName, gangColor, gangRole, discordName, ...hero } = row;
  // privacy.ts: the player themselves and staff read what a player hides.
  const shown = !heroOnly && mayReadStatistics(reader, row);
  return {
    ...hero,
    last_seen_at: lastSeenAt?.toISOString() ?? null,
    gang:
      gangId && gangName
        ? { id: gangId, name: gangName, color: gangColor, role: gangRole ?? 'Member' }
        : null,
    stats: shown ? await statisticsOf(db, row.uuid) : null,
    milestones: shown ? await milestonesOf(db, row.uuid) : null,
    ban: await activeBan(db, row.uuid),
    // Linking it from /profile is the player's choice to show it; its id stays off the page.
    discord: discordName === null ? null : { name: discordName },
  };
}

/** Every statistic but MOMENTUM (spec 3), as the profile's Statistics tab reads them. */
export async function statisticsOf(db: Db, uuid: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ name: playerStats.name, value: playerStats.value })
    .from(playerStats)
    .where(and(eq(playerStats.playerUuid, uuid), sql`upper(${playerStats.name}) <> ${SKIPPED_STAT}`))
    .orderBy(playerStats.name);
  return Object.fromEntries(rows.map((s) => [s.name, s.value]));
}

export const actor = alias(players, 'actor');
export const target = alias(players, 'target');

/** The columns of an activity item, with the names of its actor and target (joined as `actor`, `target`). */
export const itemColumns = {
  id: activity.id,
  occurredAt: activity.occurredAt,
  actor_uuid: activity.actorUuid,
  actor_username: actor.username,
  target_uuid: activity.targetUuid,
  target_username: target.username,
  activity_type: activity.activityType,
  activity_text: activity.activityText,
};

export const toItem = ({
  occurredAt,
  ...item
}: { occurredAt: Date } & Omit<ActivityItem, 'occurred_at'>) => ({
  ...item,
  occurred_at: occurredAt.toISOString(),
});

/** A player's newest milestones, by when they happened: one range of activity_milestones_idx. */
export async function milestonesOf(db: Db, uuid: string, limit = MILESTONE_LIMIT): Promise<ActivityItem[]> {
  const rows = await db
    .select(itemColumns)
    .from(activity)
    .leftJoin(actor, eq(actor.uuid, activity.actorUuid))
    .leftJoin(target, eq(target.uuid, activity.targetUuid))
    .where(and(eq(activity.actorUuid, uuid), IS_MILESTONE))
    // The index's own order: when it happened (the game may report late), newest first.
    .orderBy(sql`${activity.occurredAt} desc nulls last`, sql`${activity.id} desc nulls last`)
    .limit(limit);
  return rows.map(toItem);
}

interface MilestoneRow {
  id: string | number;
  occurred_at: Date | string;
  actor_uuid: string;
  actor_username: string | null;
  target_uuid: string | null;
  target_username: string | null;
  activity_type: string;
  activity_text: string | null;
}

/**
 * The newest milestones of a gang's current members who show them: each member's few newest
 * (one range of the index each), merged. Members who hide their statistics are left out.
 */
export async function gangMilestones(
  db: Db,
  gangId: string,
  limit = MILESTONE_LIMIT,
): Promise<ActivityItem[]> {
  const result = await db.execute(sql`
    select m.id, m.occurred_at, m.actor_uuid, p.username as actor_username,
           m.target_uuid, t.username as target_username, m.activity_type, m.activity_text
    from ${gangMembers} g
    join ${players} p on p.uuid = g.player_uuid and not p.stats_hidden
    cross join lateral (
      select a.id, a.occurred_at, a.actor_uuid, a.target_uuid, a.activity_type, a.activity_text
      from ${activity} a
      where a.actor_uuid = g.player_uuid and ${IS_MILESTONE}
      order by a.occurred_at desc nulls last, a.id desc nulls last
      limit ${limit}
    ) m
    left join ${players} t on t.uuid = m.target_uuid
    where g.gang_id = ${gangId}
    order by m.occurred_at desc, m.id desc
    limit ${limit}`);
  return rowsOf<MilestoneRow>(result).map((row) => ({
    ...row,
    id: Number(row.id),
    occurred_at: new Date(row.occurred_at).toISOString(),
  }));
}
