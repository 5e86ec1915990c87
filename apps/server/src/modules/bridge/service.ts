// Applies the game server's events (DESIGN.md section 7). A batch is one transaction: every event
// is checked first, ids already applied are skipped, and if any event is bad nothing is applied.
//
// Concurrency: batches may run at the same time (several plugin threads, a retry overtaking the
// original). To keep them from deadlocking, a batch takes its locks in one global order: its event
// ids (sorted), then the rows of the players, gangs, auction categories and listings it names
// (each sorted), then applies its events, then the hourly XP rows (sorted), the status samples (by
// minute) and the server status.
// Whatever still deadlocks or fails to serialize (other writers, rows created by both batches) is
// retried as a whole, a few times, before answering 503.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type BridgeBatchResult,
  type ReceivedBridgeEvent,
  type ReceivedBridgeEventOf,
  receivedBridgeEventSchema,
} from '@prison/shared/bridge';
import { MILESTONE_TYPES } from '@prison/shared/players';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { sqlState } from '../../db/errors.ts';
import {
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
  serverStatus,
  xpHourly,
} from '../../db/schema.ts';
import { DomainError, invalid, unavailable } from '../../errors.ts';
import { type Change, notifyChanges } from '../../live/changes.ts';
import { storePasswordHash, storeRoles } from '../auth/accounts.ts';
import { hashPassword } from '../auth/passwords.ts';
import { BACKFILL_AFTER_MS, recordStatusSamples } from '../status/service.ts';

/** Attempts after the first when the database reports a deadlock or a serialization failure. */
export const BATCH_RETRIES = 3;
const RETRYABLE_STATES = new Set(['40P01', '40001']);
export const BATCH_BUSY =
  'The database was busy with other changes to the same rows; nothing was applied. Send the batch again.';
/**
 * How far behind the site's clock the game server's may run before its server.status reports
 * count as older than when they arrived (see `applyStatus`).
 */
export const STATUS_CLOCK_SKEW_MS = 10_000;

export interface EventError {
  index: number;
  reason: string;
}

export class BridgeBatchError extends DomainError {
  constructor(readonly errors: EventError[]) {
    super('invalid', `${errors.length} event(s) rejected; nothing was applied`, { errors });
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** A data error (22xxx: bad value, overflow; 23xxx: a broken constraint), as opposed to a bug. */
function isDataError(err: unknown): boolean {
  const code = sqlState(err) ?? '';
  return code.startsWith('22') || code.startsWith('23');
}

function databaseMessage(err: unknown): string {
  const cause = (err as { cause?: unknown }).cause ?? err;
  return cause instanceof Error ? cause.message : String(cause);
}

/** A valid event, ready to apply. */
interface Prepared {
  index: number;
  event: ReceivedBridgeEvent;
  /** When it happened: its `at`, or when the batch arrived; never later than that. */
  at: Date;
  /** Whether `at` was sent (server.status without one counts as heard when it arrived). */
  sentAt: boolean;
  passwordHash?: string;
}

/** What one event needs to exist, and what it brings into existence, within a batch. */
interface Known {
  players: Set<string>;
  gangs: Set<string>;
  listings: Set<string>;
}

/** Work left for the end of the batch, so that its rows are locked last and in order. */
interface Deferred {
  /** XP gained per hour (epoch milliseconds of the hour's start). */
  xpByHour: Map<number, number>;
  /** The newest server.status of the batch. */
  status: Prepared | null;
}

interface Context {
  tx: Tx;
  at: Date;
  eventId: string;
  passwordHash?: string;
  /** What the batch changed, for the live hubs (live/changes.ts). */
  changes: Change[];
  deferred: Deferred;
}

export async function applyBatch(
  db: Db,
  rawEvents: unknown[],
  receivedAt = new Date(),
): Promise<BridgeBatchResult> {
  const errors: EventError[] = [];
  const events: Prepared[] = [];
  rawEvents.forEach((raw, index) => {
    const parsed = receivedBridgeEventSchema.safeParse(raw);
    if (!parsed.success) {
      errors.push({ index, reason: describeIssues(parsed.error) });
      return;
    }
    const sent = parsed.data.at ? new Date(parsed.data.at) : null;
    // A time in the future (a game server clock running ahead) counts as now.
    const at = sent && sent.getTime() < receivedAt.getTime() ? sent : receivedAt;
    events.push({ index, event: parsed.data, at, sentAt: sent !== null });
  });
  if (errors.length > 0) throw new BridgeBatchError(errors);

  // Hashing is slow on purpose: do it before the transaction so no lock waits on it.
  await Promise.all(
    events.map(async (p) => {
      if (p.event.type === 'account.password') p.passwordHash = await hashPassword(p.event.password);
    }),
  );

  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((tx) => runBatch(tx, events));
    } catch (err) {
      if (err instanceof DomainError) throw err;
      if (RETRYABLE_STATES.has(sqlState(err) ?? '')) {
        if (attempt >= BATCH_RETRIES) throw unavailable(BATCH_BUSY);
        // A little jitter so that the batches that collided do not collide again.
        await sleep(10 * (attempt + 1) + Math.random() * 40);
        continue;
      }
      // A data error outside any one event (claiming the ids, locking, the hourly XP rows).
      if (isDataError(err)) {
        throw invalid(
          `The database refused a value in the batch (${databaseMessage(err)}); nothing was applied`,
        );
      }
      throw err;
    }
  }
}

async function runBatch(tx: Tx, events: Prepared[]): Promise<BridgeBatchResult> {
  // Claim every id at once, in sorted order; the ones already claimed (now or by an earlier batch)
  // are skipped.
  const typeById = new Map<string, string>();
  for (const { event } of events) if (!typeById.has(event.id)) typeById.set(event.id, event.type);
  const fresh = new Set(
    (
      await tx
        .insert(bridgeEvents)
        .values([...typeById.keys()].sort(compare).map((id) => ({ id, type: typeById.get(id)! })))
        .onConflictDoNothing()
        .returning({ id: bridgeEvents.id })
    ).map((row) => row.id),
  );
  const toApply = events.filter((p) => fresh.delete(p.event.id));

  const known = await lockReferenced(
    tx,
    toApply.map((p) => p.event),
  );
  const errors: EventError[] = [];
  const changes: Change[] = [];
  const deferred: Deferred = { xpByHour: new Map(), status: null };
  for (const { index, event, at, passwordHash } of toApply) {
    const problem = checkReferences(event, known);
    if (problem) {
      errors.push({ index, reason: problem });
      continue;
    }
    if (errors.length > 0) continue; // Keep checking references; applying is pointless now.
    try {
      await apply(event, { tx, at, eventId: event.id, changes, passwordHash, deferred });
    } catch (err) {
      // A data error (numeric overflow, a broken constraint) aborts the transaction: stop here.
      if (!isDataError(err)) throw err;
      errors.push({ index, reason: databaseMessage(err) });
      break;
    }
  }
  if (errors.length > 0) throw new BridgeBatchError(errors);
  for (const p of toApply) {
    if (p.event.type !== 'server.status') continue;
    // The newest report of the batch wins (the later one of two with the same time).
    if (!deferred.status || p.at.getTime() >= deferred.status.at.getTime()) deferred.status = p;
  }
  await applyHourlyXp(tx, deferred.xpByHour);
  if (deferred.status) {
    await recordStatusSamples(
      tx,
      toApply.flatMap(({ event, at }) => (event.type === 'server.status' ? [{ ...event, at }] : [])),
    );
    await applyStatus(tx, deferred.status);
    // Reports from the past (a backfill after an outage, a seeded history) change the charts,
    // which otherwise follow new reports once a minute.
    const backfill = toApply.some(
      ({ event, at }) => event.type === 'server.status' && Date.now() - at.getTime() > BACKFILL_AFTER_MS,
    );
    changes.push({ type: 'server.reported', backfill });
  }
  await notifyChanges(tx, changes);
  return { applied: toApply.length, skipped: events.length - toApply.length };
}

/** A total order that is the same in every process (code units, not the database's collation). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function referencedPlayers(event: ReceivedBridgeEvent): string[] {
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

const sorted = (values: Iterable<string>) => [...new Set(values)].sort(compare);

/**
 * Locks, in a fixed order, the existing rows the batch will change or depend on, and answers
 * which of them exist. Players are locked `for no key update`, which still lets other batches
 * insert rows that refer to them (activity, ledger); gangs `for update`, as a batch may delete one.
 */
async function lockReferenced(tx: Tx, events: ReceivedBridgeEvent[]): Promise<Known> {
  const playerIds = sorted(
    events
      .flatMap((e) => (e.type === 'player.join' ? [e.uuid] : referencedPlayers(e)))
      .map((u) => u.toLowerCase()),
  );
  const gangIds = sorted(events.flatMap((e) => ('gang_id' in e ? [e.gang_id] : [])));
  const categoryKeys = sorted(events.flatMap((e) => (e.type === 'auction.listed' ? [e.category_key] : [])));
  const listingIds = sorted(events.flatMap((e) => ('listing_id' in e ? [e.listing_id] : [])));
  // One after another: a transaction is a single connection.
  const p = playerIds.length
    ? await tx
        .select({ id: players.uuid })
        .from(players)
        .where(inArray(players.uuid, playerIds))
        .orderBy(asc(players.uuid))
        .for('no key update')
    : [];
  const g = gangIds.length
    ? await tx
        .select({ id: gangs.id })
        .from(gangs)
        .where(inArray(gangs.id, gangIds))
        .orderBy(asc(gangs.id))
        .for('update')
    : [];
  if (categoryKeys.length) {
    await tx
      .select({ key: auctionCategories.key })
      .from(auctionCategories)
      .where(inArray(auctionCategories.key, categoryKeys))
      .orderBy(asc(auctionCategories.key))
      .for('no key update');
  }
  const l = listingIds.length
    ? await tx
        .select({ id: auctionListings.id })
        .from(auctionListings)
        .where(inArray(auctionListings.id, listingIds))
        .orderBy(asc(auctionListings.id))
        .for('no key update')
    : [];
  return {
    players: new Set(p.map((r) => r.id.toLowerCase())),
    gangs: new Set(g.map((r) => r.id)),
    listings: new Set(l.map((r) => r.id)),
  };
}

/** Checks an event against what exists at its place in the batch, and records what it creates. */
function checkReferences(event: ReceivedBridgeEvent, known: Known): string | null {
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
    // Removing from, or removing, a gang that is already gone is a no-op.
    case 'gang.leave':
      return null;
    case 'gang.disband':
      known.gangs.delete(event.gang_id);
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
/** Money, rounded to cents once, here, so that every row that records it gets the same amount. */
const cents = (amount: string) => sql`round(${amount}::numeric, 2)`;
const HOUR_MS = 3_600_000;

type Appliers = {
  [T in ReceivedBridgeEvent['type']]: (event: ReceivedBridgeEventOf<T>, ctx: Context) => Promise<void>;
};

const appliers: Appliers = {
  async 'player.join'(e, { tx, at, changes }) {
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
          // A join older than the last quit (delivered late) does not bring the player back.
          online: sql`case when ${iso(at)} >= coalesce(${players.lastLogoutAt}, '-infinity') then true else ${players.online} end`,
          // Times only move forward (first login only backward), whatever order events arrive in.
          lastLoginAt: sql`greatest(${players.lastLoginAt}, ${iso(at)})`,
          lastSeenAt: sql`greatest(${players.lastSeenAt}, ${iso(at)})`,
          firstLoginAt: sql`least(${players.firstLoginAt}, ${iso(at)})`,
        },
      });
    changes.push({ type: 'player.named', player: e.uuid }, { type: 'presence.changed', player: e.uuid });
  },

  async 'player.quit'(e, { tx, at, changes }) {
    await tx
      .update(players)
      .set({
        online: sql`case when ${iso(at)} >= coalesce(${players.lastLoginAt}, '-infinity') then false else ${players.online} end`,
        lastLogoutAt: sql`greatest(${players.lastLogoutAt}, ${iso(at)})`,
        lastSeenAt: sql`greatest(${players.lastSeenAt}, ${iso(at)})`,
      })
      .where(eq(players.uuid, e.uuid));
    changes.push({ type: 'presence.changed', player: e.uuid });
  },

  async 'player.progress'(e, { tx, at, changes, deferred }) {
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
      const hour = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
      deferred.xpByHour.set(hour, (deferred.xpByHour.get(hour) ?? 0) + e.xp_delta);
    }
    // Playing moves last_seen_at, which the gang rosters show as each member's last activity.
    changes.push({ type: 'progress.changed', player: e.uuid });
  },

  async 'player.balance'(e, { tx, eventId, changes }) {
    // The ledger row first: the balance then moves by exactly the amount it recorded.
    const [entry] = await tx
      .insert(ledger)
      .values({ playerUuid: e.uuid, delta: cents(e.delta), reason: e.reason, reference: `bridge:${eventId}` })
      .returning({ delta: ledger.delta });
    await tx
      .update(players)
      .set({ balance: sql`${players.balance} + ${entry!.delta}::numeric` })
      .where(eq(players.uuid, e.uuid));
    changes.push({ type: 'balance.changed', player: e.uuid });
  },

  async 'player.stats'(e, { tx, at, changes }) {
    changes.push({ type: 'stats.changed', player: e.uuid });
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

  async activity(e, { tx, at, changes }) {
    await tx.insert(activity).values({
      occurredAt: at,
      actorUuid: e.actor_uuid,
      targetUuid: e.target_uuid ?? null,
      activityType: e.activity_type,
      activityText: e.activity_text ?? null,
    });
    changes.push({
      type: 'activity.added',
      actor: e.actor_uuid,
      milestone: (MILESTONE_TYPES as readonly string[]).includes(e.activity_type),
    });
  },

  async 'gang.upsert'(e, { tx, changes }) {
    const fields = {
      name: e.name,
      status: e.status,
      ...(e.color !== undefined && { color: e.color }),
      ...(e.min_level !== undefined && { minLevel: e.min_level }),
    };
    await tx
      .insert(gangs)
      .values({ id: e.gang_id, ...fields })
      .onConflictDoUpdate({ target: gangs.id, set: fields });
    changes.push({ type: 'gang.changed', gang: e.gang_id });
  },

  async 'gang.treasury'(e, { tx, changes }) {
    await tx
      .update(gangs)
      .set({ balance: sql`${gangs.balance} + ${cents(e.delta)}` })
      .where(eq(gangs.id, e.gang_id));
    changes.push({ type: 'treasury.changed', gang: e.gang_id });
  },

  async 'gang.member'(e, { tx, at, changes }) {
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
    changes.push({ type: 'membership.changed', player: e.uuid });
  },

  async 'gang.leave'(e, { tx, changes }) {
    await tx
      .delete(gangMembers)
      .where(and(eq(gangMembers.playerUuid, e.uuid), eq(gangMembers.gangId, e.gang_id)));
    changes.push({ type: 'membership.changed', player: e.uuid });
  },

  async 'gang.disband'(e, { tx, changes }) {
    await tx.delete(gangs).where(eq(gangs.id, e.gang_id));
    changes.push({ type: 'gang.changed', gang: e.gang_id });
  },

  async 'friend.add'(e, { tx, at, changes }) {
    await tx
      .insert(friendships)
      .values([
        { playerUuid: e.uuid, friendUuid: e.friend_uuid, since: at },
        { playerUuid: e.friend_uuid, friendUuid: e.uuid, since: at },
      ])
      .onConflictDoNothing();
    changes.push({ type: 'friendship.changed', players: [e.uuid, e.friend_uuid] });
  },

  async 'friend.remove'(e, { tx, changes }) {
    await tx
      .delete(friendships)
      .where(
        or(
          and(eq(friendships.playerUuid, e.uuid), eq(friendships.friendUuid, e.friend_uuid)),
          and(eq(friendships.playerUuid, e.friend_uuid), eq(friendships.friendUuid, e.uuid)),
        ),
      );
    changes.push({ type: 'friendship.changed', players: [e.uuid, e.friend_uuid] });
  },

  async 'auction.listed'(e, { tx, at, changes }) {
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
      price: cents(e.price),
      listedAt: at,
    });
    changes.push({ type: 'listing.changed' });
  },

  async 'auction.cancelled'(e, { tx, at, changes }) {
    await tx
      .update(auctionListings)
      .set({ cancelledAt: sql`coalesce(${auctionListings.cancelledAt}, ${iso(at)})` })
      .where(eq(auctionListings.id, e.listing_id));
    changes.push({ type: 'listing.changed' });
  },

  // Applied once, at the end of the batch (the newest report wins): see applyStatus.
  async 'server.status'() {},

  async 'account.password'(e, { tx, passwordHash }) {
    await storePasswordHash(tx, e.uuid, passwordHash!);
  },

  async 'account.roles'(e, { tx }) {
    await storeRoles(tx, e.uuid, e.roles);
  },
};

function apply(event: ReceivedBridgeEvent, ctx: Context): Promise<void> {
  const applier = appliers[event.type] as (e: ReceivedBridgeEvent, c: Context) => Promise<void>;
  return applier(event, ctx);
}

/** Adds the batch's XP to the hourly series, one row per hour, in order of the hours. */
async function applyHourlyXp(tx: Tx, xpByHour: Map<number, number>): Promise<void> {
  if (xpByHour.size === 0) return;
  const rows = [...xpByHour].sort(([a], [b]) => a - b).map(([hour, xp]) => ({ hour: new Date(hour), xp }));
  await tx
    .insert(xpHourly)
    .values(rows)
    .onConflictDoUpdate({ target: xpHourly.hour, set: { xp: sql`${xpHourly.xp} + excluded.xp` } });
}

/**
 * Records the online count. `reported_at` is when the site heard the report, on the database's
 * clock (the live count goes unknown 60 s after it), so a game server clock that is off does not
 * matter; but a report whose `at` says it is older than that (queued during an outage) counts as
 * heard at `at` + STATUS_CLOCK_SKEW_MS. A report is applied only if that time is not before the
 * stored report's: a queued report neither overwrites a newer one nor looks fresh. Within the
 * skew allowance (10 s) the order in which reports arrive decides.
 */
async function applyStatus(tx: Tx, p: Prepared): Promise<void> {
  if (p.event.type !== 'server.status') return;
  const heard: SQL = p.sentAt
    ? sql`least(now(), ${iso(new Date(p.at.getTime() + STATUS_CLOCK_SKEW_MS))})`
    : sql`now()`;
  await tx
    .insert(serverStatus)
    .values({
      id: 1,
      online: p.event.online,
      maxOnline: p.event.max_online,
      tps: p.event.tps ?? null,
      mspt: p.event.mspt ?? null,
      reportedAt: heard,
    })
    .onConflictDoUpdate({
      target: serverStatus.id,
      set: {
        online: sql`excluded.online`,
        maxOnline: sql`excluded.max_online`,
        tps: sql`excluded.tps`,
        mspt: sql`excluded.mspt`,
        reportedAt: sql`excluded.reported_at`,
      },
      setWhere: sql`excluded.reported_at >= ${serverStatus.reportedAt}`,
    });
}
