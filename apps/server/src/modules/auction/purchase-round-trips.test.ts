// A purchase is one statement (DESIGN.md section 3; docs/benchmarks.md): the request's session
// check and the purchase itself, whatever the answer. These tests count what the server really
// sends: on PostgreSQL through a TCP proxy that reads the wire protocol, on PGlite through its
// client's query methods, so that a purchase that grows a round trip fails here.
import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listing, payout, unique } from '../../../test/auction-fixtures.ts';
import {
  createPostgresDatabase,
  createTestAppOn,
  databaseKinds,
  newPlayer,
  openTestDatabase,
  postEvents,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';
import { type Database, openPostgres } from '../../db/client.ts';

/** authenticate's read of the session (modules/auth/sessions.ts), on every signed-in request. */
const SESSION_CHECK = 1;
/** The purchase, bought or refused, retried or not: one statement. */
const PURCHASE = 1;

interface Counted {
  /** Closing it also ends whatever counts its round trips. */
  database: Database;
  /** Round trips to the database since the last call. */
  take(): number;
  /** PostgreSQL: the named statements parsed, each connection's once or more (by name: how often). */
  parsed?: Map<string, number[]>;
}

/**
 * PostgreSQL behind a proxy that counts the round trips of its clients: each simple query ('Q',
 * BEGIN and COMMIT among them) and each Sync ending an extended-protocol query ('S') waits for the
 * server's answer. The live hub's LISTEN connections are left out: they only hear NOTIFYs.
 */
async function countedPostgres(): Promise<Counted> {
  const { url, drop } = await createPostgresDatabase();
  const target = new URL(url);
  let trips = 0;
  const parsed = new Map<string, number[]>();
  let connections = 0;
  const proxy = net.createServer((client) => {
    const connection = connections++;
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    upstream.on('data', (chunk) => client.write(chunk));
    let pending = Buffer.alloc(0);
    let started = false;
    let listener = false;
    client.on('data', (chunk) => {
      upstream.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        // Before the startup message (and any SSL or GSS request), messages have no type byte.
        const head = started ? 1 : 0;
        if (pending.length < head + 4) break;
        const end = head + pending.readInt32BE(head);
        if (pending.length < end) break;
        if (!started) {
          const code = pending.readInt32BE(4);
          started = code !== 80877103 && code !== 80877104;
        } else {
          const type = String.fromCharCode(pending[0]!);
          if (type === 'Q' && /^listen /i.test(pending.toString('utf8', 5, end - 1))) listener = true;
          if (!listener && (type === 'Q' || type === 'S')) trips++;
          // Parse: the statement's name comes first ('' for an unnamed one, parsed every time).
          if (type === 'P') {
            const name = pending.toString('utf8', 5, pending.indexOf(0, 5));
            if (name) parsed.set(name, [...(parsed.get(name) ?? []), connection]);
          }
        }
        pending = pending.subarray(end);
      }
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((proxy.address() as net.AddressInfo).port);
  const database = await openPostgres(proxied.toString(), () => {});
  return {
    database: {
      ...database,
      async close() {
        await database.close();
        await new Promise((resolve) => proxy.close(resolve));
        await drop();
      },
    },
    parsed,
    take: () => {
      const n = trips;
      trips = 0;
      return n;
    },
  };
}

/** PGlite, whose client's queries are counted (a transaction counts its BEGIN and COMMIT too). */
async function countedPglite(): Promise<Counted> {
  const database = await openTestDatabase('pglite');
  const client = (database.db as unknown as { $client: PGlite }).$client;
  let trips = 0;
  const counting = <T extends Pick<PGlite, 'query' | 'exec'>>(target: T): T => {
    const { query, exec } = target;
    target.query = ((...args: Parameters<T['query']>) => {
      trips++;
      return query.apply(target, args);
    }) as T['query'];
    target.exec = ((...args: Parameters<T['exec']>) => {
      trips++;
      return exec.apply(target, args);
    }) as T['exec'];
    return target;
  };
  counting(client);
  const transaction = client.transaction;
  client.transaction = ((run) => {
    trips += 2;
    return transaction.call(client, (tx) => run(counting(tx)));
  }) as PGlite['transaction'];
  return {
    database,
    take: () => {
      const n = trips;
      trips = 0;
      return n;
    },
  };
}

describe.each(databaseKinds())('round trips of a purchase on %s', (kind) => {
  let counted: Counted;
  let t: TestApp;
  beforeAll(async () => {
    counted = kind === 'pglite' ? await countedPglite() : await countedPostgres();
    t = await createTestAppOn(counted.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A seller with a listing of 3 units at 10 each, a buyer with 25, both signed in. */
  async function market() {
    const seller = newPlayer({ username: 'TripSeller' });
    const buyer = newPlayer({ username: 'TripBuyer' });
    const offer = listing({ seller: seller.uuid, category: unique('trips'), qty: 3, price: '10' });
    const res = await postEvents(t.app, [seller.join, buyer.join, payout(buyer.uuid, '25'), offer.event]);
    expect(res.statusCode, res.body).toBe(200);
    return {
      offer,
      seller: await signIn(t.db, seller.uuid),
      buyer: await signIn(t.db, buyer.uuid),
    };
  }

  /** A purchase's answer and the round trips it took. */
  async function buy(token: string, body: { id: string; qty: number }, key?: string) {
    counted.take();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auction/purchase',
      headers: { authorization: `Bearer ${token}`, ...(key && { 'idempotency-key': key }) },
      payload: body,
    });
    return { status: res.statusCode, detail: res.json().detail, trips: counted.take() };
  }

  it('buys in one statement after the session check, and answers a retry the same way', async () => {
    const { offer, buyer } = await market();
    const bought = await buy(buyer, { id: offer.id, qty: 1 }, 'trips-1');
    expect(bought).toEqual({ status: 200, detail: undefined, trips: SESSION_CHECK + PURCHASE });
    const again = await buy(buyer, { id: offer.id, qty: 1 }, 'trips-1');
    expect(again).toEqual({ status: 200, detail: undefined, trips: SESSION_CHECK + PURCHASE });
    const keyless = await buy(buyer, { id: offer.id, qty: 1 });
    expect(keyless).toEqual({ status: 200, detail: undefined, trips: SESSION_CHECK + PURCHASE });
  });

  it('refuses in one statement too', async () => {
    const { offer, seller, buyer } = await market();
    const refusals = [
      await buy(buyer, { id: 'no-such-listing', qty: 1 }),
      await buy(seller, { id: offer.id, qty: 1 }),
      await buy(buyer, { id: offer.id, qty: 4 }),
      await buy(buyer, { id: offer.id, qty: 3 }, 'trips-2'),
    ];
    expect(refusals).toEqual([
      { status: 404, detail: 'No such listing', trips: SESSION_CHECK + PURCHASE },
      { status: 403, detail: 'You cannot buy your own listing', trips: SESSION_CHECK + PURCHASE },
      { status: 409, detail: 'Only 3 left', trips: SESSION_CHECK + PURCHASE },
      {
        status: 409,
        detail: 'Not enough money: this costs $30.00 and you have $25.00',
        trips: SESSION_CHECK + PURCHASE,
      },
    ]);
  });

  it.runIf(kind === 'postgres')('prepares the purchase once per connection', async () => {
    const { offer, buyer } = await market();
    for (let i = 0; i < 12; i++)
      await buy(buyer, { id: offer.id, qty: 4 }, i % 2 ? `trips-p${i}` : undefined);
    for (const name of ['purchase', 'purchase_keyed']) {
      const connections = counted.parsed!.get(name) ?? [];
      expect(connections.length, name).toBeGreaterThan(0);
      expect(new Set(connections).size, `${name} parsed again on a connection`).toBe(connections.length);
    }
  });
});
