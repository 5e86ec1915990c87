import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bridgeTestApp, postRaw } from '../../../test/bridge-fixtures.ts';
import { databaseKinds, eventId, newPlayer, postEvents } from '../../../test/helpers.ts';
import { auctionListings, gangs, ledger, playerStats } from '../../db/schema.ts';

describe.each(databaseKinds())('bridge money on %s', (kind) => {
  const t = bridgeTestApp(kind);
  const { send, player, ledgerSum } = t;

  it('applies money exactly as written, beyond what a double holds (B2)', async () => {
    const p = newPlayer();
    const gangId = `g-${eventId()}`;
    const listingId = `l-${eventId()}`;
    await send([
      p.join,
      { id: eventId(), type: 'gang.upsert', gang_id: gangId, name: 'Exact', status: 'Open' },
    ]);
    const res = await postRaw(
      t.app,
      `{"events": [
        {"id": "${eventId()}", "type": "player.balance", "uuid": "${p.uuid}", "delta": 1234567890123456.78, "reason": "mine"},
        {"id": "${eventId()}", "type": "player.balance", "uuid": "${p.uuid}", "delta": 1000000000000000000001, "reason": "mine"},
        {"id": "${eventId()}", "type": "player.balance", "uuid": "${p.uuid}", "delta": "-0.50", "reason": "as text"},
        {"id": "${eventId()}", "type": "player.balance", "uuid": "${p.uuid}", "delta": 25e-1, "reason": "exponent"},
        {"id": "${eventId()}", "type": "gang.treasury", "gang_id": "${gangId}", "delta": 98765432109876543.21},
        {"id": "${eventId()}", "type": "auction.listed", "listing_id": "${listingId}", "seller_uuid": "${p.uuid}",
         "category_key": "ores", "category_name": "Ores", "item": {"name": "Diamond", "icon": "diamond"},
         "qty": 1, "price": 12345678901234567.89},
        {"id": "${eventId()}", "type": "player.stats", "uuid": "${p.uuid}", "add": {"delta": 0.1, "price": 2}}
      ]}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await player(p.uuid))!.balance).toBe('1000001234567890123459.78');
    expect(await ledgerSum(p.uuid)).toBe('1000001234567890123459.78');
    const deltas = (await t.db.select().from(ledger).where(eq(ledger.playerUuid, p.uuid))).map(
      (r) => r.delta,
    );
    expect(deltas.sort()).toEqual(['-0.50', '1000000000000000000001.00', '1234567890123456.78', '2.50']);
    expect((await t.db.select().from(gangs).where(eq(gangs.id, gangId)))[0]!.balance).toBe(
      '98765432109876543.21',
    );
    const [listing] = await t.db.select().from(auctionListings).where(eq(auctionListings.id, listingId));
    expect(listing!.price).toBe('12345678901234567.89');
    // Other numbers are ordinary numbers, even under a money field's name.
    const stats = await t.db.select().from(playerStats).where(eq(playerStats.playerUuid, p.uuid));
    expect(Object.fromEntries(stats.map((r) => [r.name, r.value]))).toEqual({ delta: 0.1, price: 2 });
  });

  it('refuses money that is not a decimal number below 1e36, naming the event (B2)', async () => {
    const p = newPlayer();
    await send([p.join]);
    const balance = (delta: string) =>
      `{"id": "${eventId()}", "type": "player.balance", "uuid": "${p.uuid}", "delta": ${delta}, "reason": "x"}`;
    const res = await postRaw(
      t.app,
      `{"events": [${balance('1e36')}, ${balance('-1000000000000000000000000000000000000.5')}, ${balance('"12,50"')},
        ${balance('"1e999999999"')}, ${balance('true')}, ${balance('999999999999999999999999999999999999.99')},
        {"id": "${eventId()}", "type": "auction.listed", "listing_id": "${eventId()}", "seller_uuid": "${p.uuid}",
         "category_key": "ores", "category_name": "Ores", "item": {"name": "Dirt", "icon": "dirt"},
         "qty": 1, "price": 0.004}]}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { index: 0, code: 'event_invalid', reason: 'delta: must be a finite amount below 1e36' },
      { index: 1, code: 'event_invalid', reason: 'delta: must be a finite amount below 1e36' },
      { index: 2, code: 'event_invalid', reason: 'delta: must be a number such as 1234.56' },
      { index: 3, code: 'event_invalid', reason: 'delta: must be a finite amount below 1e36' },
      { index: 4, code: 'event_invalid', reason: 'delta: must be a number such as 1234.56' },
      { index: 6, code: 'event_invalid', reason: 'price: must be at least 0.01 once rounded to cents' },
    ]);
    expect((await player(p.uuid))!.balance).toBe('0.00');
  });

  it('rounds each amount to cents once, so the ledger always adds up to the balance (B3)', async () => {
    const p = newPlayer();
    const gangId = `g-${eventId()}`;
    const listingId = `l-${eventId()}`;
    await send([
      p.join,
      { id: eventId(), type: 'gang.upsert', gang_id: gangId, name: 'Cents', status: 'Open' },
    ]);
    const deltas = ['0.02', '-0.015', '0.005', '0.004', '-0.006', '1.125', '-0.125', '0.335', '-0.0049999'];
    const res = await postRaw(
      t.app,
      JSON.stringify({
        events: [
          ...deltas.map((d) => ({
            id: eventId(),
            type: 'player.balance',
            uuid: p.uuid,
            delta: `@${d}@`,
            reason: 'r',
          })),
          { id: eventId(), type: 'gang.treasury', gang_id: gangId, delta: '@0.005@' },
          { id: eventId(), type: 'gang.treasury', gang_id: gangId, delta: '@0.005@' },
          {
            id: eventId(),
            type: 'auction.listed',
            listing_id: listingId,
            seller_uuid: p.uuid,
            category_key: 'ores',
            category_name: 'Ores',
            item: { name: 'Coal', icon: 'coal' },
            qty: 1,
            price: '@0.015@',
          },
        ],
      }).replace(/"@(.*?)@"/g, '$1'), // Numbers in the body, written exactly.
    );
    expect(res.statusCode, res.body).toBe(200);
    // 0.02 - 0.02 + 0.01 + 0.00 - 0.01 + 1.13 - 0.13 + 0.34 - 0.00
    expect((await player(p.uuid))!.balance).toBe('1.34');
    expect(await ledgerSum(p.uuid)).toBe('1.34');
    expect((await t.db.select().from(gangs).where(eq(gangs.id, gangId)))[0]!.balance).toBe('0.02');
    const [listing] = await t.db.select().from(auctionListings).where(eq(auctionListings.id, listingId));
    expect(listing!.price).toBe('0.02');
  });

  it('answers 400, not 500, when a balance would overflow, and applies nothing', async () => {
    const p = newPlayer();
    await send([p.join]);
    // Each delta is valid (< 1e36), but 110 of them pass numeric(40,2)'s limit of 1e38.
    const res = await postEvents(
      t.app,
      Array.from({ length: 110 }, (_, i) => ({
        id: eventId(),
        type: 'player.balance',
        uuid: p.uuid,
        delta: 9.9e35,
        reason: `r${i}`,
      })),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { index: expect.any(Number), code: 'value_refused', reason: expect.stringMatching(/overflow/i) },
    ]);
    expect((await player(p.uuid))!.balance).toBe('0.00');
    expect(await t.db.select().from(ledger).where(eq(ledger.playerUuid, p.uuid))).toEqual([]);
  });
});
