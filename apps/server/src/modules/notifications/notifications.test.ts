// Notifications, each from the real write that causes it: a sale on the site (the seller), a delivery
// acknowledged by the game server (the buyer), a friendship and gang changes from the game's events,
// an appeal (staff) and its answer (the player). None comes from a write that rolled back; a kind
// turned off is not written; the list pages, marks read and counts unread; the player's socket
// carries the count as it changes; old notifications are deleted, in batches, one process at a time.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Notification, NotificationsPage } from '@prison/shared/notifications';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listing, payout } from '../../../test/auction-fixtures.ts';
import {
  BRIDGE_TOKEN,
  createTestApp,
  databaseKinds,
  eventId,
  grantRoles,
  newPlayer,
  postEvents,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';
import { connect } from '../../../test/live-socket.ts';
import { rowsOf } from '../../db/client.ts';
import { pruneNotifications, tryPruneTurn } from './service.ts';

const APPEAL = 'I was building a sorting system, not an X-ray farm. The screenshots show the hoppers.';

describe.each(databaseKinds())('notifications on %s', (kind) => {
  let t: TestApp;
  let base: string;
  const seller = newPlayer({ username: 'Seller_N' });
  const buyer = newPlayer({ username: 'Buyer_N' });
  const friend = newPlayer({ username: 'Friend_N' });
  const mod = newPlayer({ username: 'Mod_N' });
  const token = {} as Record<'seller' | 'buyer' | 'friend' | 'mod', string>;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, as: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${as}` },
      ...(payload && { payload: payload as Record<string, unknown> }),
    });
  const page = async (as: string, query = '') => {
    const res = await call('GET', `/api/notifications${query}`, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as NotificationsPage;
  };
  const ofKind = async (as: string, k: Notification['kind']) =>
    (await page(as, '?limit=100')).notifications.filter((n) => n.kind === k);
  const events = async (list: unknown[]) => {
    const res = await postEvents(t.app, list);
    expect(res.statusCode, res.body).toBe(200);
  };
  const buy = (listingId: string, qty = 1) =>
    call('POST', '/api/auction/purchase', token.buyer, { id: listingId, qty });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await events([seller.join, buyer.join, friend.join, mod.join, payout(buyer.uuid, '1000')]);
    await grantRoles(t.db, mod.uuid, ['ADMIN']);
    for (const [who, p] of [
      ['seller', seller],
      ['buyer', buyer],
      ['friend', friend],
      ['mod', mod],
    ] as const) {
      token[who] = await signIn(t.db, p.uuid);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tells the seller of a sale, live, and the buyer once the game server hands it over', async () => {
    const feed = connect(`${base}/api/social/ws?token=${token.seller}&only=notifications`);
    await feed.next((m) => 'notifications' in m);
    // Only the count comes on this socket.
    expect(feed.messages).toEqual([{ notifications: { unread: 0 } }]);

    const pickaxes = listing({
      seller: seller.uuid,
      item: { name: '§bDiamond Pickaxe', icon: 'diamond_pickaxe' },
      price: '40',
    });
    await events([pickaxes.event]);
    const bought = await buy(pickaxes.id, 2);
    expect(bought.statusCode, bought.body).toBe(200);
    await feed.next((m) => (m.notifications as { unread: number } | undefined)?.unread === 1);
    const [sold] = await ofKind(token.seller, 'listing.sold');
    expect(sold).toMatchObject({
      read: false,
      link: '/auction',
      data: {
        listing_id: pickaxes.id,
        item_name: '§bDiamond Pickaxe',
        qty: 2,
        total: '80.00',
        buyer: { uuid: buyer.uuid, name: 'Buyer_N' },
        purchase_id: bought.json().id,
      },
    });
    feed.socket.close();

    // A purchase refused (not enough money) writes nothing.
    const dear = listing({ seller: seller.uuid, price: '999999' });
    await events([dear.event]);
    expect((await buy(dear.id)).statusCode).toBe(409);
    expect(await ofKind(token.seller, 'listing.sold')).toHaveLength(1);

    // The game server acknowledges the delivery: the buyer hears it was handed over.
    expect(await ofKind(token.buyer, 'purchase.delivered')).toEqual([]);
    const [delivery] = rowsOf<{ id: string }>(
      await t.db.execute(sql`select id::text from deliveries where purchase_id = ${bought.json().id}`),
    );
    const ack = await t.app.inject({
      method: 'POST',
      url: '/api/bridge/deliveries/ack',
      headers: { authorization: `Bearer ${BRIDGE_TOKEN}` },
      payload: { ids: [delivery!.id, delivery!.id] },
    });
    expect(ack.json()).toEqual({ acknowledged: 1 });
    const [delivered] = await ofKind(token.buyer, 'purchase.delivered');
    expect(delivered?.data).toEqual({
      purchase_id: bought.json().id,
      listing_id: pickaxes.id,
      item_name: '§bDiamond Pickaxe',
      qty: 2,
    });
    // Acknowledged again: nothing new.
    await t.app.inject({
      method: 'POST',
      url: '/api/bridge/deliveries/ack',
      headers: { authorization: `Bearer ${BRIDGE_TOKEN}` },
      payload: { ids: [delivery!.id] },
    });
    expect(await ofKind(token.buyer, 'purchase.delivered')).toHaveLength(1);
  });

  it("tells a player who added them as a friend, and of their gang's changes, once each", async () => {
    const gangId = `gang-${randomUUID().slice(0, 8)}`;
    await events([
      { id: eventId('friend'), type: 'friend.add', uuid: seller.uuid, friend_uuid: friend.uuid },
      // The same friendship reported again is no news.
      { id: eventId('friend'), type: 'friend.add', uuid: friend.uuid, friend_uuid: seller.uuid },
    ]);
    const friends = await ofKind(token.friend, 'friend.added');
    expect(friends.map((n) => n.data)).toEqual([{ friend: { uuid: seller.uuid, name: 'Seller_N' } }]);
    expect(friends[0]!.link).toBe('/players/Seller_N');
    expect(await ofKind(token.seller, 'friend.added')).toEqual([]);

    await events([
      { id: eventId('gang'), type: 'gang.upsert', gang_id: gangId, name: 'Night Shift', status: 'Open' },
      { id: eventId('member'), type: 'gang.member', gang_id: gangId, uuid: friend.uuid, role: 'Recruit' },
    ]);
    await events([
      { id: eventId('member'), type: 'gang.member', gang_id: gangId, uuid: friend.uuid, role: 'Officer' },
    ]);
    await events([
      { id: eventId('member'), type: 'gang.member', gang_id: gangId, uuid: friend.uuid, role: 'Officer' },
    ]);
    await events([{ id: eventId('leave'), type: 'gang.leave', gang_id: gangId, uuid: friend.uuid }]);
    const gang = (await ofKind(token.friend, 'gang.changed')).reverse();
    expect(gang.map((n) => n.data)).toEqual([
      { gang: { id: gangId, name: 'Night Shift' }, change: 'joined', role: 'Recruit' },
      { gang: { id: gangId, name: 'Night Shift' }, change: 'role', role: 'Officer' },
      { gang: { id: gangId, name: 'Night Shift' }, change: 'left', role: null },
    ]);
    expect(gang[0]!.link).toBe(`/gangs/${gangId}`);

    // A batch refused as a whole (its last event names no gang) writes no notification.
    const before = (await page(token.friend)).unread;
    const refused = await postEvents(t.app, [
      { id: eventId('member'), type: 'gang.member', gang_id: gangId, uuid: friend.uuid, role: 'Member' },
      {
        id: eventId('member'),
        type: 'gang.member',
        gang_id: 'no-such-gang',
        uuid: friend.uuid,
        role: 'Member',
      },
    ]);
    expect(refused.statusCode).toBe(400);
    expect((await page(token.friend)).unread).toBe(before);
  });

  it('tells nobody of friendships and gang changes the game server reports more than a day late', async () => {
    const [a, b, c] = [newPlayer(), newPlayer(), newPlayer()];
    const gangId = `gang-${randomUUID().slice(0, 8)}`;
    await events([
      a.join,
      b.join,
      c.join,
      { id: eventId('gang'), type: 'gang.upsert', gang_id: gangId, name: 'Backfill', status: 'Open' },
    ]);
    const asB = await signIn(t.db, b.uuid);
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    const twoDaysAgo = ago(2 * 86_400_000);
    // A backfill after an outage (or the simulator's seed): written, but no news to anyone.
    await events([
      { id: eventId('friend'), type: 'friend.add', at: twoDaysAgo, uuid: a.uuid, friend_uuid: b.uuid },
      {
        id: eventId('member'),
        type: 'gang.member',
        at: twoDaysAgo,
        gang_id: gangId,
        uuid: b.uuid,
        role: 'Recruit',
      },
    ]);
    const written = rowsOf<{ friends: number; members: number }>(
      await t.db.execute(sql`
        select (select count(*)::int from friendships where player_uuid = ${b.uuid}) as friends,
          (select count(*)::int from gang_members where player_uuid = ${b.uuid}) as members`),
    );
    expect(written).toEqual([{ friends: 1, members: 1 }]);
    await events([
      { id: eventId('leave'), type: 'gang.leave', at: twoDaysAgo, gang_id: gangId, uuid: b.uuid },
    ]);
    expect((await page(asB)).notifications).toEqual([]);

    // The same, reported a minute after it happened: news.
    const aMinuteAgo = ago(60_000);
    await events([
      { id: eventId('friend'), type: 'friend.add', at: aMinuteAgo, uuid: c.uuid, friend_uuid: b.uuid },
      {
        id: eventId('member'),
        type: 'gang.member',
        at: aMinuteAgo,
        gang_id: gangId,
        uuid: b.uuid,
        role: 'Recruit',
      },
    ]);
    await events([
      { id: eventId('leave'), type: 'gang.leave', at: aMinuteAgo, gang_id: gangId, uuid: b.uuid },
    ]);
    const told = (await page(asB)).notifications.reverse();
    expect(told.filter((n) => n.kind === 'friend.added').map((n) => n.data)).toEqual([
      { friend: { uuid: c.uuid, name: c.username } },
    ]);
    expect(told.filter((n) => n.kind === 'gang.changed').map((n) => n.data)).toEqual([
      { gang: { id: gangId, name: 'Backfill' }, change: 'joined', role: 'Recruit' },
      { gang: { id: gangId, name: 'Backfill' }, change: 'left', role: null },
    ]);
  });

  it('tells staff of a new appeal and the player of the answer', async () => {
    const punishmentId = `ban-${randomUUID()}`;
    await events([
      {
        id: eventId('ban'),
        type: 'punishment.issued',
        punishment_id: punishmentId,
        punishment_type: 'ban',
        uuid: friend.uuid,
        username: friend.username,
        staff: null,
        reason: 'X-ray',
      },
    ]);
    const [{ id }] = rowsOf<{ id: string | number }>(
      await t.db.execute(sql`select id from punishments where source_id = ${punishmentId}`),
    ) as [{ id: string | number }];
    const appealed = await call('POST', `/api/punishments/${id}/appeal`, token.friend, { text: APPEAL });
    expect(appealed.statusCode, appealed.body).toBe(201);
    const [fresh] = await ofKind(token.mod, 'appeal.new');
    expect(fresh).toMatchObject({
      link: '/admin/appeals',
      data: {
        appeal_id: appealed.json().id,
        punishment_type: 'ban',
        player: { uuid: friend.uuid, name: 'Friend_N' },
      },
    });
    // Players who are not staff hear nothing of it.
    expect(await ofKind(token.seller, 'appeal.new')).toEqual([]);

    const denied = await call('POST', `/api/admin/appeals/${appealed.json().id}/decision`, token.mod, {
      decision: 'deny',
      reply: 'The hoppers lead nowhere.',
    });
    expect(denied.statusCode, denied.body).toBe(200);
    const [answer] = await ofKind(token.friend, 'appeal.answered');
    expect(answer).toMatchObject({
      link: '/profile#punishments',
      data: {
        appeal_id: appealed.json().id,
        punishment_id: Number(id),
        punishment_type: 'ban',
        state: 'denied',
      },
    });
  });

  it('writes no notification of a kind turned off, and refuses preferences it does not know', async () => {
    const prefs = await call('GET', '/api/notifications/preferences', token.seller);
    expect(prefs.json()).toMatchObject({ 'listing.sold': true, 'friend.added': true });
    const off = await call('PUT', '/api/notifications/preferences', token.seller, { 'listing.sold': false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ 'listing.sold': false, 'purchase.delivered': true });
    const soldBefore = (await ofKind(token.seller, 'listing.sold')).length;
    const ore = listing({ seller: seller.uuid, price: '1' });
    await events([ore.event]);
    expect((await buy(ore.id)).statusCode).toBe(200);
    expect(await ofKind(token.seller, 'listing.sold')).toHaveLength(soldBefore);
    // On again: the next sale is told.
    await call('PUT', '/api/notifications/preferences', token.seller, { 'listing.sold': true });
    expect((await buy(ore.id)).statusCode).toBe(200);
    expect(await ofKind(token.seller, 'listing.sold')).toHaveLength(soldBefore + 1);

    for (const bad of [{ 'listing.sold': 'no' }, { 'gang.exploded': false }]) {
      const res = await call('PUT', '/api/notifications/preferences', token.seller, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    expect((await t.app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('pages the list newest first, marks read by id or all, and counts unread', async () => {
    // Five friendships told to the buyer.
    const others = Array.from({ length: 5 }, () => newPlayer());
    await events(others.map((o) => o.join));
    for (const o of others) {
      await events([{ id: eventId('friend'), type: 'friend.add', uuid: o.uuid, friend_uuid: buyer.uuid }]);
    }
    const all = (await page(token.buyer, '?limit=100')).notifications;
    const first = await page(token.buyer, '?limit=2');
    expect(first.notifications.map((n) => n.id)).toEqual(all.slice(0, 2).map((n) => n.id));
    const second = await page(token.buyer, `?limit=2&cursor=${first.next_cursor}`);
    expect(second.notifications.map((n) => n.id)).toEqual(all.slice(2, 4).map((n) => n.id));
    expect((await call('GET', '/api/notifications?cursor=abc', token.buyer)).statusCode).toBe(400);

    const unread = first.unread;
    expect(unread).toBe(all.filter((n) => !n.read).length);
    // Past the last page: no notifications, and still the count.
    expect(await page(token.buyer, '?cursor=1')).toEqual({ unread, notifications: [], next_cursor: null });
    // Someone else's id is not theirs to mark.
    const [theirs] = (await page(token.seller)).notifications;
    const marked = await call('POST', '/api/notifications/read', token.buyer, {
      ids: [all[0]!.id, theirs!.id],
    });
    expect(marked.json()).toEqual({ unread: unread - 1 });
    expect((await page(token.seller)).notifications[0]!.read).toBe(false);
    for (const bad of [{}, { ids: [] }, { ids: ['x'] }, { all: false }]) {
      expect((await call('POST', '/api/notifications/read', token.buyer, bad)).statusCode).toBe(400);
    }
    expect((await call('POST', '/api/notifications/read', token.buyer, { all: true })).json()).toEqual({
      unread: 0,
    });
    expect((await page(token.buyer)).notifications.every((n) => n.read)).toBe(true);
  });

  // Adds `count` notifications for `friend`, `days` old and a second apart, from a friend named `name`.
  const addOld = (name: string, days: number, count: number) =>
    t.db.execute(sql`
      insert into notifications (player_uuid, kind, data, created_at)
      select ${friend.uuid}, 'friend.added', ${JSON.stringify({ friend: { uuid: seller.uuid, name } })}::jsonb,
        now() - make_interval(days => ${days}) - i * interval '1 second'
      from generate_series(1, ${count}) i`);
  const countOf = async (name: string) => {
    const [row] = rowsOf<{ n: number }>(
      await t.db.execute(sql`
        select count(*)::int as n from notifications
        where player_uuid = ${friend.uuid} and data #>> '{friend,name}' = ${name}`),
    );
    return row!.n;
  };

  it('deletes notifications older than the retention in batches until none is left, and keeps the rest', async () => {
    await addOld('Old', 91, 230);
    await addOld('Recent', 89, 3);
    const before = (await page(token.friend)).unread;
    expect(await pruneNotifications(t.db, 90, 50)).toEqual({ deleted: 230, batches: 5 });
    expect(await countOf('Old')).toBe(0);
    expect(await countOf('Recent')).toBe(3);
    expect((await page(token.friend)).unread).toBe(before - 230);
    // Nothing left to delete: one statement finds none.
    expect(await pruneNotifications(t.db, 90, 50)).toEqual({ deleted: 0, batches: 1 });
  });

  // PGlite is one connection in one process: there is no other process to take turns with.
  it.runIf(kind === 'postgres')('does not prune while another process has the turn', async () => {
    await addOld('Waiting', 120, 10);
    // Another process holds the turn (as its prune does during a batch): this prune stops at once.
    const whileHeld = await t.db.transaction(async (tx) => {
      expect(await tryPruneTurn(tx)).toBe(true);
      return pruneNotifications(t.db, 90);
    });
    expect(whileHeld).toBeNull();
    expect(await countOf('Waiting')).toBe(10);
    // The turn is free again once that transaction ends.
    expect(await pruneNotifications(t.db, 90)).toEqual({ deleted: 10, batches: 1 });
    expect(await countOf('Waiting')).toBe(0);
  });
});
