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
  type BridgeEventType,
  type ReceivedBridgeEvent,
  type ReceivedBridgeEventOf,
  receivedBridgeEventSchema,
} from '@prison/shared/bridge';
import { asc, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { sqlState } from '../../db/errors.ts';
import { auctionCategories, auctionListings, bridgeEvents, gangs, players } from '../../db/schema.ts';
import { DomainError, invalid, unavailable } from '../../errors.ts';
import { notifyChanges, type Write, writeIn } from '../../live/changes.ts';
import { addListing, cancelListing } from '../auction/writes.ts';
import { storePasswordHash, storeRoles } from '../auth/accounts.ts';
import { hashPassword } from '../auth/passwords.ts';
import { changeBalance } from '../players/balance.ts';
import {
  addActivity,
  addHourlyXp,
  hourOf,
  recordJoin,
  recordProgress,
  recordQuit,
  recordStats,
  storeGKit,
} from '../players/writes.ts';
import {
  befriend,
  changeTreasury,
  disbandGang,
  leaveGang,
  setMembership,
  unfriend,
  upsertGang,
} from '../social/writes.ts';
import { recordReports } from '../status/service.ts';

/** Attempts after the first when the database reports a deadlock or a serialization failure. */
export const BATCH_RETRIES = 3;
const RETRYABLE_STATES = new Set(['40P01', '40001']);
export const BATCH_BUSY =
  'The database was busy with other changes to the same rows; nothing was applied. Send the batch again.';

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
}

interface Context {
  /** The batch's transaction and what it changed, for the live hubs (live/changes.ts). */
  w: Write;
  at: Date;
  eventId: string;
  passwordHash?: string;
  deferred: Deferred;
}

/** Told of each event once its batch is settled: applied, or refused (with the batch's 400). */
export type EventOutcomeListener = (
  outcome: 'applied' | 'refused',
  type: BridgeEventType | 'unknown',
) => void;

const EVENT_TYPES: ReadonlySet<string> = new Set(
  receivedBridgeEventSchema.options.map((option) => option.shape.type.value),
);

/** A received event's type if it is one the site knows (what it sent may be anything). */
function eventType(raw: unknown): BridgeEventType | 'unknown' {
  const type = (raw as { type?: unknown } | null)?.type;
  return typeof type === 'string' && EVENT_TYPES.has(type) ? (type as BridgeEventType) : 'unknown';
}

export async function applyBatch(
  db: Db,
  rawEvents: unknown[],
  { receivedAt = new Date(), onEvent }: { receivedAt?: Date; onEvent?: EventOutcomeListener } = {},
): Promise<BridgeBatchResult> {
  let applied: Prepared[];
  try {
    applied = await settleBatch(db, rawEvents, receivedAt);
  } catch (err) {
    // Refused: the events the answer names, or every event when the batch as a whole was refused.
    if (onEvent && err instanceof DomainError && err.kind === 'invalid') {
      const refused = err instanceof BridgeBatchError ? err.errors.map((e) => rawEvents[e.index]) : rawEvents;
      for (const raw of refused) onEvent('refused', eventType(raw));
    }
    throw err;
  }
  if (onEvent) for (const { event } of applied) onEvent('applied', event.type);
  return { applied: applied.length, skipped: rawEvents.length - applied.length };
}

/** Applies the batch's new events in one transaction, and answers them. */
async function settleBatch(db: Db, rawEvents: unknown[], receivedAt: Date): Promise<Prepared[]> {
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

async function runBatch(tx: Tx, events: Prepared[]): Promise<Prepared[]> {
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
  const w = writeIn(tx);
  const deferred: Deferred = { xpByHour: new Map() };
  for (const { index, event, at, passwordHash } of toApply) {
    const problem = checkReferences(event, known);
    if (problem) {
      errors.push({ index, reason: problem });
      continue;
    }
    if (errors.length > 0) continue; // Keep checking references; applying is pointless now.
    try {
      await apply(event, { w, at, eventId: event.id, passwordHash, deferred });
    } catch (err) {
      // A data error (numeric overflow, a broken constraint) aborts the transaction: stop here.
      if (!isDataError(err)) throw err;
      errors.push({ index, reason: databaseMessage(err) });
      break;
    }
  }
  if (errors.length > 0) throw new BridgeBatchError(errors);
  await addHourlyXp(w, deferred.xpByHour);
  await recordReports(
    w,
    toApply.flatMap(({ event, at, sentAt }) =>
      event.type === 'server.status' ? [{ ...event, at, atSent: sentAt }] : [],
    ),
  );
  await notifyChanges(tx, w.changes);
  return toApply;
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

type Appliers = {
  [T in ReceivedBridgeEvent['type']]: (event: ReceivedBridgeEventOf<T>, ctx: Context) => Promise<void>;
};

// Each event is one domain operation; the modules own the rules (and report what changed).
const appliers: Appliers = {
  'player.join': (e, { w, at }) => recordJoin(w, e, at),
  'player.quit': (e, { w, at }) => recordQuit(w, e.uuid, at),
  async 'player.progress'(e, { w, at, deferred }) {
    await recordProgress(
      w,
      e.uuid,
      { xpDelta: e.xp_delta, level: e.level, prestige: e.prestige, rank: e.rank },
      at,
    );
    if (e.xp_delta > 0) {
      const hour = hourOf(at);
      deferred.xpByHour.set(hour, (deferred.xpByHour.get(hour) ?? 0) + e.xp_delta);
    }
  },
  async 'player.balance'(e, { w, eventId }) {
    await changeBalance(w, {
      player: e.uuid,
      delta: e.delta,
      reason: e.reason,
      reference: `bridge:${eventId}`,
    });
  },
  'player.stats': (e, { w, at }) => recordStats(w, e.uuid, e, at),
  'player.gkit': (e, { w }) =>
    storeGKit(w, e.uuid, e.kit_id, {
      unlocked: e.unlocked,
      level: e.level,
      cooldownEndsAt: e.cooldown_ends_at ? new Date(e.cooldown_ends_at) : null,
      lastClaimedAt: e.last_claimed_at ? new Date(e.last_claimed_at) : null,
    }),
  activity: (e, { w, at }) =>
    addActivity(
      w,
      {
        actor: e.actor_uuid,
        target: e.target_uuid ?? null,
        type: e.activity_type,
        text: e.activity_text ?? null,
      },
      at,
    ),
  'gang.upsert': (e, { w }) =>
    upsertGang(w, e.gang_id, { name: e.name, status: e.status, color: e.color, minLevel: e.min_level }),
  'gang.treasury': (e, { w }) => changeTreasury(w, e.gang_id, e.delta),
  'gang.member': (e, { w, at }) => setMembership(w, e.uuid, e.gang_id, e.role, at),
  'gang.leave': (e, { w }) => leaveGang(w, e.uuid, e.gang_id),
  'gang.disband': (e, { w }) => disbandGang(w, e.gang_id),
  'friend.add': (e, { w, at }) => befriend(w, e.uuid, e.friend_uuid, at),
  'friend.remove': (e, { w }) => unfriend(w, e.uuid, e.friend_uuid),
  'auction.listed': (e, { w, at }) =>
    addListing(
      w,
      {
        id: e.listing_id,
        seller: e.seller_uuid,
        category: { key: e.category_key, name: e.category_name, icon: e.category_icon },
        item: e.item,
        qty: e.qty,
        price: e.price,
      },
      at,
    ),
  'auction.cancelled': (e, { w, at }) => cancelListing(w, e.listing_id, at),
  // Recorded once, at the end of the batch: see runBatch.
  async 'server.status'() {},
  'account.password': (e, { w, passwordHash }) => storePasswordHash(w.tx, e.uuid, passwordHash!),
  async 'account.roles'(e, { w }) {
    await storeRoles(w.tx, e.uuid, e.roles);
  },
};

function apply(event: ReceivedBridgeEvent, ctx: Context): Promise<void> {
  const applier = appliers[event.type] as (e: ReceivedBridgeEvent, c: Context) => Promise<void>;
  return applier(event, ctx);
}
