// Applies the game server's events (DESIGN.md section 7). A batch is one transaction: every event
// is checked first, ids already applied are skipped, and if any event is bad nothing is applied.
import {
  type BridgeBatchResult,
  type BridgeEvent,
  type BridgeEventOf,
  bridgeEventSchema,
} from '@prison/shared/bridge';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, notifyTopics, type Tx } from '../../db/client.ts';
import {
  accounts,
  activity,
  auctionCategories,
  auctionListings,
  bridgeEvents,
  friendships,
  gangMembers,
  gangs,
  gkitStates,
  ledger,
  playerStats,
  players,
  refreshTokens,
  serverStatus,
  xpHourly,
} from '../../db/schema.ts';
import { HttpError, sqlState } from '../../errors.ts';
import { hashPassword } from '../auth/passwords.ts';

export interface EventError {
  index: number;
  reason: string;
}

export class BridgeBatchError extends HttpError {
  constructor(readonly errors: EventError[]) {
    super(400, `${errors.length} event(s) rejected; nothing was applied`, { errors });
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** What one event needs to exist, and what it brings into existence, within a batch. */
interface Known {
  players: Set<string>;
  gangs: Set<string>;
  listings: Set<string>;
}

interface Context {
  tx: Tx;
  at: Date;
  eventId: string;
  passwordHash?: string;
  topics: Set<string>;
}

export async function applyBatch(db: Db, rawEvents: unknown[]): Promise<BridgeBatchResult> {
  const errors: EventError[] = [];
  const events: BridgeEvent[] = [];
  rawEvents.forEach((raw, index) => {
    const parsed = bridgeEventSchema.safeParse(raw);
    if (parsed.success) events.push(parsed.data);
    else errors.push({ index, reason: describeIssues(parsed.error) });
  });
  if (errors.length > 0) throw new BridgeBatchError(errors);

  // Hashing is slow on purpose: do it before the transaction so no lock waits on it.
  const passwordHashes = new Map<number, string>();
  await Promise.all(
    events.map(async (event, index) => {
      if (event.type === 'account.password') passwordHashes.set(index, await hashPassword(event.password));
    }),
  );

  return db.transaction(async (tx) => {
    // Claim every id at once; the ones already claimed (now or by an earlier batch) are skipped.
    const typeById = new Map(events.map((e) => [e.id, e.type]));
    const fresh = new Set(
      (
        await tx
          .insert(bridgeEvents)
          .values([...typeById].map(([id, type]) => ({ id, type })))
          .onConflictDoNothing()
          .returning({ id: bridgeEvents.id })
      ).map((row) => row.id),
    );
    const toApply: Array<[number, BridgeEvent]> = [];
    events.forEach((event, index) => {
      if (fresh.delete(event.id)) toApply.push([index, event]);
    });

    const known = await loadKnown(
      tx,
      toApply.map(([, e]) => e),
    );
    const topics = new Set<string>();
    for (const [index, event] of toApply) {
      const problem = checkReferences(event, known);
      if (problem) {
        errors.push({ index, reason: problem });
        continue;
      }
      if (errors.length > 0) continue; // Keep checking references; applying is pointless now.
      const ctx: Context = {
        tx,
        at: event.at ? new Date(event.at) : new Date(),
        eventId: event.id,
        topics,
        passwordHash: passwordHashes.get(index),
      };
      try {
        await apply(event, ctx);
      } catch (err) {
        // A data error (numeric overflow, a broken constraint) aborts the transaction: stop here.
        const code = sqlState(err) ?? '';
        if (code.startsWith('22') || code.startsWith('23')) {
          const cause = (err as { cause?: Error }).cause ?? (err as Error);
          errors.push({ index, reason: cause.message });
          break;
        }
        throw err;
      }
    }
    if (errors.length > 0) throw new BridgeBatchError(errors);
    await notifyTopics(tx, topics);
    return { applied: toApply.length, skipped: events.length - toApply.length };
  });
}

function referencedPlayers(event: BridgeEvent): string[] {
  switch (event.type) {
    case 'player.join':
      return [];
    case 'activity':
      return event.target_uuid ? [event.actor_uuid, event.target_uuid] : [event.actor_uuid];
    case 'friend.add':
    case 'friend.remove':
      return [event.uuid, event.friend_uuid];
    case 'auction.listed':
      return [event.seller_uuid];
    default:
      return 'uuid' in event ? [event.uuid] : [];
  }
}

async function loadKnown(tx: Tx, events: BridgeEvent[]): Promise<Known> {
  const playerIds = new Set(events.flatMap(referencedPlayers));
  const gangIds = new Set(events.flatMap((e) => ('gang_id' in e ? [e.gang_id] : [])));
  const listingIds = new Set(events.flatMap((e) => ('listing_id' in e ? [e.listing_id] : [])));
  // One after another: a transaction is a single connection.
  const p = playerIds.size
    ? await tx
        .select({ id: players.uuid })
        .from(players)
        .where(inArray(players.uuid, [...playerIds]))
    : [];
  const g = gangIds.size
    ? await tx
        .select({ id: gangs.id })
        .from(gangs)
        .where(inArray(gangs.id, [...gangIds]))
    : [];
  const l = listingIds.size
    ? await tx
        .select({ id: auctionListings.id })
        .from(auctionListings)
        .where(inArray(auctionListings.id, [...listingIds]))
    : [];
  return {
    players: new Set(p.map((r) => r.id.toLowerCase())),
    gangs: new Set(g.map((r) => r.id)),
    listings: new Set(l.map((r) => r.id)),
  };
}

/** Checks an event against what exists at its place in the batch, and records what it creates. */
function checkReferences(event: BridgeEvent, known: Known): string | null {
  if (event.type === 'player.join') {
    known.players.add(event.uuid.toLowerCase());
    return null;
  }
  for (const uuid of referencedPlayers(event)) {
    if (!known.players.has(uuid.toLowerCase())) return `unknown player ${uuid} (send player.join first)`;
  }
  switch (event.type) {
    case 'gang.upsert':
      known.gangs.add(event.gang_id);
      return null;
    case 'gang.disband':
      if (!known.gangs.delete(event.gang_id)) return `unknown gang ${event.gang_id}`;
      return null;
    case 'friend.add':
      return event.uuid.toLowerCase() === event.friend_uuid.toLowerCase()
        ? 'a player cannot befriend themselves'
        : null;
    case 'auction.listed':
      if (known.listings.has(event.listing_id)) return `listing ${event.listing_id} already exists`;
      known.listings.add(event.listing_id);
      return null;
    case 'auction.cancelled':
      return known.listings.has(event.listing_id) ? null : `unknown listing ${event.listing_id}`;
    default:
      if ('gang_id' in event && !known.gangs.has(event.gang_id)) return `unknown gang ${event.gang_id}`;
      return null;
  }
}

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

type Appliers = { [T in BridgeEvent['type']]: (event: BridgeEventOf<T>, ctx: Context) => Promise<void> };

const appliers: Appliers = {
  async 'player.join'(e, { tx, at, topics }) {
    await tx
      .insert(players)
      .values({
        uuid: e.uuid,
        username: e.username,
        online: true,
        firstLoginAt: at,
        lastLoginAt: at,
        lastSeenAt: at,
      })
      .onConflictDoUpdate({
        target: players.uuid,
        set: {
          username: e.username,
          online: true,
          lastLoginAt: at,
          lastSeenAt: at,
          firstLoginAt: sql`coalesce(${players.firstLoginAt}, ${iso(at)})`,
        },
      });
    topics.add('presence').add('leaderboard').add('gangs').add('social:');
  },

  async 'player.quit'(e, { tx, at, topics }) {
    await tx
      .update(players)
      .set({ online: false, lastLogoutAt: at, lastSeenAt: at })
      .where(eq(players.uuid, e.uuid));
    topics.add('presence').add('gangs').add('social:');
  },

  async 'player.progress'(e, { tx, at, topics }) {
    await tx
      .update(players)
      .set({
        xp: sql`${players.xp} + ${e.xp_delta}`,
        lifetimeXp: sql`${players.lifetimeXp} + ${e.xp_delta}`,
        lastSeenAt: sql`greatest(${players.lastSeenAt}, ${iso(at)})`,
        ...(e.level !== undefined && { level: e.level }),
        ...(e.prestige !== undefined && { prestige: e.prestige }),
        ...(e.rank !== undefined && { rank: e.rank.toUpperCase() }),
      })
      .where(eq(players.uuid, e.uuid));
    if (e.xp_delta > 0) {
      await tx
        .insert(xpHourly)
        .values({ hour: sql`date_trunc('hour', ${iso(at)}, 'UTC')`, xp: e.xp_delta })
        .onConflictDoUpdate({ target: xpHourly.hour, set: { xp: sql`${xpHourly.xp} + excluded.xp` } });
    }
    topics.add('leaderboard').add('social:').add('dashboard');
  },

  async 'player.balance'(e, { tx, eventId, topics }) {
    const delta = String(e.delta);
    await tx
      .update(players)
      .set({ balance: sql`${players.balance} + ${delta}::numeric` })
      .where(eq(players.uuid, e.uuid));
    await tx
      .insert(ledger)
      .values({ playerUuid: e.uuid, delta, reason: e.reason, reference: `bridge:${eventId}` });
    topics.add('leaderboard').add('dashboard');
  },

  async 'player.stats'(e, { tx, at }) {
    const upsert = async (values: Record<string, number>, mode: 'add' | 'set') => {
      const rows = Object.entries(values).map(([name, value]) => ({
        playerUuid: e.uuid,
        name,
        value,
        updatedAt: at,
      }));
      if (rows.length === 0) return;
      await tx
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
    await upsert(e.set ?? {}, 'set');
    await upsert(e.add ?? {}, 'add');
  },

  async 'player.gkit'(e, { tx }) {
    const state = {
      unlocked: e.unlocked,
      level: e.level,
      cooldownEndsAt: e.cooldown_ends_at ? new Date(e.cooldown_ends_at) : null,
      lastClaimedAt: e.last_claimed_at ? new Date(e.last_claimed_at) : null,
    };
    await tx
      .insert(gkitStates)
      .values({ playerUuid: e.uuid, kitId: e.kit_id, ...state })
      .onConflictDoUpdate({ target: [gkitStates.playerUuid, gkitStates.kitId], set: state });
  },

  async activity(e, { tx, at, topics }) {
    await tx.insert(activity).values({
      occurredAt: at,
      actorUuid: e.actor_uuid,
      targetUuid: e.target_uuid ?? null,
      activityType: e.activity_type,
      activityText: e.activity_text ?? null,
    });
    topics.add('activity').add('dashboard');
  },

  async 'gang.upsert'(e, { tx, topics }) {
    const changes = {
      name: e.name,
      status: e.status,
      ...(e.color !== undefined && { color: e.color }),
      ...(e.min_level !== undefined && { minLevel: e.min_level }),
    };
    await tx
      .insert(gangs)
      .values({ id: e.gang_id, ...changes })
      .onConflictDoUpdate({ target: gangs.id, set: changes });
    topics.add('gangs').add('social:');
  },

  async 'gang.treasury'(e, { tx, topics }) {
    await tx
      .update(gangs)
      .set({ balance: sql`${gangs.balance} + ${String(e.delta)}::numeric` })
      .where(eq(gangs.id, e.gang_id));
    topics.add('gangs').add('social:').add('dashboard');
  },

  async 'gang.member'(e, { tx, at, topics }) {
    await tx
      .insert(gangMembers)
      .values({ playerUuid: e.uuid, gangId: e.gang_id, role: e.role, joinedAt: at })
      .onConflictDoUpdate({
        target: gangMembers.playerUuid,
        set: {
          gangId: e.gang_id,
          role: e.role,
          // A role change keeps the joining date; moving to another gang starts a new one.
          joinedAt: sql`case when ${gangMembers.gangId} = excluded.gang_id then ${gangMembers.joinedAt} else excluded.joined_at end`,
        },
      });
    topics.add('gangs').add('social:');
  },

  async 'gang.leave'(e, { tx, topics }) {
    await tx
      .delete(gangMembers)
      .where(and(eq(gangMembers.playerUuid, e.uuid), eq(gangMembers.gangId, e.gang_id)));
    topics.add('gangs').add('social:');
  },

  async 'gang.disband'(e, { tx, topics }) {
    await tx.delete(gangs).where(eq(gangs.id, e.gang_id));
    topics.add('gangs').add('social:');
  },

  async 'friend.add'(e, { tx, at, topics }) {
    await tx
      .insert(friendships)
      .values([
        { playerUuid: e.uuid, friendUuid: e.friend_uuid, since: at },
        { playerUuid: e.friend_uuid, friendUuid: e.uuid, since: at },
      ])
      .onConflictDoNothing();
    topics.add('social:');
  },

  async 'friend.remove'(e, { tx, topics }) {
    await tx
      .delete(friendships)
      .where(
        or(
          and(eq(friendships.playerUuid, e.uuid), eq(friendships.friendUuid, e.friend_uuid)),
          and(eq(friendships.playerUuid, e.friend_uuid), eq(friendships.friendUuid, e.uuid)),
        ),
      );
    topics.add('social:');
  },

  async 'auction.listed'(e, { tx, at, topics }) {
    await tx
      .insert(auctionCategories)
      .values({ key: e.category_key, displayName: e.category_name, icon: e.category_icon ?? e.item.icon })
      .onConflictDoUpdate({
        target: auctionCategories.key,
        set: { displayName: e.category_name, ...(e.category_icon && { icon: e.category_icon }) },
      });
    await tx.insert(auctionListings).values({
      id: e.listing_id,
      sellerUuid: e.seller_uuid,
      categoryKey: e.category_key,
      itemName: e.item.name,
      itemIcon: e.item.icon,
      qtyListed: e.qty,
      qtyLeft: e.qty,
      price: String(e.price),
      listedAt: at,
    });
    topics.add('auction');
  },

  async 'auction.cancelled'(e, { tx, at, topics }) {
    await tx
      .update(auctionListings)
      .set({ cancelledAt: sql`coalesce(${auctionListings.cancelledAt}, ${iso(at)})` })
      .where(eq(auctionListings.id, e.listing_id));
    topics.add('auction');
  },

  async 'server.status'(e, { tx, topics }) {
    // Staleness is judged by when the site heard it, whatever the game server's clock says.
    const status = { online: e.online, maxOnline: e.max_online, reportedAt: sql`now()` };
    await tx
      .insert(serverStatus)
      .values({ id: 1, ...status })
      .onConflictDoUpdate({ target: serverStatus.id, set: status });
    topics.add('players').add('dashboard');
  },

  async 'account.password'(e, { tx, passwordHash }) {
    const changes = { passwordHash: passwordHash!, updatedAt: new Date() };
    await tx
      .insert(accounts)
      .values({ playerUuid: e.uuid, ...changes })
      .onConflictDoUpdate({ target: accounts.playerUuid, set: changes });
    // A new password signs every existing session out.
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.playerUuid, e.uuid), sql`${refreshTokens.revokedAt} is null`));
  },

  async 'account.roles'(e, { tx }) {
    const roles = [...new Set(e.roles.map((role) => role.toUpperCase()))];
    await tx
      .insert(accounts)
      .values({ playerUuid: e.uuid, roles, updatedAt: new Date() })
      .onConflictDoUpdate({ target: accounts.playerUuid, set: { roles, updatedAt: new Date() } });
  },
};

function apply(event: BridgeEvent, ctx: Context): Promise<void> {
  const applier = appliers[event.type] as (e: BridgeEvent, c: Context) => Promise<void>;
  return applier(event, ctx);
}
