// Issue 8: PostgreSQL unreachable for about 10 seconds under load. The shared PostgreSQL server keeps
// running (other tests use it): a TCP proxy between the server process and PostgreSQL is cut instead,
// every connection destroyed and new ones refused. Meanwhile the server answers 503 {detail} without
// hanging or dying, /readyz says not ready and /healthz still answers; when the path comes back the
// server recovers by itself, including the LISTEN connection behind the live feeds.
import { randomUUID } from 'node:crypto';
import type { Purchase } from '@prison/shared/auction';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Database, openPostgres } from '../../src/db/client.ts';
import { brokenInvariants, listing, payout, query } from '../auction-fixtures.ts';
import { BRIDGE_TOKEN, createPostgresDatabase, JWT_SECRET, newPlayer, signIn } from '../helpers.ts';
import { type ServerProcess, startServer } from '../server-process.ts';
import {
  type Answer,
  call,
  isAlive,
  pause,
  postBatch,
  serverErrors,
  startProxy,
  stopServer,
  type TcpProxy,
  tempDirs,
} from './fault-kit.ts';

const OUTAGE_MS = 10_000;
const BUYERS = 40;

type PurchaseAnswer = Answer<Purchase & { detail?: string }>;

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL unreachable for 10 seconds under load', () => {
  const dirs = tempDirs();
  let proxy: TcpProxy;
  let server: ServerProcess;
  let database: Database;
  let drop: () => Promise<void>;
  let socket: WebSocket | undefined;
  /** While true, the load keeps going. */
  let loading = false;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    database = await openPostgres(created.url, () => {});
    const direct = new URL(created.url);
    proxy = await startProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(created.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    server = await startServer(
      { DATABASE_URL: proxied.toString(), BRIDGE_TOKEN, JWT_SECRET, DATA_DIR: dirs.make('outage') },
      90_000,
    );
  }, 120_000);
  afterAll(async () => {
    loading = false;
    socket?.terminate();
    if (server && isAlive(server)) server.proc.kill('SIGKILL');
    await server?.exited;
    await proxy?.close();
    await database?.close();
    await drop?.();
    dirs.removeAll();
  });

  it('answers 503 meanwhile, says not ready, stays alive, and recovers by itself', async () => {
    const seller = newPlayer({ username: 'OutageSeller' });
    const buyers = Array.from({ length: BUYERS }, (_, i) => newPlayer({ username: `OutageBuyer${i}` }));
    const offer = listing({ seller: seller.uuid, category: 'outage', qty: 100_000, price: '3.25' });
    const status = (online: number) => ({ id: randomUUID(), type: 'server.status', online, max_online: 500 });
    const seeded = await postBatch(server.url, [
      seller.join,
      ...buyers.flatMap((b) => [b.join, payout(b.uuid, '1000000')]),
      offer.event,
      status(5),
    ]);
    expect(seeded.status, JSON.stringify(seeded.body)).toBe(200);
    const tokens = await Promise.all(buyers.map((b) => signIn(database.db, b.uuid)));

    // A live socket opened before the outage, kept through it.
    const live: unknown[] = [];
    let socketClosed = false;
    socket = new WebSocket(`ws://127.0.0.1:${server.port}/ws/players`);
    socket.on('message', (data) => live.push(JSON.parse(String(data))));
    socket.on('close', () => {
      socketClosed = true;
    });
    await expect.poll(() => live.at(-1), { timeout: 15_000 }).toEqual({ online: 5 });

    // The load: purchases and payouts all the time, before, during and after the outage.
    const purchases: { key: string; token: string; answer?: PurchaseAnswer; error?: unknown }[] = [];
    const payouts: { event: ReturnType<typeof payout>; answer?: Answer; error?: unknown }[] = [];
    loading = true;
    const worker = async (n: number) => {
      for (let i = n; loading; i += 4) {
        const p = { key: randomUUID(), token: tokens[i % BUYERS]! };
        purchases.push(p);
        const bonus = { event: payout(buyers[(i * 7) % BUYERS]!.uuid, '0.01', 'outage bonus') };
        payouts.push(bonus);
        await Promise.all([
          call<Purchase & { detail?: string }>(`${server.url}/api/auction/purchase`, {
            method: 'POST',
            headers: { authorization: `Bearer ${p.token}`, 'idempotency-key': p.key },
            body: { id: offer.id, qty: 1 },
          }).then(
            (answer) => Object.assign(p, { answer }),
            (error) => Object.assign(p, { error }),
          ),
          postBatch(server.url, [bonus.event]).then(
            (answer) => Object.assign(bonus, { answer }),
            (error) => Object.assign(bonus, { error }),
          ),
        ]);
        // Keeps every buyer under the limit of 60 purchases a minute.
        await pause(150);
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(worker));
    await expect
      .poll(() => purchases.filter((p) => p.answer?.status === 200).length, { timeout: 20_000 })
      .toBeGreaterThan(8);

    await proxy.setMode('cut');
    const cutAt = Date.now();
    const headers = { authorization: `Bearer ${tokens[0]}` };
    const probes: Record<string, Answer[]> = {
      readyz: [],
      healthz: [],
      listings: [],
      docs: [],
      buy: [],
      bridge: [],
    };
    while (Date.now() - cutAt < OUTAGE_MS) {
      const [readyz, healthz, listings, docs, buy, bridge] = await Promise.all([
        call(`${server.url}/readyz`),
        call(`${server.url}/healthz`),
        call(`${server.url}/api/auction/categories/outage/listings`, { headers }),
        call(`${server.url}/api/docs`),
        call(`${server.url}/api/auction/purchase`, {
          method: 'POST',
          headers,
          body: { id: offer.id, qty: 1 },
        }),
        postBatch(server.url, [status(6)]),
      ]);
      probes.readyz!.push(readyz);
      probes.healthz!.push(healthz);
      probes.listings!.push(listings);
      probes.docs!.push(docs);
      probes.buy!.push(buy);
      probes.bridge!.push(bridge);
      expect(isAlive(server)).toBe(true);
      await pause(500);
    }
    await proxy.setMode('open');

    // Meanwhile: 503 {detail} from everything that needs the database, liveness still fine.
    expect(probes.readyz!.length).toBeGreaterThan(3);
    for (const answer of probes.readyz!) {
      expect(answer).toEqual({
        status: 503,
        body: { status: 'not ready', detail: expect.any(String), code: 'database_unavailable' },
      });
    }
    for (const answer of probes.healthz!) expect(answer).toEqual({ status: 200, body: { status: 'ok' } });
    for (const name of ['listings', 'docs', 'buy', 'bridge']) {
      for (const answer of probes[name]!) {
        expect(answer, name).toEqual({
          status: 503,
          body: { detail: expect.stringMatching(/\w/), code: 'database_unavailable' },
        });
      }
    }

    // It recovers by itself.
    await expect
      .poll(async () => (await call(`${server.url}/readyz`)).status, { timeout: 30_000, interval: 250 })
      .toBe(200);
    const before = purchases.length;
    await expect
      .poll(() => purchases.slice(before).filter((p) => p.answer?.status === 200).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
    loading = false;
    await load;
    expect(isAlive(server)).toBe(true);
    expect(socketClosed).toBe(false);

    // Under load, nothing but success or "the database is unavailable"; no request left hanging.
    expect(serverErrors(server)).toEqual([]);
    for (const p of purchases) {
      expect(p.error).toBeUndefined();
      expect([200, 503], JSON.stringify(p.answer?.body)).toContain(p.answer?.status);
    }
    for (const b of payouts) {
      expect(b.error).toBeUndefined();
      expect([200, 503], JSON.stringify(b.answer?.body)).toContain(b.answer?.status);
    }
    expect(purchases.some((p) => p.answer?.status === 503)).toBe(true);

    const listings = await call<{ listings: { id: string }[] }>(
      `${server.url}/api/auction/categories/outage/listings`,
      { headers },
    );
    expect(listings.status).toBe(200);
    expect(listings.body.listings.map((l) => l.id)).toEqual([offer.id]);
    expect((await call(`${server.url}/api/docs`)).status).toBe(200);
    const bought = await call<Purchase>(`${server.url}/api/auction/purchase`, {
      method: 'POST',
      headers,
      body: { id: offer.id, qty: 2 },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.qty).toBe(2);

    // The live feed hears of changes again: its LISTEN connection came back.
    for (const online of [41, 42]) {
      expect((await postBatch(server.url, [status(online)])).status).toBe(200);
      await expect.poll(() => live.at(-1), { timeout: 15_000 }).toEqual({ online });
    }

    // A purchase answered 503 may still have been committed (the connection died with the commit):
    // retried with its key, it answers the first purchase or buys now, once.
    for (const p of purchases.filter((x) => x.answer?.status === 503)) {
      p.answer = await call(`${server.url}/api/auction/purchase`, {
        method: 'POST',
        headers: { authorization: `Bearer ${p.token}`, 'idempotency-key': p.key },
        body: { id: offer.id, qty: 1 },
      });
      expect(p.answer.status, JSON.stringify(p.answer.body)).toBe(200);
    }
    const rows = await query<{ id: string; key: string | null }>(
      database.db,
      sql`select id::text as id, idempotency_key as key from auction_purchases`,
    );
    const told = [...purchases.map((p) => p.answer!.body.id), bought.body.id];
    expect(rows.map((r) => r.id).sort()).toEqual(told.sort());
    // A payout answered 503 was applied or not, never twice; the books balance either way.
    expect(
      await brokenInvariants(database.db, [seller.uuid, ...buyers.map((b) => b.uuid)], [offer.id]),
    ).toEqual([]);

    expect(await stopServer(server)).toBe(0);
  }, 90_000);
});
