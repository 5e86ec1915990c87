// Issue 8, hostile input: the hand-picked cases, each named, beside the generated ones of
// http-fuzz.test.ts. Oversized and compressed-bomb bodies on every POST route (above the 256 KB
// limit, the docs limit and the bridge's 24 MiB), malformed JSON, duplicate and prototype keys, bad
// UTF-8, deep nesting, numbers beyond a double, absurd limits, bad Authorization and Idempotency-Key
// headers, and the NUL characters that used to reach PostgreSQL and answer 500.
import { gzipSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_BODY_LIMIT } from '../../src/modules/bridge/routes.ts';
import { BRIDGE_TOKEN, createTestApp, databaseKinds, eventId, type TestApp } from '../helpers.ts';
import {
  allInvariants,
  buildWorld,
  counts,
  expectHealthy,
  expectSound,
  startEchoRcon,
  tableDigest,
  type World,
  watchProcess,
} from './harness.ts';

interface Route {
  url: string;
  auth: 'none' | 'player' | 'staff' | 'bridge';
  /** A body the route accepts, or at least reads. */
  body: (world: World) => Record<string, unknown>;
  /** The body limit above the default 256 KB, if the route has its own. */
  limit?: number;
  idempotency?: boolean;
}

const KB = 1024;

const POST_ROUTES: Route[] = [
  { url: '/api/auth/player-login', auth: 'none', body: () => ({ username: 'Nobody', password: 'not-it' }) },
  { url: '/api/auth/refresh', auth: 'none', body: () => ({ refresh_token: 'not-a-token' }) },
  { url: '/api/auth/logout', auth: 'none', body: () => ({ refresh_token: 'not-a-token' }) },
  { url: '/api/docs', auth: 'staff', body: () => ({ title: 'T', content: 'C' }), limit: 100 * KB * 6 + 4096 },
  {
    url: '/api/bridge/events',
    auth: 'bridge',
    body: () => ({ events: [{ id: eventId('cat'), type: 'gang.disband', gang_id: 'no-such-gang' }] }),
    limit: BRIDGE_BODY_LIMIT,
  },
  { url: '/api/bridge/deliveries/ack', auth: 'bridge', body: () => ({ ids: [] }) },
  {
    url: '/api/auction/purchase',
    auth: 'player',
    body: (world) => ({ id: world.listingIds[2]!, qty: 1 }),
    idempotency: true,
  },
  { url: '/api/admin/command', auth: 'staff', body: () => ({ command: 'list' }) },
];

describe.each(databaseKinds())('hand-picked hostile requests on %s', (kind) => {
  let t: TestApp;
  let world: World;
  let rcon: Awaited<ReturnType<typeof startEchoRcon>>;
  const watch = watchProcess();
  let staffTurn = 0;
  let address = 0;
  /** Purchases answered 200 here, the world's own included. */
  let purchasesMade = 1;

  const authorization = (route: Pick<Route, 'auth'>): Record<string, string> => {
    if (route.auth === 'bridge') return { authorization: `Bearer ${BRIDGE_TOKEN}` };
    if (route.auth === 'player') return { authorization: `Bearer ${world.buyers[4]!.token}` };
    // Turn by turn, so that the per-staff command limit is not what answers.
    if (route.auth === 'staff') return { authorization: `Bearer ${world.staff[staffTurn++ % 10]!.token}` };
    return {};
  };

  /** Sends a request that must be refused with `status`, must be sound, and must write nothing. */
  async function refused(options: InjectOptions, status: number | number[], label = String(options.url)) {
    const before = await tableDigest(t.db);
    address++;
    const answer = await t.app.inject({ remoteAddress: `10.8.${address >> 8}.${address & 255}`, ...options });
    expectSound(answer, label, String(options.method ?? 'GET'));
    expect([status].flat(), `${label}: ${answer.body.slice(0, 300)}`).toContain(answer.statusCode);
    expect(await tableDigest(t.db), `${label} was refused but wrote`).toEqual(before);
    return answer;
  }

  beforeAll(async () => {
    rcon = await startEchoRcon();
    t = await createTestApp(kind, rcon.env);
    world = await buildWorld(t, `c${kind}`);
  });
  afterAll(async () => {
    watch.stop();
    await t?.close();
    await rcon?.close();
  });

  describe.each(POST_ROUTES)('POST $url', (route) => {
    const post = (payload: string | Buffer, headers: Record<string, string> = {}): InjectOptions => ({
      method: 'POST',
      url: route.url,
      headers: { 'content-type': 'application/json', ...authorization(route), ...headers },
      payload,
    });

    it('answers 413 to a body above its limit, and to a compressed body that inflates above it', async () => {
      const limit = route.limit ?? 256 * KB;
      const huge = JSON.stringify({ ...route.body(world), padding: 'x'.repeat(limit + 16) });
      await refused(post(huge), 413, `${route.url} with ${huge.length} bytes`);
      // A few KB of gzip that inflate beyond the limit: read no further than the limit.
      const bomb = gzipSync(
        Buffer.concat([Buffer.from('{"padding":"'), Buffer.alloc(limit + KB, 0x78), Buffer.from('"}')]),
      );
      await refused(post(bomb, { 'content-encoding': 'gzip' }), 413, `${route.url} with a gzip bomb`);
    });

    it('refuses malformed JSON, bad UTF-8, wrong content types and prototype keys with a 4xx', async () => {
      // Sign-out takes any object (an unknown key is ignored) and always answers 204.
      const anyObject = route.url === '/api/auth/logout' ? [400, 204] : 400;
      const cases: Array<[string | Buffer, Record<string, string>, number | number[]]> = [
        ['{"a":', {}, 400],
        ["{'a':1}", {}, 400],
        ['', {}, 400],
        ['NaN', {}, 400],
        [Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), {}, anyObject],
        [Buffer.from([0xed, 0xa0, 0x80]), {}, 400],
        [Buffer.from([0xc0, 0xaf, 0x00]), {}, 400],
        ['{"__proto__":{"isAdmin":true}}', {}, 400],
        ['{"constructor":{"prototype":{"isAdmin":true}}}', {}, 400],
        // Read as a string (Fastify's text parser), which is not the object the route wants.
        [JSON.stringify(route.body(world)), { 'content-type': 'text/plain' }, [400, 415]],
        [JSON.stringify(route.body(world)), { 'content-type': 'application/x-www-form-urlencoded' }, 415],
        [JSON.stringify(route.body(world)), { 'content-type': 'multipart/form-data; boundary=x' }, 415],
        [JSON.stringify(route.body(world)), { 'content-encoding': 'gzip' }, 400],
        [JSON.stringify(route.body(world)), { 'content-encoding': 'compress' }, 415],
      ];
      for (const [payload, headers, status] of cases) {
        await refused(
          post(payload, headers),
          status,
          `${route.url} ${String(payload).slice(0, 60)} ${JSON.stringify(headers)}`,
        );
      }
      expect(({} as { isAdmin?: unknown }).isAdmin).toBeUndefined();
    });

    it('survives 10,000 and 100,000 nested arrays, in the body and in a field', async () => {
      for (const depth of [10_000, 100_000]) {
        const nested = '['.repeat(depth) + ']'.repeat(depth);
        const field = Object.keys(route.body(world))[0]!;
        for (const payload of [nested, `{"${field}":${nested}}`]) {
          const before = await tableDigest(t.db);
          const answer = await t.app.inject(post(payload));
          expectSound(answer, `${route.url} nested ${depth}`, 'POST');
          expect(answer.statusCode).toBeGreaterThanOrEqual(400);
          expect(await tableDigest(t.db)).toEqual(before);
        }
      }
    });

    it('reads duplicate keys as the last one, and refuses what that leaves', async () => {
      const body = route.body(world);
      const field = Object.keys(body)[0]!;
      const text = JSON.stringify(body).replace(/^\{/, `{"${field}":{"nested":[1e308]},`);
      const answer = await t.app.inject(post(text));
      expectSound(answer, `${route.url} duplicate ${field}`, 'POST');
      if (route.url === '/api/auction/purchase' && answer.statusCode === 200) purchasesMade++;
      const reversed = JSON.stringify(body).replace(/\}$/, `,"${field}":null}`);
      await refused(post(reversed), 400, `${route.url} duplicate ${field}, last one wrong`);
    });

    it.runIf(route.auth !== 'none')('answers 401 to every wrong Authorization header', async () => {
      const wrong = [
        undefined,
        '',
        'Bearer',
        'Bearer ',
        'Basic dXNlcjpwYXNz',
        'bearer x',
        'Bearer a.b.c',
        'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ4IiwiZXhwIjo5OTk5OTk5OTk5fQ.',
        `Bearer ${'A'.repeat(20_000)}`,
        `Bearer ${route.auth === 'bridge' ? world.buyers[0]!.token : BRIDGE_TOKEN}`,
      ];
      for (const header of wrong) {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (header !== undefined) headers.authorization = header;
        await refused(
          { method: 'POST', url: route.url, headers, payload: JSON.stringify(route.body(world)) },
          401,
          `${route.url} with Authorization ${String(header).slice(0, 40)}`,
        );
      }
    });
  });

  it('refuses a NUL or an unpaired surrogate in a listing id, a category key and a username with 400, not a database error', async () => {
    const buyer = { authorization: `Bearer ${world.buyers[3]!.token}` };
    await refused(
      { method: 'POST', url: '/api/auction/purchase', headers: buyer, payload: { id: 'a\u0000b', qty: 1 } },
      400,
    );
    await refused(
      {
        method: 'POST',
        url: '/api/auction/purchase',
        headers: { ...buyer, 'idempotency-key': 'nul-listing' },
        payload: { id: '\u0000', qty: 1 },
      },
      400,
    );
    await refused({ url: '/api/auction/categories/a%00b/listings', headers: buyer }, 400);
    await refused({ url: '/api/auction/categories/%00/listings?sort=price_desc', headers: buyer }, 400);
    await refused(
      {
        method: 'POST',
        url: '/api/auth/player-login',
        payload: { username: 'Steve\u0000', password: 'anything' },
      },
      400,
    );
    // Nor unpaired surrogates, which have no UTF-8 form: the embedded database refused '\uDFFF\uDFFF'
    // with an error (a 500) where PostgreSQL would have matched U+FFFD instead.
    for (const id of ['\uD800', '\uDFFF\uDFFF', 'a\uDC00']) {
      await refused(
        { method: 'POST', url: '/api/auction/purchase', headers: buyer, payload: { id, qty: 1 } },
        400,
      );
    }
    await refused(
      {
        method: 'POST',
        url: '/api/auth/player-login',
        payload: { username: 'Steve\uDFFF', password: 'anything' },
      },
      400,
    );
    // A character outside the BMP is a surrogate pair, not unpaired: a listing that does not exist.
    await refused(
      {
        method: 'POST',
        url: '/api/auction/purchase',
        headers: buyer,
        payload: { id: 'pick\u{1F4A0}', qty: 1 },
      },
      404,
    );
  });

  it('refuses quantities no listing can hold, however they are written', async () => {
    const buyer = { authorization: `Bearer ${world.buyers[3]!.token}`, 'content-type': 'application/json' };
    const id = JSON.stringify(world.listingIds[2]);
    for (const qty of [
      '1e308',
      '-0',
      '"NaN"',
      'NaN',
      '9223372036854775808',
      '1e400',
      '-1e400',
      '1.5',
      '"1"',
      '0',
      '-1',
      '1000001',
      'null',
      'true',
      '[1]',
      '{"valueOf":1}',
    ]) {
      await refused(
        {
          method: 'POST',
          url: '/api/auction/purchase',
          headers: buyer,
          payload: `{"id":${id},"qty":${qty}}`,
        },
        400,
        `qty ${qty}`,
      );
    }
  });

  it('refuses every malformed Idempotency-Key, and a key reused for another purchase', async () => {
    const buyer = world.buyers[2]!;
    const send = (key: string, qty = 1) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auction/purchase',
        headers: { authorization: `Bearer ${buyer.token}`, 'idempotency-key': key },
        payload: { id: world.listingIds[2]!, qty },
      });
    for (const key of ['', 'x'.repeat(129), 'clé', 'tab\there', '\u00ff', 'x'.repeat(100_000)]) {
      const before = await tableDigest(t.db);
      const answer = await send(key);
      expectSound(answer, `Idempotency-Key ${key.slice(0, 20)}`, 'POST');
      expect(answer.statusCode, answer.body).toBe(400);
      expect(await tableDigest(t.db)).toEqual(before);
    }
    const first = await send('hostile-key-1');
    expect(first.statusCode, first.body).toBe(200);
    purchasesMade++;
    const again = await send('hostile-key-1');
    expect(again.json()).toEqual(first.json());
    const before = await tableDigest(t.db);
    const other = await send('hostile-key-1', 2);
    expectSound(other, 'a reused key', 'POST');
    expect(other.statusCode).toBe(409);
    expect(await tableDigest(t.db)).toEqual(before);
  });

  it('clamps or refuses absurd limits, never a 5xx', async () => {
    const as = (who: 'player' | 'staff' | 'bridge') => authorization({ auth: who });
    // authorization({ auth: 'player' }) signs in as buyers[4].
    const player = world.buyers[4]!;
    const other = world.buyers[3]!;
    const cases: Array<[string, Record<string, string>, number, ((body: unknown) => void)?]> = [
      [
        '/api/leaderboard?limit=1e308',
        {},
        200,
        (b) => expect((b as unknown[]).length).toBeLessThanOrEqual(100),
      ],
      [
        '/api/leaderboard?limit=-1e308',
        {},
        200,
        (b) => expect((b as unknown[]).length).toBeLessThanOrEqual(1),
      ],
      ['/api/leaderboard?limit=-0', {}, 200],
      ['/api/leaderboard?limit=NaN', {}, 400],
      ['/api/leaderboard?limit=Infinity', {}, 400],
      ['/api/leaderboard?limit=9223372036854775808&metric=balance', {}, 200],
      ['/api/leaderboard?limit=1&limit=2', {}, 400],
      ['/api/leaderboard?metric=__proto__', {}, 400],
      ['/api/leaderboard?metric=constructor&limit=%00', {}, 400],
      [`/api/players/${player.uuid}/activity?limit=9223372036854775808`, as('player'), 400],
      [`/api/players/${other.uuid}/activity?limit=1e308`, as('player'), 400],
      [`/api/players/${player.uuid}/activity?limit=-9007199254740991`, as('player'), 200],
      [`/api/players/${player.uuid}/activity?limit=-9007199254740993`, as('player'), 400],
      ['/api/bridge/deliveries?limit=0', as('bridge'), 400],
      ['/api/bridge/deliveries?limit=1e308', as('bridge'), 400],
      ['/api/bridge/deliveries?limit=-0', as('bridge'), 400],
      ['/api/bridge/deliveries?limit=0x10', as('bridge'), 200],
      ['/api/admin/commands?limit=1e400', as('staff'), 400],
      ['/api/admin/commands?limit=-1', as('staff'), 200],
      // Unknown keys are ignored: sort[] is not sort.
      ['/api/auction/categories/blocks/listings?sort[]=price_desc', as('player'), 200],
      ['/api/auction/categories/blocks/listings?sort=price_asc&sort=price_desc', as('player'), 400],
      ['/api/players/%E0%A4%A', {}, 400],
      ['/api/players/%ED%A0%80', {}, 400],
      [`/api/players/${'f'.repeat(100_000)}`, {}, 414],
    ];
    for (const [url, headers, status, check] of cases) {
      const answer = await t.app.inject({ url, headers });
      expectSound(answer, url.slice(0, 100));
      expect(answer.statusCode, `${url.slice(0, 100)}: ${answer.body.slice(0, 200)}`).toBe(status);
      check?.(answer.json());
    }
  });

  it('answers unknown methods and paths with 404 {detail}', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const) {
      for (const url of [
        '/api/auction/purchase',
        '/api/bridge/events',
        '/api/players/x',
        '/api/nope',
        '/ws/nope',
      ]) {
        const answer = await t.app.inject({
          method,
          url,
          payload: '{}',
          headers: { 'content-type': 'application/json' },
        });
        expectSound(answer, `${method} ${url}`, method);
        expect(answer.statusCode).toBe(404);
      }
    }
  });

  it('afterwards: nothing refused left a trace, the invariants hold, normal requests work', async () => {
    const { purchases, deliveries } = await counts(t.db);
    expect(purchases).toBe(purchasesMade);
    expect(deliveries).toBe(purchasesMade);
    expect(await allInvariants(t.db)).toEqual([]);
    await expectHealthy(t, world);
    watch.expectNone();
  });
});
