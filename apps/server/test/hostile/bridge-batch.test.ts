// Issue 8, hostile input on the bridge's event batch: generated arrays of events, valid ones of
// every type mixed with broken ones. Never a 5xx; a batch with any invalid event is refused with the
// index of each bad one and applies nothing (every table's digest is the same after); a good batch
// applies or skips each of its events; the money invariants hold throughout.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BRIDGE_DEPTH } from '../../src/modules/bridge/json.ts';
import { BRIDGE_TOKEN, createTestApp, databaseKinds, type TestApp } from '../helpers.ts';
import { hostileString, hostileValue } from './arbitraries.ts';
import { allInvariants, expectSound, tableDigest, watchProcess } from './harness.ts';

type Event = Record<string, unknown>;

const RUNS = 150;

let counter = 0;
const freshId = () => `hb-${Date.now().toString(36)}-${++counter}`;

/** A few known players, gangs and listings, so that valid events refer to things that exist. */
const players = Array.from({ length: 6 }, () => randomUUID());
const gangIds = ['g-alpha', 'g-beta', 'g-gamma'];
const listingIds = ['l-one', 'l-two'];

const player = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...players) },
  { weight: 1, arbitrary: fc.constantFrom(...players).map((u) => u.toUpperCase()) },
  // Unknown players: the batch is refused by reference (nothing applied), not by shape.
  { weight: 1, arbitrary: fc.uuid().map(String) },
);
const gang = fc.constantFrom(...gangIds, 'g-unknown');
const at = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  {
    weight: 2,
    arbitrary: fc
      .date({
        min: new Date('0001-01-01T00:00:00Z'),
        max: new Date('2999-12-31T23:59:59Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString()),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '2026-01-02T03:04:05.123456789+05:30',
      '1970-01-01T00:00:00Z',
      '0000-01-01T00:00:00Z',
    ),
  },
);
/** Money as the plugin may write it: numbers and decimal strings, never negative here (see below). */
const money = fc.oneof(
  fc.constantFrom(
    '0',
    '0.01',
    '0.005',
    '1234567890123456.78',
    '1e20',
    '999999999999999999999999999999999999',
    1e15,
    0.1,
    100,
  ),
  fc.integer({ min: 0, max: 1_000_000 }),
);
const positiveMoney = fc.constantFrom('0.01', '0.005', '100', '12345678901234.56', 250, 1e12);
const text = (max: number) =>
  fc.oneof(
    fc.constantFrom('hello', 'Ünïcödé 💎', '§6Gold', "'; drop table players; --", ' padded '),
    fc
      .string({ minLength: 1, maxLength: Math.min(max, 20) })
      .filter((s) => s.trim().length > 0 && !s.includes('\u0000')),
  );
const statName = fc.constantFrom(
  'BLOCKS_MINED',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'a.b:c-d',
);
const stats = fc.dictionary(
  statName,
  fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
  {
    maxKeys: 4,
  },
);

// Balances only grow here, so that "no negative balance" is an invariant of this test as well (a
// negative delta from the game server is legitimate and may take a balance below zero).
const VALID_EVENTS: Record<string, fc.Arbitrary<Event>> = {
  'player.join': fc.record({
    uuid: fc.constantFrom(...players),
    username: fc.constantFrom('Steve', '.Bedrock_1', '*Alex', 'x'),
  }),
  'player.quit': fc.record({ uuid: player }),
  'player.progress': fc.record(
    {
      uuid: player,
      xp_delta: fc.oneof(fc.constantFrom(0, 1e12), fc.nat()),
      level: fc.nat(100_000),
      prestige: fc.nat(10_000),
      rank: fc.constantFrom('rookie', 'ARCHON', 'x_1'),
    },
    { requiredKeys: ['uuid', 'xp_delta'] },
  ),
  'player.balance': fc.record({ uuid: player, delta: money, reason: text(64) }),
  'player.stats': fc.record({ uuid: player, add: stats, set: stats }, { requiredKeys: ['uuid'] }),
  'player.gkit': fc.record(
    {
      uuid: player,
      kit_id: fc.constantFrom('starter', 'god-kit_2'),
      unlocked: fc.boolean(),
      level: fc.nat(1000),
      cooldown_ends_at: fc.option(fc.constant('2030-01-01T00:00:00Z'), { nil: null }),
      last_claimed_at: fc.option(fc.constant('2020-01-01T00:00:00.5+01:00'), { nil: null }),
    },
    { requiredKeys: ['uuid', 'kit_id', 'unlocked', 'level'] },
  ),
  activity: fc.record(
    {
      actor_uuid: player,
      activity_type: fc.constantFrom('CHAT_MESSAGE', 'PRIVATE_MESSAGE', 'LEVEL_UP'),
      activity_text: fc.option(text(4000), { nil: null }),
      target_uuid: fc.option(player, { nil: null }),
    },
    { requiredKeys: ['actor_uuid', 'activity_type'] },
  ),
  'gang.upsert': fc.record(
    {
      gang_id: gang,
      name: text(32),
      status: fc.constantFrom('Open', 'InviteOnly', 'Closed'),
      color: fc.option(fc.constantFrom('red', '§c'), { nil: null }),
      min_level: fc.nat(100_000),
    },
    { requiredKeys: ['gang_id', 'name', 'status'] },
  ),
  'gang.treasury': fc.record({ gang_id: gang, delta: money }),
  'gang.member': fc.record({ gang_id: gang, uuid: player, role: fc.constantFrom('Leader', 'Member', 'ünï') }),
  'gang.leave': fc.record({ gang_id: gang, uuid: player }),
  'gang.disband': fc.record({ gang_id: fc.constantFrom('g-gamma', 'g-unknown') }),
  'friend.add': fc.record({ uuid: player, friend_uuid: player }),
  'friend.remove': fc.record({ uuid: player, friend_uuid: player }),
  'auction.listed': fc.record({
    listing_id: fc.oneof(
      fc.constantFrom(...listingIds),
      fc.constant(null).map(() => freshId()),
    ),
    seller_uuid: player,
    category_key: fc.constantFrom('blocks', 'tools-2'),
    category_name: text(64),
    item: fc.record({ name: text(128), icon: fc.constantFrom('diamond_block', 'stone') }),
    qty: fc.integer({ min: 1, max: 1_000_000 }),
    price: positiveMoney,
  }),
  'auction.cancelled': fc.record({ listing_id: fc.constantFrom(...listingIds, 'l-unknown') }),
  'server.status': fc.record({
    online: fc.nat(1_000_000),
    max_online: fc.option(fc.nat(1_000_000), { nil: null }),
  }),
  'account.roles': fc.record({
    uuid: player,
    // Ranks only: staff roles from the game are refused by default (bridge-accounts.test.ts).
    roles: fc.array(fc.constantFrom('MVP', 'vip', ' miner '), { maxLength: 3 }),
  }),
};

const validEvent: fc.Arbitrary<Event> = fc
  .tuple(
    fc.constantFrom(...Object.keys(VALID_EVENTS)),
    at,
    fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constant('repeat') }),
  )
  .chain(([type, when, idKind]) =>
    VALID_EVENTS[type]!.map((fields) => ({
      id: idKind === 'repeat' ? 'hb-repeated-id' : freshId(),
      type,
      ...(when !== undefined && { at: when }),
      ...fields,
    })),
  );

/** Values that no required field accepts (but for max_online, roles and unlocked: see below). */
const NEVER_VALID: unknown[] = [null, {}, [], true, '', '\u0000', 'x'.repeat(5000), '\uD800'];

/**
 * An event that is wrong by its shape, whatever exists: a required field replaced by a value no
 * field accepts or removed, or something that is not an event at all.
 */
const invalidEvent: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(validEvent, fc.nat(), fc.constantFrom(...NEVER_VALID), fc.boolean())
      .map(([event, n, bad, remove]) => {
        const optional = new Set([
          'at',
          'level',
          'prestige',
          'rank',
          'add',
          'set',
          'cooldown_ends_at',
          'last_claimed_at',
          'activity_text',
          'target_uuid',
          'color',
          'min_level',
          'category_icon',
        ]);
        const required = Object.keys(event).filter((k) => !optional.has(k));
        const key = required[n % required.length]!;
        const copy: Event = { ...event };
        if (remove) delete copy[key];
        // max_online is required but may be null, roles may be an empty list, unlocked is a boolean.
        else if (key === 'max_online' && bad === null) copy[key] = '';
        else if (key === 'roles' && Array.isArray(bad)) copy[key] = ['has space'];
        else if (key === 'unlocked' && bad === true) copy[key] = 'true';
        else copy[key] = bad;
        return copy;
      }),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        validEvent,
        fc.constantFrom<[string, unknown]>(
          ['xp_delta', -1],
          ['xp_delta', 1.5],
          ['xp_delta', 1e13],
          ['delta', '1e36'],
          ['delta', 'NaN'],
          ['delta', '-'],
          ['delta', `0.${'0'.repeat(1001)}1`],
          ['price', 0],
          ['price', '0.004'],
          ['price', -5],
          ['qty', 1_000_001],
          ['online', -1],
          ['id', 'x'.repeat(65)],
          ['id', 'has space'],
          ['at', '2026-13-01T00:00:00Z'],
          ['at', 'yesterday'],
          ['type', 'player.nope'],
          ['uuid', 'not-a-uuid'],
          ['username', 'has space'],
        ),
      )
      .map(([event, [key, value]]) =>
        // A field the event does not have would be ignored: spoil its id instead.
        key in event || key === 'at' ? { ...event, [key]: value } : { ...event, id: 'has space' },
      ),
  },
  {
    weight: 1,
    arbitrary: hostileValue(['id', 'type', 'uuid', 'delta']).filter(
      (v) => typeof v !== 'object' || v === null || Array.isArray(v),
    ),
  },
  { weight: 1, arbitrary: fc.record({ id: fc.constant(freshId()), type: hostileString }) },
);

describe.each(databaseKinds())('hostile bridge batches on %s', (kind) => {
  let t: TestApp;
  const watch = watchProcess();
  const send = (body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/bridge/events',
      headers: { authorization: `Bearer ${BRIDGE_TOKEN}`, 'content-type': 'application/json' },
      payload: body,
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const seed = [
      ...players.map((uuid, i) => ({ id: freshId(), type: 'player.join', uuid, username: `Hb${i}` })),
      ...gangIds.map((gang_id) => ({
        id: freshId(),
        type: 'gang.upsert',
        gang_id,
        name: gang_id,
        status: 'Open',
      })),
      ...listingIds.map((listing_id) => ({
        id: freshId(),
        type: 'auction.listed',
        listing_id,
        seller_uuid: players[0],
        category_key: 'blocks',
        category_name: 'Blocks',
        item: { name: 'Stone', icon: 'stone' },
        qty: 5,
        price: '10',
      })),
    ];
    const res = await send(JSON.stringify({ events: seed }));
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    watch.stop();
    await t?.close();
  });

  it('refuses, with every bad index, a batch holding any invalid event, and applies nothing', async () => {
    const batch = fc
      .array(fc.tuple(fc.boolean(), validEvent, invalidEvent), { minLength: 1, maxLength: 12 })
      .chain((slots) =>
        // At least one invalid event.
        fc
          .nat(slots.length - 1)
          .map((forced) =>
            slots.map(([bad, good, broken], i) => (bad || i === forced ? { broken } : { good })),
          ),
      );
    await fc.assert(
      fc.asyncProperty(batch, async (slots) => {
        const events = slots.map((s) => ('broken' in s ? s.broken : s.good));
        const badIndexes = slots.flatMap((s, i) => ('broken' in s ? [i] : []));
        const before = await tableDigest(t.db);
        const res = await send(JSON.stringify({ events }));
        expectSound(res, `batch ${res.body.slice(0, 200)}`, 'POST');
        expect(res.statusCode, res.body).toBe(400);
        const body = res.json() as { detail: string; errors?: { index: number; reason: string }[] };
        if (body.errors === undefined) {
          // A prototype key anywhere refuses the whole body before any event is read.
          expect(body.detail).toMatch(/prototype/);
          expect(JSON.stringify(events)).toMatch(/"(__proto__|constructor)":/);
        } else {
          expect(body.errors.map((e) => e.index)).toEqual(badIndexes);
        }
        expect(await tableDigest(t.db)).toEqual(before);
      }),
      { numRuns: RUNS },
    );
    watch.expectNone();
  });

  it('applies or skips each event of a valid batch, or refuses it whole (unknown references)', async () => {
    const answers = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(validEvent, { minLength: 1, maxLength: 15 }),
        fc.boolean(),
        async (events, asNumbers) => {
          // Money as JSON numbers with all their digits, as a plugin that writes exact decimals would.
          let body = JSON.stringify({ events });
          if (asNumbers) body = body.replace(/"(delta|price)":"(-?[0-9.e]+)"/g, '"$1":$2');
          const before = await tableDigest(t.db);
          const res = await send(body);
          expectSound(res, `valid batch ${body.slice(0, 300)}: ${res.body.slice(0, 300)}`, 'POST');
          answers.set(res.statusCode, (answers.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode === 200) {
            const { applied, skipped } = res.json() as { applied: number; skipped: number };
            expect(applied + skipped).toBe(events.length);
          } else {
            expect(res.statusCode, res.body).toBe(400);
            expect(await tableDigest(t.db)).toEqual(before);
          }
        },
      ),
      { numRuns: RUNS },
    );
    if (process.env.HOSTILE_STATS) console.log(Object.fromEntries(answers));
    // The generators are meant to reach the database, not only its door.
    expect(answers.get(200) ?? 0).toBeGreaterThan(RUNS / 10);
    expect(await allInvariants(t.db)).toEqual([]);
    watch.expectNone();
  });

  it('refuses over-long batches, empty ones and bodies that are not batches', async () => {
    const one = { id: freshId(), type: 'server.status', online: 1, max_online: null };
    const bodies = [
      JSON.stringify({ events: Array.from({ length: 501 }, () => ({ ...one, id: freshId() })) }),
      JSON.stringify({ events: [] }),
      JSON.stringify({ events: {} }),
      JSON.stringify({ events: 'x' }),
      JSON.stringify([one]),
      `{"events":[${'['.repeat(3000)}${']'.repeat(3000)}]}`,
      `{"events":[{"id":"${freshId()}","type":"player.balance","uuid":"${players[0]}","reason":"r","delta":1e999999}]}`,
      `{"events":[{"id":"${freshId()}","type":"player.balance","uuid":"${players[0]}","reason":"r","delta":${'9'.repeat(100_000)}}]}`,
      `{"events":[{"id":"${freshId()}","type":"player.balance","uuid":"${players[0]}","reason":"r","delta":0.${'0'.repeat(100_000)}1}]}`,
      `{"events":[{"id":"${freshId()}","type":"player.balance","uuid":"${players[0]}","reason":"r","delta":"1","delta":-0}],"events":[]}`,
      `{"events":[{"__proto__":{"type":"server.status"},"id":"${freshId()}"}]}`,
    ];
    for (const body of bodies) {
      const before = await tableDigest(t.db);
      const res = await send(body);
      expectSound(res, `body ${body.slice(0, 120)}`, 'POST');
      expect(res.statusCode, `${body.slice(0, 120)}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(await tableDigest(t.db)).toEqual(before);
    }
  });

  /**
   * The bridge refuses a body nested deeper than MAX_BRIDGE_DEPTH before reading it, so no step of
   * reading it can run out of stack, however deep the body or full the stack.
   */
  it('answers 400, never 500, at every nesting depth, naming the limit beyond it', async () => {
    // The batch, its events and the event are three levels; `a` holds the rest.
    const nested = (depth: number) => `{"events":[{"a":${'['.repeat(depth - 3)}${']'.repeat(depth - 3)}}]}`;
    const depths = [4, MAX_BRIDGE_DEPTH - 1, MAX_BRIDGE_DEPTH, MAX_BRIDGE_DEPTH + 1, MAX_BRIDGE_DEPTH + 2];
    for (let depth = 100; depth <= 200_000; depth = Math.ceil(depth * 1.7)) depths.push(depth);
    for (const depth of depths) {
      const res = await send(nested(depth));
      expectSound(res, `depth ${depth}`, 'POST');
      expect(res.statusCode).toBe(400);
      const tooDeep = res.body.includes(`nested more than ${MAX_BRIDGE_DEPTH} deep`);
      expect(tooDeep, `depth ${depth}: ${res.body.slice(0, 200)}`).toBe(depth > MAX_BRIDGE_DEPTH);
    }
    watch.expectNone();
  });
});
