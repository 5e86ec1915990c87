// The auction house (spec 2.10, 2.11, 4 Purchase; DESIGN.md section 3): categories with their
// active listings' figures (a live hub topic), and the purchase, which moves money buyer -> seller
// and writes the purchase, two ledger rows and a delivery in one statement. A category's listings,
// a page at a time, are in listings.ts.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type AuctionCategory,
  type Purchase,
  type PurchaseRequest,
  stripColorCodes,
} from '@prison/shared/auction';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, runNamed } from '../../db/client.ts';
import { sqlState } from '../../db/errors.ts';
import { auctionCategories, auctionListings, auctionPurchases } from '../../db/schema.ts';
import { conflict, DomainError, forbidden, notFound, unavailable } from '../../errors.ts';
import { type Change, committedHere, notifyChangesSql } from '../../live/changes.ts';
import type { TopicBuild } from '../../live/hub.ts';
import { TOPICS } from '../../live/topics.ts';
import { queuedDeliveries } from '../bridge/deliveries-service.ts';
import { notificationsCte } from '../notifications/writes.ts';
import { balanceMoves } from '../players/balance.ts';
import { webhooksCte } from '../webhooks/events.ts';

/** Every category with its figures, rebuilt when listings come and go. */
export const CATEGORIES_TOPIC = TOPICS.categories;

export const NO_SUCH_CATEGORY = 'No such auction category';
export const NO_SUCH_LISTING = 'No such listing';
export const OWN_LISTING = 'You cannot buy your own listing';
export const LISTING_GONE = 'This listing is no longer available';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different purchase';
export const PURCHASE_BUSY =
  'The auction house was busy with other purchases of the same listing; nothing was bought. Try again.';
export const onlyLeft = (left: number) => `Only ${left} left`;
export const notEnoughMoney = (total: string, balance: string) =>
  `Not enough money: this costs ${dollars(total)} and you have ${dollars(balance)}`;

/** Attempts after the first when the database reports a deadlock or a serialization failure. */
const RETRIES = 3;
const RETRYABLE_STATES = new Set(['40P01', '40001']);

/** Exact numeric text ("1234567.50") as "$1,234,567.50", without going through a float. */
export function dollars(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole = '0', cents = ''] = (negative ? amount.slice(1) : amount).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${grouped}.${cents.padEnd(2, '0').slice(0, 2)}`;
}

/** A listing still on sale: the condition of the partial index auction_listings_active_idx. */
export const ON_SALE = sql`${auctionListings.cancelledAt} is null and ${auctionListings.qtyLeft} > 0`;

// Money is the database's exact text, on the wire too (DESIGN.md section 8).
export async function auctionCategoryList(db: Db): Promise<AuctionCategory[]> {
  const rows = await db
    .select({
      key: auctionCategories.key,
      displayName: auctionCategories.displayName,
      icon: auctionCategories.icon,
      count: sql<number>`count(${auctionListings.id})::int`,
      lowest: sql<string | null>`min(${auctionListings.price})::text`,
      highest: sql<string | null>`max(${auctionListings.price})::text`,
    })
    .from(auctionCategories)
    .leftJoin(auctionListings, and(eq(auctionListings.categoryKey, auctionCategories.key), ON_SALE))
    .groupBy(auctionCategories.key);
  const categories = rows.map((row) => ({
    ...row,
    count: Number(row.count),
    displayName: stripColorCodes(row.displayName),
  }));
  // By name as shown, the same on every database (no collation involved), then by key.
  const sortName = (c: AuctionCategory) => c.displayName.toLowerCase();
  return categories.sort((a, b) => compare(sortName(a), sortName(b)) || compare(a.key, b.key));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function buildCategories(db: Db) {
  return async (): Promise<TopicBuild<AuctionCategory[]>> => ({ value: await auctionCategoryList(db) });
}

/**
 * Buys `qty` units of a listing for `buyer`, all or nothing (DESIGN.md section 3). With an
 * idempotency key, a retry answers the first purchase's response instead of buying again.
 *
 * The purchase is one statement (`purchaseStatement`), so one round trip to the database, and the
 * listing and the two players stay locked only while it runs. Locks are taken in the bridge's
 * order (players sorted, then the listing) so that a purchase and a bridge batch, or two players
 * buying from each other, do not deadlock; what still deadlocks is retried as a whole.
 */
export async function purchase(
  db: Db,
  buyer: string,
  request: PurchaseRequest,
  idempotencyKey?: string,
): Promise<Purchase> {
  const buyerUuid = buyer.toLowerCase();
  for (let attempt = 0; ; attempt++) {
    try {
      const statement = purchaseStatement(buyerUuid, request, idempotencyKey, randomUUID());
      // Two texts: with and without an idempotency key.
      const name = idempotencyKey === undefined ? 'purchase' : 'purchase_keyed';
      const outcome = (await runNamed<Outcome>(db, name, statement))[0]!;
      // Refused after another request of the buyer's committed while this one waited for their row:
      // if that one had the same key, its purchase is the answer (the statement could not see it).
      if (outcome.buyerMoved && !outcome.bought && idempotencyKey !== undefined) {
        const stored = await storedResponse(db, buyerUuid, idempotencyKey, request);
        if (stored) return stored;
      }
      if (outcome.bought && outcome.seller)
        await committedHere(db, purchaseChanges(buyerUuid, outcome.seller));
      return answer(buyerUuid, request, outcome);
    } catch (err) {
      if (err instanceof DomainError) throw err;
      const state = sqlState(err);
      // The same key sent twice at once: the other request bought (this one waited for the buyer's
      // row, then found the key taken); answer what it answered.
      if (state === '23505' && idempotencyKey !== undefined) {
        const stored = await storedResponse(db, buyerUuid, idempotencyKey, request);
        if (stored) return stored;
      }
      if (RETRYABLE_STATES.has(state ?? '')) {
        if (attempt >= RETRIES) throw unavailable('database_busy', PURCHASE_BUSY);
        await sleep(10 * (attempt + 1) + Math.random() * 40);
        continue;
      }
      throw err;
    }
  }
}

/** The purchase stored under an idempotency key, as the statement reads it. */
interface StoredPurchase {
  listingId: string;
  qty: number;
  price: string;
  total: string;
  response: unknown;
}

/** What the purchase statement found and did: its one row. */
interface Outcome {
  /** The purchase already made under this key, if any (then nothing else was done). */
  stored: StoredPurchase | null;
  /** The listing's seller; null when there is no such listing. */
  seller: string | null;
  /** The listing as it was once locked; null when it was not locked (a refusal before). */
  left: number | null;
  cancelled: boolean | null;
  total: string | null;
  /** The buyer's balance once locked. */
  funds: string | null;
  /** The buyer's balance moved between the statement's start and the lock on their row. */
  buyerMoved: boolean;
  /** The answer, when the purchase was made. */
  bought: Purchase | null;
}

function answer(buyer: string, request: PurchaseRequest, outcome: Outcome): Purchase {
  if (outcome.stored) return storedAnswer(outcome.stored, request);
  if (outcome.bought) return outcome.bought;
  // Nothing was written: say why, in the order the statement checked.
  if (outcome.seller === null) throw notFound('unknown_listing', NO_SUCH_LISTING);
  if (outcome.seller === buyer) throw forbidden('cannot_buy_own_listing', OWN_LISTING);
  if (outcome.left === null || outcome.cancelled || outcome.left === 0)
    throw conflict('listing_sold_out', LISTING_GONE);
  if (outcome.left < request.qty) throw conflict('not_enough_left', onlyLeft(outcome.left));
  throw conflict('not_enough_money', notEnoughMoney(outcome.total!, outcome.funds ?? '0'));
}

/** The seller is known only once the statement has read the listing: their topics name this. */
const SELLER = '<seller>';

/**
 * The whole purchase as one data-modifying statement. Each step writes only if the one before
 * did, so a refusal writes nothing, and the row it answers says which step refused:
 *   stored   the purchase already made under the idempotency key, if any (then nothing else runs);
 *   listing  the listing's seller, read without a lock (a listing's seller never changes);
 *   wallets  the buyer and the seller, locked in uuid order (none when buying one's own listing);
 *   offer    then the listing, locked: a lock waits for whoever holds it and reads the row as they
 *            left it, so the checks below see the latest quantity and balance;
 *   sold     the units taken, only if still there and not withdrawn, and only if the buyer's
 *            balance covers the total (never below zero);
 *   moved    buyer -> seller, each balance with its ledger row (players/balance.ts);
 *   purchase the purchase with its answer (for a retry with the same key), which NOTIFYs the live
 *            changes: both balances and the listing;
 *   delivery the items for the game server (bridge/deliveries-service.ts), which NOTIFYs it;
 *   sale_notice the seller's notification (notifications/writes.ts), unless they turned it off;
 *   sale_hook   the sale, for the Discord webhooks that take purchases (webhooks/events.ts).
 * A second request with the same key at once waits for the buyer's row, then finds the key taken
 * (23505), or finds the units or the money gone; either way it answers the first one's purchase,
 * which its statement, reading the database as it was when it started, could not see.
 */
function purchaseStatement(
  buyer: string,
  { id, qty }: PurchaseRequest,
  idempotencyKey: string | undefined,
  purchaseId: string,
): SQL {
  const stored =
    idempotencyKey === undefined
      ? sql`select null::text as listing_id, null::int as qty, null::numeric as unit_price,
          null::numeric as total, null::jsonb as response where false`
      : sql`select listing_id, qty, unit_price, total, response from auction_purchases
          where buyer_uuid = ${buyer}::uuid and idempotency_key = ${idempotencyKey}::text`;
  const moves = sql`
    select ${buyer}::uuid as player, -total as delta, 'auction.purchase' as reason, ${purchaseId}::text as reference from sold
    union all
    select seller, total, 'auction.sale', ${purchaseId}::text from sold`;
  const notified = notifyChangesSql(purchaseChanges(buyer, SELLER), {
    [SELLER]: sql`seller_uuid`, // the purchase row's
  });
  const delivered = sql`
    select purchase.id as purchase_id, ${buyer}::uuid as player_uuid, sold.item_name, sold.item_icon,
      ${qty}::int as qty
    from purchase, sold`;
  // The seller hears who bought, how many and for how much; so do the webhooks, with the seller.
  // Both names come from the rows `wallets` locked.
  const nameOf = (uuid: SQL) => sql`(select username from wallets where uuid = ${uuid})`;
  const soldNotice = sql`
    select sold.seller as player_uuid, 'listing.sold'::text as kind,
      jsonb_build_object('listing_id', ${id}::text, 'item_name', sold.item_name, 'qty', ${qty}::int,
        'total', sold.total::text, 'purchase_id', purchase.id,
        'buyer', jsonb_build_object('uuid', ${buyer}::uuid, 'name', ${nameOf(sql`${buyer}::uuid`)})) as data
    from purchase, sold`;
  const saleHook = sql`
    select jsonb_build_object('listing_id', ${id}::text, 'item_name', sold.item_name, 'qty', ${qty}::int,
        'total', sold.total::text,
        'buyer', jsonb_build_object('uuid', ${buyer}::uuid, 'name', ${nameOf(sql`${buyer}::uuid`)}),
        'seller', jsonb_build_object('uuid', sold.seller, 'name', ${nameOf(sql`sold.seller`)})) as data
    from purchase, sold`;
  return sql`
    with stored as materialized (${stored}),
    listing as materialized (
      select seller_uuid as seller from auction_listings
      where id = ${id}::text and not exists (select from stored)
    ),
    wallets as materialized (
      select uuid, balance, username from players
      where uuid in (${buyer}::uuid, (select seller from listing))
        and (select seller from listing) <> ${buyer}::uuid
      order by uuid
      for no key update
    ),
    offer as materialized (
      select id, seller_uuid as seller, qty_left, cancelled_at is not null as cancelled,
        price, price * ${qty}::int as total, item_name, item_icon
      from auction_listings
      where id = ${id}::text and (select count(*) from wallets) > 0
      for no key update
    ),
    sold as (
      update auction_listings l set qty_left = l.qty_left - ${qty}::int
      from offer
      where l.id = offer.id and l.cancelled_at is null and l.qty_left >= ${qty}::int
        and (select balance from wallets where uuid = ${buyer}::uuid) >= offer.total
      returning l.qty_left as remaining, offer.seller, offer.price, offer.total, offer.item_name,
        offer.item_icon
    ),
    ${balanceMoves(moves)},
    purchase as (
      insert into auction_purchases
        (id, listing_id, buyer_uuid, seller_uuid, qty, unit_price, total, idempotency_key, response)
      select ${purchaseId}::uuid, ${id}::text, ${buyer}::uuid, sold.seller, ${qty}::int, sold.price,
        sold.total, ${idempotencyKey ?? null}::text,
        jsonb_build_object('id', ${purchaseId}::text, 'listing_id', ${id}::text, 'qty', ${qty}::int,
          'price', sold.price::text, 'total', sold.total::text, 'remaining', sold.remaining,
          'balance', moved.balance::text)
      from sold join moved on moved.uuid = ${buyer}::uuid
      returning id, response, ${notified}
    ),
    ${queuedDeliveries(delivered)},
    ${notificationsCte('sale_notice', soldNotice)},
    ${webhooksCte('sale_hook', 'purchase', saleHook)}
    select
      (select json_build_object('listingId', listing_id, 'qty', qty, 'price', unit_price::text,
         'total', total::text, 'response', response) from stored) as stored,
      (select seller::text from listing) as seller,
      offer.qty_left as left, offer.cancelled, offer.total::text as total,
      (select balance::text from wallets where uuid = ${buyer}::uuid) as funds,
      exists (select from wallets join players seen using (uuid)
        where uuid = ${buyer}::uuid and wallets.balance <> seen.balance) as "buyerMoved",
      (select response from purchase) as bought
    from (select) as one
    left join offer on true`;
}

/** What a purchase changes: both balances, the listing, and the seller's notifications. */
const purchaseChanges = (buyer: string, seller: string): Change[] => [
  { type: 'balance.changed', player: buyer },
  { type: 'balance.changed', player: seller },
  { type: 'listing.changed' },
  { type: 'notification.changed', player: seller },
];

async function storedResponse(
  db: Db,
  buyer: string,
  key: string,
  request: PurchaseRequest,
): Promise<Purchase | null> {
  const [row] = await db
    .select({
      listingId: auctionPurchases.listingId,
      qty: auctionPurchases.qty,
      price: auctionPurchases.unitPrice,
      total: auctionPurchases.total,
      response: auctionPurchases.response,
    })
    .from(auctionPurchases)
    .where(and(eq(auctionPurchases.buyerUuid, buyer), eq(auctionPurchases.idempotencyKey, key)));
  return row ? storedAnswer(row, request) : null;
}

function storedAnswer(row: StoredPurchase, request: PurchaseRequest): Purchase {
  if (row.listingId !== request.id || row.qty !== request.qty)
    throw conflict('idempotency_key_reused', KEY_REUSED);
  // Answers stored before money was decimal text hold JSON numbers: the price and the total are
  // taken from their exact columns, and such a balance is written with its two decimals.
  const response = row.response as Omit<Purchase, 'balance'> & { balance: string | number };
  const balance = typeof response.balance === 'number' ? response.balance.toFixed(2) : response.balance;
  return { ...response, price: row.price, total: row.total, balance };
}
