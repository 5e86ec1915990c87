// A category's listings, a page at a time (spec 2.11; issue 16: a category of 10,000 listings was one
// 2.5 MB answer). Keyset pages: a cursor holds the sort's key of the last listing sent (the
// database's own text of its price or quantity) and its id, and the next page starts after that pair
// in SQL, so a page costs the same however deep it is, and a listing bought or withdrawn between two
// pages shifts nothing. The first page also carries the category's figures, which no page can.
import type { ListingSort, Listings, ListingsSummary } from '@prison/shared/auction';
import { stripColorCodes } from '@prison/shared/auction';
import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auctionCategories, auctionListings, players } from '../../db/schema.ts';
import { invalid, notFound } from '../../errors.ts';
import { NO_SUCH_CATEGORY, ON_SALE } from './service.ts';

export const BAD_CURSOR = 'This cursor is not one of ours: start again from the first page';
export const CURSOR_OTHER_SORT = 'This cursor belongs to another sort: start again from the first page';

export interface ListingsPage {
  sort: ListingSort;
  limit: number;
  cursor?: string | undefined;
  /** Only listings with at least this many units left. */
  minQty: number;
}

/** Where a page starts: after the listing whose sort key (as the database writes it) and id these are. */
interface Cursor {
  sort: ListingSort;
  key: string;
  id: string;
}

// Ties by id, compared byte by byte (collate "C") so that PGlite and PostgreSQL, whatever their
// default collation, order and compare ids the same. A descending sort is the ascending one mirrored,
// ties included, so one row comparison says "after the cursor" in either direction.
const ID = sql`${auctionListings.id} collate "C"`;
const SORTS: Record<ListingSort, { column: SQL; type: SQL; descending: boolean }> = {
  price_asc: { column: sql`${auctionListings.price}`, type: sql`numeric`, descending: false },
  price_desc: { column: sql`${auctionListings.price}`, type: sql`numeric`, descending: true },
  quantity_asc: { column: sql`${auctionListings.qtyLeft}`, type: sql`int`, descending: false },
  quantity_desc: { column: sql`${auctionListings.qtyLeft}`, type: sql`int`, descending: true },
};

// What a cursor's key may be: numeric(40,2) text for a price, a listing's quantity (at most
// 1,000,000) for a quantity. Checked before it reaches SQL, so a forged one is a 400, not a cast error.
const PRICE_KEY = /^[0-9]{1,38}(\.[0-9]{1,2})?$/;
const QUANTITY_KEY = /^[0-9]{1,7}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function encodeCursor({ sort, key, id }: Cursor): string {
  return Buffer.from(JSON.stringify({ s: sort, k: key, id })).toString('base64url');
}

export function decodeCursor(text: string, sort: ListingSort): Cursor {
  let parsed: unknown;
  try {
    if (!BASE64URL.test(text)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid(BAD_CURSOR);
  }
  if (typeof parsed !== 'object' || parsed === null) throw invalid(BAD_CURSOR);
  const { s, k, id } = parsed as Record<string, unknown>;
  if (typeof s !== 'string' || !(s in SORTS) || typeof k !== 'string' || typeof id !== 'string') {
    throw invalid(BAD_CURSOR);
  }
  if (id.length === 0 || id.length > 64 || id.includes('\u0000')) throw invalid(BAD_CURSOR);
  if (s !== sort) throw invalid(CURSOR_OTHER_SORT);
  const keyShape = s.startsWith('price') ? PRICE_KEY : QUANTITY_KEY;
  if (!keyShape.test(k)) throw invalid(BAD_CURSOR);
  return { sort: s as ListingSort, key: k, id };
}

/** One page of a category's active listings, read straight from the database: a buyer acts on it. */
export async function categoryListings(db: Db, key: string, page: ListingsPage): Promise<Listings> {
  // A bad cursor is refused before anything is read.
  const after = page.cursor === undefined ? null : decodeCursor(page.cursor, page.sort);
  const [category] = await db
    .select({ displayName: auctionCategories.displayName })
    .from(auctionCategories)
    .where(eq(auctionCategories.key, key));
  if (!category) throw notFound(NO_SUCH_CATEGORY);

  const { column, type, descending } = SORTS[page.sort];
  const conditions = [eq(auctionListings.categoryKey, key), ON_SALE];
  if (page.minQty > 0) conditions.push(gte(auctionListings.qtyLeft, page.minQty));
  if (after) {
    const cursorRow = sql`(${after.key}::${type}, ${after.id} collate "C")`;
    conditions.push(sql`(${column}, ${ID}) ${descending ? sql`<` : sql`>`} ${cursorRow}`);
  }
  const direction = descending ? sql`desc` : sql`asc`;
  const rows = await db
    .select({
      id: auctionListings.id,
      itemName: auctionListings.itemName,
      itemIcon: auctionListings.itemIcon,
      seller: auctionListings.sellerUuid,
      sellerName: players.username,
      qty: auctionListings.qtyLeft,
      price: sql<string>`${auctionListings.price}::text`,
      sortKey: sql<string>`${column}::text`,
    })
    .from(auctionListings)
    .innerJoin(players, eq(players.uuid, auctionListings.sellerUuid))
    .where(and(...conditions))
    .orderBy(sql`${column} ${direction}`, sql`${ID} ${direction}`)
    // One more than the page: whether it exists says whether there is a next page.
    .limit(page.limit + 1);

  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    displayName: stripColorCodes(category.displayName),
    listings: shown.map(({ itemName, itemIcon, sortKey: _, ...row }) => ({
      ...row,
      item: { name: stripColorCodes(itemName), icon: itemIcon },
    })),
    next_cursor:
      rows.length > page.limit && last
        ? encodeCursor({ sort: page.sort, key: last.sortKey, id: last.id })
        : null,
    summary: after ? null : await listingsSummary(db, key),
  };
}

/** Spec 2.11's summary, market recap and top sellers over every active listing of the category. */
export async function listingsSummary(db: Db, key: string): Promise<ListingsSummary> {
  const inCategory = and(eq(auctionListings.categoryKey, key), ON_SALE);
  const value = sql`${auctionListings.qtyLeft} * ${auctionListings.price}`;
  const [totals] = await db
    .select({
      listings: sql<number>`count(*)::int`,
      sellers: sql<number>`count(distinct ${auctionListings.sellerUuid})::int`,
      // Past 2^31 units a sum is a bigint, which the drivers answer differently: text is the same.
      totalQuantity: sql<string>`coalesce(sum(${auctionListings.qtyLeft}), 0)::text`,
      totalValue: sql<string>`coalesce(sum(${value}), 0)::numeric(40, 2)::text`,
      floor: sql<string | null>`min(${auctionListings.price})::text`,
      ceiling: sql<string | null>`max(${auctionListings.price})::text`,
      averagePrice: sql<
        string | null
      >`round(sum(${value}) / nullif(sum(${auctionListings.qtyLeft}), 0), 2)::numeric(40, 2)::text`,
    })
    .from(auctionListings)
    .where(inCategory);
  const quantity = sql`sum(${auctionListings.qtyLeft})`;
  const sellers = await db
    .select({
      seller: auctionListings.sellerUuid,
      sellerName: players.username,
      quantity: sql<string>`${quantity}::text`,
      listings: sql<number>`count(*)::int`,
    })
    .from(auctionListings)
    .innerJoin(players, eq(players.uuid, auctionListings.sellerUuid))
    .where(inCategory)
    .groupBy(auctionListings.sellerUuid, players.username)
    .orderBy(sql`${quantity} desc`, sql`${players.username} collate "C"`, auctionListings.sellerUuid)
    .limit(3);
  const [cheapest] = await db
    .select({ sellerName: players.username })
    .from(auctionListings)
    .innerJoin(players, eq(players.uuid, auctionListings.sellerUuid))
    .where(inCategory)
    .orderBy(auctionListings.price, ID)
    .limit(1);
  return {
    listings: totals?.listings ?? 0,
    sellers: totals?.sellers ?? 0,
    totalQuantity: Number(totals?.totalQuantity ?? 0),
    totalValue: totals?.totalValue ?? '0.00',
    floor: totals?.floor ?? null,
    ceiling: totals?.ceiling ?? null,
    averagePrice: totals?.averagePrice ?? null,
    cheapestSeller: cheapest?.sellerName ?? null,
    topSellers: sellers.map((s) => ({ ...s, quantity: Number(s.quantity) })),
  };
}
