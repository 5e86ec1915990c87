// A category's listings a page at a time (issue 16): every sort walks every listing exactly once,
// ties included; bad limits and cursors are 400s; the first page carries the category's figures;
// pages are rate-limited per player.
import { LISTING_SORTS, type Listing, type ListingSort, type Listings } from '@prison/shared/auction';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listing, payout, unique } from '../../../test/auction-fixtures.ts';
import {
  createTestApp,
  databaseKinds,
  newPlayer,
  postEvents,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';
import { BAD_CURSOR, CURSOR_OTHER_SORT, encodeCursor } from './listings.ts';

const LIMIT_RANGE = 'limit must be a whole number from 1 to 100';

/** Exact money text ("12.50") in cents, to order prices the way the database does. */
const cents = (price: string) => BigInt(price.replace('.', ''));
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What a sort means, said independently of the SQL: the key, then the id, both mirrored when descending. */
function expectedOrder(listings: readonly Listing[], sort: ListingSort): string[] {
  const key = (l: Listing) => (sort.startsWith('price') ? cents(l.price) : BigInt(l.qty));
  const sign = sort.endsWith('desc') ? -1 : 1;
  return [...listings]
    .sort((a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : byteOrder(a.id, b.id)))
    .map((l) => l.id);
}

describe.each(databaseKinds())('listing pages on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = async (as: string, key: string, query: Record<string, string | number> = {}) => {
    const search = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    );
    return t.app.inject({
      url: `/api/auction/categories/${key}/listings?${search}`,
      headers: { authorization: `Bearer ${as}` },
    });
  };

  /** Every page of a sort, following next_cursor to the end. */
  async function walk(as: string, key: string, query: Record<string, string | number>) {
    const pages: Listings[] = [];
    let cursor: string | null = null;
    do {
      const res = await page(as, key, { ...query, ...(cursor && { cursor }) });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as Listings;
      pages.push(answer);
      cursor = answer.next_cursor;
      expect(pages.length).toBeLessThan(100);
    } while (cursor !== null);
    return pages;
  }

  /**
   * A category of 23 listings by three sellers, with prices and quantities that tie often (five
   * prices, four quantities), one price of 10^15 with cents; a withdrawn listing that never shows.
   */
  async function crowdedCategory() {
    const sellers = [
      newPlayer({ username: 'AlphaAnn' }),
      newPlayer({ username: 'BetaBen' }),
      newPlayer({ username: 'GammaGus' }),
    ];
    const buyer = newPlayer({ username: 'PagingPat' });
    const key = unique('crowded');
    const prices = ['5.00', '12.50', '12.50', '1000000000000000.25', '0.75'];
    const quantities = [1, 7, 7, 30];
    const listings = Array.from({ length: 23 }, (_, i) =>
      listing({
        seller: sellers[i % 3]!.uuid,
        category: key,
        categoryName: '§bCrowded',
        item: { name: `Item ${i}`, icon: 'stone' },
        price: prices[i % prices.length],
        qty: quantities[i % quantities.length],
      }),
    );
    const withdrawn = listing({ seller: sellers[0]!.uuid, category: key, price: '0.01' });
    const res = await postEvents(t.app, [
      ...sellers.map((s) => s.join),
      buyer.join,
      payout(buyer.uuid, '1000'),
      ...listings.map((l) => l.event),
      withdrawn.event,
      { id: unique('cancel'), type: 'auction.cancelled', listing_id: withdrawn.id },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const token = await signIn(t.db, buyer.uuid);
    return { key, token, sellers, ids: listings.map((l) => l.id) };
  }

  it.each(LISTING_SORTS)('walks every listing exactly once in %s order, ties included', async (sort) => {
    const { key, token, ids } = await crowdedCategory();
    const everything = (await page(token, key, { sort, limit: 100 })).json() as Listings;
    expect(everything.next_cursor).toBeNull();
    expect(everything.listings.map((l) => l.id).sort()).toEqual([...ids].sort());
    expect(everything.listings.map((l) => l.id)).toEqual(expectedOrder(everything.listings, sort));

    for (const limit of [1, 4, 5, 22, 23]) {
      const pages = await walk(token, key, { sort, limit });
      expect(pages.map((p) => p.listings.length)).toEqual([
        ...Array(Math.ceil(23 / limit) - 1).fill(limit),
        23 - limit * (Math.ceil(23 / limit) - 1),
      ]);
      expect(pages.flatMap((p) => p.listings.map((l) => l.id))).toEqual(everything.listings.map((l) => l.id));
      expect(pages.at(-1)?.next_cursor).toBeNull();
    }
  });

  it('answers next_cursor null when the last page is exactly full', async () => {
    const { key, token } = await crowdedCategory();
    const first = (await page(token, key, { limit: 23 })).json() as Listings;
    expect(first.listings).toHaveLength(23);
    expect(first.next_cursor).toBeNull();
    const short = (await page(token, key, { limit: 22 })).json() as Listings;
    expect(short.next_cursor).toEqual(expect.any(String));
  });

  it('starts a page after the last listing sent, whatever was bought in between', async () => {
    const { key, token } = await crowdedCategory();
    const first = (await page(token, key, { sort: 'price_asc', limit: 5 })).json() as Listings;
    const second = (
      await page(token, key, { sort: 'price_asc', limit: 5, cursor: first.next_cursor! })
    ).json() as Listings;
    // The first page's cheapest listing sells out: the second page is still the second page.
    const cheapest = first.listings[0]!;
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/auction/purchase',
      headers: { authorization: `Bearer ${token}` },
      payload: { id: cheapest.id, qty: cheapest.qty },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const again = (
      await page(token, key, { sort: 'price_asc', limit: 5, cursor: first.next_cursor! })
    ).json() as Listings;
    expect(again.listings.map((l) => l.id)).toEqual(second.listings.map((l) => l.id));
    // And a fresh first page no longer has it.
    const fresh = (await page(token, key, { sort: 'price_asc', limit: 5 })).json() as Listings;
    expect(fresh.listings.map((l) => l.id)).not.toContain(cheapest.id);
  });

  it('carries the whole category’s figures on the first page only, exact to the cent', async () => {
    const seller = newPlayer({ username: 'SummarySue' });
    const other = newPlayer({ username: 'OtherOz' });
    const buyer = newPlayer({ username: 'LookingLou' });
    const key = unique('figures');
    const on = (s: { uuid: string }, qty: number, price: string) =>
      listing({ seller: s.uuid, category: key, qty, price });
    const res = await postEvents(t.app, [
      seller.join,
      other.join,
      buyer.join,
      on(seller, 5, '2.50').event,
      on(seller, 3, '10').event,
      on(other, 3, '1000000000000000.05').event,
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const token = await signIn(t.db, buyer.uuid);

    const first = (await page(token, key, { limit: 1, min_qty: 4 })).json() as Listings;
    // min_qty picks the listings, not the figures: they are the category's.
    expect(first.listings.map((l) => l.qty)).toEqual([5]);
    expect(first.summary).toEqual({
      listings: 3,
      sellers: 2,
      totalQuantity: 11,
      totalValue: '3000000000000042.65',
      floor: '2.50',
      ceiling: '1000000000000000.05',
      // 3000000000000042.65 / 11, rounded to cents: no double would keep it.
      averagePrice: '272727272727276.60',
      cheapestSeller: 'SummarySue',
      topSellers: [
        { seller: seller.uuid, sellerName: 'SummarySue', quantity: 8, listings: 2 },
        { seller: other.uuid, sellerName: 'OtherOz', quantity: 3, listings: 1 },
      ],
    });
    expect(first.next_cursor).toBeNull();
    const withMore = (await page(token, key, { limit: 1 })).json() as Listings;
    const next = (await page(token, key, { limit: 1, cursor: withMore.next_cursor! })).json() as Listings;
    expect(next.summary).toBeNull();
    expect(next.displayName).toBe(withMore.displayName);
  });

  it('filters by min_qty on every page', async () => {
    const { key, token } = await crowdedCategory();
    const all = (await walk(token, key, { sort: 'quantity_asc', limit: 3 })).flatMap((p) => p.listings);
    const pages = await walk(token, key, { sort: 'price_desc', limit: 3, min_qty: 7 });
    const filtered = pages.flatMap((p) => p.listings);
    expect(filtered.map((l) => l.id)).toEqual(expectedOrder(filtered, 'price_desc'));
    expect(filtered.map((l) => l.id).sort()).toEqual(
      all
        .filter((l) => l.qty >= 7)
        .map((l) => l.id)
        .sort(),
    );
  });

  it.each([
    ['0', LIMIT_RANGE],
    ['101', LIMIT_RANGE],
    ['2.5', LIMIT_RANGE],
    ['-1', LIMIT_RANGE],
    ['ten', LIMIT_RANGE],
  ])('refuses limit=%s with 400', async (limit, detail) => {
    const { key, token } = await crowdedCategory();
    const res = await page(token, key, { limit });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(detail);
  });

  it('takes limits 1 and 100, and 50 by default', async () => {
    const { key, token } = await crowdedCategory();
    expect(((await page(token, key, { limit: 1 })).json() as Listings).listings).toHaveLength(1);
    expect(((await page(token, key, { limit: 100 })).json() as Listings).listings).toHaveLength(23);
    const many = newPlayer({ username: 'ManyMo' });
    const big = unique('big');
    const res = await postEvents(t.app, [
      many.join,
      ...Array.from({ length: 51 }, () => listing({ seller: many.uuid, category: big }).event),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const first = (await page(token, big)).json() as Listings;
    expect(first.listings).toHaveLength(50);
    expect(first.next_cursor).toEqual(expect.any(String));
  });

  it('refuses a cursor that is not one of ours, or from another sort, with 400', async () => {
    const { key, token } = await crowdedCategory();
    const { next_cursor } = (await page(token, key, { sort: 'price_asc', limit: 2 })).json() as Listings;
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad = [
      'not a cursor!',
      '%%%',
      Buffer.from('not json').toString('base64url'),
      forged(null),
      forged([1, 2]),
      forged({ s: 'price_asc', k: 5, id: 'x' }),
      forged({ s: 'cheapest', k: '5.00', id: 'x' }),
      forged({ s: 'price_asc', k: "5'); drop table players; --", id: 'x' }),
      forged({ s: 'price_asc', k: '1e400', id: 'x' }),
      forged({ s: 'price_asc', k: '1'.repeat(39), id: 'x' }),
      forged({ s: 'price_asc', k: '5.001', id: 'x' }),
      forged({ s: 'price_asc', k: '5.00', id: '' }),
      forged({ s: 'price_asc', k: '5.00', id: 'a\u0000b' }),
      'x'.repeat(513),
    ];
    for (const cursor of bad) {
      const res = await page(token, key, { sort: 'price_asc', cursor });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().detail).toContain(BAD_CURSOR);
    }
    const quantity = forged({ s: 'quantity_asc', k: '99999999999', id: 'x' });
    expect((await page(token, key, { sort: 'quantity_asc', cursor: quantity })).json()).toEqual({
      detail: BAD_CURSOR,
      code: 'invalid_cursor',
    });
    const empty = await page(token, key, { cursor: '' });
    expect(empty.statusCode).toBe(400);
    const otherSort = await page(token, key, { sort: 'quantity_desc', cursor: next_cursor! });
    expect(otherSort.statusCode).toBe(400);
    expect(otherSort.json()).toEqual({ detail: CURSOR_OTHER_SORT, code: 'invalid_cursor' });
    // A cursor of the right shape for a listing that is gone still pages on from its place.
    const gone = encodeCursor({ sort: 'price_asc', key: '12.50', id: 'no-such-listing' });
    const after = await page(token, key, { sort: 'price_asc', cursor: gone, limit: 100 });
    expect(after.statusCode, after.body).toBe(200);
    expect((after.json() as Listings).listings.every((l) => cents(l.price) >= cents('12.50'))).toBe(true);
  });
});

describe.each(databaseKinds())('the listings rate limit on %s', (kind) => {
  const PER_MINUTE = 5;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { LISTINGS_RATE_LIMIT: String(PER_MINUTE) });
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = (token: string, key: string, remoteAddress = '203.0.113.7') =>
    t.app.inject({
      url: `/api/auction/categories/${key}/listings`,
      headers: { authorization: `Bearer ${token}` },
      remoteAddress,
    });

  it('answers 429 past LISTINGS_RATE_LIMIT pages a minute, per player: others read on', async () => {
    const eager = newPlayer({ username: 'ScrollingSam' });
    const calm = newPlayer({ username: 'CalmCat' });
    const key = unique('limited');
    const res = await postEvents(t.app, [
      eager.join,
      calm.join,
      listing({ seller: calm.uuid, category: key }).event,
    ]);
    expect(res.statusCode, res.body).toBe(200);
    // Two sessions of one player share a budget; a second address does not give a new one.
    const [phone, laptop] = [await signIn(t.db, eager.uuid), await signIn(t.db, eager.uuid)];
    for (let i = 0; i < PER_MINUTE; i++) {
      expect((await read(i % 2 ? phone : laptop, key)).statusCode).toBe(200);
    }
    const throttled = await read(phone, key, '198.51.100.9');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().detail).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
    expect((await read(laptop, key)).statusCode).toBe(429);
    // Another player at the same address is unaffected.
    const calmToken = await signIn(t.db, calm.uuid);
    const other = await read(calmToken, key);
    expect(other.statusCode, other.body).toBe(200);
    expect((other.json() as Listings).listings).toHaveLength(1);
  });
});
