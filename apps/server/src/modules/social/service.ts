// The social hub (spec 2.8; 3 Social overview, Friend, Gang): a player's friends and gang, and every
// gang for the gang browser, read from the database and kept by the live hub as topics that the
// bridge's notifications refresh.
import type {
  Friend,
  Gang,
  GangMember,
  GangsMessage,
  SocialMessage,
  SocialOverview,
} from '@prison/shared/social';
import { desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { friendships, gangMembers, gangs, players } from '../../db/schema.ts';
import type { TopicBuilder } from '../../live/hub.ts';
import { TOPICS } from '../../live/topics.ts';
import { unreadCount } from '../notifications/service.ts';
import { ownPunishments } from '../punishments/moderation.ts';

/** Every gang, for /api/gangs/ws; the bridge notifies it on gang and presence changes. */
export const GANGS_TOPIC = TOPICS.gangs;
/** The per-player family; the bridge notifies all of it on presence, friend, gang and level changes. */
export const SOCIAL_TOPICS = TOPICS.social;
const SOCIAL_KINDS = ['friends', 'overview', 'gang', 'punishments', 'notifications'] as const;
type SocialKind = (typeof SOCIAL_KINDS)[number];

/** One topic per kind of message and player, so the hub re-sends only the message that changed. */
const socialTopic = (kind: SocialKind, uuid: string) =>
  `${SOCIAL_TOPICS}${kind}:${uuid.toLowerCase()}` as const;
export const socialTopicsOf = (uuid: string) => SOCIAL_KINDS.map((kind) => socialTopic(kind, uuid));

const iso = (date: Date | null) => date?.toISOString() ?? null;
// Names sort the same way on every database (PGlite and PostgreSQL may have different collations).
const byName = (column: SQLWrapper) => sql`lower(${column}) collate "C"`;
// Spec 3 Gang: a roster reads Leader, Officer, Member, Recruit, then any role the game adds.
const ROLE_ORDER = sql`case lower(${gangMembers.role}) when 'leader' then 0 when 'officer' then 1 when 'member' then 2 when 'recruit' then 3 else 4 end`;

/** Every gang (or those `where` picks) by treasury, largest first, then name; members by role, then name. */
async function loadGangs(db: Db, where?: SQL): Promise<Gang[]> {
  // One statement, so the counts and the roster always agree.
  const rows = await db
    .select({
      id: gangs.id,
      name: gangs.name,
      status: gangs.status,
      color: gangs.color,
      balance: gangs.balance,
      minLevel: gangs.minLevel,
      memberUuid: players.uuid,
      username: players.username,
      role: gangMembers.role,
      online: players.online,
      lastSeenAt: players.lastSeenAt,
    })
    .from(gangs)
    .leftJoin(gangMembers, eq(gangMembers.gangId, gangs.id))
    .leftJoin(players, eq(players.uuid, gangMembers.playerUuid))
    .where(where)
    .orderBy(
      desc(gangs.balance),
      byName(gangs.name),
      gangs.id,
      ROLE_ORDER,
      byName(players.username),
      players.uuid,
    );
  const result: Gang[] = [];
  let gang: Gang | undefined;
  for (const row of rows) {
    if (gang?.id !== row.id) {
      gang = {
        id: row.id,
        name: row.name,
        status: row.status,
        color: row.color,
        balance: row.balance,
        member_count: 0,
        online_count: 0,
        min_level: row.minLevel,
        members: [],
      };
      result.push(gang);
    }
    if (row.memberUuid === null || row.role === null) continue;
    const member: GangMember = {
      uuid: row.memberUuid,
      username: row.username,
      role: row.role,
      online: row.online ?? false,
      last_activity_at: iso(row.lastSeenAt),
    };
    gang.members.push(member);
    gang.member_count++;
    if (member.online) gang.online_count++;
  }
  return result;
}

export const listGangs = (db: Db) => loadGangs(db);

/** One gang with its roster, or null. */
export async function gangById(db: Db, id: string): Promise<Gang | null> {
  const [gang] = await loadGangs(db, eq(gangs.id, id));
  return gang ?? null;
}

/** The player's gang with its roster, or null for a player in no gang. */
export async function gangOf(db: Db, uuid: string): Promise<Gang | null> {
  const membership = db
    .select({ gangId: gangMembers.gangId })
    .from(gangMembers)
    .where(eq(gangMembers.playerUuid, uuid));
  const [gang] = await loadGangs(db, inArray(gangs.id, membership));
  return gang ?? null;
}

/** The player's friends, online first, then by name. */
export async function friendsOf(db: Db, uuid: string): Promise<Friend[]> {
  const rows = await db
    .select({
      uuid: players.uuid,
      username: players.username,
      online: players.online,
      rank: players.rank,
      level: players.level,
      lastSeenAt: players.lastSeenAt,
      since: friendships.since,
    })
    .from(friendships)
    .innerJoin(players, eq(players.uuid, friendships.friendUuid))
    .where(eq(friendships.playerUuid, uuid))
    .orderBy(desc(players.online), byName(players.username), players.uuid);
  return rows.map(({ lastSeenAt, since, ...friend }) => ({
    ...friend,
    last_activity_at: iso(lastSeenAt),
    friends_since: since.toISOString(),
  }));
}

const counts = {
  total: sql<number>`count(*)::int`.mapWith(Number),
  online: sql<number>`(count(*) filter (where ${players.online}))::int`.mapWith(Number),
};

/** Friends online and in all; the player's gang, its role and counts (all null in no gang). */
export async function socialOverview(db: Db, uuid: string): Promise<SocialOverview> {
  const [friends] = await db
    .select(counts)
    .from(friendships)
    .innerJoin(players, eq(players.uuid, friendships.friendUuid))
    .where(eq(friendships.playerUuid, uuid));
  const [membership] = await db
    .select({ gangId: gangs.id, name: gangs.name, role: gangMembers.role })
    .from(gangMembers)
    .innerJoin(gangs, eq(gangs.id, gangMembers.gangId))
    .where(eq(gangMembers.playerUuid, uuid));
  let gang: SocialOverview['gang'] = { name: null, role: null, online_count: null, member_count: null };
  if (membership) {
    const [members] = await db
      .select(counts)
      .from(gangMembers)
      .innerJoin(players, eq(players.uuid, gangMembers.playerUuid))
      .where(eq(gangMembers.gangId, membership.gangId));
    gang = {
      name: membership.name,
      role: membership.role,
      online_count: members?.online ?? 0,
      member_count: members?.total ?? 0,
    };
  }
  return { friends: { online: friends?.online ?? 0, total: friends?.total ?? 0 }, gang };
}

export function buildGangs(db: Db): TopicBuilder<GangsMessage> {
  return async () => ({ value: { gangs: await listGangs(db) } });
}

/** Builds `social:<kind>:<uuid>`: the `{friends}`, `{overview}` or `{gang}` message of a player. */
export function buildSocial(db: Db): TopicBuilder<SocialMessage> {
  return async (topic) => {
    const [, kind, uuid] = topic.split(':');
    if (!uuid) throw new Error(`bad social topic ${topic}`);
    switch (kind as SocialKind) {
      case 'friends':
        return { value: { friends: await friendsOf(db, uuid) } };
      case 'overview':
        return { value: { overview: await socialOverview(db, uuid) } };
      case 'gang':
        return { value: { gang: await gangOf(db, uuid) } };
      case 'punishments':
        return { value: { punishments: await ownPunishments(db, uuid) } };
      case 'notifications':
        return { value: { notifications: { unread: await unreadCount(db, uuid) } } };
      default:
        throw new Error(`bad social topic ${topic}`);
    }
  };
}
