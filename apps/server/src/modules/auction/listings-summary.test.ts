// The first page of a category's listings as sent: in its schema's shape byte for byte (the route
// sends it without zod's serializer), with listings and a summary that follow every write that
// changes them at once, on both databases (PGlite answers them from a cache that the live NOTIFY
// clears).
import type { PGlite } from '@electric-sql/pglite';
import { type Listings, listingsSchema } from '@prison/shared/auction';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelled, listing, payout, unique } from '../../../test/auction-fixtures.ts';
import {
  createTestApp,
  databaseKinds,
  newPlayer,
  postEvents,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';

describe.each(databaseKinds())('the first page of listings on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const firstPage = (token: string, key: string) =>
    t.app.inject({
      url: `/api/auction/categories/${key}/listings`,
      headers: { authorization: `Bearer ${token}` },
    });
  const firstPageOf = async (token: string, key: string) => {
    const res = await firstPage(token, key);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Listings;
  };
  const summaryOf = async (token: string, key: string) => (await firstPageOf(token, key)).summary!;

  /** A category with two sellers' listings, and a signed-in buyer with money. */
  async function market() {
    const ann = newPlayer();
    const bob = newPlayer();
    const buyer = newPlayer();
    const key = unique('summary');
    const cheap = listing({ seller: ann.uuid, category: key, qty: 4, price: '1.50' });
    const dear = listing({ seller: bob.uuid, category: key, qty: 10, price: '20' });
    const res = await postEvents(t.app, [
      ann.join,
      bob.join,
      buyer.join,
      payout(buyer.uuid, '1000'),
      cheap.event,
      dear.event,
    ]);
    expect(res.statusCode, res.body).toBe(200);
    return { ann, bob, key, cheap, dear, token: await signIn(t.db, buyer.uuid) };
  }

  it('is sent in its schema’s shape, byte for byte', async () => {
    const { key, token } = await market();
    const res = await firstPage(token, key);
    expect(res.statusCode, res.body).toBe(200);
    // What zod's serializer would have sent: the same keys, in the same order, nothing more.
    expect(res.body).toBe(JSON.stringify(listingsSchema.parse(JSON.parse(res.body))));
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('keeps the site’s error answers', async () => {
    const { token } = await market();
    const res = await firstPage(token, unique('no-such-category'));
    expect(res.statusCode).toBe(404);
    expect(Object.keys(res.json())).toEqual(['detail', 'code']);
  });

  it('follows a purchase, a new listing, a withdrawal and a rename at once', async () => {
    const { ann, bob, key, cheap, dear, token } = await market();
    const listed = async () =>
      (await firstPageOf(token, key)).listings.map((l) => `${l.id} ${l.qty} ${l.sellerName}`);
    expect(await listed()).toEqual([`${cheap.id} 4 ${ann.username}`, `${dear.id} 10 ${bob.username}`]);
    const before = await summaryOf(token, key);
    expect(before).toMatchObject({
      listings: 2,
      totalQuantity: 14,
      floor: '1.50',
      cheapestSeller: ann.username,
    });
    // Read again, as a cache would keep it.
    expect(await summaryOf(token, key)).toEqual(before);

    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/auction/purchase',
      headers: { authorization: `Bearer ${token}` },
      payload: { id: cheap.id, qty: 4 },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await listed()).toEqual([`${dear.id} 10 ${bob.username}`]);
    const afterPurchase = await summaryOf(token, key);
    expect(afterPurchase).toMatchObject({ listings: 1, totalQuantity: 10, floor: '20.00' });
    expect(afterPurchase.cheapestSeller).toBe(bob.username);

    const third = listing({ seller: ann.uuid, category: key, qty: 2, price: '3' });
    expect((await postEvents(t.app, [third.event])).statusCode).toBe(200);
    expect(await summaryOf(token, key)).toMatchObject({
      listings: 2,
      totalQuantity: 12,
      floor: '3.00',
      cheapestSeller: ann.username,
    });

    const renamed = newPlayer({ uuid: ann.uuid, username: `R_${ann.uuid.slice(0, 8)}` });
    expect((await postEvents(t.app, [renamed.join])).statusCode).toBe(200);
    expect(await listed()).toEqual([`${third.id} 2 ${renamed.username}`, `${dear.id} 10 ${bob.username}`]);
    const afterRename = await summaryOf(token, key);
    expect(afterRename.cheapestSeller).toBe(renamed.username);
    expect(afterRename.topSellers.map((s) => s.sellerName)).toContain(renamed.username);

    expect((await postEvents(t.app, [cancelled(third.id)])).statusCode).toBe(200);
    expect(await listed()).toEqual([`${dear.id} 10 ${bob.username}`]);
    expect(await summaryOf(token, key)).toMatchObject({ listings: 1, totalQuantity: 10, floor: '20.00' });
  });

  it.runIf(kind === 'pglite')(
    'reads a first page and its summary once while no listing changes',
    async () => {
      const { key, cheap, token } = await market();
      const client = (t.db as unknown as { $client: PGlite }).$client;
      // The summary's statement and the page's, by what only each of them reads.
      const countReads = () => {
        let reads = 0;
        const query = client.query.bind(client);
        client.query = ((text: string, ...rest: unknown[]) => {
          if (text.includes('by_seller') || text.includes('"item_icon"')) reads++;
          return (query as (...args: unknown[]) => unknown)(text, ...rest);
        }) as typeof client.query;
        return {
          count: () => reads,
          stop: () => {
            client.query = query;
          },
        };
      };
      await summaryOf(token, key); // the cache listens from the first read on
      const reads = countReads();
      try {
        await Promise.all([summaryOf(token, key), summaryOf(token, key)]);
        await summaryOf(token, key);
        expect(reads.count()).toBeLessThanOrEqual(2);
        const seen = reads.count();
        const bought = await t.app.inject({
          method: 'POST',
          url: '/api/auction/purchase',
          headers: { authorization: `Bearer ${token}` },
          payload: { id: cheap.id, qty: 1 },
        });
        expect(bought.statusCode, bought.body).toBe(200);
        const after = await firstPageOf(token, key);
        expect(after.summary).toMatchObject({ totalQuantity: 13 });
        expect(after.listings[0]).toMatchObject({ id: cheap.id, qty: 3 });
        expect(reads.count()).toBe(seen + 2);
      } finally {
        reads.stop();
      }
    },
  );
});
