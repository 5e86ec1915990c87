// A category's listings, a page at a time (spec 2.11; issue 16: a category of 10,000 listings was one
// 2.5 MB answer). Keyset pages: a cursor holds the sort's key of the last listing sent (the
// database's own text of its price or quantity) and its id, and the next page starts after that pair
// in SQL, so a page costs the same however deep it is, and a listing bought or withdrawn between two
// pages shifts nothing. The first page also carries the category's figures, which no page can.
import type { ListingSort, Listings, ListingsSummary } from '@prison/shared/auction';
import { stripColorCodes } from '@prison/shared/auction';
import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import { type Database, type Db, databaseOf, LIVE_CHANNEL, perDatabase, runNamed } from '../../db/client.ts';
import { auctionCategories, auctionListings, players } from '../../db/schema.ts';
import { invalid, notFound } from '../../errors.ts';
import { onCommittedHere } from '../../live/changes.ts';
import { TOPICS } from '../../live/topics.ts';
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
    throw invalid('invalid_cursor', BAD_CURSOR);
  }
  if (typeof parsed !== 'object' || parsed === null) throw invalid('invalid_cursor', BAD_CURSOR);
  const { s, k, id } = parsed as Record<string, unknown>;
  if (typeof s !== 'string' || !(s in SORTS) || typeof k !== 'string' || typeof id !== 'string') {
    throw invalid('invalid_cursor', BAD_CURSOR);
  }
  if (id.length === 0 || id.length > 64 || id.includes('\u0000')) throw invalid('invalid_cursor', BAD_CURSOR);
  if (s !== sort) throw invalid('invalid_cursor', CURSOR_OTHER_SORT);
  const keyShape = s.startsWith('price') ? PRICE_KEY : QUANTITY_KEY;
  if (!keyShape.test(k)) throw invalid('invalid_cursor', BAD_CURSOR);
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
        itemEnchants: auctionListings.itemEnchants,
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
 * One page of a category's active listings, as the database has them: a buyer acts on it (a first
 * page may come from the cache below, which forgets it on every write). `shownName` is the
 * category's name as the categories snapshot shows it, when it holds the category (a category's
 * name is not money or stock: a second's delay is fine); else the category is looked up, and 404
 * if there is none.
 */
export async function categoryListings(
  db: Db,
  key: string,
  page: ListingsPage,
  shownName?: string,
): Promise<Listings> {
  // A bad cursor is refused before anything is read.
  const after = page.cursor === undefined ? null : decodeCursor(page.cursor, page.sort);
  let displayName = shownName;
  if (displayName === undefined) {
    const [category] = await queries(db).category.execute({ key });
    if (!category) throw notFound('unknown_category', NO_SUCH_CATEGORY);
    displayName = stripColorCodes(category.displayName);
  }
  if (after !== null) {
    const { listings, next_cursor } = (await readPage(db, key, page, after)).value;
    return { listings, displayName, next_cursor, summary: null };
  }
  const cache = readCache(db);
  // The first page's summary does not depend on the page: both are read at once.
  const [{ listings, next_cursor }, summary] = await Promise.all([
    cache
      ? cache.get(`page ${key} ${page.sort} ${page.limit} ${page.minQty}`, () =>
          readPage(db, key, page, null),
        )
      : readPage(db, key, page, null).then(({ value }) => value),
    listingsSummary(db, key),
  ]);
  // Keys in the order of the answer's schema (listingsSchema), which the route sends as it is.
  return { listings, displayName, next_cursor, summary };
}

/** A page's listings and next cursor as the database has them now, and the sellers it names. */
async function readPage(
  db: Db,
  key: string,
  page: ListingsPage,
  after: Cursor | null,
): Promise<Read<Pick<Listings, 'listings' | 'next_cursor'>>> {
  const rows = await queries(db)
    .pages.get(`${page.sort}${after !== null}`)!
    .execute({
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
    value: {
      listings: shown.map((row) => ({
        id: row.id,
        item: { name: stripColorCodes(row.itemName), icon: row.itemIcon, enchants: row.itemEnchants },
        seller: row.seller,
        sellerName: row.sellerName,
        qty: row.qty,
        price: row.price,
      })),
      next_cursor:
        rows.length > page.limit && last
          ? encodeCursor({ sort: page.sort, key: last.sortKey, id: last.id })
          : null,
    },
    sellers: shown.map((row) => row.seller),
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
  /** The cheapest listing's seller's uuid: not in the answer, but a rename of theirs changes it. */
  cheapestSellerUuid: string | null;
  topSellers: Array<{ seller: string; sellerName: string; quantity: string; listings: number }>;
}

// Sellers' names are looked up for the few shown (the top 3 and the cheapest listing's), not for
// every listing: a category of 100 listings by 10 sellers reads 11 players, not 200.
const summaryStatement = (key: string) => sql`
  with active as materialized (
    select ${auctionListings.id} as id, ${auctionListings.sellerUuid} as seller,
      ${auctionListings.qtyLeft} as qty, ${auctionListings.price} as price
    from ${auctionListings}
    where ${auctionListings.categoryKey} = ${key}::text and ${ON_SALE}
  ),
  by_seller as materialized (
    select seller, sum(qty) as quantity, count(*)::int as listings from active group by seller
  ),
  top as (
    select b.seller, p.username as seller_name, b.quantity, b.listings
    from by_seller b join ${players} p on p.uuid = b.seller
    order by b.quantity desc, p.username collate "C", b.seller
    limit 3
  ),
  cheapest as (
    select c.seller, p.username from (
      select seller from active order by price, id collate "C" limit 1
    ) c join ${players} p on p.uuid = c.seller
  )
  select count(*)::int as listings,
    (select count(*)::int from by_seller) as sellers,
    coalesce(sum(qty), 0)::text as "totalQuantity",
    coalesce(sum(qty * price), 0)::numeric(40, 2)::text as "totalValue",
    min(price)::text as floor,
    max(price)::text as ceiling,
    round(sum(qty * price) / nullif(sum(qty), 0), 2)::numeric(40, 2)::text as "averagePrice",
    (select username from cheapest) as "cheapestSeller",
    (select seller::text from cheapest) as "cheapestSellerUuid",
    (select coalesce(json_agg(json_build_object('seller', seller::text, 'sellerName', seller_name,
        'quantity', quantity::text, 'listings', listings)
        order by quantity desc, seller_name collate "C", seller), '[]'::json)
      from top) as "topSellers"
  from active`;

/** The summary as the database has it now, and the sellers it names. */
async function readSummary(db: Db, key: string): Promise<Read<ListingsSummary>> {
  const [row] = await runNamed<SummaryRow>(db, 'listings_summary', summaryStatement(key));
  const { totalQuantity, topSellers, cheapestSellerUuid, ...figures } = row!;
  const top = topSellers.map((s) => ({ ...s, quantity: Number(s.quantity) }));
  return {
    // Keys in the order of listingsSummarySchema.
    value: {
      listings: figures.listings,
      sellers: figures.sellers,
      totalQuantity: Number(totalQuantity),
      totalValue: figures.totalValue,
      floor: figures.floor,
      ceiling: figures.ceiling,
      averagePrice: figures.averagePrice,
      cheapestSeller: figures.cheapestSeller,
      topSellers: top.map((s) => ({
        seller: s.seller,
        sellerName: s.sellerName,
        quantity: s.quantity,
        listings: s.listings,
      })),
    },
    sellers: [...(cheapestSellerUuid ? [cheapestSellerUuid] : []), ...top.map((s) => s.seller)],
  };
}

/**
 * Spec 2.11's summary, market recap and top sellers over every active listing of the category: one
 * statement (the category's active listings read once), prepared. Sums past 2^31 units are bigints,
 * which the drivers answer differently: they come as text. Kept by the cache below.
 */
export async function listingsSummary(db: Db, key: string): Promise<ListingsSummary> {
  const cache = readCache(db);
  if (cache) return cache.get(`summary ${key}`, () => readSummary(db, key));
  return (await readSummary(db, key)).value;
}

/** What a read found, and the sellers (their uuids) whose names it shows. */
interface Read<T> {
  value: T;
  sellers: string[];
}

interface Cached {
  value: Promise<unknown>;
  /** The sellers it names (lower case), whose rename makes it stale. */
  sellers: Set<string>;
  /** Until when it may be answered (performance.now()). */
  until: number;
}

/** First pages (by category, sort, size and min_qty) and summaries kept at most. */
const CACHED_READS = 512;
/**
 * On PostgreSQL, how long a kept answer lasts at most: a listener connection dropped without a word
 * (a NAT or a proxy forgetting it) is noticed only by its heartbeat, and the NOTIFYs sent meanwhile
 * are lost; this bounds what such a loss can leave stale.
 */
export const KEPT_ON_POSTGRES_MS = 5000;

/**
 * Categories' first pages and summaries as last read, kept until a write changes them: every reader
 * would otherwise pay for the same statements (on PGlite milliseconds of the server's own thread,
 * which every other request waits for; on PostgreSQL the two cores' time) until a listing changes.
 * Every write that changes one sends the live NOTIFY: a listing added, withdrawn or bought names the
 * categories topic, a seller's rename their page's topic.
 *
 * - PGlite is one process, and calls its listeners (queued as microtasks) as the committing statement
 *   returns, before the writer goes on: a kept answer is exactly what the database would answer.
 * - On PostgreSQL another process's write reaches this one's listener milliseconds after its commit
 *   (a page read then is a moment old, as a page on the buyer's screen is; the purchase checks the
 *   listing again). This process's own writes forget at once, right after their commit
 *   (`committedHere`): no answer that follows a purchase's, such as the buyer's next page, comes from
 *   before it. While the listener is down nothing is kept (a NOTIFY sent then is lost), and a kept
 *   answer lasts at most KEPT_ON_POSTGRES_MS.
 *
 * A read that a write overtook is handed to its readers but not kept.
 */
export class ReadCache {
  private listening = false;
  private generation = 0;
  private readonly entries = new Map<string, Cached>();

  constructor(
    database: Database,
    private readonly keepMs: number,
  ) {
    onCommittedHere(database.db, (topics) => this.forgetTopics(topics));
    // Until LISTEN is in place a NOTIFY could be missed: reads are not kept before. PostgreSQL's
    // listener says '*' once it listens (again), PGlite's listens once its promise resolves.
    database
      .listen(
        LIVE_CHANNEL,
        (payload) => {
          if (payload === '*') this.listening = true;
          this.forgetTopics(payload.split(','));
        },
        () => {
          this.listening = false;
          this.forgetTopics(['*']);
        },
      )
      .then(() => {
        if (database.kind === 'pglite') this.listening = true;
      })
      .catch(() => {});
  }

  async get<T>(name: string, read: () => Promise<Read<T>>): Promise<T> {
    const cached = this.entries.get(name);
    if (cached && cached.until > performance.now()) return cached.value as Promise<T>;
    if (cached) this.entries.delete(name);
    if (!this.listening) return (await read()).value;
    const generation = this.generation;
    // Readers that come while it is read share the one read.
    const entry: Cached = {
      sellers: new Set(),
      until: performance.now() + this.keepMs,
      value: read().then(
        ({ value, sellers }) => {
          if (this.generation !== generation) this.forget(name, entry);
          else for (const seller of sellers) entry.sellers.add(seller.toLowerCase());
          return value;
        },
        (err: unknown) => {
          this.forget(name, entry);
          throw err;
        },
      ),
    };
    // Bounded: min_qty and the page size make many names; the oldest goes first.
    if (this.entries.size >= CACHED_READS) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(name, entry);
    return entry.value as Promise<T>;
  }

  private forget(name: string, entry: Cached): void {
    if (this.entries.get(name) === entry) this.entries.delete(name);
  }

  private forgetTopics(topics: Iterable<string>): void {
    for (const topic of topics) {
      if (topic === TOPICS.categories || topic === TOPICS.playerPage || topic === '*') {
        this.generation++;
        this.entries.clear();
      } else if (topic.startsWith(TOPICS.playerPage)) {
        const player = topic.slice(TOPICS.playerPage.length);
        this.generation++;
        for (const [name, entry] of this.entries) if (entry.sellers.has(player)) this.entries.delete(name);
      }
    }
  }
}

const readCache = perDatabase((db) => {
  const database = databaseOf(db);
  if (!database) return null;
  return new ReadCache(database, database.kind === 'pglite' ? Number.POSITIVE_INFINITY : KEPT_ON_POSTGRES_MS);
});

/** Starts keeping first pages and summaries now: its listener is then in place before the first read. */
export function keepListings(db: Db): void {
  readCache(db);
}
