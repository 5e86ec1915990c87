// A batch is applied a set at a time (plan.ts), yet has the effect of its events applied one by one,
// in order: these are the cases where the order within one batch decides the outcome.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bridgeTestApp } from '../../../test/bridge-fixtures.ts';
import { databaseKinds, eventId, newPlayer, postEvents } from '../../../test/helpers.ts';
import {
  activity,
  auctionCategories,
  auctionListings,
  friendships,
  gangMembers,
  gangs,
  gkitStates,
  ledger,
  playerStats,
} from '../../db/schema.ts';

const AT = '2026-04-01T12:00:00.000Z';

describe.each(databaseKinds())('order within one bridge batch on %s', (kind) => {
  const t = bridgeTestApp(kind);
  const { send, player, ledgerSum } = t;

  it('adds 500 balance deltas for one player exactly, each with its own ledger row', async () => {
    const p = newPlayer();
    await send([p.join]);
    // 0.01, -0.02, 0.03, ... and one large amount: the sum is exact only in decimal.
    const deltas = Array.from({ length: 499 }, (_, i) => ((i % 2 ? -1 : 1) * (i + 1) * 0.01).toFixed(2));
    deltas.push('123456789012345678.91');
    const events = deltas.map((delta, i) => ({
      id: eventId(),
      type: 'player.balance',
      uuid: i % 3 ? p.uuid : p.uuid.toUpperCase(),
      delta,
      reason: `r${i}`,
    }));
    expect(await send(events)).toEqual({ applied: 500, skipped: 0 });
    // 0.01 - 0.02 + ... + 4.99 = 2.50
    expect((await player(p.uuid))!.balance).toBe('123456789012345681.41');
    expect(await ledgerSum(p.uuid)).toBe('123456789012345681.41');
    const rows = await t.db.select().from(ledger).where(eq(ledger.playerUuid, p.uuid)).orderBy(ledger.id);
    // In the order sent.
    expect(rows.map((r) => r.reason)).toEqual(deltas.map((_, i) => `r${i}`));
    expect(rows.map((r) => r.reference)).toEqual(events.map((e) => `bridge:${e.id}`));
  });

  it('applies an id repeated within one batch once, wherever the repeats are', async () => {
    const p = newPlayer();
    const pay = { id: eventId('pay'), type: 'player.balance', uuid: p.uuid, delta: '10', reason: 'x' };
    const events = [p.join, pay];
    for (let i = 0; i < 200; i++) {
      events.push({ id: eventId(), type: 'player.balance', uuid: p.uuid, delta: '1', reason: 'y' });
      if (i % 50 === 0) events.push({ ...pay, delta: '1000' });
    }
    expect(await send(events)).toEqual({ applied: 202, skipped: 4 });
    expect((await player(p.uuid))!.balance).toBe('210.00');
    expect(await ledgerSum(p.uuid)).toBe('210.00');
  });

  it('keeps a join and a quit of one player at the same moment in the order sent', async () => {
    const a = newPlayer();
    const b = newPlayer();
    const before = '2026-03-01T00:00:00.000Z';
    await send([
      { ...a.join, at: before },
      { ...b.join, at: before },
    ]);
    await send([
      { id: eventId(), type: 'player.join', uuid: a.uuid, username: a.username, at: AT },
      { id: eventId(), type: 'player.quit', uuid: a.uuid, at: AT },
      { id: eventId(), type: 'player.quit', uuid: b.uuid, at: AT },
      { id: eventId(), type: 'player.join', uuid: b.uuid, username: 'Renamed', at: AT },
      { id: eventId(), type: 'player.quit', uuid: b.uuid, at: AT },
      { id: eventId(), type: 'player.join', uuid: b.uuid, username: 'RenamedAgain', at: AT },
    ]);
    expect(await player(a.uuid)).toMatchObject({ online: false });
    expect(await player(b.uuid)).toMatchObject({ online: true, username: 'RenamedAgain' });
    // A new player joining and quitting in one batch exists, offline.
    const c = newPlayer();
    await send([
      { ...c.join, at: AT },
      { id: eventId(), type: 'player.quit', uuid: c.uuid, at: AT },
    ]);
    expect(await player(c.uuid)).toMatchObject({ online: false });
  });

  it('takes the last level, prestige and rank sent and the sum of the XP', async () => {
    const p = newPlayer();
    const progress = (fields: object) => ({
      id: eventId(),
      type: 'player.progress',
      uuid: p.uuid,
      ...fields,
    });
    await send([
      p.join,
      progress({ xp_delta: 10, level: 2, rank: 'b' }),
      progress({ xp_delta: 20, level: 3, prestige: 1 }),
      progress({ xp_delta: 30 }),
      progress({ xp_delta: 40, level: 1 }),
    ]);
    expect(await player(p.uuid)).toMatchObject({
      xp: 100,
      lifetimeXp: 100,
      level: 1,
      prestige: 1,
      rank: 'B',
    });
  });

  it('sets and adds to statistics in the order sent, and keeps the last G-Kit state', async () => {
    const p = newPlayer();
    const stats = (fields: object) => ({ id: eventId(), type: 'player.stats', uuid: p.uuid, ...fields });
    const kit = (level: number) => ({
      id: eventId(),
      type: 'player.gkit',
      uuid: p.uuid,
      kit_id: 'miner',
      unlocked: true,
      level,
    });
    await send([p.join, stats({ set: { KEPT: 1, RESET: 100 }, add: { ADDED: 1 } })]);
    await send([
      stats({ add: { KEPT: 2, RESET: 5, ADDED: 2 } }),
      kit(1),
      stats({ set: { RESET: 7 }, add: { ADDED: 3 } }),
      kit(5),
      // Within one event the set comes first, then the add.
      stats({ add: { RESET: 1, NEW: 4 }, set: { NEW: 10 } }),
      kit(3),
      stats({ set: { ADDED: 0 } }),
    ]);
    const rows = await t.db.select().from(playerStats).where(eq(playerStats.playerUuid, p.uuid));
    expect(Object.fromEntries(rows.map((r) => [r.name, r.value]))).toEqual({
      KEPT: 3,
      RESET: 8,
      ADDED: 0,
      NEW: 14,
    });
    const kits = await t.db.select().from(gkitStates).where(eq(gkitStates.playerUuid, p.uuid));
    expect(kits.map((k) => k.level)).toEqual([3]);
  });

  it('lists and withdraws a listing in one batch, and renames its category in order', async () => {
    const seller = newPlayer();
    const listed = (listingId: string, name: string, icon?: string) => ({
      id: eventId(),
      type: 'auction.listed',
      listing_id: listingId,
      seller_uuid: seller.uuid,
      category_key: `c-${seller.uuid}`,
      category_name: name,
      ...(icon && { category_icon: icon }),
      item: { name: 'Iron', icon: 'iron_ingot' },
      qty: 2,
      price: '5.005',
    });
    const [first, second] = [`l-${eventId()}`, `l-${eventId()}`];
    const res = await postEvents(t.app, [
      seller.join,
      listed(first, 'Metals'),
      { id: eventId(), type: 'auction.cancelled', listing_id: first, at: AT },
      listed(second, 'Metals & ores', 'anvil'),
      { id: eventId(), type: 'auction.cancelled', listing_id: first },
      listed(`l-${eventId()}`, 'Ores'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.select().from(auctionListings).where(eq(auctionListings.sellerUuid, seller.uuid));
    const byId = new Map(rows.map((r) => [r.id, r]));
    // The first withdrawal's time stays.
    expect(byId.get(first)!.cancelledAt?.toISOString()).toBe(AT);
    expect(byId.get(second)).toMatchObject({ cancelledAt: null, price: '5.01', qtyLeft: 2 });
    const [category] = await t.db
      .select()
      .from(auctionCategories)
      .where(eq(auctionCategories.key, `c-${seller.uuid}`));
    expect(category).toMatchObject({ displayName: 'Ores', icon: 'anvil' });

    // A listing withdrawn before it is listed is refused, and so is the batch.
    const early = `l-${eventId()}`;
    const refused = await postEvents(t.app, [
      { id: eventId(), type: 'auction.cancelled', listing_id: early },
      listed(early, 'Ores'),
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { index: 0, code: 'unknown_listing', reason: `unknown listing ${early}` },
    ]);
  });

  it('disbands and recreates a gang, and moves members between gangs, in the order sent', async () => {
    const [a, b] = [newPlayer(), newPlayer()];
    const [g, h] = [`g-${eventId()}`, `g-${eventId()}`];
    const gang = (type: string, id: string, fields: object = {}) => ({
      id: eventId(),
      type,
      gang_id: id,
      ...fields,
    });
    await send([
      a.join,
      b.join,
      gang('gang.upsert', g, { name: 'Old', status: 'Open', color: 'red' }),
      gang('gang.upsert', h, { name: 'Other', status: 'Open' }),
      gang('gang.member', g, { uuid: a.uuid, role: 'Leader', at: '2026-01-01T00:00:00.000Z' }),
    ]);
    await send([
      gang('gang.treasury', g, { delta: '100' }),
      gang('gang.member', g, { uuid: b.uuid, role: 'Member' }),
      gang('gang.disband', g),
      gang('gang.upsert', g, { name: 'New', status: 'Closed' }),
      gang('gang.treasury', g, { delta: '2.50' }),
      gang('gang.treasury', g, { delta: '0.005' }),
      // To another gang and back: a new joining date.
      gang('gang.member', h, { uuid: a.uuid, role: 'Member', at: '2026-02-01T00:00:00.000Z' }),
      gang('gang.member', g, { uuid: a.uuid, role: 'Leader', at: '2026-03-01T00:00:00.000Z' }),
      gang('gang.member', h, { uuid: b.uuid, role: 'Member' }),
      gang('gang.leave', h, { uuid: b.uuid }),
    ]);
    const [row] = await t.db.select().from(gangs).where(eq(gangs.id, g));
    // Recreated: the old treasury and colour went with the old gang.
    expect(row).toMatchObject({ name: 'New', status: 'Closed', color: null, balance: '2.51' });
    const members = await t.db
      .select()
      .from(gangMembers)
      .where(sql`${gangMembers.playerUuid} in (${a.uuid}, ${b.uuid})`);
    expect(members.map((m) => [m.playerUuid, m.gangId, m.role, m.joinedAt.toISOString()])).toEqual([
      [a.uuid, g, 'Leader', '2026-03-01T00:00:00.000Z'],
    ]);
  });

  it('links and unlinks friends in the order sent', async () => {
    const [a, b, c] = [newPlayer(), newPlayer(), newPlayer()];
    const friend = (type: string, x: typeof a, y: typeof a, at?: string) => ({
      id: eventId(),
      type,
      uuid: x.uuid,
      friend_uuid: y.uuid,
      ...(at && { at }),
    });
    await send([a.join, b.join, c.join, friend('friend.add', a, c, '2026-01-01T00:00:00.000Z')]);
    await send([
      friend('friend.add', a, b),
      friend('friend.remove', b, a),
      friend('friend.remove', c, a),
      friend('friend.add', c, a, AT),
      friend('friend.add', a, c),
    ]);
    const links = await t.db
      .select()
      .from(friendships)
      .where(sql`${friendships.playerUuid} in (${a.uuid}, ${b.uuid}, ${c.uuid})`);
    expect(links.map((l) => [l.playerUuid, l.friendUuid, l.since.toISOString()]).sort()).toEqual(
      [
        [a.uuid, c.uuid, AT],
        [c.uuid, a.uuid, AT],
      ].sort(),
    );
  });

  it('appends activity in the order sent, among other events', async () => {
    const p = newPlayer();
    const said = (text: string) => ({
      id: eventId(),
      type: 'activity',
      actor_uuid: p.uuid,
      activity_type: 'CHAT',
      activity_text: text,
    });
    await send([p.join, said('one'), { id: eventId(), type: 'player.quit', uuid: p.uuid }, said('two')]);
    await send([said('three'), { ...p.join, id: eventId() }, said('four')]);
    const rows = await t.db
      .select()
      .from(activity)
      .where(eq(activity.actorUuid, p.uuid))
      .orderBy(activity.id);
    expect(rows.map((r) => r.activityText)).toEqual(['one', 'two', 'three', 'four']);
  });

  it('pins a value the database refuses on the event that brought it, applying nothing', async () => {
    const p = newPlayer();
    await send([p.join]);
    // Each delta is valid (< 1e36), but the 102nd takes the balance past numeric(40,2)'s 1e38.
    const res = await postEvents(t.app, [
      { id: eventId(), type: 'player.progress', uuid: p.uuid, xp_delta: 5 },
      ...Array.from({ length: 110 }, (_, i) => ({
        id: eventId(),
        type: 'player.balance',
        uuid: p.uuid,
        delta: 9.9e35,
        reason: `r${i}`,
      })),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { index: 102, code: 'value_refused', reason: expect.stringMatching(/overflow/i) },
    ]);
    expect(await player(p.uuid)).toMatchObject({ balance: '0.00', xp: 0 });
    expect(await t.db.select().from(ledger).where(eq(ledger.playerUuid, p.uuid))).toEqual([]);
  });
});
