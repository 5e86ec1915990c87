// A category's listings, a page at a time (spec 2.11; issue 16: a category of 10,000 listings was one
// 2.5 MB answer). Keyset pages: a cursor holds the sort's key of the last listing sent (the
// database's own text of its price or quantity) and its id, and the next page starts after that pair
// in SQL, so a page costs the same however deep it is, and a listing bought or withdrawn between two
// pages shifts nothing. The first page also carries the category's figures, which no page can.
import type { ListingSort, Listings, ListingsSummary } from '@prison/shared/auction';
import { stripColorCodes } from '@prison/shared/auction';
import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import { type Db, perDatabase, runNamed } from '../../db/client.ts';
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

// Every page of every category is one of a few queries, prepared once per database: by sort, and
// whether the page starts after a cursor. PostgreSQL plans each once per connection.
const KEY = sql.placeholder('key');
const inCategory = and(eq(auctionListings.categoryKey, KEY), ON_SALE);

const queries = perDatabase((db) => {
  const pageQuery = (sort: ListingSort, afterCursor: boolean) => {
    const { column, type, descending } = SORTS[sort];
    const conditions = [inCategory, gte(auctionListings.qtyLeft, sql.placeholder('minQty'))];
    if (afterCursor) {
      const cursorRow = sql`(${sql.placeholder('afterKey')}::${type}, ${sql.placeholder('afterId')}::text collate "C")`;
      conditions.push(sql`(${column}, ${ID}) ${descending ? sql`<` : sql`>`} ${cursorRow}`);
    }
    const direction = descending ? sql`desc` : sql`asc`;
    return db
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
      .limit(sql.placeholder('rows'))
      .prepare(`listings_${sort}${afterCursor ? '_after' : ''}`);
  };
  const sorts = Object.keys(SORTS) as ListingSort[];
  return {
    category: db
      .select({ displayName: auctionCategories.displayName })
      .from(auctionCategories)
      .where(eq(auctionCategories.key, KEY))
      .prepare('listings_category'),
    pages: new Map(
      sorts.flatMap((sort) =>
        [false, true].map((after) => [`${sort}${after}`, pageQuery(sort, after)] as const),
      ),
    ),
  };
});

/**
 * One page of a category's active listings, read straight from the database: a buyer acts on it.
 * `shownName` is the category's name as the categories snapshot shows it, when it holds the
 * category (a category's name is not money or stock: a second's delay is fine); else the
 * category is looked up, and 404 if there is none.
 */
export async function categoryListings(
  db: Db,
  key: string,
  page: ListingsPage,
  shownName?: string,
): Promise<Listings> {
  // A bad cursor is refused before anything is read.
  const after = page.cursor === undefined ? null : decodeCursor(page.cursor, page.sort);
  const prepared = queries(db);
  let displayName = shownName;
  if (displayName === undefined) {
    const [category] = await prepared.category.execute({ key });
    if (!category) throw notFound(NO_SUCH_CATEGORY);
    displayName = stripColorCodes(category.displayName);
  }

  const rows = await prepared.pages.get(`${page.sort}${after !== null}`)!.execute({
    key,
    minQty: page.minQty,
    afterKey: after?.key,
    afterId: after?.id,
    // One more than the page: whether it exists says whether there is a next page.
    rows: page.limit + 1,
  });

  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    displayName,
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

/** The summary's one row. */
interface SummaryRow {
  listings: number;
  sellers: number;
  totalQuantity: string;
  totalValue: string;
  floor: string | null;
  ceiling: string | null;
  averagePrice: string | null;
  cheapestSeller: string | null;
  topSellers: Array<{ seller: string; sellerName: string; quantity: string; listings: number }>;
}

/**
 * Spec 2.11's summary, market recap and top sellers over every active listing of the category: one
 * statement (the category's active listings read once), prepared. Sums past 2^31 units are bigints,
 * which the drivers answer differently: they come as text.
 */
export async function listingsSummary(db: Db, key: string): Promise<ListingsSummary> {
  const [row] = await runNamed<SummaryRow>(
    db,
    'listings_summary',
    sql`
      with active as materialized (
        select ${auctionListings.id} as id, ${auctionListings.sellerUuid} as seller,
          ${auctionListings.qtyLeft} as qty, ${auctionListings.price} as price
        from ${auctionListings}
        where ${auctionListings.categoryKey} = ${key}::text and ${ON_SALE}
      ),
      top as (
        select a.seller, p.username as seller_name, sum(a.qty) as quantity, count(*)::int as listings
        from active a join ${players} p on p.uuid = a.seller
        group by a.seller, p.username
        order by sum(a.qty) desc, p.username collate "C", a.seller
        limit 3
      )
      select count(*)::int as listings,
        count(distinct seller)::int as sellers,
        coalesce(sum(qty), 0)::text as "totalQuantity",
        coalesce(sum(qty * price), 0)::numeric(40, 2)::text as "totalValue",
        min(price)::text as floor,
        max(price)::text as ceiling,
        round(sum(qty * price) / nullif(sum(qty), 0), 2)::numeric(40, 2)::text as "averagePrice",
        (select p.username from active a join ${players} p on p.uuid = a.seller
          order by a.price, a.id collate "C" limit 1) as "cheapestSeller",
        (select coalesce(json_agg(json_build_object('seller', seller::text, 'sellerName', seller_name,
            'quantity', quantity::text, 'listings', listings)
            order by quantity desc, seller_name collate "C", seller), '[]'::json)
          from top) as "topSellers"
      from active`,
  );
  const { totalQuantity, topSellers, ...figures } = row!;
  return {
    ...figures,
    totalQuantity: Number(totalQuantity),
    topSellers: topSellers.map((s) => ({ ...s, quantity: Number(s.quantity) })),
  };
}
