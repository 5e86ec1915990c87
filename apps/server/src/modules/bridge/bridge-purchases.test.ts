// Purchases made in game go through the site's stock (POST /api/bridge/purchases): the same rules,
// answer and delivery as a purchase on the site, safe to retry with its Idempotency-Key, and a
// listing bought at once on the site and in game is never sold twice.
import { randomUUID } from 'node:crypto';
import type { Delivery } from '@prison/shared/bridge';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenInvariants, listing, payout, query, totalMoney } from '../../../test/auction-fixtures.ts';
import {
  BRIDGE_TOKEN,
  createTestApp,
  databaseKinds,
  newPlayer,
  postEvents,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';

const bridge = { authorization: `Bearer ${BRIDGE_TOKEN}` };

describe.each(databaseKinds())('purchases made in game on %s', (kind) => {
  let t: TestApp;
  const seller = newPlayer({ username: 'GameSeller' });
  const buyer = newPlayer({ username: 'GameBuyer' });
  const pickaxes = listing({
    seller: seller.uuid,
    category: 'tools',
    item: {
      name: 'Pickaxe',
      icon: 'diamond_pickaxe',
      data: 'pickaxe:1',
      enchants: [{ key: 'efficiency', level: 5 }],
    },
    qty: 10,
    price: '50',
  });

  const buyInGame = (
    body: object,
    key: string | null = randomUUID(),
    headers: Record<string, string> = bridge,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/bridge/purchases',
      headers: { ...headers, ...(key === null ? {} : { 'idempotency-key': key }) },
      payload: body as Record<string, unknown>,
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const res = await postEvents(t.app, [
      seller.join,
      buyer.join,
      payout(buyer.uuid, '1000'),
      pickaxes.event,
    ]);
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('buys for a player in game as the site would, with its delivery, and a retry buys nothing more', async () => {
    const key = randomUUID();
    const request = { listing_id: pickaxes.id, buyer_uuid: buyer.uuid, qty: 2 };
    const res = await buyInGame(request, key);
    expect(res.statusCode, res.body).toBe(200);
    const bought = res.json();
    expect(bought).toEqual({
      id: expect.any(String),
      listing_id: pickaxes.id,
      qty: 2,
      price: '50.00',
      total: '100.00',
      remaining: 8,
      balance: '900.00',
    });
    // The same key again answers the same purchase; another quantity under it is refused.
    const again = await buyInGame(request, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(bought);
    const reused = await buyInGame({ ...request, qty: 3 }, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('idempotency_key_reused');

    const deliveries = (
      await t.app.inject({ url: '/api/bridge/deliveries', headers: bridge })
    ).json() as Delivery[];
    const delivery = deliveries.find((d) => d.purchase_id === bought.id);
    expect(delivery).toMatchObject({
      player_uuid: buyer.uuid,
      listing_id: pickaxes.id,
      seller_uuid: seller.uuid,
      item: { data: 'pickaxe:1', enchants: [{ key: 'efficiency', level: 5 }] },
      qty: 2,
      total: '100.00',
    });
    expect(deliveries.filter((d) => d.purchase_id === bought.id)).toHaveLength(1);
  });

  it('refuses what the site refuses, each with its code', async () => {
    const stranger = randomUUID();
    const cases: [object, string | null, number, string][] = [
      [{ listing_id: pickaxes.id, buyer_uuid: buyer.uuid, qty: 1 }, null, 400, 'invalid_request'],
      [{ listing_id: pickaxes.id, buyer_uuid: stranger, qty: 1 }, randomUUID(), 404, 'unknown_player'],
      [
        { listing_id: 'no-such-listing', buyer_uuid: buyer.uuid, qty: 1 },
        randomUUID(),
        404,
        'unknown_listing',
      ],
      [
        { listing_id: pickaxes.id, buyer_uuid: seller.uuid, qty: 1 },
        randomUUID(),
        403,
        'cannot_buy_own_listing',
      ],
      [{ listing_id: pickaxes.id, buyer_uuid: buyer.uuid, qty: 9 }, randomUUID(), 409, 'not_enough_left'],
      [{ listing_id: pickaxes.id, buyer_uuid: buyer.uuid, qty: 0 }, randomUUID(), 400, 'invalid_request'],
    ];
    for (const [body, key, status, code] of cases) {
      const res = await buyInGame(body, key);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
    // A player's token is not a game server's.
    const token = await signIn(t.db, buyer.uuid);
    const player = await buyInGame(
      { listing_id: pickaxes.id, buyer_uuid: buyer.uuid, qty: 1 },
      randomUUID(),
      {
        authorization: `Bearer ${token}`,
      },
    );
    expect(player.statusCode).toBe(401);
    expect(player.json().code).toBe('invalid_token');
  });

  it('never sells a unit twice to buyers on the site and in game at once', async () => {
    const racer = newPlayer({ username: 'RaceLister' });
    const offer = listing({ seller: racer.uuid, category: 'race', qty: 6, price: '10' });
    const onSite = Array.from({ length: 8 }, (_, i) => newPlayer({ username: `SiteRacer${i}` }));
    const inGame = Array.from({ length: 8 }, (_, i) => newPlayer({ username: `GameRacer${i}` }));
    const everyone = [racer, ...onSite, ...inGame];
    const res = await postEvents(t.app, [
      ...everyone.flatMap((p) => [p.join, payout(p.uuid, '100')]),
      offer.event,
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const tokens = await Promise.all(onSite.map((p) => signIn(t.db, p.uuid)));
    const answers = await Promise.all([
      ...tokens.map((token) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auction/purchase',
          headers: { authorization: `Bearer ${token}` },
          payload: { id: offer.id, qty: 1 },
        }),
      ),
      ...inGame.map((p) => buyInGame({ listing_id: offer.id, buyer_uuid: p.uuid, qty: 1 })),
    ]);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    const uuids = everyone.map((p) => p.uuid);
    expect(await brokenInvariants(t.db, uuids, [offer.id])).toEqual([]);
    // Money only moved between them: 17 x 100 in.
    expect(await totalMoney(t.db, uuids)).toBe('1700.00');
    const [sold] = await query<{ units: number }>(
      t.db,
      sql`select coalesce(sum(qty), 0)::int as units from auction_purchases where listing_id = ${offer.id}`,
    );
    expect(sold!.units).toBe(6);
  });
});
