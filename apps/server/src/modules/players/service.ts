// The profile's reads (spec 2.7; 3 Profile data, Player stats response, GKit state, Activity item):
// the public profile, a player's statistics and G-Kits, and their activity feed.

import { asLanguage, type Language } from '@prison/shared/languages';
import {
  type ActivityItem,
  type GKitState,
  type LanguageChoice,
  type PlayerStats,
  PRIVATE_MESSAGE,
  type Privacy,
  type PrivacyChange,
  type PublicProfile,
} from '@prison/shared/players';
import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import { type Db, perDatabase } from '../../db/client.ts';
import { accounts, activity, gangMembers, gangs, gkitStates, players } from '../../db/schema.ts';
import { forbidden, notFound } from '../../errors.ts';
import { type Change, committedHere, notifyChanges } from '../../live/changes.ts';
import type { Reader } from '../auth/staff.ts';
import { requireStatistics } from './privacy.ts';
import { actor, itemColumns, statisticsOf, target, toItem } from './public-page.ts';

export const NO_SUCH_PLAYER = 'No such player';
export const NOT_YOUR_ACTIVITY = 'You may read only your own activity';

const iso = (date: Date | null) => date?.toISOString() ?? null;

// The profile is read on every player page and search result: prepared once per database.
const profileQuery = perDatabase((db) =>
  db
    .select({
      uuid: players.uuid,
      username: players.username,
      rank: players.rank,
      level: players.level,
      prestige: players.prestige,
      // The database's exact text, as the wire carries it (DESIGN.md section 8).
      balance: players.balance,
      xp: players.xp,
      lifetime_xp: players.lifetimeXp,
      online: players.online,
      lastSeenAt: players.lastSeenAt,
      gang_name: gangs.name,
      gang_id: gangs.id,
    })
    .from(players)
    .leftJoin(gangMembers, eq(gangMembers.playerUuid, players.uuid))
    .leftJoin(gangs, eq(gangs.id, gangMembers.gangId))
    .where(eq(players.uuid, sql.placeholder('uuid')))
    .prepare('public_profile'),
);

export async function publicProfile(db: Db, uuid: string): Promise<PublicProfile> {
  const [row] = await profileQuery(db).execute({ uuid });
  if (!row) throw notFound('unknown_player', NO_SUCH_PLAYER);
  const { lastSeenAt, ...profile } = row;
  return { ...profile, last_seen_at: iso(lastSeenAt) };
}

/**
 * Level, XP, every statistic but MOMENTUM (spec 3), and the state of each G-Kit by kit id; of a
 * player who hides their statistics, only to themselves and staff (privacy.ts), else 403.
 */
export async function statsOf(db: Db, reader: Reader, uuid: string): Promise<PlayerStats> {
  const [row] = await db
    .select({ level: players.level, xp: players.xp, hidden: players.statsHidden })
    .from(players)
    .where(eq(players.uuid, uuid));
  if (!row) throw notFound('unknown_player', NO_SUCH_PLAYER);
  requireStatistics(reader, { uuid, hidden: row.hidden });
  const player = { level: row.level, xp: row.xp };
  const stats = await statisticsOf(db, uuid);
  const kitRows = await db
    .select()
    .from(gkitStates)
    .where(eq(gkitStates.playerUuid, uuid))
    .orderBy(gkitStates.kitId);
  const gkits: Record<string, GKitState> = {};
  for (const kit of kitRows) {
    gkits[kit.kitId] = {
      unlocked: kit.unlocked,
      level: kit.level,
      cooldown_ends_at: iso(kit.cooldownEndsAt),
      last_claimed_at: iso(kit.lastClaimedAt),
    };
  }
  return { ...player, stats, gkits };
}

/**
 * A player's feed, newest first, as `reader` may see it: a player reads their own; staff (roles read
 * fresh and, where required, a session past a second factor: auth/staff.ts) read anyone's. A private
 * message is shown only to its two participants (DESIGN.md section 4), so staff never see other
 * players' private messages.
 */
export async function activityFeed(
  db: Db,
  reader: Reader & { uuid: string },
  uuid: string,
  limit: number,
): Promise<ActivityItem[]> {
  const player = uuid.toLowerCase();
  const viewer = reader.uuid;
  if (player !== viewer.toLowerCase() && !reader.staff)
    throw reader.staffRefusal ?? forbidden('not_your_activity', NOT_YOUR_ACTIVITY);
  const [exists] = await db.select({ uuid: players.uuid }).from(players).where(eq(players.uuid, player));
  if (!exists) throw notFound('unknown_player', NO_SUCH_PLAYER);

  return (await feedQuery(db, viewer, player, limit)).map(toItem);
}

/** The query behind activityFeed, which a test EXPLAINs. */
export function feedQuery(db: Db, viewer: string, player: string, limit: number) {
  const visible = or(
    ne(activity.activityType, PRIVATE_MESSAGE),
    eq(activity.actorUuid, viewer),
    eq(activity.targetUuid, viewer),
  );
  // Each half reads one index (activity_actor_idx, activity_target_idx) in its order and stops
  // after `limit` rows, so the feed costs the same with millions of rows. The order is the indexes'
  // exact one, nulls last included (ids are never null, but the planner does not know it matters
  // not). The second half leaves out what a player did to themselves, which the first half has.
  const newestFirst = () => sql`${activity.id} desc nulls last`;
  const asActor = db
    .select({ id: activity.id })
    .from(activity)
    .where(and(eq(activity.actorUuid, player), visible))
    .orderBy(newestFirst())
    .limit(limit);
  const asTarget = db
    .select({ id: activity.id })
    .from(activity)
    .where(and(eq(activity.targetUuid, player), ne(activity.actorUuid, player), visible))
    .orderBy(newestFirst())
    .limit(limit);
  const newest = asActor.unionAll(asTarget).orderBy(newestFirst()).limit(limit).as('newest');

  return db
    .select(itemColumns)
    .from(newest)
    .innerJoin(activity, eq(activity.id, newest.id))
    .leftJoin(actor, eq(actor.uuid, activity.actorUuid))
    .leftJoin(target, eq(target.uuid, activity.targetUuid))
    .orderBy(desc(activity.id));
}

/** Whether the player hides their statistics and milestones from their public page. */
export async function privacyOf(db: Db, uuid: string): Promise<Privacy> {
  const [row] = await db
    .select({ hide_stats: players.statsHidden, hide_punishments: players.punishmentsHidden })
    .from(players)
    .where(eq(players.uuid, uuid));
  if (!row) throw notFound('unknown_player', NO_SUCH_PLAYER);
  return row;
}

/**
 * Hides or shows a player's statistics or punishment history; their page, open anywhere, follows
 * before the answer here.
 */
export async function setPrivacy(db: Db, uuid: string, change: PrivacyChange): Promise<Privacy> {
  const changes: Change[] = [{ type: 'privacy.changed', player: uuid }];
  const privacy = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(players)
      .set({
        ...(change.hide_stats !== undefined && { statsHidden: change.hide_stats }),
        ...(change.hide_punishments !== undefined && { punishmentsHidden: change.hide_punishments }),
      })
      .where(eq(players.uuid, uuid))
      .returning({ hide_stats: players.statsHidden, hide_punishments: players.punishmentsHidden });
    if (!row) throw notFound('unknown_player', NO_SUCH_PLAYER);
    await notifyChanges(tx, changes);
    return row;
  });
  await committedHere(db, changes, { rebuild: true });
  return privacy;
}

/**
 * The site language the player chose, kept on their account so it follows them to every device
 * (the web app reads it from GET /api/auth/me when they sign in).
 */
export async function setLanguage(db: Db, uuid: string, language: Language | null): Promise<LanguageChoice> {
  const [player] = await db.select({ uuid: players.uuid }).from(players).where(eq(players.uuid, uuid));
  if (!player) throw notFound('unknown_player', NO_SUCH_PLAYER);
  const [row] = await db
    .insert(accounts)
    .values({ playerUuid: uuid, language })
    .onConflictDoUpdate({ target: accounts.playerUuid, set: { language, updatedAt: sql`now()` } })
    .returning({ language: accounts.language });
  return { language: asLanguage(row?.language) ?? null };
}
