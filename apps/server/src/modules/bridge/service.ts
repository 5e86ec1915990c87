// Applies the game server's events (DESIGN.md section 7). A batch is one transaction: every event
// is checked first, ids already applied are skipped, and if any event is bad nothing is applied.
//
// Concurrency: batches may run at the same time (several plugin threads, a retry overtaking the
// original). To keep them from deadlocking, a batch takes its locks in one global order: its event
// ids (sorted), then the rows of the players, gangs, auction categories and listings it names
// (each sorted), then applies its events, then the hourly XP rows (sorted), the status samples (by
// minute) and the server status.
//
// Events are applied a set at a time (plan.ts): all of a type together, with one domain operation,
// so a batch costs a handful of statements rather than one or two per event.
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
import type { BridgeEventErrorCode } from '@prison/shared/errors';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { sqlState } from '../../db/errors.ts';
import { auctionCategories, auctionListings, gangs, players } from '../../db/schema.ts';
import { DomainError, invalid, unavailable } from '../../errors.ts';
import { type Change, committedHere, notifyChanges, type Write, writeIn } from '../../live/changes.ts';
import { addListings, cancelListings } from '../auction/writes.ts';
import {
  type GameAccountPolicy,
  gameAccountRefusal,
  type HeldAccount,
  lockHeldAccounts,
  NO_STAFF_FROM_GAME,
  recordRefusedFromGame,
  storePasswordFromGame,
  storeRolesFromGame,
} from '../auth/game-accounts.ts';
import { hashPassword } from '../auth/passwords.ts';
import { changeBalances } from '../players/balance.ts';
import {
  addActivity,
  addHourlyXp,
  hourOf,
  recordJoins,
  recordProgress,
  recordQuits,
  recordStats,
  storeGKits,
} from '../players/writes.ts';
import { issuePunishments, revokePunishments } from '../punishments/writes.ts';
import {
  befriend,
  changeTreasuries,
  disbandGangs,
  leaveGangs,
  setMemberships,
  unfriend,
  upsertGangs,
} from '../social/writes.ts';
import { recordReports } from '../status/service.ts';
import { GROUP_ORDER, type GroupType, planRounds } from './plan.ts';

/** Attempts after the first when the database reports a deadlock or a serialization failure. */
export const BATCH_RETRIES = 3;
const RETRYABLE_STATES = new Set(['40P01', '40001']);
export const BATCH_BUSY =
  'The database was busy with other changes to the same rows; nothing was applied. Send the batch again.';

export interface EventError {
  index: number;
  code: BridgeEventErrorCode;
  reason: string;
}

/** An account event the game server was refused (audited once its batch has rolled back). */
export interface RefusedAccountEvent {
  uuid: string;
  username: string;
  action: 'account.password' | 'account.roles';
  reason: string;
  roles?: readonly string[];
}

export class BridgeBatchError extends DomainError {
  constructor(
    readonly errors: EventError[],
    readonly refusedAccounts: readonly RefusedAccountEvent[] = [],
  ) {
    super('invalid', 'events_refused', `${errors.length} event(s) rejected; nothing was applied`, { errors });
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
  /** The game server that sent it (its credential's name). */
  server: string | null;
  passwordHash?: string;
  /** An account event's account as it stands before the event (its name and roles). */
  account?: HeldAccount;
}

/** What one event needs to exist, and what it brings into existence, within a batch. */
interface Known {
  players: Set<string>;
  gangs: Set<string>;
  listings: Set<string>;
  /** The game's punishments by their id: their type and when they were issued. */
  punishments: Map<string, { type: string; issuedAt: Date }>;
  /** The staff actions the punishment events name that the site handed out. */
  actions: Set<number>;
}

type PreparedOf<T extends BridgeEventType> = Prepared & { event: ReceivedBridgeEventOf<T> };

/** A data error raised by a statement of several events: which one it belongs to is found later. */
class SetRefused extends Error {
  constructor(readonly dataError: unknown) {
    super('a set of events was refused by the database');
  }
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
  {
    receivedAt = new Date(),
    onEvent,
    accounts = NO_STAFF_FROM_GAME,
    server = null,
  }: {
    receivedAt?: Date;
    /** The game server that sent the batch (its credential's name): where its joining players are. */
    server?: string | null;
    onEvent?: EventOutcomeListener;
    /** What the game server may do to accounts (BRIDGE_STAFF_ROLES); no staff roles by default. */
    accounts?: GameAccountPolicy;
  } = {},
): Promise<BridgeBatchResult> {
  let applied: Prepared[];
  try {
    applied = await settleBatch(db, rawEvents, receivedAt, accounts, server);
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
async function settleBatch(
  db: Db,
  rawEvents: unknown[],
  receivedAt: Date,
  accounts: GameAccountPolicy,
  server: string | null,
): Promise<Prepared[]> {
  const errors: EventError[] = [];
  const events: Prepared[] = [];
  rawEvents.forEach((raw, index) => {
    const parsed = receivedBridgeEventSchema.safeParse(raw);
    if (!parsed.success) {
      errors.push({ index, code: 'event_invalid', reason: describeIssues(parsed.error) });
      return;
    }
    const sent = parsed.data.at ? new Date(parsed.data.at) : null;
    // A time in the future (a game server clock running ahead) counts as now.
    const at = sent && sent.getTime() < receivedAt.getTime() ? sent : receivedAt;
    events.push({ index, event: parsed.data, at, sentAt: sent !== null, server });
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
      const { applied, changes } = await db.transaction((tx) => runBatch(tx, events, { accounts }));
      await committedHere(db, changes);
      return applied;
    } catch (err) {
      // Refused attempts at accounts are audited, in a transaction of their own: the batch's rolled back.
      if (err instanceof BridgeBatchError) await recordRefusedFromGame(db, err.refusedAccounts);
      if (err instanceof DomainError) throw err;
      if (err instanceof SetRefused) throw await pinRefusal(db, events, err.dataError, accounts);
      if (RETRYABLE_STATES.has(sqlState(err) ?? '')) {
        if (attempt >= BATCH_RETRIES) throw unavailable('database_busy', BATCH_BUSY);
        // A little jitter so that the batches that collided do not collide again.
        await sleep(10 * (attempt + 1) + Math.random() * 40);
        continue;
      }
      // A data error outside any one event (claiming the ids, locking, the hourly XP rows).
      if (isDataError(err)) throw refusedValue(err);
      throw err;
    }
  }
}

const refusedValue = (err: unknown) =>
  invalid(
    'value_refused',
    `The database refused a value in the batch (${databaseMessage(err)}); nothing was applied`,
  );

/**
 * Finds the event whose value the database refused in a statement of several: applies the batch
 * again one event at a time, as if each were a batch of its own, in a transaction rolled back after.
 */
async function pinRefusal(
  db: Db,
  events: Prepared[],
  dataError: unknown,
  accounts: GameAccountPolicy,
): Promise<DomainError> {
  const rollBack = new Error('rolled back');
  try {
    await db.transaction(async (tx) => {
      await runBatch(tx, events, { oneByOne: true, accounts });
      throw rollBack;
    });
  } catch (err) {
    if (err instanceof BridgeBatchError) return err;
  }
  // Not refused again (other batches changed the rows in between): refuse the batch as a whole.
  return refusedValue(dataError);
}

async function runBatch(
  tx: Tx,
  events: Prepared[],
  { oneByOne = false, accounts }: { oneByOne?: boolean; accounts: GameAccountPolicy },
): Promise<{ applied: Prepared[]; changes: Change[] }> {
  // Claim every id at once, in sorted order; the ones already claimed (now or by an earlier batch)
  // are skipped. A claim still in flight in another batch is waited for, so no id is applied twice.
  const typeById = new Map<string, string>();
  for (const { event } of events) if (!typeById.has(event.id)) typeById.set(event.id, event.type);
  const claims = [...typeById.keys()].sort(compare).map((id, i) => ({ i, id, type: typeById.get(id)! }));
  const claimed = await tx.execute(sql`
    insert into bridge_events (id, type)
    select id, type from jsonb_to_recordset(${JSON.stringify(claims)}::jsonb) as e(i int, id text, type text)
    order by i
    on conflict do nothing
    returning id`);
  const fresh = new Set(rowsOf<{ id: string }>(claimed).map((row) => row.id));
  const toApply = events.filter((p) => fresh.delete(p.event.id));

  const known = await lockReferenced(
    tx,
    toApply.map((p) => p.event),
  );
  const errors: EventError[] = [];
  for (const { index, event, at } of toApply) {
    const problem = checkReferences(event, known, at);
    if (problem) errors.push({ index, ...problem });
  }
  const refused = await checkAccountEvents(
    tx,
    toApply.filter((p) => !errors.some((e) => e.index === p.index)),
    accounts,
  );
  errors.push(
    ...refused.map(({ index, reason }) => ({ index, code: 'staff_account_refused' as const, reason })),
  );
  if (errors.length > 0) {
    throw new BridgeBatchError(
      errors.sort((a, b) => a.index - b.index),
      refused.map(({ index: _, ...r }) => r),
    );
  }

  const w = writeIn(tx);
  for (const round of planRounds(toApply, { oneByOne })) {
    for (const type of GROUP_ORDER) {
      const group = round.get(type);
      if (group) await applyGroup(w, type, group);
    }
  }
  await addHourlyXp(w, hourlyXp(toApply));
  await recordReports(
    w,
    toApply.flatMap(({ event, at, sentAt }) =>
      event.type === 'server.status' ? [{ ...event, at, atSent: sentAt }] : [],
    ),
  );
  await notifyChanges(tx, w.changes);
  return { applied: toApply, changes: w.changes };
}

/** XP gained per hour (epoch milliseconds of the hour's start), added once at the end of the batch. */
function hourlyXp(events: Prepared[]): Map<number, number> {
  const xpByHour = new Map<number, number>();
  for (const { event, at } of events) {
    if (event.type !== 'player.progress' || event.xp_delta <= 0) continue;
    const hour = hourOf(at);
    xpByHour.set(hour, (xpByHour.get(hour) ?? 0) + event.xp_delta);
  }
  return xpByHour;
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
    // A punished player need not be known to the site: the event names them.
    case 'punishment.issued':
    case 'punishment.revoked':
      return [];
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
  const p = await lockRows(tx, players.uuid, playerIds, 'no key update', sql`::uuid`);
  const g = await lockRows(tx, gangs.id, gangIds, 'update');
  await lockRows(tx, auctionCategories.key, categoryKeys, 'no key update');
  const l = await lockRows(tx, auctionListings.id, listingIds, 'no key update');
  return {
    players: new Set(p),
    gangs: new Set(g),
    listings: new Set(l),
    punishments: await lockPunishments(
      tx,
      sorted(events.flatMap((e) => ('punishment_id' in e ? [e.punishment_id] : []))),
    ),
    actions: await knownActions(
      tx,
      events.flatMap((e) => ('action_id' in e && e.action_id !== undefined ? [e.action_id] : [])),
    ),
  };
}

/** Which of the staff action ids exist (punishment events name the action they carry out). */
async function knownActions(tx: Tx, ids: number[]): Promise<Known['actions']> {
  if (ids.length === 0) return new Set();
  const rows = await tx.execute(sql`
    select id from punishment_actions where id = any(${`{${[...new Set(ids)].join(',')}}`}::bigint[])`);
  return new Set(rowsOf<{ id: string | number }>(rows).map((row) => Number(row.id)));
}

/** Locks the game's punishments named by `ids` (sorted), and answers each one's type and issue time. */
async function lockPunishments(tx: Tx, ids: string[]): Promise<Known['punishments']> {
  const found: Known['punishments'] = new Map();
  if (ids.length === 0) return found;
  const rows = await tx.execute(sql`
    select source_id as id, type, issued_at as "issuedAt" from punishments
    where source = 'game'
      and source_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
    order by source_id collate "C"
    for update`);
  for (const row of rowsOf<{ id: string; type: string; issuedAt: string | Date }>(rows)) {
    found.set(row.id, { type: row.type, issuedAt: new Date(row.issuedAt) });
  }
  return found;
}

/** Locks the rows whose `column` is one of `values`, in the column's order; answers the values found. */
async function lockRows(
  tx: Tx,
  column: AnyPgColumn,
  values: string[],
  mode: 'update' | 'no key update',
  cast = sql``,
): Promise<string[]> {
  if (values.length === 0) return [];
  const rows = await tx.execute(sql`
    select ${column}::text as value from ${column.table}
    where ${column} in (select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)${cast})
    order by ${column}
    for ${sql.raw(mode)}`);
  return rowsOf<{ value: string }>(rows).map((row) => row.value);
}

/**
 * Checks the account events against what the game server may do (auth/accounts.ts), in the batch's
 * order, each seeing the roles the ones before it set; answers the refused ones. Each event keeps
 * its account as it stands before it, for the audit row of the change.
 */
async function checkAccountEvents(
  tx: Tx,
  events: Prepared[],
  policy: GameAccountPolicy,
): Promise<(RefusedAccountEvent & { index: number })[]> {
  const accountEvents = events.filter(
    (p): p is PreparedOf<'account.password' | 'account.roles'> =>
      p.event.type === 'account.password' || p.event.type === 'account.roles',
  );
  if (accountEvents.length === 0) return [];
  const held = await lockHeldAccounts(
    tx,
    accountEvents.map((p) => p.event.uuid.toLowerCase()),
  );
  // A player who joins in this very batch has no account yet: their name is the join's.
  for (const { event } of events) {
    if (event.type !== 'player.join') continue;
    const uuid = event.uuid.toLowerCase();
    if (!held.has(uuid)) held.set(uuid, { username: event.username, roles: [] });
  }
  const refused: (RefusedAccountEvent & { index: number })[] = [];
  for (const p of accountEvents) {
    const uuid = p.event.uuid.toLowerCase();
    const account = held.get(uuid)!;
    const reason = gameAccountRefusal(account, p.event, policy);
    if (reason) {
      refused.push({
        index: p.index,
        uuid,
        username: account.username,
        action: p.event.type,
        reason,
        ...(p.event.type === 'account.roles' && { roles: p.event.roles }),
      });
      continue;
    }
    p.account = { ...account, roles: [...account.roles] };
    if (p.event.type === 'account.roles') account.roles = p.event.roles.map((role) => role.toUpperCase());
  }
  return refused;
}

/** Why an event is refused: its code and the reason. */
type Problem = Omit<EventError, 'index'>;

/** Checks an event against what exists at its place in the batch, and records what it creates. */
function checkReferences(event: ReceivedBridgeEvent, known: Known, at: Date): Problem | null {
  if (event.type === 'player.join') {
    known.players.add(event.uuid.toLowerCase());
    return null;
  }
  for (const uuid of referencedPlayers(event)) {
    if (!known.players.has(uuid.toLowerCase())) {
      return { code: 'unknown_player', reason: `unknown player ${uuid} (send player.join first)` };
    }
  }
  if ('action_id' in event && event.action_id !== undefined && !known.actions.has(event.action_id)) {
    return { code: 'unknown_action', reason: `unknown staff action ${event.action_id}` };
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
        ? { code: 'cannot_befriend_self', reason: 'a player cannot befriend themselves' }
        : null;
    case 'auction.listed':
      if (known.listings.has(event.listing_id)) {
        return { code: 'listing_exists', reason: `listing ${event.listing_id} already exists` };
      }
      known.listings.add(event.listing_id);
      return null;
    case 'auction.cancelled':
      return known.listings.has(event.listing_id)
        ? null
        : { code: 'unknown_listing', reason: `unknown listing ${event.listing_id}` };
    case 'punishment.issued':
      if (known.punishments.has(event.punishment_id)) {
        return { code: 'punishment_exists', reason: `punishment ${event.punishment_id} already exists` };
      }
      known.punishments.set(event.punishment_id, { type: event.punishment_type, issuedAt: at });
      return null;
    case 'punishment.revoked':
      return revocationProblem(event.punishment_id, known.punishments.get(event.punishment_id), at);
    default:
      if ('gang_id' in event && !known.gangs.has(event.gang_id)) {
        return { code: 'unknown_gang', reason: `unknown gang ${event.gang_id}` };
      }
      return null;
  }
}

function revocationProblem(
  id: string,
  punishment: { type: string; issuedAt: Date } | undefined,
  at: Date,
): Problem | null {
  if (!punishment) {
    return { code: 'unknown_punishment', reason: `unknown punishment ${id} (send punishment.issued first)` };
  }
  if (punishment.type === 'kick') {
    return {
      code: 'punishment_not_revocable',
      reason: `punishment ${id} is a kick: there is nothing to lift`,
    };
  }
  if (at < punishment.issuedAt) {
    return {
      code: 'revoked_before_issued',
      reason: `punishment ${id} was issued at ${punishment.issuedAt.toISOString()}, after this revocation`,
    };
  }
  return null;
}

type Appliers = {
  [T in GroupType]: (w: Write, group: PreparedOf<T>[]) => Promise<void>;
};

// Each group is one domain operation; the modules own the rules (and report what changed).
const appliers: Appliers = {
  'player.join': (w, group) =>
    recordJoins(
      w,
      group.map(({ event: e, at, server }) => ({ uuid: e.uuid, username: e.username, at, server })),
    ),
  'player.quit': (w, group) =>
    recordQuits(
      w,
      group.map(({ event: e, at }) => ({ uuid: e.uuid, at })),
    ),
  'player.progress': (w, group) =>
    recordProgress(
      w,
      group.map(({ event: e, at }) => ({
        uuid: e.uuid,
        xpDelta: e.xp_delta,
        level: e.level,
        prestige: e.prestige,
        rank: e.rank,
        at,
      })),
    ),
  'player.balance': (w, group) =>
    changeBalances(
      w,
      group.map(({ event: e }) => ({
        player: e.uuid,
        delta: e.delta,
        reason: e.reason,
        reference: `bridge:${e.id}`,
      })),
    ),
  'player.stats': (w, group) =>
    recordStats(
      w,
      group.map(({ event: e, at }) => ({ uuid: e.uuid, set: e.set, add: e.add, at })),
    ),
  'player.gkit': (w, group) =>
    storeGKits(
      w,
      group.map(({ event: e }) => ({
        uuid: e.uuid,
        kitId: e.kit_id,
        unlocked: e.unlocked,
        level: e.level,
        cooldownEndsAt: e.cooldown_ends_at ? new Date(e.cooldown_ends_at) : null,
        lastClaimedAt: e.last_claimed_at ? new Date(e.last_claimed_at) : null,
      })),
    ),
  activity: (w, group) =>
    addActivity(
      w,
      group.map(({ event: e, at }) => ({
        actor: e.actor_uuid,
        target: e.target_uuid ?? null,
        type: e.activity_type,
        text: e.activity_text ?? null,
        at,
      })),
    ),
  'gang.upsert': (w, group) =>
    upsertGangs(
      w,
      group.map(({ event: e }) => ({
        id: e.gang_id,
        name: e.name,
        status: e.status,
        color: e.color,
        minLevel: e.min_level,
      })),
    ),
  'gang.treasury': (w, group) =>
    changeTreasuries(
      w,
      group.map(({ event: e, at }) => ({ id: e.gang_id, delta: e.delta, at })),
    ),
  'gang.member': (w, group) =>
    setMemberships(
      w,
      group.map(({ event: e, at }) => ({ player: e.uuid, gangId: e.gang_id, role: e.role, at })),
    ),
  'gang.leave': (w, group) =>
    leaveGangs(
      w,
      group.map(({ event: e, at }) => ({ player: e.uuid, gangId: e.gang_id, at })),
    ),
  'gang.disband': (w, group) =>
    disbandGangs(
      w,
      group.map(({ event: e }) => e.gang_id),
    ),
  'friend.add': (w, group) =>
    befriend(
      w,
      group.map(({ event: e, at }) => ({ a: e.uuid, b: e.friend_uuid, at })),
    ),
  'friend.remove': (w, group) =>
    unfriend(
      w,
      group.map(({ event: e }) => ({ a: e.uuid, b: e.friend_uuid })),
    ),
  'auction.listed': (w, group) =>
    addListings(
      w,
      group.map(({ event: e, at }) => ({
        id: e.listing_id,
        seller: e.seller_uuid,
        category: { key: e.category_key, name: e.category_name, icon: e.category_icon },
        item: e.item,
        qty: e.qty,
        price: e.price,
        at,
      })),
    ),
  'auction.cancelled': (w, group) =>
    cancelListings(
      w,
      group.map(({ event: e, at }) => ({ id: e.listing_id, at })),
    ),
  // One at a time: each signs the player's sessions out and is audited (auth/accounts.ts), and they
  // are rare. Each was checked against what the game server may do (checkAccountEvents).
  async 'account.password'(w, group) {
    for (const { event: e, passwordHash, account } of group) {
      await storePasswordFromGame(w.tx, e.uuid, account!.username, passwordHash!);
    }
  },
  async 'account.roles'(w, group) {
    for (const { event: e, account } of group) await storeRolesFromGame(w.tx, e.uuid, account!, e.roles);
  },
  'punishment.issued': (w, group) =>
    issuePunishments(
      w,
      group.map(({ event: e, at, server }) => ({
        source: 'game',
        sourceId: e.punishment_id,
        type: e.punishment_type,
        player: { uuid: e.uuid, name: e.username },
        staff: e.staff && { uuid: e.staff.uuid, name: e.staff.username },
        reason: e.reason ?? null,
        issuedAt: at,
        until: e.until ? new Date(e.until) : null,
        silent: e.silent ?? false,
        byAddress: e.by_address ?? false,
        address: e.address ?? null,
        note: e.note ?? null,
        server,
        actionId: e.action_id ?? null,
      })),
    ),
  'punishment.revoked': (w, group) =>
    revokePunishments(
      w,
      group.map(({ event: e, at }) => ({
        source: 'game',
        sourceId: e.punishment_id,
        at,
        by: e.staff && { uuid: e.staff.uuid, name: e.staff.username },
        reason: e.reason ?? null,
        actionId: e.action_id ?? null,
      })),
    ),
};

/** Applies a group; a value the database refuses is pinned on its event. */
async function applyGroup(w: Write, type: GroupType, group: Prepared[]): Promise<void> {
  // The planner grouped the events by type: each group holds events of `type` only.
  const applier = appliers[type] as (w: Write, group: Prepared[]) => Promise<void>;
  try {
    await applier(w, group);
  } catch (err) {
    // A data error (numeric overflow, a broken constraint) aborts the transaction: stop here.
    if (!isDataError(err)) throw err;
    if (group.length === 1) {
      throw new BridgeBatchError([
        { index: group[0]!.index, code: 'value_refused', reason: databaseMessage(err) },
      ]);
    }
    throw new SetRefused(err);
  }
}
