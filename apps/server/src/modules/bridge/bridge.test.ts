import { receivedBridgeEventSchema } from '@prison/shared/bridge';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BRIDGE_TOKEN,
  createTestApp,
  databaseKinds,
  eventId,
  newPlayer,
  postEvents,
  type TestApp,
} from '../../../test/helpers.ts';
import {
  accounts,
  activity,
  auctionCategories,
  auctionListings,
  bridgeEvents,
  friendships,
  gangMembers,
  gangs,
  gkitStates,
  ledger,
  playerStats,
  players,
  serverStatus,
  xpHourly,
} from '../../db/schema.ts';
import { DomainError } from '../../errors.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { BRIDGE_BODY_LIMIT } from './routes.ts';
import { applyBatch, BATCH_RETRIES } from './service.ts';

/** Posts a body exactly as written (the helpers' postEvents goes through JSON.stringify). */
function postRaw(app: TestApp['app'], body: string) {
  return app.inject({
    method: 'POST',
    url: '/api/bridge/events',
    headers: { authorization: `Bearer ${BRIDGE_TOKEN}`, 'content-type': 'application/json' },
    payload: body,
  });
}

/** JSON with every character outside printable ASCII written as a \uXXXX escape. */
const escapedJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

describe.each(databaseKinds())('bridge events on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function send(events: unknown[]) {
    const res = await postEvents(t.app, events);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { applied: number; skipped: number };
  }
  const player = async (uuid: string) => (await t.db.select().from(players).where(eq(players.uuid, uuid)))[0];

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

  it('player.join creates the player on first sight and marks them online; player.quit marks them offline', async () => {
    const p = newPlayer({ username: 'CobbleKing42' });
    const at = '2026-01-02T03:04:05.000Z';
    expect(await send([{ ...p.join, at }])).toEqual({ applied: 1, skipped: 0 });
    let row = await player(p.uuid);
    expect(row).toMatchObject({
      username: 'CobbleKing42',
      online: true,
      level: 1,
      rank: 'ROOKIE',
      balance: '0.00',
    });
    expect(row!.firstLoginAt?.toISOString()).toBe(at);

    const later = '2026-01-03T00:00:00.000Z';
    await send([{ id: eventId(), type: 'player.join', uuid: p.uuid, username: 'CobbleQueen', at: later }]);
    await send([{ id: eventId(), type: 'player.quit', uuid: p.uuid, at: '2026-01-03T01:00:00.000Z' }]);
    row = await player(p.uuid);
    expect(row).toMatchObject({ username: 'CobbleQueen', online: false });
    expect(row!.firstLoginAt?.toISOString()).toBe(at); // Kept from the first sight.
    expect(row!.lastLoginAt?.toISOString()).toBe(later);
    expect(row!.lastLogoutAt?.toISOString()).toBe('2026-01-03T01:00:00.000Z');
  });

  it('player.progress adds XP to current, lifetime and the hourly series, and sets level, prestige and rank', async () => {
    const p = newPlayer();
    const at = '2026-02-01T10:15:00.000Z';
    await send([
      p.join,
      { id: eventId(), type: 'player.progress', uuid: p.uuid, xp_delta: 500, at },
      {
        id: eventId(),
        type: 'player.progress',
        uuid: p.uuid,
        xp_delta: 250,
        level: 7,
        prestige: 2,
        rank: 'cadet',
        at,
      },
    ]);
    expect(await player(p.uuid)).toMatchObject({
      xp: 750,
      lifetimeXp: 750,
      level: 7,
      prestige: 2,
      rank: 'CADET',
    });
    const [hour] = await t.db
      .select()
      .from(xpHourly)
      .where(eq(xpHourly.hour, new Date('2026-02-01T10:00:00.000Z')));
    expect(hour?.xp).toBe(750);
  });

  it('player.balance moves money through the ledger, exactly, at prison-economy sizes', async () => {
    const p = newPlayer();
    await send([
      p.join,
      { id: eventId(), type: 'player.balance', uuid: p.uuid, delta: 1e15, reason: 'mine' },
      { id: eventId(), type: 'player.balance', uuid: p.uuid, delta: 0.1, reason: 'sell' },
      { id: eventId(), type: 'player.balance', uuid: p.uuid, delta: 0.2, reason: 'sell' },
      { id: eventId(), type: 'player.balance', uuid: p.uuid, delta: -1234.56, reason: 'shop' },
    ]);
    expect((await player(p.uuid))!.balance).toBe('999999999998765.74');
    const [{ total }] = (await t.db
      .select({ total: sql<string>`sum(${ledger.delta})::text` })
      .from(ledger)
      .where(eq(ledger.playerUuid, p.uuid))) as [{ total: string }];
    expect(total).toBe('999999999998765.74');
    const rows = await t.db.select().from(ledger).where(eq(ledger.playerUuid, p.uuid));
    expect(rows.map((r) => r.reason).sort()).toEqual(['mine', 'sell', 'sell', 'shop']);
    expect(rows.every((r) => r.reference?.startsWith('bridge:'))).toBe(true);
  });

  it('player.stats adds to and sets statistics', async () => {
    const p = newPlayer();
    await send([
      p.join,
      { id: eventId(), type: 'player.stats', uuid: p.uuid, add: { BLOCKS_BROKEN: 10, COAL_ORE: 3 } },
      { id: eventId(), type: 'player.stats', uuid: p.uuid, add: { BLOCKS_BROKEN: 5 }, set: { MOMENTUM: 42 } },
      { id: eventId(), type: 'player.stats', uuid: p.uuid, set: { MOMENTUM: 7 } },
    ]);
    const rows = await t.db.select().from(playerStats).where(eq(playerStats.playerUuid, p.uuid));
    expect(Object.fromEntries(rows.map((r) => [r.name, r.value]))).toEqual({
      BLOCKS_BROKEN: 15,
      COAL_ORE: 3,
      MOMENTUM: 7,
    });
  });

  it('player.gkit sets a G-Kit state', async () => {
    const p = newPlayer();
    const cooldown = '2030-01-01T00:00:00.000Z';
    await send([
      p.join,
      { id: eventId(), type: 'player.gkit', uuid: p.uuid, kit_id: 'miner', unlocked: false, level: 1 },
      {
        id: eventId(),
        type: 'player.gkit',
        uuid: p.uuid,
        kit_id: 'miner',
        unlocked: true,
        level: 3,
        cooldown_ends_at: cooldown,
        last_claimed_at: '2029-12-31T00:00:00.000Z',
      },
    ]);
    const [kit] = await t.db.select().from(gkitStates).where(eq(gkitStates.playerUuid, p.uuid));
    expect(kit).toMatchObject({ kitId: 'miner', unlocked: true, level: 3 });
    expect(kit!.cooldownEndsAt?.toISOString()).toBe(cooldown);
  });

  it('activity appends to the feeds, with an optional target', async () => {
    const a = newPlayer();
    const b = newPlayer();
    await send([
      a.join,
      b.join,
      {
        id: eventId(),
        type: 'activity',
        actor_uuid: a.uuid,
        target_uuid: b.uuid,
        activity_type: 'PRIVATE_MESSAGE',
        activity_text: 'meet at the mine',
      },
      {
        id: eventId(),
        type: 'activity',
        actor_uuid: a.uuid,
        activity_type: 'LEVEL_UP',
        activity_text: '{"level":5}',
      },
    ]);
    const rows = await t.db.select().from(activity).where(eq(activity.actorUuid, a.uuid));
    expect(rows.map((r) => [r.activityType, r.targetUuid, r.activityText])).toEqual([
      ['PRIVATE_MESSAGE', b.uuid, 'meet at the mine'],
      ['LEVEL_UP', null, '{"level":5}'],
    ]);
  });

  it('gang events create, fund, staff, empty and disband a gang', async () => {
    const leader = newPlayer();
    const member = newPlayer();
    const gangId = `g-${eventId()}`;
    const other = `g-${eventId()}`;
    await send([
      leader.join,
      member.join,
      {
        id: eventId(),
        type: 'gang.upsert',
        gang_id: gangId,
        name: 'Obsidian',
        status: 'Open',
        color: 'dark_purple',
        min_level: 5,
      },
      { id: eventId(), type: 'gang.upsert', gang_id: other, name: 'Quartz', status: 'Closed' },
      { id: eventId(), type: 'gang.treasury', gang_id: gangId, delta: 2500.5 },
      { id: eventId(), type: 'gang.member', gang_id: gangId, uuid: leader.uuid, role: 'Leader' },
      { id: eventId(), type: 'gang.member', gang_id: other, uuid: member.uuid, role: 'Member' },
      // Joining another gang leaves the first.
      { id: eventId(), type: 'gang.member', gang_id: gangId, uuid: member.uuid, role: 'Officer' },
      { id: eventId(), type: 'gang.upsert', gang_id: gangId, name: 'Obsidian Order', status: 'InviteOnly' },
    ]);
    const [gang] = await t.db.select().from(gangs).where(eq(gangs.id, gangId));
    expect(gang).toMatchObject({
      name: 'Obsidian Order',
      status: 'InviteOnly',
      color: 'dark_purple',
      minLevel: 5,
      balance: '2500.50',
    });
    const members = await t.db.select().from(gangMembers).where(eq(gangMembers.gangId, gangId));
    expect(members.map((m) => m.role).sort()).toEqual(['Leader', 'Officer']);
    expect(await t.db.select().from(gangMembers).where(eq(gangMembers.gangId, other))).toEqual([]);

    await send([{ id: eventId(), type: 'gang.leave', gang_id: gangId, uuid: member.uuid }]);
    expect(await t.db.select().from(gangMembers).where(eq(gangMembers.gangId, gangId))).toHaveLength(1);
    await send([{ id: eventId(), type: 'gang.disband', gang_id: gangId }]);
    expect(await t.db.select().from(gangs).where(eq(gangs.id, gangId))).toEqual([]);
    expect(await t.db.select().from(gangMembers).where(eq(gangMembers.playerUuid, leader.uuid))).toEqual([]);
  });

  it('friend.add links two players both ways and friend.remove unlinks them', async () => {
    const a = newPlayer();
    const b = newPlayer();
    await send([a.join, b.join, { id: eventId(), type: 'friend.add', uuid: a.uuid, friend_uuid: b.uuid }]);
    const links = async () =>
      (await t.db.select().from(friendships)).filter((f) => [a.uuid, b.uuid].includes(f.playerUuid));
    expect(await links()).toHaveLength(2);
    await send([{ id: eventId(), type: 'friend.remove', uuid: b.uuid, friend_uuid: a.uuid }]);
    expect(await links()).toHaveLength(0);
  });

  it('auction.listed adds a listing (and its category); auction.cancelled withdraws it', async () => {
    const seller = newPlayer();
    const listingId = `l-${eventId()}`;
    await send([
      seller.join,
      {
        id: eventId(),
        type: 'auction.listed',
        listing_id: listingId,
        seller_uuid: seller.uuid,
        category_key: 'ores',
        category_name: '§bOres',
        item: { name: 'Diamond', icon: 'diamond' },
        qty: 64,
        price: 125.5,
      },
    ]);
    const [category] = await t.db.select().from(auctionCategories).where(eq(auctionCategories.key, 'ores'));
    expect(category).toMatchObject({ displayName: '§bOres', icon: 'diamond' });
    let [listing] = await t.db.select().from(auctionListings).where(eq(auctionListings.id, listingId));
    expect(listing).toMatchObject({ qtyListed: 64, qtyLeft: 64, price: '125.50', cancelledAt: null });
    await send([{ id: eventId(), type: 'auction.cancelled', listing_id: listingId }]);
    [listing] = await t.db.select().from(auctionListings).where(eq(auctionListings.id, listingId));
    expect(listing!.cancelledAt).toBeInstanceOf(Date);
  });

  it('server.status records the online count', async () => {
    await send([{ id: eventId(), type: 'server.status', online: 87, max_online: 500 }]);
    const [status] = await t.db.select().from(serverStatus);
    expect(status).toMatchObject({ online: 87, maxOnline: 500 });
  });

  it('account.password stores an argon2id hash; account.roles sets upper-cased roles', async () => {
    const p = newPlayer();
    await send([
      p.join,
      { id: eventId(), type: 'account.password', uuid: p.uuid, password: 'correct horse battery' },
      { id: eventId(), type: 'account.roles', uuid: p.uuid, roles: ['owner', 'WEB_ADMIN', 'Owner'] },
    ]);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.playerUuid, p.uuid));
    expect(account!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(account!.passwordHash!, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(account!.passwordHash!, 'wrong')).toBe(false);
    expect(account!.roles).toEqual(['OWNER', 'WEB_ADMIN']);
  });

  it('skips an event id it has already applied, in a later batch or the same one', async () => {
    const p = newPlayer();
    const pay = { id: eventId('pay'), type: 'player.balance', uuid: p.uuid, delta: 100, reason: 'quest' };
    expect(await send([p.join, pay, pay])).toEqual({ applied: 2, skipped: 1 });
    expect(await send([pay])).toEqual({ applied: 0, skipped: 1 });
    // Even with different contents, a known id is not applied again.
    expect(await send([{ ...pay, delta: 999 }])).toEqual({ applied: 0, skipped: 1 });
    expect((await player(p.uuid))!.balance).toBe('100.00');
    expect(await t.db.select().from(ledger).where(eq(ledger.playerUuid, p.uuid))).toHaveLength(1);
  });

  it('rejects a batch with one bad event with 400, naming it, and applies nothing', async () => {
    const p = newPlayer();
    const good = { id: eventId(), type: 'player.balance', uuid: p.uuid, delta: 50, reason: 'mine' };
    const res = await postEvents(t.app, [
      p.join,
      good,
      { id: eventId(), type: 'player.progress', uuid: p.uuid, xp_delta: -5 },
    ]);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.detail).toMatch(/nothing was applied/);
    expect(body.errors).toEqual([{ index: 2, reason: expect.stringMatching(/xp_delta/) }]);
    expect(await player(p.uuid)).toBeUndefined();
    // The ids of the good events were not used up: the corrected batch applies them.
    expect(await send([p.join, good])).toEqual({ applied: 2, skipped: 0 });
  });

  it('rejects events that name a player, gang or listing that does not exist, applying nothing', async () => {
    const p = newPlayer();
    const ghost = newPlayer();
    const res = await postEvents(t.app, [
      p.join,
      { id: eventId(), type: 'player.balance', uuid: ghost.uuid, delta: 5, reason: 'x' },
      { id: eventId(), type: 'gang.member', gang_id: 'no-such-gang', uuid: p.uuid, role: 'Member' },
      { id: eventId(), type: 'auction.cancelled', listing_id: 'no-such-listing' },
      { id: eventId(), type: 'friend.add', uuid: p.uuid, friend_uuid: p.uuid },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { index: number }) => e.index)).toEqual([1, 2, 3, 4]);
    expect(res.json().errors[0].reason).toMatch(/unknown player/);
    expect(await player(p.uuid)).toBeUndefined();
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
      { index: expect.any(Number), reason: expect.stringMatching(/overflow/i) },
    ]);
    expect((await player(p.uuid))!.balance).toBe('0.00');
    expect(await t.db.select().from(ledger).where(eq(ledger.playerUuid, p.uuid))).toEqual([]);
  });

  it('records every applied event id', async () => {
    const p = newPlayer();
    await send([p.join]);
    const [row] = await t.db.select().from(bridgeEvents).where(eq(bridgeEvents.id, p.join.id));
    expect(row).toMatchObject({ type: 'player.join' });
  });

  const ledgerSum = async (uuid: string) =>
    (
      (await t.db
        .select({ total: sql<string>`coalesce(sum(${ledger.delta}), 0)::text` })
        .from(ledger)
        .where(eq(ledger.playerUuid, uuid))) as [{ total: string }]
    )[0].total;

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
      { index: 0, reason: 'delta: must be a finite amount below 1e36' },
      { index: 1, reason: 'delta: must be a finite amount below 1e36' },
      { index: 2, reason: 'delta: must be a number such as 1234.56' },
      { index: 3, reason: 'delta: must be a finite amount below 1e36' },
      { index: 4, reason: 'delta: must be a number such as 1234.56' },
      { index: 6, reason: 'price: must be at least 0.01 once rounded to cents' },
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

  it('accepts Bedrock (Floodgate) player ids, which are not RFC 4122 uuids (B4)', async () => {
    const p = newPlayer({ uuid: '00000000-0000-0000-0009-01f64f65c7c3', username: '.Bedrock_Steve' });
    await send([p.join, { id: eventId(), type: 'player.balance', uuid: p.uuid, delta: 5, reason: 'mine' }]);
    expect(await player(p.uuid)).toMatchObject({ username: '.Bedrock_Steve', balance: '5.00' });
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

  it('answers a data error it cannot pin on one event with a plain 400 (B6)', async () => {
    const refusing = {
      transaction: async () => {
        throw Object.assign(new Error('Failed query'), {
          cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
            code: '22021',
          }),
        });
      },
    } as unknown as TestApp['db'];
    const error = await applyBatch(refusing, [newPlayer().join]).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      kind: 'invalid',
      detail: expect.stringMatching(/invalid byte sequence.*nothing was applied/),
    });
  });

  it('retries a batch that deadlocked, then answers 503 (B5)', async () => {
    const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
    let calls = 0;
    const once = {
      transaction: (fn: Parameters<TestApp['db']['transaction']>[0]) =>
        ++calls === 1 ? Promise.reject(deadlock()) : t.db.transaction(fn),
    } as unknown as TestApp['db'];
    const p = newPlayer();
    expect(await applyBatch(once, [p.join])).toEqual({ applied: 1, skipped: 0 });
    expect(calls).toBe(2);
    expect(await player(p.uuid)).toBeDefined();

    calls = 0;
    const always = {
      transaction: async () => {
        calls++;
        throw Object.assign(new Error('Failed query'), { cause: deadlock() });
      },
    } as unknown as TestApp['db'];
    const error = await applyBatch(always, [newPlayer().join]).catch((err: unknown) => err);
    expect(error).toMatchObject({
      kind: 'unavailable',
      detail: expect.stringMatching(/nothing was applied/),
    });
    expect(calls).toBe(1 + BATCH_RETRIES);
  });

  it.skipIf(kind === 'pglite')(
    'runs concurrent batches that touch the same rows in opposite orders without a 500, exactly (B5)',
    async () => {
      const ps = Array.from({ length: 30 }, () => newPlayer());
      const gangIds = Array.from({ length: 4 }, () => `g-${eventId()}`);
      await send([
        ...ps.map((p) => p.join),
        ...gangIds.map((id) => ({
          id: eventId(),
          type: 'gang.upsert',
          gang_id: id,
          name: 'Race',
          status: 'Open',
        })),
      ]);
      const hours = ['2026-03-01T10:30:00.000Z', '2026-03-01T11:30:00.000Z'];
      const batch = (reverse: boolean) => {
        const order = reverse ? [...ps].reverse() : ps;
        const gangOrder = reverse ? [...gangIds].reverse() : gangIds;
        return [
          ...order.flatMap((p) => [
            { id: eventId(), type: 'player.balance', uuid: p.uuid, delta: 1.01, reason: 'race' },
            { id: eventId(), type: 'player.progress', uuid: p.uuid, xp_delta: 1, at: hours[reverse ? 1 : 0] },
          ]),
          ...gangOrder.map((id) => ({ id: eventId(), type: 'gang.treasury', gang_id: id, delta: 0.5 })),
          {
            id: eventId(),
            type: 'player.progress',
            uuid: order[0]!.uuid,
            xp_delta: 1,
            at: hours[reverse ? 0 : 1],
          },
        ];
      };
      const runs = 24;
      const responses = await Promise.all(
        Array.from({ length: runs }, (_, i) => postEvents(t.app, batch(i % 2 === 1))),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(
        statuses.filter((s) => s !== 200 && s !== 503),
        responses.map((r) => r.body).join('\n'),
      ).toEqual([]);
      const ok = statuses.filter((s) => s === 200).length;
      expect(ok).toBeGreaterThan(0);
      for (const p of ps) {
        const row = await player(p.uuid);
        expect(row!.balance).toBe((ok * 1.01).toFixed(2));
        expect(await ledgerSum(p.uuid)).toBe((ok * 1.01).toFixed(2));
      }
      for (const id of gangIds) {
        expect((await t.db.select().from(gangs).where(eq(gangs.id, id)))[0]!.balance).toBe(
          (ok * 0.5).toFixed(2),
        );
      }
      const xp = await t.db.select().from(xpHourly);
      const total = xp
        .filter((r) => hours.some((h) => r.hour.getTime() === Math.floor(Date.parse(h) / 3.6e6) * 3.6e6))
        .reduce((sum, r) => sum + r.xp, 0);
      expect(total).toBe(ok * (ps.length + 1));
    },
  );

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
    // Beyond the limit: 413.
    const tooLarge = await postRaw(t.app, JSON.stringify({ events: ['x'.repeat(BRIDGE_BODY_LIMIT)] }));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().detail).toEqual(expect.any(String));
  });

  it('takes a time in the future as now, and never moves login times the wrong way (B8)', async () => {
    const p = newPlayer();
    const before = Date.now();
    await send([
      { ...p.join, at: '2099-01-01T00:00:00.000Z' },
      { id: eventId(), type: 'player.progress', uuid: p.uuid, xp_delta: 3, at: '2099-01-01T00:00:00.000Z' },
    ]);
    let row = await player(p.uuid);
    expect(row!.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.lastLoginAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(row!.lastSeenAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(
      await t.db
        .select()
        .from(xpHourly)
        .where(eq(xpHourly.hour, new Date('2099-01-01T00:00:00.000Z'))),
    ).toEqual([]);

    const q = newPlayer();
    const t1 = '2026-05-01T10:00:00.000Z';
    const t2 = '2026-05-01T12:00:00.000Z';
    await send([
      { ...q.join, at: t2 },
      { id: eventId(), type: 'player.quit', uuid: q.uuid, at: '2026-05-01T13:00:00.000Z' },
    ]);
    // A join from before, delivered late: the times stay, the player stays offline.
    await send([{ id: eventId(), type: 'player.join', uuid: q.uuid, username: q.username, at: t1 }]);
    row = await player(q.uuid);
    expect(row!.online).toBe(false);
    expect(row!.firstLoginAt!.toISOString()).toBe(t1);
    expect(row!.lastLoginAt!.toISOString()).toBe(t2);
    expect(row!.lastSeenAt!.toISOString()).toBe('2026-05-01T13:00:00.000Z');
  });

  it('applies a server.status only if it is not older than the stored report (B8)', async () => {
    const status = async () => (await t.db.select().from(serverStatus))[0]!;
    const report = (online: number, at?: Date) => ({
      id: eventId(),
      type: 'server.status',
      online,
      max_online: 500,
      ...(at && { at: at.toISOString() }),
    });
    const ago = (ms: number) => new Date(Date.now() - ms);
    await send([report(10)]);
    expect(await status()).toMatchObject({ online: 10 });
    // Queued during an outage and delivered after a newer report: ignored.
    await send([report(5, ago(5 * 60_000))]);
    expect(await status()).toMatchObject({ online: 10 });
    // A game server clock a little behind: still applied.
    await send([report(7, ago(2000))]);
    expect(await status()).toMatchObject({ online: 7 });
    // The newest report of a batch wins, wherever it is.
    await send([report(20, ago(1000)), report(3, ago(120_000))]);
    expect(await status()).toMatchObject({ online: 20 });
    // A clock running ahead: taken as now, applied, and not stamped in the future.
    await send([report(21, new Date('2099-01-01T00:00:00.000Z'))]);
    let row = await status();
    expect(row.online).toBe(21);
    expect(row.reportedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    // With nothing newer stored, an old report is applied, but stamped as old, so it reads as stale.
    await t.db.update(serverStatus).set({ reportedAt: ago(3_600_000) });
    await send([report(30, ago(5 * 60_000))]);
    row = await status();
    expect(row.online).toBe(30);
    expect(Date.now() - row.reportedAt.getTime()).toBeGreaterThan(4 * 60_000);
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

  it('treats gang.leave and gang.disband of a gang that is already gone as no-ops', async () => {
    const p = newPlayer();
    const gangId = `g-${eventId()}`;
    await send([
      p.join,
      { id: eventId(), type: 'gang.upsert', gang_id: gangId, name: 'Gone', status: 'Open' },
      { id: eventId(), type: 'gang.member', gang_id: gangId, uuid: p.uuid, role: 'Leader' },
      { id: eventId(), type: 'gang.disband', gang_id: gangId },
    ]);
    expect(
      await send([
        { id: eventId(), type: 'gang.leave', gang_id: gangId, uuid: p.uuid },
        { id: eventId(), type: 'gang.disband', gang_id: gangId },
        { id: eventId(), type: 'gang.disband', gang_id: 'never-existed' },
      ]),
    ).toEqual({ applied: 3, skipped: 0 });
    expect(await t.db.select().from(gangs).where(eq(gangs.id, gangId))).toEqual([]);
  });
});
