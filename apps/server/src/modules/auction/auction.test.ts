import type { AuctionCategory, Listing, Purchase } from '@prison/shared/auction';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  brokenInvariants,
  cancelled,
  listing,
  payout,
  query,
  unique,
} from '../../../test/auction-fixtures.ts';
import {
  createTestApp,
  databaseKinds,
  newPlayer,
  postEvents,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';
import { PURCHASES_PER_MINUTE } from './routes.ts';

describe.each(databaseKinds())('the auction house on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const categories = async (as?: string) =>
    t.app.inject({
      url: '/api/auction/categories',
      headers: as ? { authorization: `Bearer ${as}` } : {},
    });
  const listings = async (as: string | null, key: string, query = '') =>
    t.app.inject({
      url: `/api/auction/categories/${key}/listings${query}`,
      headers: as ? { authorization: `Bearer ${as}` } : {},
    });
  const buy = async (as: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auction/purchase',
      headers: { ...(as && { authorization: `Bearer ${as}` }), ...headers },
      payload: body as Record<string, unknown>,
    });
  /** The given categories as the categories answer shows them, in its order. */
  const categoriesOf = async (as: string, keys: string[]) =>
    ((await categories(as)).json().categories as AuctionCategory[]).filter((c) => keys.includes(c.key));

  /**
   * A market of the test's own, in categories no other test uses. SellerSam, OtherOlga and BuyerBo,
   * signed in; BuyerBo was paid 100,000.00 and bought out one listing for 0.01, so has 99,999.99.
   * In "gems": ruby, sapphire and emerald on sale, plus a withdrawn and a sold-out listing, which do
   * not count. In "tools": one listing, withdrawn.
   */
  async function market() {
    const seller = newPlayer({ username: 'SellerSam' });
    const other = newPlayer({ username: 'OtherOlga' });
    const buyer = newPlayer({ username: 'BuyerBo' });
    const gems = unique('gems');
    const tools = unique('tools');
    const ruby = listing({
      seller: seller.uuid,
      category: gems,
      categoryName: '§6§lGems',
      item: { name: '§cRuby', icon: 'red_dye', data: 'ruby:1', enchants: [{ key: 'fortune', level: 3 }] },
      qty: 5,
      price: '2.5',
    });
    const emerald = listing({
      seller: other.uuid,
      category: gems,
      categoryName: '§6§lGems',
      item: { name: 'Emerald', icon: 'emerald' },
      qty: 3,
      price: '1000000000000000',
    });
    const sapphire = listing({
      seller: seller.uuid,
      category: gems,
      categoryName: '§6§lGems',
      item: { name: 'Sapphire', icon: 'lapis_lazuli' },
      qty: 3,
      price: '10',
    });
    const withdrawn = listing({
      seller: seller.uuid,
      category: gems,
      categoryName: '§6§lGems',
      price: '0.5',
    });
    const soldOut = listing({
      seller: other.uuid,
      category: gems,
      categoryName: '§6§lGems',
      qty: 1,
      price: '0.01',
    });
    const pickaxe = listing({ seller: seller.uuid, category: tools, categoryName: 'Tools', price: '50' });
    const all = [ruby, emerald, sapphire, withdrawn, soldOut, pickaxe];
    const res = await postEvents(t.app, [
      seller.join,
      other.join,
      buyer.join,
      payout(buyer.uuid, '100000'),
      ...all.map((l) => l.event),
      cancelled(withdrawn.id),
      cancelled(pickaxe.id),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const token = {
      seller: await signIn(t.db, seller.uuid),
      other: await signIn(t.db, other.uuid),
      buyer: await signIn(t.db, buyer.uuid),
    };
    const sold = await buy(token.buyer, { id: soldOut.id, qty: 1 });
    expect(sold.statusCode, sold.body).toBe(200);
    return {
      seller,
      other,
      buyer,
      token,
      gems,
      tools,
      ruby,
      emerald,
      sapphire,
      withdrawn,
      soldOut,
      listingIds: all.map((l) => l.id),
    };
  }

  describe('GET /api/auction/categories', () => {
    it('needs a signed-in player', async () => {
      const res = await categories();
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Not signed in', code: 'not_signed_in' });
    });

    it("answers each category's active listings, price range and name without colour codes", async () => {
      const m = await market();
      const res = await categories(m.token.buyer);
      expect(res.statusCode, res.body).toBe(200);
      // The answer is a snapshot, refreshed at most once a second: it catches up with the new market.
      await expect
        .poll(() => categoriesOf(m.token.buyer, [m.gems, m.tools]), { timeout: 5000 })
        .toEqual([
          {
            key: m.gems,
            displayName: 'Gems',
            icon: 'red_dye',
            count: 3,
            lowest: '2.50',
            highest: '1000000000000000.00',
          },
          {
            key: m.tools,
            displayName: 'Tools',
            icon: 'diamond_block',
            count: 0,
            lowest: null,
            highest: null,
          },
        ]);
    });

    it('follows new, cancelled and bought-out listings', async () => {
      const m = await market();
      const gemsCategory = async () => (await categoriesOf(m.token.buyer, [m.gems]))[0];
      await expect.poll(gemsCategory, { timeout: 5000 }).toMatchObject({ count: 3, lowest: '2.50' });
      const cheap = listing({
        seller: m.other.uuid,
        category: m.gems,
        categoryName: '§6§lGems',
        qty: 2,
        price: '0.75',
      });
      expect((await postEvents(t.app, [cheap.event])).statusCode).toBe(200);
      await expect.poll(gemsCategory, { timeout: 5000 }).toMatchObject({ count: 4, lowest: '0.75' });
      expect((await buy(m.token.buyer, { id: cheap.id, qty: 2 })).statusCode).toBe(200);
      await expect.poll(gemsCategory, { timeout: 5000 }).toMatchObject({ count: 3, lowest: '2.50' });
    });
  });

  describe('GET /api/auction/categories/{key}/listings', () => {
    it('needs a signed-in player', async () => {
      const m = await market();
      expect((await listings(null, m.gems)).statusCode).toBe(401);
    });

    it('answers the active listings, cheapest first by default, names without colour codes', async () => {
      const m = await market();
      const res = await listings(m.token.buyer, m.gems);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        displayName: 'Gems',
        next_cursor: null,
        // The figures themselves: listings.test.ts.
        summary: expect.objectContaining({ listings: 3, totalQuantity: 11 }),
        listings: [
          {
            id: m.ruby.id,
            // Its enchantments are shown; the game's own data is not.
            item: { name: 'Ruby', icon: 'red_dye', enchants: [{ key: 'fortune', level: 3 }] },
            seller: m.seller.uuid,
            sellerName: 'SellerSam',
            qty: 5,
            price: '2.50',
          },
          {
            id: m.sapphire.id,
            item: { name: 'Sapphire', icon: 'lapis_lazuli', enchants: [] },
            seller: m.seller.uuid,
            sellerName: 'SellerSam',
            qty: 3,
            price: '10.00',
          },
          {
            id: m.emerald.id,
            item: { name: 'Emerald', icon: 'emerald', enchants: [] },
            seller: m.other.uuid,
            sellerName: 'OtherOlga',
            qty: 3,
            price: '1000000000000000.00',
          },
        ],
      });
    });

    it('sorts by price or quantity either way, ties by listing id (mirrored when descending)', async () => {
      const { token, gems, ruby, emerald, sapphire } = await market();
      const ids = async (sort: string) =>
        ((await listings(token.buyer, gems, `?sort=${sort}`)).json().listings as Listing[]).map((l) => l.id);
      // emerald and sapphire both have 3 left: the smaller id first going up, last going down.
      const [firstOfThree, secondOfThree] = [emerald.id, sapphire.id].sort();
      expect(await ids('price_asc')).toEqual([ruby.id, sapphire.id, emerald.id]);
      expect(await ids('price_desc')).toEqual([emerald.id, sapphire.id, ruby.id]);
      expect(await ids('quantity_asc')).toEqual([firstOfThree, secondOfThree, ruby.id]);
      expect(await ids('quantity_desc')).toEqual([ruby.id, secondOfThree, firstOfThree]);
    });

    it('answers an empty list for a category with nothing left', async () => {
      const m = await market();
      const res = await listings(m.token.buyer, m.tools);
      expect(res.json()).toEqual({
        displayName: 'Tools',
        listings: [],
        next_cursor: null,
        summary: {
          listings: 0,
          sellers: 0,
          totalQuantity: 0,
          totalValue: '0.00',
          floor: null,
          ceiling: null,
          averagePrice: null,
          cheapestSeller: null,
          topSellers: [],
        },
      });
    });

    it('answers 404 for an unknown category and 400 for an unknown sort', async () => {
      const m = await market();
      const missing = await listings(m.token.buyer, 'nothing-here');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'No such auction category', code: 'unknown_category' });
      const badSort = await listings(m.token.buyer, m.gems, '?sort=cheapest');
      expect(badSort.statusCode).toBe(400);
      expect(badSort.json().detail).toContain(
        'Unknown sort "cheapest": use one of price_asc, price_desc, quantity_asc, quantity_desc',
      );
    });
  });

  describe('POST /api/auction/purchase', () => {
    /** Runs a request that must fail, and checks that it changed nothing. */
    async function refused(as: string | undefined, body: unknown, headers: Record<string, string> = {}) {
      const before = await snapshot();
      const res = await buy(as, body, headers);
      expect(await snapshot()).toEqual(before);
      return { status: res.statusCode, body: res.json() };
    }
    async function snapshot() {
      return query(
        t.db,
        sql`select (select json_agg(json_build_object('u', uuid, 'b', balance::text) order by uuid) from players) as players,
                   (select json_agg(json_build_object('i', id, 'q', qty_left) order by id) from auction_listings) as listings,
                   (select count(*)::int from auction_purchases) as purchases,
                   (select count(*)::int from ledger) as ledger,
                   (select count(*)::int from deliveries) as deliveries`,
      );
    }

    it('needs a signed-in player', async () => {
      const { ruby } = await market();
      expect(await refused(undefined, { id: ruby.id, qty: 1 })).toEqual({
        status: 401,
        body: { detail: 'Not signed in', code: 'not_signed_in' },
      });
    });

    it('answers 400 for a bad body or Idempotency-Key', async () => {
      const { token, ruby } = await market();
      for (const body of [
        {},
        { id: ruby.id },
        { id: ruby.id, qty: 0 },
        { id: ruby.id, qty: 1.5 },
        { id: ruby.id, qty: '1' },
        { id: '', qty: 1 },
        { id: ruby.id, qty: 1_000_001 },
      ]) {
        const res = await refused(token.buyer, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.detail).toMatch(/^Invalid body: /);
      }
      expect((await refused(token.buyer, { id: ruby.id, qty: 0 })).body.detail).toContain(
        'qty must be a whole number of at least 1',
      );
      for (const key of ['', 'k'.repeat(129), 'caf\u00e9']) {
        const res = await refused(token.buyer, { id: ruby.id, qty: 1 }, { 'idempotency-key': key });
        expect(res.status, key).toBe(400);
        expect(res.body.detail).toContain('Idempotency-Key must be 1 to 128 printable ASCII characters');
      }
    });

    it('answers 404 for an unknown listing', async () => {
      const { token } = await market();
      expect(await refused(token.buyer, { id: 'no-such-listing', qty: 1 })).toEqual({
        status: 404,
        body: { detail: 'No such listing', code: 'unknown_listing' },
      });
    });

    it("refuses the buyer's own listing", async () => {
      const { token, ruby } = await market();
      expect(await refused(token.seller, { id: ruby.id, qty: 1 })).toEqual({
        status: 403,
        body: { detail: 'You cannot buy your own listing', code: 'cannot_buy_own_listing' },
      });
    });

    it('answers 409 for a listing withdrawn or sold out, or more than is left', async () => {
      const { token, withdrawn, soldOut, ruby } = await market();
      const gone = {
        status: 409,
        body: { detail: 'This listing is no longer available', code: 'listing_sold_out' },
      };
      expect(await refused(token.buyer, { id: withdrawn.id, qty: 1 })).toEqual(gone);
      expect(await refused(token.buyer, { id: soldOut.id, qty: 1 })).toEqual(gone);
      expect(await refused(token.buyer, { id: ruby.id, qty: 6 })).toEqual({
        status: 409,
        body: { detail: 'Only 5 left', code: 'not_enough_left' },
      });
    });

    it('answers 409 when the buyer cannot pay, saying the price and the balance', async () => {
      const { token, emerald } = await market();
      expect(await refused(token.buyer, { id: emerald.id, qty: 1 })).toEqual({
        status: 409,
        body: {
          detail: 'Not enough money: this costs $1,000,000,000,000,000.00 and you have $99,999.99',
          code: 'not_enough_money',
        },
      });
    });

    it('moves the money, writes the purchase, the ledger and one delivery', async () => {
      const { seller, other, buyer, token, gems, ruby, listingIds } = await market();
      const before = { buyer: await balanceOf(t.db, buyer.uuid), seller: await balanceOf(t.db, seller.uuid) };
      const res = await buy(token.buyer, { id: ruby.id, qty: 2 });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as Purchase;
      expect(body).toEqual({
        id: expect.any(String),
        listing_id: ruby.id,
        qty: 2,
        price: '2.50',
        total: '5.00',
        remaining: 3,
        balance: '99994.99',
      });
      expect(before).toEqual({ buyer: '99999.99', seller: '0.00' });
      expect(await balanceOf(t.db, buyer.uuid)).toBe('99994.99');
      expect(await balanceOf(t.db, seller.uuid)).toBe('5.00');
      const [purchase] = await query(
        t.db,
        sql`select listing_id, buyer_uuid, seller_uuid, qty, unit_price::text, total::text from auction_purchases where id = ${body.id}`,
      );
      expect(purchase).toEqual({
        listing_id: ruby.id,
        buyer_uuid: buyer.uuid,
        seller_uuid: seller.uuid,
        qty: 2,
        unit_price: '2.50',
        total: '5.00',
      });
      const entries = await query(
        t.db,
        sql`select player_uuid, delta::text, reason from ledger where reference = ${body.id} order by delta`,
      );
      expect(entries).toEqual([
        { player_uuid: buyer.uuid, delta: '-5.00', reason: 'auction.purchase' },
        { player_uuid: seller.uuid, delta: '5.00', reason: 'auction.sale' },
      ]);
      const shipped = await query(
        t.db,
        sql`select player_uuid, item_name, item_icon, qty, delivered_at from deliveries where purchase_id = ${body.id}`,
      );
      // The game gets the item's real name, colour codes and all.
      expect(shipped).toEqual([
        { player_uuid: buyer.uuid, item_name: '§cRuby', item_icon: 'red_dye', qty: 2, delivered_at: null },
      ]);
      const left = (await listings(token.buyer, gems)).json().listings as Listing[];
      expect(left.find((l) => l.id === ruby.id)?.qty).toBe(3);
      expect(await brokenInvariants(t.db, [seller.uuid, other.uuid, buyer.uuid], listingIds)).toEqual([]);
    });

    it('keeps prices and balances of 10^15 and more exact', async () => {
      const { token } = await market();
      const whale = newPlayer({ username: 'WhaleWill' });
      const crafter = newPlayer({ username: 'CrafterCy' });
      const relics = unique('relics');
      const relic = listing({
        seller: crafter.uuid,
        category: relics,
        categoryName: 'Relics',
        qty: 10,
        price: '1234567890123.45',
      });
      // Above 2^53 with cents: as a JSON number it would be 4000000000000007.5.
      const crown = listing({
        seller: crafter.uuid,
        category: relics,
        categoryName: 'Relics',
        qty: 1,
        price: '4000000000000007.35',
      });
      const res = await postEvents(t.app, [
        whale.join,
        crafter.join,
        payout(whale.uuid, '9876543210987654.32'),
        payout(crafter.uuid, '1000000000000000.01'),
        relic.event,
        crown.event,
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const whaleToken = await signIn(t.db, whale.uuid);
      const shown = (await listings(whaleToken, relics)).json().listings as Listing[];
      expect(shown.map((l) => l.price)).toEqual(['1234567890123.45', '4000000000000007.35']);
      await expect
        .poll(async () => (await categoriesOf(whaleToken, [relics]))[0], { timeout: 5000 })
        .toMatchObject({ lowest: '1234567890123.45', highest: '4000000000000007.35' });
      const bought = await buy(whaleToken, { id: relic.id, qty: 7 });
      expect(bought.statusCode, bought.body).toBe(200);
      // A double would answer 9867901235756790 for the balance.
      expect(bought.json()).toMatchObject({
        price: '1234567890123.45',
        total: '8641975230864.15',
        balance: '9867901235756790.17',
      });
      const [row] = await query(
        t.db,
        sql`select unit_price::text, total::text from auction_purchases where id = ${bought.json().id}`,
      );
      expect(row).toEqual({ unit_price: '1234567890123.45', total: '8641975230864.15' });
      expect(await balanceOf(t.db, whale.uuid)).toBe('9867901235756790.17');
      expect(await balanceOf(t.db, crafter.uuid)).toBe('1008641975230864.16');
      const tooMuch = await buy(token.buyer, { id: relic.id, qty: 3 });
      expect(tooMuch.json()).toEqual({
        detail: 'Not enough money: this costs $3,703,703,670,370.35 and you have $99,999.99',
        code: 'not_enough_money',
      });
      expect(await brokenInvariants(t.db, [whale.uuid, crafter.uuid], [relic.id, crown.id])).toEqual([]);
    });

    it('buys once for a retried Idempotency-Key, answering the first result', async () => {
      const { buyer, token, sapphire } = await market();
      const start = await balanceOf(t.db, buyer.uuid);
      const headers = { 'idempotency-key': 'retry-once-1' };
      const first = await buy(token.buyer, { id: sapphire.id, qty: 1 }, headers);
      expect(first.statusCode, first.body).toBe(200);
      const again = await buy(token.buyer, { id: sapphire.id, qty: 1 }, headers);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await balanceOf(t.db, buyer.uuid)).toBe((Number(start) - 10).toFixed(2));
      // The key belongs to that purchase: another listing or quantity under it is refused.
      expect(await refused(token.buyer, { id: sapphire.id, qty: 2 }, headers)).toEqual({
        status: 409,
        body: {
          detail: 'This Idempotency-Key was already used for a different purchase',
          code: 'idempotency_key_reused',
        },
      });
      // Keys are per player: the same key from someone else is a purchase of its own.
      const otherBuy = await buy(token.other, { id: sapphire.id, qty: 1 }, headers);
      expect(otherBuy.statusCode).toBe(409); // OtherOlga has only the 0.01 of a sale...
      expect(otherBuy.json().detail).toMatch(/^Not enough money/); // ...so it was really tried.
    });

    it('answers a retry of a purchase stored with money as numbers in decimal strings', async () => {
      const { token, sapphire } = await market();
      const headers = { 'idempotency-key': 'stored-as-numbers-1' };
      const first = await buy(token.buyer, { id: sapphire.id, qty: 1 }, headers);
      expect(first.statusCode, first.body).toBe(200);
      const answer = first.json() as Purchase;
      // As answers were stored before money was decimal text.
      await query(
        t.db,
        sql`update auction_purchases set response = response || jsonb_build_object('price', 10, 'total', 10,
              'balance', (response->>'balance')::numeric) where id = ${answer.id}`,
      );
      const again = await buy(token.buyer, { id: sapphire.id, qty: 1 }, headers);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(answer);
    });

    it('buys once when the same key arrives several times at once', async () => {
      const { seller, buyer, token, sapphire, listingIds } = await market();
      const start = await balanceOf(t.db, buyer.uuid);
      const headers = { 'idempotency-key': 'concurrent-key-7' };
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => buy(token.buyer, { id: sapphire.id, qty: 1 }, headers)),
      );
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      expect(new Set(answers.map((res) => res.body)).size).toBe(1);
      expect(await balanceOf(t.db, buyer.uuid)).toBe((Number(start) - 10).toFixed(2));
      const [count] = await query<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from auction_purchases
            where buyer_uuid = ${buyer.uuid} and idempotency_key = 'concurrent-key-7'`,
      );
      expect(count!.n).toBe(1);
      expect(await brokenInvariants(t.db, [seller.uuid, buyer.uuid], listingIds)).toEqual([]);
    });

    it('answers the purchase to every copy of a key that bought the last unit, none refused', async () => {
      const { seller, buyer, token, gems } = await market();
      const last = listing({ seller: seller.uuid, category: gems, qty: 1, price: '7' });
      expect((await postEvents(t.app, [last.event])).statusCode).toBe(200);
      const headers = { 'idempotency-key': 'last-unit-3' };
      // The copies after the first find the unit gone once they get to it: still the same purchase.
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => buy(token.buyer, { id: last.id, qty: 1 }, headers)),
      );
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      expect(new Set(answers.map((res) => res.body)).size).toBe(1);
      expect(answers[0]!.json()).toMatchObject({ listing_id: last.id, remaining: 0 });
      expect(await brokenInvariants(t.db, [seller.uuid, buyer.uuid], [last.id])).toEqual([]);
    });

    it(`allows a player ${PURCHASES_PER_MINUTE} purchases a minute`, async () => {
      const { token } = await market();
      const eager = newPlayer({ username: 'EagerEd' });
      expect((await postEvents(t.app, [eager.join])).statusCode).toBe(200);
      const eagerToken = await signIn(t.db, eager.uuid);
      for (let i = 0; i < PURCHASES_PER_MINUTE; i++) {
        expect((await buy(eagerToken, { id: 'no-such-listing', qty: 1 })).statusCode).toBe(404);
      }
      const throttled = await buy(eagerToken, { id: 'no-such-listing', qty: 1 });
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json().detail).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
      // Per player, not per address.
      expect((await buy(token.buyer, { id: 'no-such-listing', qty: 1 })).statusCode).toBe(404);
    });
  });
});
