// The auction house (spec 2.10, 2.11, 4 Purchase; DESIGN.md section 3): categories with their
// active listings' figures (a live hub topic), and the purchase, which moves money buyer -> seller
// and writes the purchase, two ledger rows and a delivery in one transaction. A category's listings,
// a page at a time, are in listings.ts.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type AuctionCategory,
  type Purchase,
  type PurchaseRequest,
  stripColorCodes,
} from '@prison/shared/auction';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sqlState } from '../../db/errors.ts';
import { auctionCategories, auctionListings, auctionPurchases, players } from '../../db/schema.ts';
import { conflict, DomainError, forbidden, notFound, unavailable } from '../../errors.ts';
import { notifyChanges, writeIn } from '../../live/changes.ts';
import type { TopicBuild } from '../../live/hub.ts';
import { TOPICS } from '../../live/topics.ts';
import { queueDelivery } from '../bridge/deliveries-service.ts';
import { changeBalance } from '../players/balance.ts';

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
 * Locks are taken in the bridge's order (players sorted, then the listing) so that a purchase and
 * a bridge batch, or two players buying from each other, do not deadlock; what still deadlocks is
 * retried as a whole.
 */
export async function purchase(
  db: Db,
  buyer: string,
  request: PurchaseRequest,
  idempotencyKey?: string,
): Promise<Purchase> {
  const buyerUuid = buyer.toLowerCase();
  if (idempotencyKey !== undefined) {
    const stored = await storedResponse(db, buyerUuid, idempotencyKey, request);
    if (stored) return stored;
  }
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((tx) => buy(tx, buyerUuid, request, idempotencyKey));
    } catch (err) {
      if (err instanceof DomainError) throw err;
      const state = sqlState(err);
      // The same key sent twice at once: the other request bought; answer what it answered.
      if (state === '23505' && idempotencyKey !== undefined) {
        const stored = await storedResponse(db, buyerUuid, idempotencyKey, request);
        if (stored) return stored;
      }
      if (RETRYABLE_STATES.has(state ?? '')) {
        if (attempt >= RETRIES) throw unavailable(PURCHASE_BUSY);
        await sleep(10 * (attempt + 1) + Math.random() * 40);
        continue;
      }
      throw err;
    }
  }
}

async function storedResponse(
  db: Db | Tx,
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
  if (!row) return null;
  if (row.listingId !== request.id || row.qty !== request.qty) throw conflict(KEY_REUSED);
  // Answers stored before money was decimal text hold JSON numbers: the price and the total are
  // taken from their exact columns, and such a balance is written with its two decimals.
  const response = row.response as Omit<Purchase, 'balance'> & { balance: string | number };
  const balance = typeof response.balance === 'number' ? response.balance.toFixed(2) : response.balance;
  return { ...response, price: row.price, total: row.total, balance };
}

async function buy(
  tx: Tx,
  buyer: string,
  { id, qty }: PurchaseRequest,
  idempotencyKey: string | undefined,
): Promise<Purchase> {
  if (idempotencyKey !== undefined) {
    // One request per (buyer, key) at a time; the second one then finds the first one's row.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${buyer}/${idempotencyKey}`}, 0))`);
    const stored = await storedResponse(tx, buyer, idempotencyKey, { id, qty });
    if (stored) return stored;
  }

  // The seller of a listing never changes: read it without a lock to know whose rows to lock.
  const [listing] = await tx
    .select({ seller: auctionListings.sellerUuid })
    .from(auctionListings)
    .where(eq(auctionListings.id, id));
  if (!listing) throw notFound(NO_SUCH_LISTING);
  if (listing.seller.toLowerCase() === buyer) throw forbidden(OWN_LISTING);
  const seller = listing.seller.toLowerCase();
  await tx
    .select({ uuid: players.uuid })
    .from(players)
    .where(inArray(players.uuid, [buyer, seller]))
    .orderBy(asc(players.uuid))
    .for('no key update');

  // Never below zero: the row changes only if this many units are still there.
  const [sold] = await tx
    .update(auctionListings)
    .set({ qtyLeft: sql`${auctionListings.qtyLeft} - ${qty}::int` })
    .where(
      and(
        eq(auctionListings.id, id),
        ne(auctionListings.sellerUuid, buyer),
        sql`${auctionListings.cancelledAt} is null`,
        sql`${auctionListings.qtyLeft} >= ${qty}::int`,
      ),
    )
    .returning({
      remaining: auctionListings.qtyLeft,
      price: auctionListings.price,
      total: sql<string>`(${auctionListings.price} * ${qty}::int)::text`,
      itemName: auctionListings.itemName,
      itemIcon: auctionListings.itemIcon,
    });
  if (!sold) {
    const [now] = await tx
      .select({ left: auctionListings.qtyLeft, cancelledAt: auctionListings.cancelledAt })
      .from(auctionListings)
      .where(eq(auctionListings.id, id));
    if (!now || now.cancelledAt !== null || now.left === 0) throw conflict(LISTING_GONE);
    throw conflict(onlyLeft(now.left));
  }

  // The buyer pays first, and only what their balance covers; then the seller is paid.
  const w = writeIn(tx);
  const purchaseId = randomUUID();
  const paid = { reason: 'auction.purchase', reference: purchaseId };
  const balance = await changeBalance(w, { player: buyer, delta: `-${sold.total}`, covered: true, ...paid });
  if (balance === null) {
    const [wallet] = await tx
      .select({ balance: players.balance })
      .from(players)
      .where(eq(players.uuid, buyer));
    throw conflict(notEnoughMoney(sold.total, wallet?.balance ?? '0'));
  }
  await changeBalance(w, {
    player: seller,
    delta: sold.total,
    reason: 'auction.sale',
    reference: purchaseId,
  });

  const response: Purchase = {
    id: purchaseId,
    listing_id: id,
    qty,
    price: sold.price,
    total: sold.total,
    remaining: sold.remaining,
    balance,
  };
  await tx.insert(auctionPurchases).values({
    id: purchaseId,
    listingId: id,
    buyerUuid: buyer,
    sellerUuid: seller,
    qty,
    unitPrice: sold.price,
    total: sold.total,
    idempotencyKey: idempotencyKey ?? null,
    response,
  });
  await queueDelivery(w, {
    purchaseId,
    player: buyer,
    item: { name: sold.itemName, icon: sold.itemIcon },
    qty,
  });
  // The listing's figures, both balances and the delivery reach every process when this commits.
  w.changes.push({ type: 'listing.changed' });
  await notifyChanges(tx, w.changes);
  return response;
}
