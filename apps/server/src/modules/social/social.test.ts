import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import { ACCESS_TOKEN_SECONDS } from '@prison/shared/auth';
import type { Friend, Gang, SocialOverview } from '@prison/shared/social';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  createTestApp,
  databaseKinds,
  eventId,
  fakeWebDist,
  JWT_SECRET,
  newPlayer,
  openTestDatabase,
  postEvents,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';
import { connect, type Message } from '../../../test/live-socket.ts';
import { buildApp, loggerOptions } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { LiveHub } from '../../live/hub.ts';
import { socialTopicsOf } from './service.ts';

const gangsOf = (m: Message) => (m as { gangs?: Gang[] }).gangs;
const friendsOf = (m: Message) => (m as { friends?: Friend[] }).friends;
const overviewOf = (m: Message) => (m as { overview?: SocialOverview }).overview;

describe.each(databaseKinds())('the social hub on %s', (kind) => {
  let t: TestApp;
  let base: string;
  const alice = newPlayer({ username: 'AliceMiner' });
  const bob = newPlayer({ username: 'BobDigs' });
  const carol = newPlayer({ username: 'CarolCrafts' });
  const dave = newPlayer({ username: 'dave_the_brave' });
  const erin = newPlayer({ username: 'Erin' });
  const frank = newPlayer({ username: 'Frank' });
  const gus = newPlayer({ username: 'Gus' });
  const token: Record<string, string> = {};
  const ev = (type: string, fields: Record<string, unknown>) => ({ id: eventId(type), type, ...fields });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const res = await postEvents(t.app, [
      ...[alice, bob, carol, dave, erin, frank, gus].map((p) => p.join),
      ev('gang.upsert', {
        gang_id: 'diggers',
        name: 'Diggers',
        status: 'Open',
        color: '#aa0000',
        min_level: 10,
      }),
      ev('gang.upsert', { gang_id: 'zealots', name: 'Zealots', status: 'Closed' }),
      ev('gang.upsert', { gang_id: 'ants', name: 'ants', status: 'InviteOnly', color: 'gold' }),
      ev('gang.upsert', { gang_id: 'empty', name: 'Empty', status: 'Open' }),
      ev('gang.treasury', { gang_id: 'diggers', delta: '1000000000000000' }),
      ev('gang.treasury', { gang_id: 'zealots', delta: 500 }),
      ev('gang.treasury', { gang_id: 'ants', delta: 500 }),
      // Roles in no particular order, and in any case: the roster sorts them.
      ev('gang.member', { gang_id: 'diggers', uuid: gus.uuid, role: 'Treasurer' }),
      ev('gang.member', { gang_id: 'diggers', uuid: erin.uuid, role: 'Recruit' }),
      ev('gang.member', { gang_id: 'diggers', uuid: frank.uuid, role: 'member' }),
      ev('gang.member', { gang_id: 'diggers', uuid: alice.uuid, role: 'Leader' }),
      ev('gang.member', { gang_id: 'diggers', uuid: dave.uuid, role: 'Officer' }),
      ev('gang.member', { gang_id: 'zealots', uuid: carol.uuid, role: 'Leader' }),
      ev('friend.add', { uuid: alice.uuid, friend_uuid: bob.uuid }),
      ev('friend.add', { uuid: carol.uuid, friend_uuid: alice.uuid }),
      ev('friend.add', { uuid: alice.uuid, friend_uuid: dave.uuid }),
      ev('player.progress', { uuid: bob.uuid, xp_delta: 10, level: 7, rank: 'sentinel' }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const quits = await postEvents(t.app, [
      ev('player.quit', { uuid: carol.uuid }),
      ev('player.quit', { uuid: erin.uuid }),
      ev('player.quit', { uuid: dave.uuid }),
    ]);
    expect(quits.statusCode, quits.body).toBe(200);
    for (const [name, p] of Object.entries({ alice, bob })) {
      token[name] = await signIn(t.db, p.uuid);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const overview = (as?: string) =>
    t.app.inject({ url: '/api/social/overview', headers: as ? { authorization: `Bearer ${as}` } : {} });

  describe('GET /api/social/overview', () => {
    it("answers the signed-in player's friends and gang", async () => {
      const res = await overview(token.alice);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        friends: { online: 1, total: 3 },
        gang: { name: 'Diggers', role: 'Leader', online_count: 3, member_count: 5 },
      });
    });

    it('answers nulls for the gang of a player in no gang', async () => {
      const res = await overview(token.bob);
      expect(res.json()).toEqual({
        friends: { online: 1, total: 1 },
        gang: { name: null, role: null, online_count: null, member_count: null },
      });
    });

    it('answers 401 signed out', async () => {
      const res = await overview();
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Not signed in', code: 'not_signed_in' });
    });
  });

  describe('WS /api/gangs/ws', () => {
    it('pushes every gang by treasury, then name, with rosters by role, then name', async () => {
      const feed = connect(`${base}/api/gangs/ws`);
      // The gangs of the world above, in the order of the whole list (other tests add their own).
      const seeded = ['diggers', 'zealots', 'ants', 'empty'];
      const gangs = gangsOf(await feed.next((m) => 'gangs' in m))!.filter((g) => seeded.includes(g.id));
      expect(gangs.map((g) => g.name)).toEqual(['Diggers', 'ants', 'Zealots', 'Empty']);
      expect(gangs[0]).toEqual({
        id: 'diggers',
        name: 'Diggers',
        status: 'Open',
        color: '#aa0000',
        balance: '1000000000000000.00',
        member_count: 5,
        online_count: 3,
        min_level: 10,
        members: [
          {
            uuid: alice.uuid,
            username: 'AliceMiner',
            role: 'Leader',
            online: true,
            last_activity_at: expect.any(String),
          },
          {
            uuid: dave.uuid,
            username: 'dave_the_brave',
            role: 'Officer',
            online: false,
            last_activity_at: expect.any(String),
          },
          {
            uuid: frank.uuid,
            username: 'Frank',
            role: 'member',
            online: true,
            last_activity_at: expect.any(String),
          },
          {
            uuid: erin.uuid,
            username: 'Erin',
            role: 'Recruit',
            online: false,
            last_activity_at: expect.any(String),
          },
          {
            uuid: gus.uuid,
            username: 'Gus',
            role: 'Treasurer',
            online: true,
            last_activity_at: expect.any(String),
          },
        ],
      });
      expect(gangs[3]).toMatchObject({ member_count: 0, online_count: 0, members: [], color: null });
      feed.socket.close();
    });

    it('pushes again when a treasury or a roster changes', async () => {
      // Gangs and a recruit of its own: the changes would show in what the other tests read.
      const onyx = `onyx-${eventId()}`;
      const opal = `opal-${eventId()}`;
      const recruit = newPlayer({ username: 'RookieRae' });
      const own = (gangs: Gang[]) => gangs.filter((g) => g.id === onyx || g.id === opal);
      const res = await postEvents(t.app, [
        recruit.join,
        ev('gang.upsert', { gang_id: onyx, name: 'Onyx', status: 'Open' }),
        ev('gang.upsert', { gang_id: opal, name: 'opal', status: 'Open' }),
        ev('gang.treasury', { gang_id: onyx, delta: 500 }),
        ev('gang.treasury', { gang_id: opal, delta: 500 }),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const feed = connect(`${base}/api/gangs/ws`);
      const tied = gangsOf(await feed.next((m) => own(gangsOf(m) ?? []).length === 2))!;
      expect(own(tied).map((g) => g.name)).toEqual(['Onyx', 'opal']);
      await postEvents(t.app, [ev('gang.treasury', { gang_id: opal, delta: 0.01 })]);
      const richer = gangsOf(
        await feed.next((m) => gangsOf(m)?.find((g) => g.id === opal)?.balance === '500.01'),
      )!;
      expect(own(richer).map((g) => g.name)).toEqual(['opal', 'Onyx']);
      await postEvents(t.app, [ev('gang.member', { gang_id: onyx, uuid: recruit.uuid, role: 'Recruit' })]);
      const joined = gangsOf(
        await feed.next((m) => (gangsOf(m)?.find((g) => g.id === onyx)?.member_count ?? 0) > 0),
      )!;
      expect(joined.find((g) => g.id === onyx)).toMatchObject({
        member_count: 1,
        online_count: 1,
        members: [{ uuid: recruit.uuid, username: 'RookieRae', role: 'Recruit', online: true }],
      });
      await postEvents(t.app, [ev('gang.leave', { gang_id: onyx, uuid: recruit.uuid })]);
      await feed.next((m) => gangsOf(m)?.find((g) => g.id === onyx)?.member_count === 0);
      feed.socket.close();
    });

    it('refuses another site, and answers plain HTTP with 426', async () => {
      const foreign = new WebSocket(`${base}/api/gangs/ws`, { headers: { origin: 'https://evil.example' } });
      const status = await new Promise<number>((resolve) => {
        foreign.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        foreign.on('open', () => resolve(101));
      });
      expect(status).toBe(403);
      for (const url of ['/api/gangs/ws', '/api/social/ws?token=x']) {
        const res = await t.app.inject(url);
        expect(res.statusCode, url).toBe(426);
        expect(res.json().detail).toMatch(/WebSocket/);
      }
    });
  });

  describe('WS /api/social/ws', () => {
    it('pushes friends, overview, gang, punishments and the unread count on connect, then what a friend coming online changes', async () => {
      // Players of its own: a friend coming online changes what the other tests read.
      const helen = newPlayer({ username: 'HelenHauls' });
      const ivan = newPlayer({ username: 'IvanIngots' });
      const juno = newPlayer({ username: 'JunoJumps' });
      const kai = newPlayer({ username: 'kai_keeps' });
      const haulers = `haulers-${eventId()}`;
      const res = await postEvents(t.app, [
        ...[helen, ivan, juno, kai].map((p) => p.join),
        ev('player.progress', { uuid: ivan.uuid, xp_delta: 10, level: 7, rank: 'sentinel' }),
        ev('gang.upsert', { gang_id: haulers, name: 'Haulers', status: 'Open' }),
        ev('gang.member', { gang_id: haulers, uuid: helen.uuid, role: 'Leader' }),
        ev('gang.member', { gang_id: haulers, uuid: kai.uuid, role: 'Member' }),
        ev('friend.add', { uuid: helen.uuid, friend_uuid: ivan.uuid }),
        ev('friend.add', { uuid: juno.uuid, friend_uuid: helen.uuid }),
        ev('friend.add', { uuid: helen.uuid, friend_uuid: kai.uuid }),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const quits = await postEvents(t.app, [
        ev('player.quit', { uuid: juno.uuid }),
        ev('player.quit', { uuid: kai.uuid }),
      ]);
      expect(quits.statusCode, quits.body).toBe(200);
      const helenToken = await signIn(t.db, helen.uuid);

      const feed = connect(`${base}/api/social/ws?token=${helenToken}`);
      await feed.next((m) => 'notifications' in m);
      expect(feed.messages.map((m) => Object.keys(m)[0])).toEqual([
        'friends',
        'overview',
        'gang',
        'punishments',
        'notifications',
      ]);
      // Helen joined the Haulers and Juno added her as a friend: two unread notifications.
      expect(feed.messages[4]).toEqual({ notifications: { unread: 2 } });
      expect(friendsOf(feed.messages[0]!)).toEqual([
        {
          uuid: ivan.uuid,
          username: 'IvanIngots',
          online: true,
          rank: 'SENTINEL',
          level: 7,
          last_activity_at: expect.any(String),
          friends_since: expect.any(String),
        },
        expect.objectContaining({ username: 'JunoJumps', online: false }),
        expect.objectContaining({ username: 'kai_keeps', online: false }),
      ]);
      expect(overviewOf(feed.messages[1]!)).toEqual({
        friends: { online: 1, total: 3 },
        gang: { name: 'Haulers', role: 'Leader', online_count: 1, member_count: 2 },
      });
      expect(feed.messages[2]).toEqual({ gang: expect.objectContaining({ id: haulers, member_count: 2 }) });

      await postEvents(t.app, [{ ...juno.join, id: eventId('join') }]);
      const friends = friendsOf(
        await feed.next((m) => friendsOf(m)?.find((f) => f.uuid === juno.uuid)?.online === true),
      )!;
      // Online first, then by name.
      expect(friends.map((f) => f.username)).toEqual(['IvanIngots', 'JunoJumps', 'kai_keeps']);
      await feed.next((m) => overviewOf(m)?.friends.online === 2);
      // Juno is in no gang of Helen's: that message did not change, so it was not sent again.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(feed.messages.filter((m) => 'gang' in m)).toHaveLength(1);
      expect(feed.messages.filter((m) => 'overview' in m)).toHaveLength(2);

      feed.socket.close();
      await feed.closed;
      // The player's topics go with their last socket.
      await expect
        .poll(() => socialTopicsOf(helen.uuid).map((topic) => t.hub.socketCount(topic)))
        .toEqual([0, 0, 0, 0, 0]);
    });

    it('pushes null for a player in no gang, and their gang once they join one', async () => {
      const drifter = newPlayer({ username: 'DriftingDee' });
      const camp = `camp-${eventId()}`;
      const res = await postEvents(t.app, [
        drifter.join,
        ev('gang.upsert', { gang_id: camp, name: 'Camp', status: 'Open' }),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const drifterToken = await signIn(t.db, drifter.uuid);
      const feed = connect(`${base}/api/social/ws?token=${drifterToken}`);
      expect(await feed.next((m) => 'gang' in m)).toEqual({ gang: null });
      await postEvents(t.app, [ev('gang.member', { gang_id: camp, uuid: drifter.uuid, role: 'Leader' })]);
      const { gang } = await feed.next<{ gang: Gang }>((m) => (m as { gang?: Gang }).gang?.id === camp);
      expect(gang.members).toEqual([expect.objectContaining({ uuid: drifter.uuid, role: 'Leader' })]);
      await feed.next((m) => overviewOf(m)?.gang.name === 'Camp');
      feed.socket.close();
    });

    it('closes with 1008 without a token, with a bad one and with an expired one', async () => {
      const expired = await signIn(t.db, alice.uuid, { now: Date.now() - 16 * 60_000 });
      const forged = await signIn(t.db, alice.uuid, { secret: 'another-secret-0123456789abcdef' });
      for (const [query, reason] of [
        ['', 'Not signed in'],
        ['?token=', 'Not signed in'],
        ['?token=garbage', 'Not signed in'],
        [`?token=${forged}`, 'Not signed in'],
        [`?token=${expired}`, 'Your session has expired'],
      ] as const) {
        const feed = connect(`${base}/api/social/ws${query}`);
        expect(await feed.closed, query).toEqual({ code: 1008, reason });
        expect(feed.messages, query).toEqual([]);
      }
    });

    it('closes with 1008 when the token expires while connected', async () => {
      // Signed so that it expires two to three seconds from now.
      const shortLived = await signIn(t.db, alice.uuid, {
        now: Date.now() - ACCESS_TOKEN_SECONDS * 1000 + 3000,
      });
      const started = Date.now();
      const feed = connect(`${base}/api/social/ws?token=${shortLived}`);
      await feed.next((m) => 'gang' in m);
      expect(await feed.closed).toEqual({ code: 1008, reason: 'Your session has expired' });
      expect(Date.now() - started).toBeGreaterThan(1000);
    });
  });

  it('documents every route in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(doc.paths['/api/social/overview'].get).toMatchObject({
      tags: ['social'],
      summary: expect.any(String),
      security: [{ playerToken: [] }],
    });
    expect(Object.keys(doc.paths['/api/social/overview'].get.responses)).toEqual(['200', '401', '503']);
    for (const path of ['/api/gangs/ws', '/api/social/ws']) {
      expect(doc.paths[path].get, path).toMatchObject({ tags: ['live', 'social'], summary: /WebSocket/ });
    }
  });
});

describe('the social socket and the logs', () => {
  it('never writes the token of the query string to a log line', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const player = newPlayer();
    let secret = '';
    const database = await openTestDatabase('pglite');
    const hub = new LiveHub(database, { warn() {}, error() {} });
    await hub.start();
    // Debug logs every request: the most a deployment writes.
    const app = await buildApp({
      config: loadConfig({ DEMO: 'off', WEB_DIST: fakeWebDist(), DATA_DIR: tmpdir() }),
      database,
      hub,
      secrets: { jwtSecret: JWT_SECRET, bridgeToken: 'bridge-token-for-logs-test', rconPassword: null },
      loggerInstance: pino(loggerOptions('debug'), stream),
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const res = await app.inject({
        method: 'POST',
        url: '/api/bridge/events',
        headers: { authorization: 'Bearer bridge-token-for-logs-test' },
        payload: { events: [player.join] },
      });
      expect(res.statusCode).toBe(200);
      secret = await signIn(database.db, player.uuid);
      const port = (app.server.address() as AddressInfo).port;
      const feed = connect(`ws://127.0.0.1:${port}/api/social/ws?token=${secret}`);
      await feed.next((m) => 'gang' in m);
      feed.socket.close();
      await feed.closed;
      const plain = await app.inject(`/api/social/ws?token=${secret}&x=1`);
      expect(plain.statusCode).toBe(426);
      const refused = connect(
        `ws://127.0.0.1:${port}/api/social/ws?access_token=${secret}&token=bad-${secret}`,
      );
      await refused.closed;
    } finally {
      await app.close();
      await hub.stop();
      await database.close();
    }
    const log = lines.join('');
    expect(log).toContain('/api/social/ws?token=[redacted]&x=1');
    expect(log).not.toContain(secret.split('.')[2]);
    expect(log).not.toMatch(/eyJ[\w-]+\.eyJ/);
  });

  it('redacts tokens in the request serializer of every log line', () => {
    const serialize = loggerOptions('info').serializers.req;
    expect(
      serialize({ method: 'GET', url: '/api/social/ws?token=eyJhbGciOi.abc.def&x=1', ip: '10.0.0.1' }),
    ).toEqual({ method: 'GET', url: '/api/social/ws?token=[redacted]&x=1', remoteAddress: '10.0.0.1' });
  });
});
