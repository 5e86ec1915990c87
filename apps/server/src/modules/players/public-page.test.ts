import type { PlayerPage, PlayerPageMessage } from '@prison/shared/players';
import type { GangPage } from '@prison/shared/social';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
import { players } from '../../db/schema.ts';
import { IS_MILESTONE } from './public-page.ts';

const ev = (type: string, fields: Record<string, unknown>) => ({ id: eventId(type), type, ...fields });

describe.each(databaseKinds())('public player and gang pages on %s', (kind) => {
  let t: TestApp;
  let base: string;
  const alice = newPlayer({ username: 'AliceMiner' });
  const bob = newPlayer({ username: 'BobDigs' });
  const shy = newPlayer({ username: 'ShyMole' });
  const warden = newPlayer({ username: 'TheWarden' });
  const token: Record<string, string> = {};
  const SECRET = 'meet me at the vault at midnight';
  const CHAT = 'anyone selling diamond blocks?';

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const res = await postEvents(t.app, [
      alice.join,
      bob.join,
      shy.join,
      warden.join,
      ev('player.progress', { uuid: alice.uuid, xp_delta: 5000, level: 14, prestige: 2, rank: 'cadet' }),
      ev('player.balance', { uuid: alice.uuid, delta: '1234.5', reason: 'mine' }),
      ev('player.stats', { uuid: alice.uuid, set: { BLOCKS_BROKEN: 420, MOMENTUM: 9 } }),
      ev('player.stats', { uuid: shy.uuid, set: { BLOCKS_BROKEN: 77 } }),
      ev('gang.upsert', { gang_id: 'vault', name: 'Vault <Keepers>', status: 'Open', color: 'gold' }),
      ev('gang.member', { gang_id: 'vault', uuid: alice.uuid, role: 'Leader' }),
      ev('gang.member', { gang_id: 'vault', uuid: shy.uuid, role: 'Member' }),
      ev('friend.add', { uuid: alice.uuid, friend_uuid: bob.uuid }),
      ev('activity', { actor_uuid: alice.uuid, activity_type: 'LEVEL_UP', activity_text: '{"level":14}' }),
      ev('activity', { actor_uuid: alice.uuid, activity_type: 'GANG_JOIN', activity_text: 'Joined Vault' }),
      ev('activity', {
        actor_uuid: shy.uuid,
        activity_type: 'PRESTIGE_UP',
        activity_text: 'Reached Prestige 1',
      }),
      ev('activity', {
        actor_uuid: alice.uuid,
        target_uuid: bob.uuid,
        activity_type: 'PRIVATE_MESSAGE',
        activity_text: SECRET,
      }),
      ev('activity', { actor_uuid: alice.uuid, activity_type: 'CHAT_MESSAGE', activity_text: CHAT }),
      ev('activity', {
        actor_uuid: alice.uuid,
        activity_type: 'TRADE_COMPLETED',
        activity_text: 'Sold 5 iron',
      }),
    ]);
    expect(res.statusCode).toBe(200);
    await grantRoles(t.db, warden.uuid, ['OWNER']);
    for (const p of [alice, shy, warden]) token[p.username] = await signIn(t.db, p.uuid);
    const hide = await t.app.inject({
      method: 'PUT',
      url: '/api/players/me/privacy',
      headers: { authorization: `Bearer ${token.ShyMole}` },
      payload: { hide_stats: true },
    });
    expect(hide.json()).toEqual({ hide_stats: true, hide_punishments: false });
  });
  afterAll(() => t?.close());

  const page = (name: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/players/by-name/${encodeURIComponent(name)}`, headers });

  it('finds a player by name in any case, or by uuid, with the hero, gang and friends', async () => {
    for (const name of ['AliceMiner', 'aliceminer', 'ALICEMINER', alice.uuid, alice.uuid.toUpperCase()]) {
      const res = await page(name);
      expect(res.statusCode, name).toBe(200);
      expect(res.json<PlayerPage>()).toMatchObject({
        uuid: alice.uuid,
        username: 'AliceMiner',
        rank: 'CADET',
        level: 14,
        prestige: 2,
        lifetime_xp: 5000,
        balance: '1234.50',
        online: true,
        gang: { id: 'vault', name: 'Vault <Keepers>', color: 'gold', role: 'Leader' },
        friends_count: 1,
        hidden: false,
        stats: { BLOCKS_BROKEN: 420 },
      });
    }
  });

  it('lists milestones by when they happened, even when the game reports one late', async () => {
    const climber = newPlayer({ username: 'LateLarry' });
    const late = await postEvents(t.app, [
      climber.join,
      ev('activity', {
        actor_uuid: climber.uuid,
        activity_type: 'LEVEL_UP',
        activity_text: '{"level":3}',
        at: '2026-01-01T10:00:00.000Z',
      }),
      ev('activity', { actor_uuid: climber.uuid, activity_type: 'LEVEL_UP', activity_text: '{"level":4}' }),
      ev('activity', {
        actor_uuid: climber.uuid,
        activity_type: 'LEVEL_UP',
        activity_text: '{"level":2}',
        at: '2025-12-31T10:00:00.000Z',
      }),
    ]);
    expect(late.statusCode).toBe(200);
    const texts = (await page('LateLarry')).json<PlayerPage>().milestones?.map((m) => m.activity_text);
    expect(texts).toEqual(['{"level":4}', '{"level":3}', '{"level":2}']);
  });

  it('shows milestones only: never a private message, a chat line or anything else', async () => {
    const body = (await page('AliceMiner')).body;
    const alicePage = JSON.parse(body) as PlayerPage;
    expect(alicePage.milestones?.map((m) => m.activity_type)).toEqual(['GANG_JOIN', 'LEVEL_UP']);
    expect(alicePage.stats).not.toHaveProperty('MOMENTUM');
    for (const text of [SECRET, CHAT, 'PRIVATE_MESSAGE', 'CHAT_MESSAGE', 'Sold 5 iron']) {
      expect(body).not.toContain(text);
      expect((await page('BobDigs')).body).not.toContain(text);
      expect((await t.app.inject({ method: 'GET', url: '/api/gangs/vault' })).body).not.toContain(text);
    }
  });

  it('shows the name of a linked Discord account, never its id', async () => {
    expect((await page('BobDigs')).json<PlayerPage>().discord).toBeNull();
    await t.db
      .update(players)
      .set({ discordId: '80351110224678912', discordName: 'Bob the Digger', discordLinkedAt: new Date() })
      .where(eq(players.uuid, bob.uuid));
    const res = await page('BobDigs');
    expect(res.json<PlayerPage>().discord).toEqual({ name: 'Bob the Digger' });
    expect(res.body).not.toContain('80351110224678912');
    await t.db
      .update(players)
      .set({ discordId: null, discordName: null, discordLinkedAt: null })
      .where(eq(players.uuid, bob.uuid));
  });

  it('answers 404 for an unknown player and 400 for a name that cannot be one', async () => {
    const unknown = await page('NobodyHere');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'No such player', code: 'unknown_player' });
    expect((await page('00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
    for (const bad of ['x'.repeat(17), 'a b', 'a%00', '..'])
      expect((await page(decodeURIComponent(bad))).statusCode, bad).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/gangs/%00' })).statusCode).toBe(400);
  });

  it('hides statistics and milestones of a player who asks, but not their name, rank and level', async () => {
    const visitor = (await page('ShyMole')).json<PlayerPage>();
    expect(visitor).toMatchObject({ username: 'ShyMole', hidden: true, stats: null, milestones: null });
    expect(visitor.level).toBe(1);
    expect(JSON.stringify(visitor)).not.toContain('BLOCKS_BROKEN');
    // Another player's token changes nothing; staff see everything.
    const player = (
      await page('ShyMole', { authorization: `Bearer ${token.AliceMiner}` })
    ).json<PlayerPage>();
    expect(player.stats).toBeNull();
    const staff = (await page('ShyMole', { authorization: `Bearer ${token.TheWarden}` })).json<PlayerPage>();
    expect(staff).toMatchObject({ hidden: true, stats: { BLOCKS_BROKEN: 77 } });
    expect(staff.milestones?.map((m) => m.activity_type)).toEqual(['PRESTIGE_UP']);
    // A forged token is a visitor.
    const forged = await page('ShyMole', { authorization: 'Bearer not.a.token' });
    expect(forged.json<PlayerPage>().stats).toBeNull();
    // The gang page leaves out the milestones of members who hide them.
    const gang = (await t.app.inject({ method: 'GET', url: '/api/gangs/vault' })).json<GangPage>();
    expect(gang.milestones.map((m) => m.actor_username)).not.toContain('ShyMole');
  });

  it('reads and sets privacy only for the signed-in player, and refuses bad input', async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/players/me/privacy',
      headers: { authorization: `Bearer ${token.ShyMole}` },
    });
    expect(read.json()).toEqual({ hide_stats: true, hide_punishments: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/players/me/privacy' })).statusCode).toBe(401);
    for (const payload of [{}, { hide_stats: 'yes' }, { hide_stats: null }]) {
      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/players/me/privacy',
        headers: { authorization: `Bearer ${token.ShyMole}` },
        payload,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toEqual(expect.any(String));
    }
    expect((await page('ShyMole')).json<PlayerPage>().hidden).toBe(true);
  });

  it('serves the gang page with its roster and milestones, and 404 for an unknown gang', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/gangs/vault' });
    expect(res.statusCode).toBe(200);
    const { gang, milestones } = res.json<GangPage>();
    expect(gang).toMatchObject({ id: 'vault', name: 'Vault <Keepers>', member_count: 2, online_count: 2 });
    expect(gang.members.map((m) => m.username)).toEqual(['AliceMiner', 'ShyMole']);
    expect(milestones.map((m) => m.activity_type)).toEqual(['GANG_JOIN', 'LEVEL_UP']);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/gangs/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'No such gang', code: 'unknown_gang' });
  });

  it('reads milestones through their partial index, past any amount of chat', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(
        sql`explain select id from activity where actor_uuid = ${alice.uuid} and ${IS_MILESTONE} order by occurred_at desc nulls last, id desc nulls last limit 10`,
      )) as unknown as { rows: Array<Record<string, string>> };
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('activity_milestones_idx');
  });

  it('pushes a player page live: presence, numbers and privacy', async () => {
    // Players of its own: what changes here would show on the pages the other tests read.
    const seen = newPlayer({ username: 'WatchedWill' });
    const pal = newPlayer({ username: 'PalPete' });
    const met = await postEvents(t.app, [
      seen.join,
      pal.join,
      ev('friend.add', { uuid: seen.uuid, friend_uuid: pal.uuid }),
    ]);
    expect(met.statusCode, met.body).toBe(200);
    const live = connect(`${base}/api/players/${seen.uuid}/ws`);
    const first = await live.next<PlayerPageMessage>((m) => (m as PlayerPageMessage).player?.online === true);
    expect(first.player).toMatchObject({ username: 'WatchedWill', friends_count: 1 });
    await postEvents(t.app, [ev('player.quit', { uuid: seen.uuid })]);
    await live.next((m) => (m as PlayerPageMessage).player?.online === false);
    await postEvents(t.app, [ev('player.progress', { uuid: seen.uuid, xp_delta: 10, level: 5 })]);
    await live.next((m) => (m as PlayerPageMessage).player?.level === 5);
    const seenToken = await signIn(t.db, seen.uuid);
    await t.app.inject({
      method: 'PUT',
      url: '/api/players/me/privacy',
      headers: { authorization: `Bearer ${seenToken}` },
      payload: { hide_stats: true },
    });
    await live.next((m) => (m as PlayerPageMessage).player?.hidden === true);
    // Money arrives as the database holds it: above 2^53 a number would be 4000000000000007.5.
    await postEvents(t.app, [
      ev('player.balance', { uuid: seen.uuid, delta: '4000000000000007.35', reason: 'mine' }),
    ]);
    await live.next((m) => (m as PlayerPageMessage).player?.balance === '4000000000000007.35');
    live.socket.close();

    // A batch that touches more players than one NOTIFY can name still reaches their pages.
    const crowd = Array.from({ length: 400 }, (_, i) => newPlayer({ username: `Crowd${i}` }));
    const watched = connect(`${base}/api/players/${crowd[399]!.uuid}/ws`);
    await watched.next(() => true);
    await postEvents(
      t.app,
      crowd.map((p) => p.join),
    );
    const joined = await postEvents(
      t.app,
      crowd.map((p) => ev('player.progress', { uuid: p.uuid, xp_delta: 1, level: 9 })),
    );
    expect(joined.statusCode).toBe(200);
    await watched.next((m) => (m as PlayerPageMessage).player?.level === 9);
    watched.socket.close();

    const nobody = connect(`${base}/api/players/00000000-0000-0000-0000-000000000001/ws`);
    expect(await nobody.next(() => true)).toEqual({ player: null });
    nobody.socket.close();
  });
});
