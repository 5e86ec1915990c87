// A network of game servers, each on its delivery socket with its own credential: every delivery is
// handed to exactly one socket (the one of the server its buyer is on, when that server is
// connected), none twice and none lost, also when a socket drops in the middle; held while none is
// connected; and offered again when the socket that took it lets its lease run out.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type Delivery, deliveryMessageSchema } from '@prison/shared/bridge';
import { CLOSE_CODES } from '@prison/shared/sockets';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { listing, payout } from '../../../test/auction-fixtures.ts';
import { createTestApp, databaseKinds, newPlayer, type TestApp } from '../../../test/helpers.ts';
import { bridgeConnections, deliveries } from '../../db/schema.ts';
import { createCredential, revokeCredential } from './credentials.ts';

const PURCHASES = 200;

/**
 * A game server's delivery socket that acknowledges each delivery as it arrives, or, while `holding`,
 * keeps them unacknowledged (a server about to fail).
 */
const opened: WebSocket[] = [];
function gameServer(url: string, token: string, ack: (ids: string[]) => Promise<void>) {
  const socket = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } });
  opened.push(socket);
  const server = {
    socket,
    received: [] as Delivery[],
    acked: [] as string[],
    holding: false,
    acking: Promise.resolve(),
    opened: new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('unexpected-response', (_request, response) => reject(new Error(`${response.statusCode}`)));
    }),
  };
  socket.on('message', (data) => {
    const { delivery } = deliveryMessageSchema.parse(JSON.parse(String(data)));
    server.received.push(delivery);
    if (server.holding) return;
    server.acking = server.acking.then(async () => {
      await ack([delivery.id]);
      server.acked.push(delivery.id);
    });
  });
  return server;
}

describe.each(databaseKinds())('deliveries over a network of game servers on %s', (kind) => {
  let t: TestApp;
  let wsUrl: string;
  const tokens: Record<string, string> = {};
  const seller = newPlayer({ username: 'NetSeller' });
  // Buyers on the lobby, on the mines, and one who is offline.
  const onLobby = newPlayer({ username: 'LobbyBuyer' });
  const onMines = newPlayer({ username: 'MinesBuyer' });
  const away = newPlayer({ username: 'AwayBuyer' });
  const goods = listing({ seller: seller.uuid, category: 'net', qty: 100_000, price: '1' });

  const post = (server: string, path: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { authorization: `Bearer ${tokens[server]}`, ...headers },
      payload: payload as Record<string, unknown>,
    });
  const events = async (server: string, list: object[]) => {
    const res = await post(server, '/api/bridge/events', { events: list });
    expect(res.statusCode, res.body).toBe(200);
  };
  const ack = (server: string) => async (ids: string[]) => {
    const res = await post(server, '/api/bridge/deliveries/ack', { ids });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** A purchase made in game (the lobby's server reports it; where it goes is the buyer's server). */
  const buy = async (buyer: string) => {
    const res = await post(
      'lobby',
      '/api/bridge/purchases',
      { listing_id: goods.id, buyer_uuid: buyer, qty: 1 },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  };
  const purchaseOf = (list: Delivery[]) => list.map((d) => d.purchase_id);
  const pendingCount = async () =>
    (
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(deliveries)
        .where(sql`${deliveries.deliveredAt} is null`)
    )[0]!.n;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/bridge/ws`;
    for (const name of ['lobby', 'mines']) {
      tokens[name] = (await createCredential(t.db, name, { uuid: null })).token;
    }
    // Each server reports its own players joining: that is where their deliveries go.
    await events('lobby', [seller.join, onLobby.join, away.join, payout(onLobby.uuid, '1000000')]);
    await events('mines', [onMines.join, payout(onMines.uuid, '1000000'), payout(away.uuid, '1000000')]);
    await events('lobby', [goods.event, { id: `quit-${away.uuid}`, type: 'player.quit', uuid: away.uuid }]);
  });
  /**
   * The sockets the server has recorded (of `server`, or all). A socket is recorded a moment after it
   * opens: until then a delivery of a player on its server may go to any other.
   */
  const recorded = async (server?: string) =>
    (await t.db.select().from(bridgeConnections)).filter((c) => server === undefined || c.server === server)
      .length;
  afterAll(async () => {
    await t?.close();
  });
  // A failed test leaves no socket open for the next.
  afterEach(async () => {
    for (const socket of opened.splice(0)) socket.terminate();
    await expect.poll(() => recorded(), { timeout: 10_000 }).toBe(0);
  });

  it('hands each of 200 deliveries to exactly one socket, the buyer’s server first, also when one drops', async () => {
    const lobby = gameServer(wsUrl, tokens.lobby!, ack('lobby'));
    const mines = gameServer(wsUrl, tokens.mines!, ack('mines'));
    await Promise.all([lobby.opened, mines.opened]);
    await expect.poll(() => recorded(), { timeout: 10_000 }).toBe(2);
    const buyers = [onLobby, onMines, away];
    const bought: { purchase: string; buyer: string }[] = [];
    const buyMany = async (count: number) => {
      const made: { purchase: string; buyer: string }[] = [];
      for (let i = 0; i < count; i++) {
        const buyer = buyers[bought.length % buyers.length]!.uuid;
        const purchase = { purchase: await buy(buyer), buyer };
        bought.push(purchase);
        made.push(purchase);
      }
      return made;
    };
    const of = (made: { purchase: string; buyer: string }[], buyer: { uuid: string }) =>
      made.filter((b) => b.buyer === buyer.uuid).map((b) => b.purchase);

    // Both servers up: each player's deliveries go to the server they are on; the offline player's to either.
    const first = await buyMany(100);
    await expect.poll(pendingCount, { timeout: 30_000 }).toBe(0);
    expect(purchaseOf(lobby.received)).toEqual(expect.arrayContaining(of(first, onLobby)));
    expect(purchaseOf(mines.received)).toEqual(expect.arrayContaining(of(first, onMines)));

    // The mines server takes its deliveries and fails before acknowledging them.
    mines.holding = true;
    const second = await buyMany(50);
    await expect
      .poll(() => purchaseOf(mines.received), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(of(second, onMines)));
    mines.socket.terminate();
    // With no mines socket, its players' deliveries go to the lobby, and so do those it dropped.
    const third = await buyMany(PURCHASES - 100 - 50);
    await expect
      .poll(() => purchaseOf(lobby.received), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([...of(second, onMines), ...of(third, onMines)]));
    // The mines server comes back, and is handed its players' deliveries again.
    const back = gameServer(wsUrl, tokens.mines!, ack('mines'));
    await back.opened;
    // The dropped socket was forgotten before the lobby took its deliveries: this one is the mines'.
    await expect.poll(() => recorded('mines'), { timeout: 10_000 }).toBe(1);
    const fourth = await buyMany(3);
    await expect.poll(pendingCount, { timeout: 30_000 }).toBe(0);
    expect(purchaseOf(back.received)).toEqual(expect.arrayContaining(of(fourth, onMines)));

    const sockets = [lobby, mines, back];
    await Promise.all(sockets.map((s) => s.acking));
    // None lost and none twice: each acknowledged exactly once.
    const acked = sockets.flatMap((s) => s.acked);
    expect(acked).toHaveLength(bought.length);
    expect(new Set(acked).size).toBe(bought.length);
    // A delivery reached a second socket only when the first dropped it unacknowledged.
    const dropped = new Set(mines.received.map((d) => d.id).filter((id) => !mines.acked.includes(id)));
    const seen = new Map<string, number>();
    for (const s of sockets) for (const d of s.received) seen.set(d.id, (seen.get(d.id) ?? 0) + 1);
    for (const [id, times] of seen) expect(times, id).toBe(dropped.has(id) ? 2 : 1);
    lobby.socket.close();
    back.socket.close();
  });

  it('holds deliveries while no game server is connected, and offers one again when its lease ends', async () => {
    const held = await buy(away.uuid);
    const [row] = await t.db.select().from(deliveries).where(eq(deliveries.purchaseId, held));
    expect(row).toMatchObject({ deliveredAt: null, takenBy: null });

    // A socket that takes it and never acknowledges it.
    const silent = gameServer(wsUrl, tokens.lobby!, async () => {});
    silent.holding = true;
    await silent.opened;
    await expect.poll(() => purchaseOf(silent.received), { timeout: 5000 }).toContain(held);
    const other = gameServer(wsUrl, tokens.mines!, ack('mines'));
    await other.opened;
    // Its lease ends (as if its time had passed), and the next look offers it to the other socket.
    await t.db
      .update(deliveries)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(deliveries.purchaseId, held));
    await t.db.execute(sql`select pg_notify('deliveries', '*')`);
    await expect.poll(() => purchaseOf(other.received), { timeout: 5000 }).toContain(held);
    await other.acking;
    expect(purchaseOf(silent.received).filter((p) => p === held)).toHaveLength(1);
    silent.socket.close();
    other.socket.close();
  });

  it('closes the sockets of a credential revoked while they are open, and hands what they held to another', async () => {
    const { credential, token } = await createCredential(t.db, 'doomed', { uuid: null });
    const doomed = gameServer(wsUrl, token, async () => {});
    doomed.holding = true;
    await doomed.opened;
    const closed = new Promise<number>((resolve) => doomed.socket.once('close', (code) => resolve(code)));
    // The only socket: it takes the offline player's delivery.
    const held = await buy(away.uuid);
    await expect.poll(() => purchaseOf(doomed.received), { timeout: 5000 }).toContain(held);

    await revokeCredential(t.db, { id: credential.id }, { uuid: null });
    expect(await closed).toBe(CLOSE_CODES.credentialRevoked);
    const other = gameServer(wsUrl, tokens.lobby!, ack('lobby'));
    await other.opened;
    await expect.poll(() => purchaseOf(other.received), { timeout: 5000 }).toContain(held);
    await other.acking;
    other.socket.close();
  });
});
