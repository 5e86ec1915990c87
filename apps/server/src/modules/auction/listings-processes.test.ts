// First pages of listings kept by two server processes on one PostgreSQL database: each process keeps
// a category's first page until a write changes it (its own at once, another process's when the
// NOTIFY arrives), keeps nothing while its listener is down, and nothing for longer than
// KEPT_ON_POSTGRES_MS. A change made behind the site's back (SQL without a NOTIFY) is how a test
// sees whether an answer was kept.
import { setTimeout } from 'node:timers/promises';
import type { Listings } from '@prison/shared/auction';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listing, payout, query, unique } from '../../../test/auction-fixtures.ts';
import {
  createPostgresDatabase,
  createTestAppOn,
  newPlayer,
  postEvents,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';
import { openPostgres } from '../../db/client.ts';
import { onCommittedHere } from '../../live/changes.ts';
import { TOPICS } from '../../live/topics.ts';
import { KEPT_ON_POSTGRES_MS } from './listings.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('first pages kept by two processes on PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    a = await createTestAppOn(await openPostgres(created.url, () => {}));
    b = await createTestAppOn(await openPostgres(created.url, () => {}));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  /** A category with one listing of 10, and a signed-in buyer with money. */
  async function market() {
    const seller = newPlayer();
    const buyer = newPlayer();
    const key = unique('kept');
    const offer = listing({ seller: seller.uuid, category: key, qty: 10, price: '2' });
    const res = await postEvents(a.app, [seller.join, buyer.join, payout(buyer.uuid, '1000'), offer.event]);
    expect(res.statusCode, res.body).toBe(200);
    const token = await signIn(a.db, buyer.uuid);
    // The batch's NOTIFY reaches both processes a moment after its answer, and would forget what
    // they keep before then: the tests start once it has.
    await setTimeout(300);
    return { key, id: offer.id, token };
  }

  const quantityIn = async (t: TestApp, token: string, key: string) => {
    const res = await t.app.inject({
      url: `/api/auction/categories/${key}/listings`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Listings;
    return `${page.listings[0]?.qty} of ${page.summary?.totalQuantity}`;
  };

  /** Changes a listing's quantity without telling anyone, as no write of the site does. */
  const behindTheSitesBack = (id: string, qty: number) =>
    a.db.execute(sql`update auction_listings set qty_left = ${qty} where id = ${id}`);

  it('keeps a first page and its summary until a write changes them', async () => {
    const { key, id, token } = await market();
    expect(await quantityIn(a, token, key)).toBe('10 of 10');
    await behindTheSitesBack(id, 7);
    // Process a kept its answer; process b reads for the first time.
    expect(await quantityIn(a, token, key)).toBe('10 of 10');
    expect(await quantityIn(b, token, key)).toBe('7 of 7');
  });

  it('follows its own purchase at once, and another process’s when its NOTIFY arrives', async () => {
    const { key, id, token } = await market();
    expect(await quantityIn(a, token, key)).toBe('10 of 10');
    expect(await quantityIn(b, token, key)).toBe('10 of 10');
    const told: string[] = [];
    const stop = onCommittedHere(b.db, (topics) => {
      told.push(...topics);
    });
    const bought = await b.app.inject({
      method: 'POST',
      url: '/api/auction/purchase',
      headers: { authorization: `Bearer ${token}` },
      payload: { id, qty: 3 },
    });
    stop();
    expect(bought.statusCode, bought.body).toBe(200);
    // The process that answered the purchase was told before it answered: no NOTIFY is waited for.
    expect(told).toContain(TOPICS.categories);
    expect(await quantityIn(b, token, key)).toBe('7 of 7');
    await expect.poll(() => quantityIn(a, token, key), { timeout: 3000 }).toBe('7 of 7');
  });

  it('keeps nothing while its listener is down, and keeps again once it listens', async () => {
    const { key, id, token } = await market();
    expect(await quantityIn(a, token, key)).toBe('10 of 10');
    await behindTheSitesBack(id, 6);
    // Every listener connection of this database is cut; each reconnects by itself.
    await a.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = 'listen "live"'`);
    // Well before the answer would expire: it is forgotten because the listener was lost.
    await expect.poll(() => quantityIn(a, token, key), { timeout: 2000 }).toBe('6 of 6');
    // Back: four listeners again (each process's hub and cache), and answers are kept again.
    await expect
      .poll(
        async () =>
          (
            await query(
              a.db,
              sql`select pid from pg_stat_activity
                where datname = current_database() and query = 'listen "live"'`,
            )
          ).length,
        { timeout: 5000 },
      )
      .toBe(4);
    await expect
      .poll(
        async () => {
          const before = await quantityIn(a, token, key);
          await behindTheSitesBack(id, before === '5 of 5' ? 4 : 5);
          return (await quantityIn(a, token, key)) === before;
        },
        { timeout: 3000 },
      )
      .toBe(true);
  });

  it(`keeps an answer for at most ${KEPT_ON_POSTGRES_MS} ms`, async () => {
    const { key, id, token } = await market();
    expect(await quantityIn(a, token, key)).toBe('10 of 10');
    const kept = performance.now();
    await behindTheSitesBack(id, 9);
    await expect
      .poll(() => quantityIn(a, token, key), { timeout: KEPT_ON_POSTGRES_MS + 3000, interval: 200 })
      .toBe('9 of 9');
    expect(performance.now() - kept).toBeGreaterThan(KEPT_ON_POSTGRES_MS - 500);
  }, 20_000);
});
