import { randomUUID } from 'node:crypto';
import type { ActivityItem } from '@prison/shared/players';
import { sql } from 'drizzle-orm';
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
import { activity, players } from '../../db/schema.ts';
import { feedQuery } from './service.ts';

describe.each(databaseKinds())('the player area on %s', (kind) => {
  let t: TestApp;
  const alice = newPlayer({ username: 'AliceMiner' });
  const bob = newPlayer({ username: 'BobDigs' });
  const carol = newPlayer({ username: 'CarolCrafts' });
  const warden = newPlayer({ username: 'TheWarden' });
  const token: Record<string, string> = {};
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 2, 12, minute)).toISOString();
  const said = (minute: number, actor: string, type: string, text: string | null, target?: string) => ({
    id: eventId('activity'),
    type: 'activity',
    at: at(minute),
    actor_uuid: actor,
    activity_type: type,
    activity_text: text,
    ...(target && { target_uuid: target }),
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const res = await postEvents(t.app, [
      { ...alice.join, at: at(0) },
      bob.join,
      carol.join,
      warden.join,
      {
        id: eventId(),
        type: 'player.progress',
        uuid: alice.uuid,
        xp_delta: 3400,
        level: 12,
        prestige: 1,
        rank: 'cadet',
      },
      {
        id: eventId(),
        type: 'player.balance',
        uuid: alice.uuid,
        delta: '4000000000000007.35',
        reason: 'mine',
      },
      { id: eventId(), type: 'gang.upsert', gang_id: 'diggers', name: 'Diggers', status: 'Open' },
      { id: eventId(), type: 'gang.member', gang_id: 'diggers', uuid: alice.uuid, role: 'Leader' },
      {
        id: eventId(),
        type: 'player.stats',
        uuid: alice.uuid,
        set: { BLOCKS_BROKEN: 120, MOMENTUM: 7, TIME_PLAYED: 3600 },
        add: { DIAMOND_ORE: 2.5 },
      },
      {
        id: eventId(),
        type: 'player.gkit',
        uuid: alice.uuid,
        kit_id: 'miner',
        unlocked: true,
        level: 2,
        cooldown_ends_at: '2026-01-02T18:00:00.000Z',
        last_claimed_at: '2026-01-02T06:00:00.000Z',
      },
      {
        id: eventId(),
        type: 'player.gkit',
        uuid: alice.uuid,
        kit_id: 'excavator',
        unlocked: false,
        level: 1,
      },
      // Alice's feed, oldest first; Bob and Carol's message is theirs alone.
      said(1, alice.uuid, 'PLAYER_JOIN', null),
      said(2, alice.uuid, 'PRIVATE_MESSAGE', 'hi bob', bob.uuid),
      said(3, bob.uuid, 'PRIVATE_MESSAGE', 'hi alice', alice.uuid),
      said(4, bob.uuid, 'PRIVATE_MESSAGE', 'a secret for carol', carol.uuid),
      said(5, alice.uuid, 'CHAT_MESSAGE', 'anyone selling TNT?'),
      said(6, warden.uuid, 'PRIVATE_MESSAGE', 'please stop selling TNT', alice.uuid),
      said(7, alice.uuid, 'LEVEL_UP', '{"level":12}'),
      said(8, bob.uuid, 'TRADE_COMPLETED', 'traded a pickaxe', alice.uuid),
      said(9, alice.uuid, 'PRIVATE_MESSAGE', 'note to self', alice.uuid),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    await grantRoles(t.db, warden.uuid, ['admin']);
    for (const [name, p] of Object.entries({ alice, bob, carol, warden })) {
      token[name] = await signIn(t.db, p.uuid);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, as?: string) =>
    t.app.inject({ url, headers: as ? { authorization: `Bearer ${as}` } : {} });
  const feed = async (uuid: string, as: string, query = '') => {
    const res = await get(`/api/players/${uuid}/activity${query}`, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ActivityItem[];
  };
  const texts = (items: ActivityItem[]) => items.map((i) => i.activity_text ?? i.activity_type);

  it('documents every route in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    const codes = (path: string) => Object.keys(doc.paths[path].get.responses);
    expect(codes('/api/players/{uuid}')).toEqual(['200', '400', '404', '503']);
    expect(codes('/api/players/{uuid}/stats')).toEqual(['200', '400', '401', '403', '404', '503']);
    expect(codes('/api/players/{uuid}/activity')).toEqual(['200', '400', '401', '403', '404', '503']);
    for (const path of ['/api/players/{uuid}', '/api/players/{uuid}/stats', '/api/players/{uuid}/activity']) {
      expect(doc.paths[path].get, path).toMatchObject({ tags: ['players'], summary: expect.any(String) });
    }
    expect(doc.paths['/api/players/{uuid}/activity'].get.security).toEqual([{ playerToken: [] }]);
    // Money is documented as what it is on the wire: a decimal string.
    // The answer's schema, or the named one it refers to.
    const answer = doc.paths['/api/players/{uuid}'].get.responses['200'].content['application/json'].schema;
    const profile = answer.$ref ? doc.components.schemas[answer.$ref.split('/').at(-1)] : answer;
    expect(profile.properties.balance).toMatchObject({
      type: 'string',
      description: expect.stringContaining('an exact decimal amount as a string'),
    });
  });

  describe('GET /api/players/{uuid}', () => {
    it('answers the public profile without signing in, money as exact decimal text', async () => {
      const res = await get(`/api/players/${alice.uuid}`);
      expect(res.statusCode, res.body).toBe(200);
      const profile = res.json();
      expect(profile).toEqual({
        uuid: alice.uuid,
        username: 'AliceMiner',
        rank: 'CADET',
        level: 12,
        prestige: 1,
        // A JSON number would have been 4000000000000007.5.
        balance: '4000000000000007.35',
        xp: 3400,
        lifetime_xp: 3400,
        online: true,
        last_seen_at: expect.any(String),
        gang_name: 'Diggers',
        gang_id: 'diggers',
      });
      expect(new Date(profile.last_seen_at).toISOString()).toBe(profile.last_seen_at);
    });

    it('answers null for a player in no gang, and reads an upper-case uuid', async () => {
      const res = await get(`/api/players/${bob.uuid.toUpperCase()}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        uuid: bob.uuid,
        gang_name: null,
        gang_id: null,
        balance: '0.00',
        level: 1,
      });
    });

    it('answers 404 for an unknown player, also for a Bedrock-style id, and 400 for a non-uuid', async () => {
      for (const uuid of [randomUUID(), '00000000-0000-0000-0009-01f64f65c7c3']) {
        const res = await get(`/api/players/${uuid}`);
        expect(res.statusCode, uuid).toBe(404);
        expect(res.json()).toEqual({ detail: 'No such player', code: 'unknown_player' });
      }
      const bad = await get('/api/players/not-a-uuid');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toMatch(/UUID/);
    });
  });

  describe('GET /api/players/{uuid}/stats', () => {
    it("lets any signed-in player read anyone's stats and G-Kits, leaving out MOMENTUM", async () => {
      const res = await get(`/api/players/${alice.uuid}/stats`, token.bob);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        level: 12,
        xp: 3400,
        stats: { BLOCKS_BROKEN: 120, DIAMOND_ORE: 2.5, TIME_PLAYED: 3600 },
        gkits: {
          miner: {
            unlocked: true,
            level: 2,
            cooldown_ends_at: '2026-01-02T18:00:00.000Z',
            last_claimed_at: '2026-01-02T06:00:00.000Z',
          },
          excavator: { unlocked: false, level: 1, cooldown_ends_at: null, last_claimed_at: null },
        },
      });
    });

    it('answers empty maps for a player with nothing recorded', async () => {
      const res = await get(`/api/players/${carol.uuid}/stats`, token.carol);
      expect(res.json()).toEqual({ level: 1, xp: 0, stats: {}, gkits: {} });
    });

    it('answers 401 signed out, 404 for an unknown player and 400 for a non-uuid', async () => {
      const signedOut = await get(`/api/players/${alice.uuid}/stats`);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual({ detail: 'Not signed in', code: 'not_signed_in' });
      const bogus = await get(`/api/players/${alice.uuid}/stats`, 'not.a.token');
      expect(bogus.statusCode).toBe(401);
      const unknown = await get(`/api/players/${randomUUID()}/stats`, token.alice);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: 'No such player', code: 'unknown_player' });
      expect((await get('/api/players/12345/stats', token.alice)).statusCode).toBe(400);
    });
  });

  describe('GET /api/players/{uuid}/activity', () => {
    it('answers the own feed newest first, with sent and received private messages and names', async () => {
      const items = await feed(alice.uuid, token.alice!, '?limit=50');
      expect(texts(items)).toEqual([
        'note to self',
        'traded a pickaxe',
        '{"level":12}',
        'please stop selling TNT',
        'anyone selling TNT?',
        'hi alice',
        'hi bob',
        'PLAYER_JOIN',
      ]);
      expect(items[5]).toEqual({
        id: expect.any(Number),
        occurred_at: at(3),
        actor_uuid: bob.uuid,
        actor_username: 'BobDigs',
        target_uuid: alice.uuid,
        target_username: 'AliceMiner',
        activity_type: 'PRIVATE_MESSAGE',
        activity_text: 'hi alice',
      });
      expect(items.at(-1)).toMatchObject({ target_uuid: null, target_username: null, activity_text: null });
    });

    it('answers 10 entries by default and clamps the limit to 1..50', async () => {
      const filler = newPlayer({ username: 'Chatterbox' });
      expect((await postEvents(t.app, [filler.join])).statusCode).toBe(200);
      await t.db.insert(activity).values(
        Array.from({ length: 60 }, (_, i) => ({
          occurredAt: new Date(Date.UTC(2026, 0, 3, 0, i)),
          actorUuid: filler.uuid,
          activityType: 'CHAT_MESSAGE',
          activityText: `line ${i}`,
        })),
      );
      const own = await signIn(t.db, filler.uuid);
      const all = await feed(filler.uuid, own, '?limit=1000');
      expect(all).toHaveLength(50);
      expect(all[0]!.activity_text).toBe('line 59');
      expect(all.map((i) => i.id)).toEqual([...all.map((i) => i.id)].sort((a, b) => b - a));
      expect(await feed(filler.uuid, own)).toHaveLength(10);
      expect(await feed(filler.uuid, own, '?limit=')).toHaveLength(10);
      expect(await feed(filler.uuid, own, '?limit=0')).toHaveLength(1);
      expect(await feed(filler.uuid, own, '?limit=3')).toEqual(all.slice(0, 3));
      for (const limit of ['abc', '2.5']) {
        const res = await get(`/api/players/${filler.uuid}/activity?limit=${limit}`, own);
        expect(res.statusCode, limit).toBe(400);
        expect(res.json().detail).toMatch(/limit/);
      }
    });

    it("answers 403 to a player reading someone else's feed, and 401 signed out", async () => {
      const res = await get(`/api/players/${alice.uuid}/activity`, token.bob);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        detail: 'You may read only your own activity',
        code: 'not_your_activity',
      });
      // Whether or not the player exists.
      expect((await get(`/api/players/${randomUUID()}/activity`, token.bob)).statusCode).toBe(403);
      expect((await get(`/api/players/${alice.uuid}/activity`)).statusCode).toBe(401);
    });

    it("shows staff another player's feed without the private messages they were not part of", async () => {
      const items = await feed(alice.uuid, token.warden!, '?limit=50');
      expect(texts(items)).toEqual([
        'traded a pickaxe',
        '{"level":12}',
        'please stop selling TNT',
        'anyone selling TNT?',
        'PLAYER_JOIN',
      ]);
      const bobs = await feed(bob.uuid, token.warden!, '?limit=50');
      expect(bobs.map((i) => i.activity_type)).not.toContain('PRIVATE_MESSAGE');
      expect(texts(bobs)).toEqual(['traded a pickaxe']);
      // Each participant sees the message from their own feed.
      expect(texts(await feed(carol.uuid, token.carol!))).toEqual(['a secret for carol']);
      expect(texts(await feed(bob.uuid, token.bob!))).toEqual([
        'traded a pickaxe',
        'a secret for carol',
        'hi alice',
        'hi bob',
      ]);
      const unknown = await get(`/api/players/${randomUUID()}/activity`, token.warden);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: 'No such player', code: 'unknown_player' });
    });

    it('a role change signs the player out at once; the next sign-in has the new roles', async () => {
      const mod = newPlayer({ username: 'ModOfTheDay' });
      expect((await postEvents(t.app, [mod.join])).statusCode).toBe(200);
      await grantRoles(t.db, mod.uuid, ['owner']);
      const modToken = await signIn(t.db, mod.uuid);
      expect((await get(`/api/players/${alice.uuid}/activity`, modToken)).statusCode).toBe(200);
      await grantRoles(t.db, mod.uuid, ['vip']);
      expect((await get(`/api/players/${alice.uuid}/activity`, modToken)).statusCode).toBe(401);
      expect(
        (await get(`/api/players/${alice.uuid}/activity`, await signIn(t.db, mod.uuid))).statusCode,
      ).toBe(403);
      // And the other way round: a promotion too, and the next session is staff's.
      const promoted = newPlayer({ username: 'RisingRita' });
      expect((await postEvents(t.app, [promoted.join])).statusCode).toBe(200);
      const promotedToken = await signIn(t.db, promoted.uuid);
      expect((await get(`/api/players/${alice.uuid}/activity`, promotedToken)).statusCode).toBe(403);
      await grantRoles(t.db, promoted.uuid, ['web_admin']);
      expect((await get(`/api/players/${alice.uuid}/activity`, promotedToken)).statusCode).toBe(401);
      const staffToken = await signIn(t.db, promoted.uuid);
      expect((await get(`/api/players/${alice.uuid}/activity`, staffToken)).statusCode).toBe(200);
    });

    it('reads the newest entries of each index in order, however long the feed is', async () => {
      const crowd = Array.from({ length: 400 }, () => randomUUID());
      await t.db.insert(players).values(crowd.map((uuid, i) => ({ uuid, username: `Crowd${i}` })));
      const list = sql.join(
        crowd.map((uuid) => sql`${uuid}::uuid`),
        sql`, `,
      );
      // 40,000 entries between the crowd: 100 by each of them and 100 to each.
      await t.db.execute(sql`
        insert into activity (occurred_at, actor_uuid, target_uuid, activity_type, activity_text)
        select now(), (array[${list}])[1 + n % 400], (array[${list}])[1 + (n / 400) % 400], 'TRADE_COMPLETED', 'x'
        from generate_series(1, 40000) as n`);
      await t.db.execute(sql`analyze activity`);
      for (const player of [crowd[0]!, alice.uuid]) {
        const plan = await t.db.execute(sql`explain ${feedQuery(t.db, warden.uuid, player, 10)}`);
        const text = (plan as unknown as { rows: Record<string, string>[] }).rows
          .map((row) => Object.values(row)[0])
          .join('\n');
        expect(text).toContain('Index Scan using activity_actor_idx');
        expect(text).toContain('Index Scan using activity_target_idx');
        expect(text).not.toMatch(
          /Seq Scan on activity|Bitmap Heap Scan on activity|activity_pkey on activity activity_/,
        );
      }
      expect(await feed(crowd[0]!, token.warden!, '?limit=50')).toHaveLength(50);
      expect(texts(await feed(alice.uuid, token.alice!))).toContain('hi alice');
    });
  });
});
