// Issue 8: kill -9 the server in the middle of a purchase load, restart it on the same data, and
// nothing a buyer was told is lost, nothing is bought twice, and the money and listing invariants of
// DESIGN.md section 3 hold. One scenario, run on PGlite and on PostgreSQL by two test files (each
// starts server processes, which are slow on a busy machine: apart, they run side by side).
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Purchase } from '@prison/shared/auction';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/client.ts';
import { players } from '../../src/db/schema.ts';
import { brokenInvariants, listing, payout, query, totalMoney } from '../auction-fixtures.ts';
import {
  BRIDGE_TOKEN,
  createPostgresDatabase,
  type DatabaseKind,
  JWT_SECRET,
  newPlayer,
  signIn,
} from '../helpers.ts';
import { type ServerProcess, startServer } from '../server-process.ts';
import { type Answer, call, isAlive, postBatch, stopServer, tempDirs } from './fault-kit.ts';

const BUYERS = 24;
const WORKERS = 12;
/** Successful purchases before the kill; the other workers' requests are then in flight. */
const KILL_AFTER = 20;
// Well under the limit of 60 purchases a minute per player, retries included.
const MAX_ATTEMPTS = 240;
const FORTUNE = '1000000000000.00';
const PRICE = '12345678.91';
/** Two server starts, the first one creating a database: slow when the machine is busy. */
export const CRASH_TEST_TIMEOUT = 120_000;

type PurchaseAnswer = Answer<Purchase & { detail?: string }>;

interface Attempt {
  buyer: string;
  token: string;
  key: string;
  listing: string;
  qty: number;
  /** The answer before the crash; none when the request was cut short. */
  answer?: PurchaseAnswer;
}

function world() {
  const sellers = [newPlayer({ username: 'CrashSellerA' }), newPlayer({ username: 'CrashSellerB' })];
  const buyers = Array.from({ length: BUYERS }, (_, i) => newPlayer({ username: `CrashBuyer${i}` }));
  const offers = sellers.flatMap((s) =>
    [1, 2].map(() =>
      listing({ seller: s.uuid, category: 'crash', categoryName: 'Crash', qty: 40, price: PRICE }),
    ),
  );
  return {
    buyers,
    offers,
    events: [
      ...sellers.map((s) => s.join),
      ...buyers.flatMap((b) => [b.join, payout(b.uuid, FORTUNE)]),
      ...offers.map((o) => o.event),
    ],
    everyone: [...sellers, ...buyers].map((p) => p.uuid),
    money: `${BigInt(BUYERS) * 1_000_000_000_000n}.00`,
  };
}

const buy = (url: string, a: Attempt): Promise<PurchaseAnswer> =>
  call(`${url}/api/auction/purchase`, {
    method: 'POST',
    headers: { authorization: `Bearer ${a.token}`, 'idempotency-key': a.key },
    body: { id: a.listing, qty: a.qty },
  });

/**
 * Each buyer signed in, by uuid: written before the server starts, since PGlite's files belong to one
 * process (the players' join events then find them there).
 */
async function signInBuyers(database: Database, w: ReturnType<typeof world>): Promise<Map<string, string>> {
  try {
    await database.db.insert(players).values(w.buyers.map(({ uuid, username }) => ({ uuid, username })));
    return new Map(
      await Promise.all(w.buyers.map(async (b) => [b.uuid, await signIn(database.db, b.uuid)] as const)),
    );
  } finally {
    await database.close();
  }
}

/** Purchases from WORKERS concurrent buyers until KILL_AFTER succeeded; then SIGKILL, mid-load. */
async function loadAndKill(
  server: ServerProcess,
  w: ReturnType<typeof world>,
  tokens: Map<string, string>,
): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  let killed = false;
  const succeeded = () => attempts.filter((a) => a.answer?.status === 200).length;
  const worker = async (n: number) => {
    for (let i = n; !killed && attempts.length < MAX_ATTEMPTS; i += WORKERS) {
      const buyer = w.buyers[i % BUYERS]!.uuid;
      const attempt: Attempt = {
        buyer,
        token: tokens.get(buyer)!,
        key: randomUUID(),
        listing: w.offers[i % w.offers.length]!.id,
        qty: 1 + (i % 3),
      };
      attempts.push(attempt);
      try {
        attempt.answer = await buy(server.url, attempt);
      } catch {
        // Cut short by the kill: no answer.
      }
      if (!killed && succeeded() >= KILL_AFTER) {
        killed = true;
        server.proc.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, n) => worker(n)));
  expect(killed).toBe(true);
  await server.exited;
  expect(server.proc.signalCode).toBe('SIGKILL');
  return attempts;
}

export function purchaseCrashTest(kind: DatabaseKind): void {
  const dirs = tempDirs();
  let server: ServerProcess | undefined;
  let database: Database | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    if (server && isAlive(server)) server.proc.kill('SIGKILL');
    await server?.exited;
    await database?.close();
    await drop?.();
    dirs.removeAll();
  });

  it(
    'keeps every answered purchase, buys nothing twice and keeps the books balanced',
    async () => {
      const dataDir = dirs.make(`crash-${kind}`);
      const env: Record<string, string> = { DATA_DIR: dataDir, BRIDGE_TOKEN, JWT_SECRET };
      if (kind === 'postgres') {
        const created = await createPostgresDatabase();
        drop = created.drop;
        env.DATABASE_URL = created.url;
      }
      const w = world();
      const tokens = await signInBuyers(
        kind === 'pglite' ? await openPglite(dataDir) : await openPostgres(env.DATABASE_URL!, () => {}),
        w,
      );
      server = await startServer(env, 90_000);
      const seeded = await postBatch(server.url, w.events);
      expect(seeded.status, JSON.stringify(seeded.body)).toBe(200);

      const attempts = await loadAndKill(server, w, tokens);
      const answered = attempts.filter((a) => a.answer?.status === 200);
      // Refusals say why (sold out, too few left); nothing else is an answer.
      for (const a of attempts.filter((x) => x.answer && x.answer.status !== 200)) {
        expect(a.answer!.status, JSON.stringify(a.answer!.body)).toBe(409);
      }
      const unanswered = attempts.filter((a) => !a.answer);
      expect(unanswered.length).toBeGreaterThan(0);

      // The crash left its lock behind; the restart on the same data takes it over.
      expect(existsSync(join(dataDir, 'server.pid'))).toBe(true);
      server = await startServer(env, 90_000);
      const restarted = server;
      // Asked again with the same key, an answered purchase answers the very same purchase.
      const final = new Map<string, PurchaseAnswer>(answered.map((a) => [a.key, a.answer!]));
      await Promise.all(answered.map(async (a) => expect(await buy(restarted.url, a)).toEqual(a.answer)));
      // An unanswered request retried with its key buys at most once: a second retry repeats the first.
      await Promise.all(
        unanswered.map(async (a) => {
          const retried = await buy(restarted.url, a);
          expect([200, 409], JSON.stringify(retried.body)).toContain(retried.status);
          if (retried.status === 200) {
            expect(retried.body).toMatchObject({ listing_id: a.listing, qty: a.qty });
            expect(await buy(restarted.url, a)).toEqual(retried);
          }
          final.set(a.key, retried);
        }),
      );

      if (kind === 'pglite') {
        // PGlite's files belong to one process: read them once the server has stopped cleanly.
        expect(await stopServer(server)).toBe(0);
        database = await openPglite(dataDir);
      } else {
        database = await openPostgres(env.DATABASE_URL!, () => {});
      }
      const db = database.db;
      const rows = await query<{ id: string; key: string; buyer: string }>(
        db,
        sql`select id::text as id, idempotency_key as key, buyer_uuid::text as buyer from auction_purchases`,
      );
      // Every purchase a buyer was told of is there, and every purchase there is one a buyer was told of.
      const told = [...final.values()].filter((x) => x.status === 200).map((x) => x.body.id);
      expect(rows.map((r) => r.id).sort()).toEqual(told.sort());
      const byKey = new Map(attempts.map((a) => [a.key, a]));
      for (const row of rows) {
        expect(row.buyer).toBe(byKey.get(row.key)?.buyer);
        expect(final.get(row.key)?.body.id).toBe(row.id);
      }
      // Ledger sums equal balances, no negative balance or quantity, sold = listed - left = the
      // purchases' sum, one delivery and two ledger rows per purchase; and no money made or lost.
      expect(
        await brokenInvariants(
          db,
          w.everyone,
          w.offers.map((o) => o.id),
        ),
      ).toEqual([]);
      expect(await totalMoney(db, w.everyone)).toBe(w.money);
      const [negative] = await query<{ listings: number; players: number }>(
        db,
        sql`select (select count(*)::int from auction_listings where qty_left < 0) as listings,
                   (select count(*)::int from players where balance < 0) as players`,
      );
      expect(negative).toEqual({ listings: 0, players: 0 });
    },
    CRASH_TEST_TIMEOUT,
  );
}
