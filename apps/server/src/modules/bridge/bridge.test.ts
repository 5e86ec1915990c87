import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
import { verifyPassword } from '../auth/passwords.ts';

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
});
