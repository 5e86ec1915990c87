import { MAX_ITEM_DATA_BYTES, MAX_ITEM_ENCHANTS, receivedBridgeEventSchema } from '@prison/shared/bridge';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bridgeTestApp, postRaw } from '../../../test/bridge-fixtures.ts';
import { BRIDGE_TOKEN, databaseKinds, eventId, newPlayer, postEvents } from '../../../test/helpers.ts';
import { activity } from '../../db/schema.ts';
import { BRIDGE_BODY_LIMIT } from './routes.ts';

/** JSON with every character outside printable ASCII written as a \uXXXX escape. */
const escapedJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

describe.each(databaseKinds())('bridge requests on %s', (kind) => {
  const t = bridgeTestApp(kind);
  const { send, player } = t;

  it('refuses a missing or wrong bridge token', async () => {
    const { join } = newPlayer();
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/bridge/events',
      payload: { events: [join] },
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().detail).toMatch(/bridge token/);
    const wrong = await postEvents(t.app, [join], 'not-the-token');
    expect(wrong.statusCode).toBe(401);
    expect(await player(join.uuid)).toBeUndefined();
  });

  it('rejects unknown types, malformed bodies, empty and oversized batches', async () => {
    const unknownType = await postEvents(t.app, [
      { id: eventId(), type: 'player.teleport', uuid: newPlayer().uuid },
    ]);
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().errors[0].index).toBe(0);
    const empty = await postEvents(t.app, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toEqual(expect.any(String));
    const tooMany = await postEvents(
      t.app,
      Array.from({ length: 501 }, () => newPlayer().join),
    );
    expect(tooMany.statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/bridge/events',
      headers: { authorization: 'Bearer test-bridge-token-0123456789', 'content-type': 'application/json' },
      payload: '{"events": [',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().detail).toEqual(expect.any(String));
  });

  it('refuses ids that are not printable ASCII and text with NUL or unpaired surrogates, applying nothing (B6)', async () => {
    const p = newPlayer();
    const gangId = `g-${eventId()}`;
    await send([
      p.join,
      { id: eventId(), type: 'gang.upsert', gang_id: gangId, name: 'Safe', status: 'Open' },
    ]);
    const quit = { type: 'player.quit', uuid: p.uuid };
    const res = await postEvents(t.app, [
      { ...quit, id: 'nul\u0000id' },
      { ...quit, id: 'pay-\ud800' },
      { ...quit, id: 'pay-\udfff' },
      { ...quit, id: 'with space' },
      { id: eventId(), type: 'gang.disband', gang_id: 'g\u0000' },
      { id: eventId(), type: 'auction.cancelled', listing_id: 'l\u0000' },
      { id: eventId(), type: 'player.balance', uuid: p.uuid, delta: 1, reason: 'a\u0000b' },
      {
        id: eventId(),
        type: 'activity',
        actor_uuid: p.uuid,
        activity_type: 'CHAT',
        activity_text: 'hi \ud83d',
      },
      {
        id: eventId(),
        type: 'gang.upsert',
        gang_id: gangId,
        name: 'x\u0000',
        status: 'Open',
        color: '\udc00',
      },
      { id: eventId(), type: 'gang.member', gang_id: gangId, uuid: p.uuid, role: '\u0000' },
      { id: eventId(), type: 'account.password', uuid: p.uuid, password: 'password\u0000' },
      {
        id: eventId(),
        type: 'auction.listed',
        listing_id: `l-${eventId()}`,
        seller_uuid: p.uuid,
        category_key: 'ores',
        category_name: 'Ores\u0000',
        item: { name: 'Coal\ud800', icon: 'coal' },
        qty: 1,
        price: 1,
      },
      // Still fine: text with a paired surrogate (an emoji) and other Unicode.
      {
        id: eventId(),
        type: 'activity',
        actor_uuid: p.uuid,
        activity_type: 'CHAT',
        activity_text: 'gg 😀 é',
      },
    ]);
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { index: number; reason: string }[];
    expect(errors.map((e) => e.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(errors[0]!.reason).toMatch(/^id: ids are 1 to 64 printable ASCII/);
    expect(errors[4]!.reason).toMatch(/^gang_id: ids are/);
    expect(errors[5]!.reason).toMatch(/^listing_id: ids are/);
    expect(errors[6]!.reason).toBe('reason: must not contain NUL characters or unpaired surrogates');
    expect(errors[7]!.reason).toMatch(/^activity_text: must not contain NUL/);
    expect(errors[8]!.reason).toMatch(/name: must not contain NUL.*color: must not contain NUL/);
    expect(errors[11]!.reason).toMatch(/category_name: must not.*item\.name: must not/);
    expect(await t.db.select().from(activity).where(eq(activity.actorUuid, p.uuid))).toEqual([]);
  });

  it('accepts the largest batch the schema allows (B7)', async () => {
    const p = newPlayer();
    await send([p.join]);
    // 500 activity events of 4000 non-ASCII characters, every one written as a \\uXXXX escape.
    const events = Array.from({ length: 500 }, () => ({
      id: eventId(),
      type: 'activity',
      actor_uuid: p.uuid,
      activity_type: 'CHAT',
      activity_text: 'é'.repeat(4000),
    }));
    const body = escapedJson({ events });
    expect(body.length).toBeGreaterThan(12_000_000);
    const res = await postRaw(t.app, body);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.json()).toEqual({ applied: 500, skipped: 0 });
    // The largest event of all: player.stats with 200 statistics to add and 200 to set.
    const stats = (prefix: string) =>
      Object.fromEntries(
        Array.from({ length: 200 }, (_, i) => [`${prefix}${i}`.padEnd(64, '_'), -2.2250738585072014e-308]),
      );
    const largest = {
      id: '"'.repeat(64),
      at: '2026-01-02T03:04:05.12345678901234+05:30',
      type: 'player.stats',
      uuid: p.uuid,
      add: stats('a'),
      set: stats('s'),
    };
    expect(receivedBridgeEventSchema.safeParse(largest).success).toBe(true);
    const largestBatch = JSON.stringify({ events: Array.from({ length: 500 }, () => largest) });
    expect(largestBatch.length * 1.25).toBeLessThan(BRIDGE_BODY_LIMIT);
    // Larger still: a listing whose item carries its 16 KB of data, every byte a control character
    // written as a \u0001 escape, with the longest name to escape and the most enchantments.
    const listed = {
      id: '"'.repeat(64),
      at: '2026-01-02T03:04:05.12345678901234+05:30',
      type: 'auction.listed',
      listing_id: '"'.repeat(64),
      seller_uuid: p.uuid,
      category_key: 'k'.repeat(48),
      category_name: '"'.repeat(64),
      category_icon: 'i'.repeat(64),
      item: {
        name: '"'.repeat(128),
        icon: 'i'.repeat(64),
        data: '\u0001'.repeat(MAX_ITEM_DATA_BYTES),
        enchants: Array.from({ length: MAX_ITEM_ENCHANTS }, (_, i) => ({
          key: `${i}`.padEnd(48, 'e'),
          level: 1000,
        })),
      },
      qty: 1_000_000,
      price: '9'.repeat(34),
    };
    expect(receivedBridgeEventSchema.safeParse(listed).success).toBe(true);
    const listedBatch = JSON.stringify({ events: Array.from({ length: 500 }, () => listed) });
    expect(listedBatch.length).toBeGreaterThan(largestBatch.length);
    expect(listedBatch.length * 1.25).toBeLessThan(BRIDGE_BODY_LIMIT);
    // Beyond the limit: 413.
    const tooLarge = await postRaw(t.app, JSON.stringify({ events: ['x'.repeat(BRIDGE_BODY_LIMIT)] }));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().detail).toEqual(expect.any(String));
  });

  it('parses bodies like JSON.parse, refusing prototype keys and answering 400 to anything malformed', async () => {
    const p = newPlayer();
    // A byte order mark, a charset, and a repeated key (the last one wins, as with JSON.parse).
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/bridge/events',
      headers: { authorization: `Bearer ${BRIDGE_TOKEN}`, 'content-type': 'application/json; charset=utf-8' },
      payload: `\ufeff{"events": [{"id": "${p.join.id}", "type": "player.join", "uuid": "${p.uuid}", "username": "x", "username": "${p.username}"}]}`,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await player(p.uuid))!.username).toBe(p.username);
    for (const body of [
      '{"events": [{"__proto__": {"polluted": true}}]}',
      '{"events": [{"constructor": {"prototype": {"polluted": true}}}]}',
      `{"events": ${'['.repeat(200_000)}`,
      '{"events": [1,]}',
      '',
    ]) {
      const res = await postRaw(t.app, body);
      expect(res.statusCode, body.slice(0, 40)).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/bridge/events',
      headers: { authorization: `Bearer ${BRIDGE_TOKEN}`, 'content-type': 'text/plain' },
      payload: '{"events": []}',
    });
    expect(text.statusCode).toBe(415);
  });
});
