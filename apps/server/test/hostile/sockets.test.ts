// Issue 8, hostile input on every socket: /ws/players, /ws/leaderboard, /api/gangs/ws,
// /api/social/ws?token= and /api/bridge/ws (with and without its bearer) fed garbage text and binary
// messages, frames above maxPayload, text frames that are not UTF-8, frames no client may send,
// bad query strings, bad origins, broken handshakes and abrupt disconnects, on a real listening
// server. The server stays up, an oversized or broken frame closes only the socket that sent it,
// refused upgrades are answered {detail}, and every other socket keeps receiving its updates.
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { BRIDGE_TOKEN, createTestApp, databaseKinds, eventId, postEvents, type TestApp } from '../helpers.ts';
import { hostileString } from './arbitraries.ts';
import { bridgeHeaders, buildWorld, expectHealthy, type World, watchProcess } from './harness.ts';
import { frame, handshake, type Listener, listen, rawConnect, within } from './ws-client.ts';

interface Feed {
  name: string;
  path: (world: World) => string;
  headers?: Record<string, string>;
  /** Browsers' Origin is checked on every feed but the game server's. */
  checksOrigin: boolean;
  /** Makes something change that the feed reports, and says how to recognise the report. */
  update: (t: TestApp, world: World, round: number) => Promise<(message: unknown) => boolean>;
}

const has = (message: unknown, key: string) =>
  typeof message === 'object' && message !== null && key in (message as Record<string, unknown>);

const FEEDS: Feed[] = [
  {
    name: '/ws/players',
    path: () => '/ws/players',
    checksOrigin: true,
    update: async (t, _world, round) => {
      const online = 1000 + round;
      const res = await postEvents(t.app, [
        { id: eventId('status'), type: 'server.status', online, max_online: 5000 },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      return (m) => has(m, 'online') && (m as { online: number }).online === online;
    },
  },
  {
    name: '/ws/leaderboard',
    path: () => '/ws/leaderboard?metric=xp&limit=5',
    checksOrigin: true,
    update: async (t, world, round) => {
      const climber = world.staff[round]!.uuid;
      const res = await postEvents(t.app, [
        { id: eventId('xp'), type: 'player.progress', uuid: climber, xp_delta: 1e11 * (round + 1) },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      return (m) => has(m, 'entries') && (m as { entries: { uuid: string }[] }).entries[0]?.uuid === climber;
    },
  },
  {
    name: '/api/gangs/ws',
    path: () => '/api/gangs/ws',
    checksOrigin: true,
    update: async (t, _world, round) => {
      const name = `Hostile ${round}`;
      const res = await postEvents(t.app, [
        { id: eventId('gang'), type: 'gang.upsert', gang_id: `hostile-${round}`, name, status: 'Open' },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      return (m) =>
        has(m, 'gangs') && (m as { gangs: { name: string }[] }).gangs.some((g) => g.name === name);
    },
  },
  {
    name: '/api/social/ws',
    path: (world) => `/api/social/ws?token=${world.buyers[0]!.token}`,
    checksOrigin: true,
    update: async (t, world, round) => {
      const friend = world.staff[round]!.uuid;
      const res = await postEvents(t.app, [
        { id: eventId('friend'), type: 'friend.add', uuid: world.buyers[0]!.uuid, friend_uuid: friend },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      return (m) =>
        has(m, 'friends') && (m as { friends: { uuid: string }[] }).friends.some((f) => f.uuid === friend);
    },
  },
  {
    name: '/api/bridge/ws',
    path: () => '/api/bridge/ws',
    headers: bridgeHeaders,
    checksOrigin: false,
    update: async (t, world, round) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auction/purchase',
        headers: { authorization: `Bearer ${world.buyers[1 + (round % 4)]!.token}` },
        payload: { id: world.listingIds[2]!, qty: 1 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const purchaseId = (res.json() as { id: string }).id;
      return (m) =>
        has(m, 'delivery') &&
        (m as { delivery: { purchase_id: string } }).delivery.purchase_id === purchaseId;
    },
  },
];

/** Sample messages: hostile text, JSON that looks like commands, binary bytes, all under 4 KB. */
const garbage = fc.oneof(
  hostileString.map((s) => s.slice(0, 1000)),
  fc.constantFrom('{"subscribe":"social:*"}', '{"__proto__":{"admin":true}}', 'null', '', '[]'),
  fc.uint8Array({ maxLength: 4000 }).map((a) => Buffer.from(a)),
);

function expectDetail(answer: { status: number; body: string; contentType: string }, what: string): void {
  expect(answer.status, `${what}: ${answer.body}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${what}: ${answer.body}`).toBeLessThan(500);
  expect(answer.contentType, `${what}: ${answer.body}`).toMatch(/^application\/json/);
  expect(typeof (JSON.parse(answer.body) as { detail?: unknown }).detail, what).toBe('string');
}

/** The status line and JSON detail of a raw HTTP answer. */
function expectRawDetail(text: string, what: string): void {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
  expect(status, `${what}: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(status, `${what}: ${text.slice(0, 300)}`).toBeLessThan(500);
  expect(text, what).toMatch(/content-type: application\/json/i);
  const body = text.slice(text.indexOf('\r\n\r\n') + 4);
  expect(typeof (JSON.parse(body) as { detail?: unknown }).detail, `${what}: ${body}`).toBe('string');
}

describe.each(databaseKinds())('hostile socket input on %s', (kind) => {
  let t: TestApp;
  let world: World;
  let port: number;
  let base: string;
  const watch = watchProcess();
  const open: WebSocket[] = [];

  const connect = (
    feed: Feed,
    extra: { headers?: Record<string, string>; origin?: string; path?: string } = {},
  ) => {
    const listener = listen(`${base}${extra.path ?? feed.path(world)}`, {
      headers: { ...feed.headers, ...extra.headers },
      ...(extra.origin !== undefined && { origin: extra.origin }),
    });
    open.push(listener.socket);
    return listener;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    world = await buildWorld(t, `s${kind}`);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    base = `ws://127.0.0.1:${port}`;
  });
  // A test counts the hub's sockets: those another test opened are gone by then.
  afterEach(() => {
    for (const socket of open.splice(0)) socket.terminate();
  });
  afterAll(async () => {
    watch.stop();
    await t?.close();
  });

  it('keeps every feed going while each is attacked, and closes only the sockets that broke the rules', async () => {
    // Witnesses: one quiet socket per feed, connected before the attack.
    const witnesses = FEEDS.map((feed) => connect(feed));
    await Promise.all(witnesses.map((w) => w.opened));
    await Promise.all(witnesses.map((w) => w.next(() => true)));

    const chatterboxes = new Map<Feed, Listener>();
    await Promise.all(
      FEEDS.map(async (feed) => {
        // Small junk of every kind is ignored: the socket stays subscribed.
        const chatter = connect(feed);
        chatterboxes.set(feed, chatter);
        await chatter.opened;
        for (const message of fc.sample(garbage, { numRuns: 60 })) chatter.socket.send(message);

        // A frame above maxPayload (4 KB), text or binary, closes that socket alone.
        for (const big of ['x'.repeat(5000), Buffer.alloc(1 << 20, 7)]) {
          const offender = connect(feed);
          await offender.opened;
          offender.socket.send(big);
          expect(await within(offender.closing, 10_000)).toBeOneOf([1009, 1006]);
        }
        // A text frame that is not UTF-8.
        const liar = connect(feed);
        await liar.opened;
        liar.socket.send(Buffer.from([0x48, 0xff, 0xfe, 0xed, 0xa0, 0x80]), { binary: false });
        expect(await within(liar.closing, 10_000)).toBeOneOf([1007, 1006]);

        // Gone at once: after opening, while connecting, and mid-frame on a raw connection.
        const quitter = connect(feed);
        await quitter.opened;
        quitter.socket.terminate();
        connect(feed).socket.terminate();
        const raw = await rawConnect(port);
        raw.socket.write(
          handshake(
            feed.path(world),
            port,
            feed.headers ? { Authorization: feed.headers.authorization } : {},
          ),
        );
        await raw.waitFor(/^HTTP\/1\.1 101/);
        raw.socket.write(frame(1, Buffer.from('half a frame')).subarray(0, 9));
        raw.socket.destroy();
        const early = await rawConnect(port);
        early.socket.write(handshake(feed.path(world), port).slice(0, 40));
        early.socket.destroy();
      }),
    );

    // Everyone else still hears every change, the chatterboxes included.
    for (const [i, feed] of FEEDS.entries()) {
      const matches = await feed.update(t, world, i);
      if (feed.checksOrigin) {
        await witnesses[i]!.next(matches);
        await chatterboxes.get(feed)!.next(matches);
      } else {
        // A delivery goes to one of the game server's sockets: the witness or the chatterbox.
        await Promise.any([witnesses[i]!.next(matches), chatterboxes.get(feed)!.next(matches)]);
      }
      expect(witnesses[i]!.closed(), feed.name).toBeNull();
    }
    // The hub forgot the sockets that went away.
    await expect.poll(() => t.hub.socketCount('players'), { timeout: 10_000 }).toBe(2);
    await expectHealthy(t, world);
    watch.expectNone();
  });

  it('closes a socket that sends a frame no client may send, and only that one', async () => {
    for (const feed of FEEDS) {
      const witness = connect(feed);
      await witness.opened;
      const frames = [
        // A payload length beyond 2^53: refused before any of it is awaited.
        Buffer.concat([
          Buffer.from([0x82, 0xff, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
          Buffer.alloc(4),
        ]),
        // 2^40 bytes announced.
        Buffer.concat([Buffer.from([0x82, 0xff, 0, 0, 1, 0, 0, 0, 0, 0]), Buffer.alloc(4)]),
        frame(1, Buffer.from('unmasked'), { masked: false }),
        frame(3, Buffer.from('reserved opcode')),
        Buffer.from([0xf1, 0x80, 0, 0, 0, 0]), // RSV bits set
        frame(9, Buffer.alloc(200)), // a ping above 125 bytes
        frame(8, Buffer.from([0x03])), // a close frame with a one-byte payload
        frame(0, Buffer.from('a continuation of nothing')),
        Buffer.concat([frame(1, Buffer.from('never'), { fin: false }), frame(1, Buffer.from('finished'))]),
      ];
      for (const bytes of frames) {
        const raw = await rawConnect(port);
        raw.socket.write(
          handshake(
            feed.path(world),
            port,
            feed.headers ? { Authorization: feed.headers.authorization } : {},
          ),
        );
        await raw.waitFor(/^HTTP\/1\.1 101/);
        raw.socket.write(bytes);
        expect(
          await within(raw.ended, 10_000),
          `${feed.name} after ${bytes.subarray(0, 12).toString('hex')}`,
        ).not.toBe('timeout');
      }
      expect(witness.closed(), feed.name).toBeNull();
    }
    const matches = await FEEDS[0]!.update(t, world, 7);
    const again = connect(FEEDS[0]!);
    await again.next(matches);
    watch.expectNone();
  });

  it('refuses bad origins, bad queries, bad bearers and broken handshakes with {detail}', async () => {
    for (const feed of FEEDS.filter((f) => f.checksOrigin)) {
      for (const origin of [
        'http://evil.example',
        'null',
        'not a url',
        `http://127.0.0.1:${port}.evil.example`,
        `http://127.0.0.1:${port}@evil.example`,
        'http://127.0.0.1',
        `http://${'x'.repeat(4000)}.example`,
      ]) {
        expectDetail(await connect(feed, { origin }).refusal, `${feed.name} from ${origin.slice(0, 40)}`);
      }
      // The site's own page is welcome.
      await connect(feed, { origin: `http://127.0.0.1:${port}` }).opened;
    }
    for (const path of [
      '/ws/leaderboard?limit=%FF',
      '/ws/leaderboard?metric=nope',
      '/ws/leaderboard?limit=NaN&metric=xp',
      '/ws/leaderboard?metric=xp&metric=level',
      '/api/social/ws?token=a&token=b',
    ]) {
      expectDetail(await connect(FEEDS[0]!, { path }).refusal, path);
    }
    // The social feed reads its token after the upgrade: a bad one closes the socket with 1008.
    for (const path of [
      '/api/social/ws',
      '/api/social/ws?token=',
      '/api/social/ws?token=garbage',
      `/api/social/ws?token=${world.buyers[0]!.token}x`,
      `/api/social/ws?token=${'A'.repeat(6000)}`,
      '/api/social/ws?token=%00%FF',
    ]) {
      expect(await within(connect(FEEDS[3]!, { path }).closing, 10_000), path).toBe(1008);
    }
    const bridge = FEEDS[4]!;
    for (const authorization of [
      '',
      'Bearer',
      `Bearer ${BRIDGE_TOKEN}x`,
      `bearer ${BRIDGE_TOKEN}`,
      `Bearer ${world.buyers[0]!.token}`,
    ]) {
      const headers: Record<string, string> = authorization ? { authorization } : {};
      const refused = listen(`${base}/api/bridge/ws`, { headers });
      open.push(refused.socket);
      const answer = await refused.refusal;
      expect(answer.status).toBe(401);
      expectDetail(answer, `bridge with ${authorization.slice(0, 20)}`);
    }
    // Handshakes that the WebSocket library itself refuses.
    for (const feed of FEEDS) {
      const auth = bridge === feed ? { Authorization: `Bearer ${BRIDGE_TOKEN}` } : {};
      for (const broken of [
        { 'Sec-WebSocket-Key': undefined },
        { 'Sec-WebSocket-Key': 'short' },
        { 'Sec-WebSocket-Version': '99' },
        { 'Sec-WebSocket-Version': undefined },
        { 'Sec-WebSocket-Protocol': 'a b, ,' },
        { Upgrade: 'h2c' },
      ]) {
        const raw = await rawConnect(port);
        raw.socket.write(handshake(feed.path(world), port, { ...auth, ...broken }));
        // The server answers and hangs up.
        expect(await within(raw.ended, 10_000)).not.toBe('timeout');
        expectRawDetail(raw.received(), `${feed.name} with ${JSON.stringify(broken)}`);
        raw.socket.destroy();
      }
    }
    // An upgrade asked with HEAD or POST.
    for (const method of ['HEAD', 'POST']) {
      const raw = await rawConnect(port);
      raw.socket.write(handshake('/ws/players', port).replace(/^GET/, method));
      expect(await within(raw.ended, 10_000)).not.toBe('timeout');
      const text = raw.received();
      expect(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), `${method}: ${text}`).toBeOneOf([
        400, 404, 405, 426,
      ]);
      if (method !== 'HEAD') expectRawDetail(text, `${method} upgrade`);
    }
    watch.expectNone();
  });
});
