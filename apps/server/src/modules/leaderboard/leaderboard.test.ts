import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LeaderboardEntry } from '@prison/shared/leaderboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  createTestApp,
  databaseKinds,
  eventId,
  newPlayer,
  postEvents,
  type TestApp,
} from '../../../test/helpers.ts';
import { answerHeaders, fetchRaw } from '../../../test/raw-fetch.ts';
import { players } from '../../db/schema.ts';
import { preferredEncoding } from '../../live/encoded-body.ts';

/** A player fed through the bridge like the game does: join, progress, then money. */
function seeded(username: string, p: { level: number; xp: number; prestige: number; balance: string }) {
  const player = newPlayer({ username });
  return {
    ...player,
    events: [
      player.join,
      {
        id: eventId(),
        type: 'player.progress',
        uuid: player.uuid,
        xp_delta: p.xp,
        level: p.level,
        prestige: p.prestige,
        rank: 'sentinel',
      },
      { id: eventId(), type: 'player.balance', uuid: player.uuid, delta: p.balance, reason: 'test' },
    ],
  };
}

/** Collects the JSON messages a socket receives. */
function listen(url: string) {
  const socket = new WebSocket(url);
  const messages: unknown[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const next = async (predicate: (m: unknown) => boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(messages)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { socket, next };
}

const names = (entries: LeaderboardEntry[]) => entries.map((e) => e.username);

describe.each(databaseKinds())('the leaderboard on %s', (kind) => {
  let t: TestApp;
  // Designed so that every metric has a tie that XP, then the name, must break. Baker and Delta are
  // 5 cents apart above 2^53, where both would be the same double (4000000000000007.5).
  const able = seeded('Able', { level: 30, xp: 5000, prestige: 1, balance: '100' });
  const baker = seeded('Baker', { level: 30, xp: 5000, prestige: 0, balance: '4000000000000007.35' });
  const charlie = seeded('Charlie', { level: 30, xp: 9000, prestige: 0, balance: '50.25' });
  const delta = seeded('Delta', { level: 10, xp: 9000, prestige: 3, balance: '4000000000000007.40' });
  const echo = seeded('Echo', { level: 5, xp: 100, prestige: 3, balance: '100' });
  const FILLERS = 120;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const res = await postEvents(
      t.app,
      [able, baker, charlie, delta, echo].flatMap((p) => p.events),
    );
    expect(res.statusCode, res.body).toBe(200);
    // Enough players below the five above to see the limit clamped at 100.
    await t.db.insert(players).values(
      Array.from({ length: FILLERS }, (_, i) => ({
        uuid: randomUUID(),
        username: `Zfiller${String(i).padStart(3, '0')}`,
      })),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/api/leaderboard${query}`, headers });
  const top = async (query: string) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as LeaderboardEntry[];
  };

  it('ranks by level by default, ties broken by XP then name, as full entries', async () => {
    const entries = await top('?limit=5');
    expect(names(entries)).toEqual(['Charlie', 'Able', 'Baker', 'Delta', 'Echo']);
    expect(entries[2]).toEqual({
      uuid: baker.uuid,
      username: 'Baker',
      level: 30,
      xp: 5000,
      prestige: 0,
      rank: 'SENTINEL',
      balance: '4000000000000007.35',
    });
    expect(entries[0]!.balance).toBe('50.25');
  });

  it.each([
    ['level', ['Charlie', 'Able', 'Baker', 'Delta', 'Echo']],
    ['xp', ['Charlie', 'Delta', 'Able', 'Baker', 'Echo']],
    ['prestige', ['Delta', 'Echo', 'Able', 'Charlie', 'Baker']],
    ['balance', ['Delta', 'Baker', 'Able', 'Echo', 'Charlie']],
  ])('ranks by %s', async (metric, expected) => {
    expect(names(await top(`?limit=5&metric=${metric}`))).toEqual(expected);
  });

  it('answers 50 by default and clamps the limit to 1..100', async () => {
    expect(await top('')).toHaveLength(50);
    expect(await top('?limit=')).toHaveLength(50);
    expect(await top('?limit=1000')).toHaveLength(100);
    expect(await top('?limit=0')).toHaveLength(1);
    expect(await top('?limit=-7')).toHaveLength(1);
    expect(names(await top('?limit=2.9&metric=xp'))).toEqual(['Charlie', 'Delta']);
  });

  it('refuses an unknown metric or a limit that is not a number with 400 {detail}', async () => {
    const metric = await get('?metric=kills');
    expect(metric.statusCode).toBe(400);
    expect(metric.json().detail).toMatch(/metric/i);
    const limit = await get('?limit=lots');
    expect(limit.statusCode).toBe(400);
    expect(limit.json()).toEqual({ detail: expect.stringMatching(/limit/), code: 'invalid_request' });
  });

  it('serves cacheable bytes, compressed once for clients that accept it', async () => {
    const plain = await get('?limit=50');
    expect(plain.headers['cache-control']).toBe('public, max-age=1');
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('?limit=50', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('?limit=50', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // Too small to be worth compressing.
    const small = await get('?limit=1', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveLength(1);
  });

  it('carries the security headers of JSON answers, on answers and errors alike', async () => {
    const site = (await t.app.inject({ url: '/api/config' })).headers;
    for (const res of [await get('?limit=3'), await get('?limit=3'), await get('?metric=kills')]) {
      for (const name of [
        'content-security-policy',
        'x-content-type-options',
        'cross-origin-resource-policy',
      ]) {
        expect(res.headers[name], name).toBe(site[name]);
      }
    }
    expect(site['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  const origin = async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  };

  it('answers from the fast lane exactly what the route answers', async () => {
    const base = await origin();
    const queries = ['', '?limit=50', '?limit=3&metric=xp', '?metric=balance&limit=7', '?limit=0'];
    queries.push('?limit=999', '?limit=', '?limit=007', '?metric=prestige', '?metric=level&limit=100');
    // Whatever the route's schema accepts, however written: the lane parses the query with it.
    queries.push('?limit=-7', '?limit=2.9', '?limit=%35', '?limit=+5', '?limit=5&page=2', '?metric=x%70');
    const encodings: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'br' },
      { 'accept-encoding': 'gzip, deflate, br' },
    ];
    encodings.push({ 'accept-encoding': 'gzip' }, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    for (const metric of ['level', 'xp', 'prestige', 'balance']) await top(`?metric=${metric}`);
    const before = t.app.fastLane.served;
    for (const query of queries) {
      for (const headers of encodings) {
        const routed = await get(query, headers);
        const laned = await fetchRaw(`${base}/api/leaderboard${query}`, headers);
        expect(laned.status, query).toBe(200);
        expect(laned.body.equals(routed.rawPayload), `${query} ${JSON.stringify(headers)}`).toBe(true);
        expect(answerHeaders(laned.headers)).toEqual(answerHeaders(routed.headers));
      }
    }
    expect(t.app.fastLane.served - before).toBe(queries.length * encodings.length);
  });

  it("leaves to the route what the route's schema refuses, a HEAD and a request with credentials", async () => {
    const base = await origin();
    const before = t.app.fastLane.served;
    for (const query of ['?metric=kills', '?limit=lots', '?limit=5&limit=6', '?metric=XP', '?limit=1e999']) {
      const routed = await get(query);
      const sent = await fetchRaw(`${base}/api/leaderboard${query}`, {});
      expect(sent.status, query).toBe(routed.statusCode);
      expect(sent.body.toString(), query).toBe(routed.body);
      expect(answerHeaders(sent.headers)).toEqual(answerHeaders(routed.headers));
    }
    const head = await fetchRaw(`${base}/api/leaderboard`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toHaveLength(0);
    // The lane never checks a token: a request with credentials is the route's, which ignores them.
    const credentials: Record<string, string>[] = [{ authorization: 'Bearer anything' }, { cookie: 'a=b' }];
    for (const headers of credentials) {
      const routed = await get('?limit=3', headers);
      const sent = await fetchRaw(`${base}/api/leaderboard?limit=3`, headers);
      expect(sent.status).toBe(200);
      expect(sent.body.equals(routed.rawPayload)).toBe(true);
      expect(answerHeaders(sent.headers)).toEqual(answerHeaders(routed.headers));
    }
    expect(t.app.fastLane.served).toBe(before);
  });

  it('pushes the ranking on connect and a new one after a bridge event', async () => {
    // Moving a player to the top changes the rankings the other tests read: a server of its own.
    const own = await createTestApp(kind);
    try {
      const res = await postEvents(
        own.app,
        [able, baker, charlie, delta, echo].flatMap((p) => p.events),
      );
      expect(res.statusCode, res.body).toBe(200);
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `ws://127.0.0.1:${(own.app.server.address() as AddressInfo).port}`;
      const { socket, next } = listen(`${base}/ws/leaderboard?limit=3&metric=xp`);
      const first = (await next(() => true)) as { entries: LeaderboardEntry[] };
      expect(names(first.entries)).toEqual(['Charlie', 'Delta', 'Able']);

      await postEvents(own.app, [
        { id: eventId(), type: 'player.progress', uuid: echo.uuid, xp_delta: 20_000 },
      ]);
      const moved = (await next(
        (m) => (m as { entries: LeaderboardEntry[] }).entries[0]?.username === 'Echo',
      )) as {
        entries: LeaderboardEntry[];
      };
      expect(names(moved.entries)).toEqual(['Echo', 'Charlie', 'Delta']);
      expect(moved.entries[0]!.xp).toBe(20_100);
      socket.close();

      // The HTTP answer comes from the same live snapshots.
      const topThree = async () =>
        names((await own.app.inject('/api/leaderboard?limit=3&metric=xp')).json() as LeaderboardEntry[]);
      await expect.poll(topThree, { timeout: 5000 }).toEqual(['Echo', 'Charlie', 'Delta']);
    } finally {
      await own.close();
    }
  });

  it('refuses a socket for an unknown metric', async () => {
    const base = (await origin()).replace('http:', 'ws:');
    const socket = new WebSocket(`${base}/ws/leaderboard?metric=kills`);
    const status = await new Promise<number>((resolve) => {
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.on('open', () => resolve(101));
      socket.on('error', () => resolve(-1));
    });
    expect(status).toBe(400);
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0, identity', 'identity'],
    ['deflate', 'identity'],
  ])('%s -> %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
