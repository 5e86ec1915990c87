// Many buyers, one listing, all at once: exactly what was listed is sold, once, and no money is made
// or lost (DESIGN.md section 3), in one process and across two processes on one PostgreSQL database.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { brokenInvariants, listing, payout, query, totalMoney } from '../../../test/auction-fixtures.ts';
import {
  BRIDGE_TOKEN,
  createPostgresDatabase,
  createTestApp,
  databaseKinds,
  newPlayer,
  postEvents,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';
import { type ServerProcess, startServer } from '../../../test/server-process.ts';
import { type Database, openPostgres } from '../../db/client.ts';
import { LISTING_GONE } from './service.ts';

const BUYERS = 50;
const UNITS = 10;

/** A seller with a listing of UNITS units at 100 each, and BUYERS buyers with 1000 each. */
function cast() {
  const seller = newPlayer({ username: 'RaceSeller' });
  const buyers = Array.from({ length: BUYERS }, (_, i) => newPlayer({ username: `Racer${i}` }));
  const offer = listing({
    seller: seller.uuid,
    category: 'race',
    categoryName: 'Race',
    qty: UNITS,
    price: '100',
  });
  const events = [seller.join, ...buyers.flatMap((b) => [b.join, payout(b.uuid, '1000')]), offer.event];
  return { seller, buyers, offer, events, everyone: [seller.uuid, ...buyers.map((b) => b.uuid)] };
}

type Answer = { status: number; body: { detail?: string; remaining?: number } };

async function expectFairOutcome(database: Database, world: ReturnType<typeof cast>, answers: Answer[]) {
  const sold = answers.filter((a) => a.status === 200);
  const refused = answers.filter((a) => a.status !== 200);
  expect(sold).toHaveLength(UNITS);
  expect(refused).toHaveLength(BUYERS - UNITS);
  for (const answer of refused)
    expect(answer).toEqual({ status: 409, body: { detail: LISTING_GONE, code: 'listing_sold_out' } });
  // Each unit was sold once: the remaining counts are 9..0, each seen once.
  expect(sold.map((a) => a.body.remaining).sort((a, b) => a! - b!)).toEqual(
    Array.from({ length: UNITS }, (_, i) => i),
  );
  expect(await brokenInvariants(database.db, world.everyone, [world.offer.id])).toEqual([]);
  // Money only moved: 50 x 1000 in, nothing made or lost.
  expect(await totalMoney(database.db, world.everyone)).toBe('50000.00');
  const [seller] = await query<{ balance: string }>(
    database.db,
    sql`select balance::text as balance from players where uuid = ${world.seller.uuid}`,
  );
  expect(seller!.balance).toBe('1000.00');
  const [counts] = await query<{ purchases: number; deliveries: number; left: number }>(
    database.db,
    sql`select (select count(*)::int from auction_purchases where listing_id = ${world.offer.id}) as purchases,
               (select count(*)::int from deliveries d join auction_purchases p on p.id = d.purchase_id
                 where p.listing_id = ${world.offer.id}) as deliveries,
               (select qty_left from auction_listings where id = ${world.offer.id}) as left`,
  );
  expect(counts).toEqual({ purchases: UNITS, deliveries: UNITS, left: 0 });
}

describe.each(databaseKinds())('a race for one listing on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`sells ${UNITS} units to ${BUYERS} buyers exactly once`, async () => {
    const world = cast();
    const res = await postEvents(t.app, world.events);
    expect(res.statusCode, res.body).toBe(200);
    const tokens = await Promise.all(world.buyers.map((b) => signIn(t.db, b.uuid)));
    const answers = await Promise.all(
      tokens.map(async (token) => {
        const answer = await t.app.inject({
          method: 'POST',
          url: '/api/auction/purchase',
          headers: { authorization: `Bearer ${token}` },
          payload: { id: world.offer.id, qty: 1 },
        });
        return { status: answer.statusCode, body: answer.json() };
      }),
    );
    await expectFairOutcome(t.database, world, answers);
  });

  it('lets two players buy from each other while the game pays them, without deadlocks', async () => {
    const ann = newPlayer({ username: 'TraderAnn' });
    const ben = newPlayer({ username: 'TraderBen' });
    const fromAnn = listing({ seller: ann.uuid, category: 'swap', qty: 20, price: '7.77' });
    const fromBen = listing({ seller: ben.uuid, category: 'swap', qty: 20, price: '3.33' });
    const res = await postEvents(t.app, [
      ann.join,
      ben.join,
      payout(ann.uuid, '1000'),
      payout(ben.uuid, '1000'),
      fromAnn.event,
      fromBen.event,
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [annToken, benToken] = await Promise.all([signIn(t.db, ann.uuid), signIn(t.db, ben.uuid)]);
    const buy = (token: string, id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auction/purchase',
        headers: { authorization: `Bearer ${token}` },
        payload: { id, qty: 1 },
      });
    // A bridge batch locks the players it names in uuid order, as a purchase does before its listing.
    const tips = (n: number) => [payout(ann.uuid, '1', `tip ${n}`), payout(ben.uuid, '1', `tip ${n}`)];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => [
        buy(annToken, fromBen.id),
        buy(benToken, fromAnn.id),
        postEvents(t.app, tips(n)),
      ]).flat(),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(await brokenInvariants(t.db, [ann.uuid, ben.uuid], [fromAnn.id, fromBen.id])).toEqual([]);
    // 1000 + 20 tips + 20 x 7.77 earned - 20 x 3.33 spent, and the other way round.
    expect(await totalMoney(t.db, [ann.uuid])).toBe('1108.80');
    expect(await totalMoney(t.db, [ben.uuid])).toBe('931.20');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a race for one listing across two server processes', () => {
  const JWT_SECRET = 'shared-jwt-secret-0123456789abcdef';
  let servers: ServerProcess[] = [];
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    const env = { DATABASE_URL: created.url, BRIDGE_TOKEN, JWT_SECRET };
    servers = await Promise.all(
      [1, 2].map((n) => startServer({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), `auction-${n}-`)) })),
    );
    database = await openPostgres(created.url, () => {});
  });
  afterAll(async () => {
    for (const s of servers) s.proc.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await database?.close();
    await drop?.();
  });

  it(`sells ${UNITS} units to ${BUYERS} buyers split between the processes, and the game hears of each`, async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const world = cast();
    const seeded = await fetch(`${a.url}/api/bridge/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BRIDGE_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ events: world.events }),
    });
    expect(seeded.status).toBe(200);
    // The game server's socket is on process b; half of the purchases happen on process a.
    const socket = new WebSocket(`ws://127.0.0.1:${b.port}/api/bridge/ws`, {
      headers: { authorization: `Bearer ${BRIDGE_TOKEN}` },
    });
    const pushed: string[] = [];
    socket.on('message', (data) => pushed.push(JSON.parse(String(data)).delivery.purchase_id));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const tokens = await Promise.all(
      world.buyers.map((buyer) => signIn(database.db, buyer.uuid, { secret: JWT_SECRET })),
    );
    const answers = await Promise.all(
      tokens.map(async (token, i) => {
        const server = i % 2 === 0 ? a : b;
        const answer = await fetch(`${server.url}/api/auction/purchase`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ id: world.offer.id, qty: 1 }),
        });
        return { status: answer.status, body: (await answer.json()) as Answer['body'] };
      }),
    );
    await expectFairOutcome(database, world, answers);
    const purchaseIds = answers.filter((x) => x.status === 200).map((x) => (x.body as { id: string }).id);
    await expect.poll(() => [...pushed].sort(), { timeout: 10_000 }).toEqual(purchaseIds.sort());
    socket.close();
  });
});
