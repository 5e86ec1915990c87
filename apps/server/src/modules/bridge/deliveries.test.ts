import type { AddressInfo } from 'node:net';
import { type Delivery, deliveryMessageSchema } from '@prison/shared/bridge';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { listing, payout } from '../../../test/auction-fixtures.ts';
import {
  BRIDGE_TOKEN,
  createTestApp,
  databaseKinds,
  newPlayer,
  postEvents,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';
import { ledger } from '../../db/schema.ts';

const byId = (a: { ledger_id: number }, b: { ledger_id: number }) => a.ledger_id - b.ledger_id;

/** A bridge socket that collects the deliveries it is sent. */
function follow(url: string, headers: Record<string, string>) {
  const socket = new WebSocket(url, { headers });
  const received: Delivery[] = [];
  socket.on('message', (data) =>
    received.push(deliveryMessageSchema.parse(JSON.parse(String(data))).delivery),
  );
  const opened = new Promise<number>((resolve) => {
    socket.on('open', () => resolve(101));
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
  });
  return { socket, received, opened };
}

describe.each(databaseKinds())('deliveries to the game server on %s', (kind) => {
  let t: TestApp;
  let wsUrl: string;
  const seller = newPlayer({ username: 'Smith' });
  const buyer = newPlayer({ username: 'Collector' });
  const anvils = listing({
    seller: seller.uuid,
    category: 'tools',
    categoryName: '§7Tools',
    item: {
      name: '§8Heavy Anvil',
      icon: 'anvil',
      // The game's own form of the item, with characters JSON escapes: handed back byte for byte.
      data: 'rO0ABXNyAAR\u0001Item"\\/\u00e9\ud83d\ude00',
      enchants: [
        { key: 'unbreaking', level: 3 },
        { key: 'feather-fall', level: 1 },
      ],
    },
    qty: 100,
    price: '3',
  });
  let buyerToken: string;
  const bridge = { authorization: `Bearer ${BRIDGE_TOKEN}` };

  const buy = async (qty: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auction/purchase',
      headers: { authorization: `Bearer ${buyerToken}` },
      payload: { id: anvils.id, qty },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  };
  const list = (query = '', headers: Record<string, string> = bridge) =>
    t.app.inject({ url: `/api/bridge/deliveries${query}`, headers });
  const ack = (payload: unknown, headers: Record<string, string> = bridge) =>
    t.app.inject({
      method: 'POST',
      url: '/api/bridge/deliveries/ack',
      headers,
      payload: payload as Record<string, unknown>,
    });
  const pending = async () => (await list('?limit=500')).json() as Delivery[];
  /** Acknowledges what is pending: a test that reads the whole queue starts from an empty one. */
  const settle = async () => {
    const ids = (await pending()).map((d) => d.id);
    if (ids.length > 0) expect((await ack({ ids })).statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/bridge/ws`;
    const res = await postEvents(t.app, [
      seller.join,
      buyer.join,
      payout(buyer.uuid, '1000000000000000'),
      anvils.event,
    ]);
    expect(res.statusCode, res.body).toBe(200);
    buyerToken = await signIn(t.db, buyer.uuid);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs the bridge token on every route', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }] as Record<string, string>[]) {
      const listed = await list('', headers);
      expect(listed.statusCode).toBe(401);
      expect(listed.json()).toEqual({ detail: 'A valid bridge token is required', code: 'invalid_token' });
      expect((await ack({ ids: [] }, headers)).statusCode).toBe(401);
      expect(await follow(wsUrl, headers).opened).toBe(401);
    }
    // A player's access token is not the bridge's.
    expect((await list('', { authorization: `Bearer ${buyerToken}` })).statusCode).toBe(401);
  });

  it('lists pending deliveries oldest first, and acknowledging twice is harmless', async () => {
    await settle();
    const purchases = [await buy(1), await buy(2), await buy(3)];
    const listed = await pending();
    expect(listed.map((d) => d.purchase_id)).toEqual(purchases);
    expect(listed[1]).toEqual({
      id: expect.any(String),
      player_uuid: buyer.uuid,
      // The game gets the item as it was listed, colour codes, its own data and enchantments and all.
      item: { ...anvils.event.item },
      qty: 2,
      purchase_id: purchases[1],
      listing_id: anvils.id,
      seller_uuid: seller.uuid,
      unit_price: '3.00',
      total: '6.00',
      money: [
        { player_uuid: buyer.uuid, delta: '-6.00', ledger_id: expect.any(Number) },
        { player_uuid: seller.uuid, delta: '6.00', ledger_id: expect.any(Number) },
      ],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // The movements are the site's own ledger rows of that purchase.
    const rows = await t.db
      .select({ id: ledger.id, player: ledger.playerUuid, delta: ledger.delta })
      .from(ledger)
      .where(eq(ledger.reference, purchases[1]!));
    expect(
      rows.map((row) => ({ player_uuid: row.player, delta: row.delta, ledger_id: row.id })).sort(byId),
    ).toEqual(listed[1]!.money);
    expect(((await list('?limit=2')).json() as Delivery[]).map((d) => d.purchase_id)).toEqual(
      purchases.slice(0, 2),
    );

    const [first, second, third] = listed as [Delivery, Delivery, Delivery];
    const acked = await ack({ ids: [first.id, second.id] });
    expect(acked.statusCode, acked.body).toBe(200);
    expect(acked.json()).toEqual({ acknowledged: 2 });
    expect((await ack({ ids: [first.id, second.id] })).json()).toEqual({ acknowledged: 0 });
    // An id nobody knows is harmless too.
    expect((await ack({ ids: ['00000000-0000-0000-0000-000000000000'] })).json()).toEqual({
      acknowledged: 0,
    });
    expect(await pending()).toEqual([third]);
    expect((await ack({ ids: [third.id, third.id] })).json()).toEqual({ acknowledged: 1 });
    expect(await pending()).toEqual([]);
  });

  it('answers 400 for a bad limit or acknowledgement', async () => {
    for (const query of ['?limit=0', '?limit=501', '?limit=abc', '?limit=1.5']) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().detail).toContain('limit must be a whole number from 1 to 500');
    }
    const notIds = await ack({ ids: ['not-a-delivery'] });
    expect(notIds.statusCode).toBe(400);
    expect(notIds.json().detail).toContain('delivery ids are UUIDs');
    const tooMany = await ack({
      ids: Array.from({ length: 501 }, () => '00000000-0000-0000-0000-000000000000'),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toContain('at most 500 ids at a time');
    expect((await ack({})).statusCode).toBe(400);
  });

  it('pushes what is pending on connect, then each new delivery as it is bought', async () => {
    await settle();
    const waiting = await buy(4);
    const feed = follow(wsUrl, bridge);
    expect(await feed.opened).toBe(101);
    await expect.poll(() => feed.received.map((d) => d.purchase_id), { timeout: 5000 }).toEqual([waiting]);

    // At once, not on the resync a minute later: the wait below is far shorter than that.
    const next = await buy(5);
    await expect
      .poll(() => feed.received.map((d) => d.purchase_id), { interval: 5, timeout: 10_000 })
      .toEqual([waiting, next]);
    expect(feed.received[1]).toEqual((await pending()).find((d) => d.purchase_id === next));

    // Each delivery once per connection, even when a resync or a late notification names it again.
    const more = [await buy(6), await buy(7)];
    await expect.poll(() => feed.received.length, { timeout: 5000 }).toBe(4);
    expect(feed.received.map((d) => d.purchase_id)).toEqual([waiting, next, ...more]);
    await ack({ ids: [feed.received[0]!.id] });
    // Another socket of the same game server gets none of them while the first holds them; once the
    // first closes, what it did not acknowledge goes to the other.
    const again = follow(wsUrl, bridge);
    expect(await again.opened).toBe(101);
    const later = await buy(8);
    await expect.poll(() => [...feed.received, ...again.received].length, { timeout: 5000 }).toBe(5);
    feed.socket.close();
    await expect
      .poll(() => again.received.map((d) => d.purchase_id).sort(), { timeout: 5000 })
      .toEqual([next, ...more, later].sort());
    again.socket.close();
  });
});
