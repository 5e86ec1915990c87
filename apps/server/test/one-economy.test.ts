// One economy (the game-server contract): the game's balances are the truth in game, the site's
// ledger mirrors them. The real site and the simulated game server run at once: players buy on the
// site (each purchase's money travels to the game with its delivery, applied once by ledger id) while
// the game pays and takes money of its own (player.balance events). Once both sides have heard of
// everything, every player's balance on the site is the simulator's to the cent.

import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { IDEMPOTENCY_HEADER } from '@prison/shared/auction-terms';
import { moneyText } from '@prison/simulator/money';
import { type Simulator, startSimulator } from '@prison/simulator/simulator';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { query } from './auction-fixtures.ts';
import { BRIDGE_TOKEN, createTestApp, databaseKinds, signIn, type TestApp } from './helpers.ts';

const SEED = 'one-economy';
const BUYERS = 5;
const PURCHASES_EACH = 4;

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

/** Waits for a condition, however long the machine takes, up to the test's own timeout. */
async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const count = async (t: TestApp, statement: ReturnType<typeof sql>) =>
  Number((await query<{ n: string | number }>(t.db, statement))[0]!.n);

/** Ledger rows the game server's own balance events wrote (not the auction's). */
const gameRows = (t: TestApp) =>
  count(
    t,
    sql`select count(*) as n from ledger where reason <> 'auction.purchase' and reason <> 'auction.sale'`,
  );

describe.each(databaseKinds())('one economy (%s)', (kind) => {
  it("agrees with the game on every balance after site purchases interleaved with the game's own money", async () => {
    const t = await createTestApp(kind);
    open.push({
      close: async () => {
        // The simulated game server's keep-alive connections outlive it; a real one's would close with its process.
        t.app.server.closeAllConnections();
        await t.close();
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const errors: string[] = [];
    const simulator: Simulator = await startSimulator({
      url: `http://127.0.0.1:${port}`,
      token: BRIDGE_TOKEN,
      rconPort: 0,
      rconPassword: 'rcon-test',
      seed: SEED,
      players: 40,
      tickMs: 20,
      retryInitialMs: 20,
      deliveryReconnectMs: 20,
      deliveryPollMs: 200,
      stopGraceMs: 30_000,
      // Only the test buys here, so that it knows every purchase to wait for (the next test has the game's).
      inGamePurchaseMs: 0,
      log: {
        info() {},
        warn() {},
        error: (data, message) => errors.push(`${message} ${JSON.stringify(data)}`),
      },
    });
    open.push({ close: () => simulator.stop() });
    await simulator.seeded;
    const { state } = simulator;

    // The richest players buy the seed's listings (never their own), one unit at a time.
    const buyers = state.players
      .filter((p) => !p.isDemo)
      .sort((a, b) => (a.balance > b.balance ? -1 : a.balance < b.balance ? 1 : 0))
      .slice(0, BUYERS);
    const listings = await query<{ id: string; seller: string }>(
      t.db,
      sql`select id, seller_uuid::text as seller from auction_listings
          where id like ${`lst-${SEED}-%`} and qty_left > 0 and cancelled_at is null order by id`,
    );
    const buy = async (buyer: (typeof buyers)[number], round: number) => {
      const mine = listings.filter((l, n) => n % BUYERS === buyers.indexOf(buyer) && l.seller !== buyer.uuid);
      const listing = mine[round % mine.length]!;
      const token = await signIn(t.db, buyer.uuid);
      return t.app.inject({
        method: 'POST',
        url: '/api/auction/purchase',
        headers: { authorization: `Bearer ${token}`, [IDEMPOTENCY_HEADER]: randomUUID() },
        payload: { id: listing.id, qty: 1 },
      });
    };

    // Each round: every buyer buys at once, then the game's own money moves before the next round.
    let bought = 0;
    for (let round = 0; round < PURCHASES_EACH; round++) {
      const before = await gameRows(t);
      const answers = await Promise.all(buyers.map((buyer) => buy(buyer, round)));
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      bought += answers.length;
      await until(async () => (await gameRows(t)) > before, 'the game has moved money since the purchases');
    }

    // Every purchase handed over in game (its money applied) and acknowledged.
    await until(() => state.deliveriesHandedOver >= bought, 'every purchase is handed over in game');
    await until(
      async () =>
        (await count(t, sql`select count(*) as n from deliveries where delivered_at is null`)) === 0,
      'every delivery is acknowledged',
    );
    // The live loop stops with its last batch answered: the site has heard of every change the game made.
    await simulator.stop();

    const site = new Map(
      (
        await query<{ uuid: string; balance: string }>(
          t.db,
          sql`select uuid::text as uuid, balance::text as balance from players`,
        )
      ).map((row) => [row.uuid, row.balance]),
    );
    const game = new Map(state.players.map((p) => [p.uuid, moneyText(p.balance)]));
    expect(site).toEqual(game);
    expect(state.deliveriesHandedOver).toBe(bought);
    expect(errors).toEqual([]);
  }, 120_000);

  it('buys in game through the site: the purchase, its delivery and its money come back like any other', async () => {
    const t = await createTestApp(kind);
    open.push({
      close: async () => {
        t.app.server.closeAllConnections();
        await t.close();
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const lines: { message: string; data: Record<string, unknown> }[] = [];
    const record = (data: Record<string, unknown>, message: string) => lines.push({ message, data });
    const simulator = await startSimulator({
      url: `http://127.0.0.1:${port}`,
      token: BRIDGE_TOKEN,
      rconPort: 0,
      rconPassword: 'rcon-test',
      seed: `${SEED}-game`,
      players: 40,
      tickMs: 20,
      retryInitialMs: 20,
      deliveryReconnectMs: 20,
      inGamePurchaseMs: 20,
      log: { info: record, warn: record, error: record },
    });
    open.push({ close: () => simulator.stop() });
    await simulator.seeded;
    const purchases = () => count(t, sql`select count(*) as n from auction_purchases`);
    await until(async () => (await purchases()) >= 1, 'the game has bought a listing');
    await until(() => simulator.state.deliveriesHandedOver >= 1, 'its delivery is handed over in game');
    expect(lines).toContainEqual(expect.objectContaining({ message: 'bought in game through the site' }));
    expect(lines.filter((l) => l.message === 'in-game purchases stopped')).toEqual([]);
  }, 120_000);
});
