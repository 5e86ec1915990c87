// Issue 8, hostile input: every HTTP endpoint of the OpenAPI document (public, signed-in, staff and
// the bridge with its bearer) fed generated bodies, query strings, path parameters and headers.
// Whatever is sent: never a 5xx, a 4xx is JSON {detail}, a refused request writes nothing, the
// process sees no unhandled rejection, and afterwards the money invariants hold and the app still
// answers normal requests.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_TOKEN, createTestApp, databaseKinds, type TestApp } from '../helpers.ts';
import {
  acceptEncoding,
  authorization,
  clientAddress,
  headerText,
  hostileBody,
  hostileNumber,
  hostileQuery,
  hostileString,
  idempotencyKey,
  type Payload,
  percentEncode,
  sometimes,
  urlPiece,
} from './arbitraries.ts';
import {
  allInvariants,
  buildWorld,
  expectHealthy,
  expectSound,
  type Someone,
  startEchoRcon,
  tableDigest,
  type World,
  watchProcess,
} from './harness.ts';

type Auth = 'none' | 'player' | 'staff' | 'bridge';

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  auth: Auth;
  query?: readonly string[];
  /** Valid bodies, their fields, and extra headers, from the world. */
  body?: (world: World) => { valid: fc.Arbitrary<Record<string, unknown>>; fields: readonly string[] };
  idempotency?: boolean;
  /** The route may write: a refused request must leave every table as it was. */
  writes?: boolean;
  /** A page of the web app that answers an unknown player or gang with its own 404 page. */
  page?: boolean;
  runs?: number;
}

const RUNS = 100;

const uuidLike = (world: World) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...world.everyone.map((p) => p.uuid)) },
    { weight: 1, arbitrary: fc.constantFrom(...world.everyone.map((p) => p.uuid.toUpperCase())) },
    { weight: 1, arbitrary: fc.uuid().map(String) },
    { weight: 1, arbitrary: fc.constantFrom('00000000-0000-0000-0009-01f64f65c7c3', `{${randomUUID()}}`) },
  );

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/healthz', auth: 'none', runs: 15 },
  { method: 'GET', path: '/readyz', auth: 'none', runs: 15 },
  { method: 'GET', path: '/api/config', auth: 'none', runs: 15 },
  { method: 'GET', path: '/api/openapi.json', auth: 'none', runs: 5 },
  { method: 'GET', path: '/api/online', auth: 'none', runs: 15 },
  { method: 'GET', path: '/api/leaderboard', auth: 'none', query: ['limit', 'metric'] },
  { method: 'GET', path: '/api/docs', auth: 'none', runs: 15 },
  { method: 'GET', path: '/api/auth/me', auth: 'player' },
  { method: 'GET', path: '/api/auth/sessions', auth: 'player', runs: 30 },
  { method: 'GET', path: '/api/players/:uuid', auth: 'none' },
  { method: 'GET', path: '/api/players/:uuid/stats', auth: 'player' },
  { method: 'GET', path: '/api/players/:uuid/activity', auth: 'player', query: ['limit'] },
  { method: 'GET', path: '/api/social/overview', auth: 'player', runs: 20 },
  // Issue 13: public player and gang pages, privacy, search and status.
  { method: 'GET', path: '/api/players/by-name/:uuid', auth: 'none', runs: 30 },
  { method: 'GET', path: '/api/players/by-name/:key', auth: 'none', runs: 30 },
  { method: 'GET', path: '/api/players/me/privacy', auth: 'player', runs: 20 },
  { method: 'GET', path: '/api/gangs/:key', auth: 'none', runs: 30 },
  { method: 'GET', path: '/api/search', auth: 'none', query: ['q'] },
  { method: 'GET', path: '/api/status', auth: 'none', runs: 15 },
  { method: 'GET', path: '/api/og/players/:key', auth: 'none', runs: 15 },
  { method: 'GET', path: '/api/og/gangs/:key', auth: 'none', runs: 15 },
  { method: 'GET', path: '/players/:key', auth: 'none', runs: 20, page: true },
  { method: 'GET', path: '/players/:uuid', auth: 'none', runs: 20, page: true },
  { method: 'GET', path: '/gangs/:key', auth: 'none', runs: 20, page: true },
  { method: 'GET', path: '/api/auction/categories', auth: 'player', runs: 20 },
  {
    method: 'GET',
    path: '/api/auction/categories/:key/listings',
    auth: 'player',
    query: ['sort', 'limit', 'cursor', 'min_qty'],
  },
  { method: 'GET', path: '/api/bridge/deliveries', auth: 'bridge', query: ['limit'] },
  { method: 'GET', path: '/api/admin/dashboard', auth: 'staff', runs: 20 },
  { method: 'GET', path: '/api/admin/commands', auth: 'staff', query: ['limit'] },
  // The API reference, the web app's pages and files.
  { method: 'GET', path: '/api/reference/:key', auth: 'none', runs: 20 },
  { method: 'GET', path: '/:key', auth: 'none', runs: 20 },
  { method: 'GET', path: '/assets/:key', auth: 'none', runs: 20 },
  // The sockets' addresses, asked without an upgrade.
  { method: 'GET', path: '/ws/players', auth: 'none', runs: 10 },
  { method: 'GET', path: '/ws/leaderboard', auth: 'none', query: ['limit', 'metric'], runs: 20 },
  { method: 'GET', path: '/api/gangs/ws', auth: 'none', runs: 10 },
  { method: 'GET', path: '/api/players/:uuid/ws', auth: 'none', runs: 10 },
  { method: 'GET', path: '/api/social/ws', auth: 'none', query: ['token'], runs: 20 },
  { method: 'GET', path: '/api/bridge/ws', auth: 'bridge', runs: 10 },
  {
    method: 'POST',
    path: '/api/auth/player-login',
    auth: 'none',
    writes: true,
    // Each answer verifies an argon2 hash: slow on purpose.
    runs: 25,
    body: (world) => ({
      valid: fc.record({
        username: fc.oneof(
          fc.constant(world.login.username),
          fc.constant(world.login.username.toUpperCase()),
          hostileString,
        ),
        password: fc.oneof(fc.constant(world.login.password), hostileString),
      }),
      fields: ['username', 'password'],
    }),
  },
  {
    method: 'POST',
    path: '/api/auth/refresh',
    auth: 'none',
    writes: true,
    body: () => ({ valid: fc.record({ refresh_token: hostileString }), fields: ['refresh_token'] }),
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    auth: 'none',
    writes: true,
    body: () => ({
      valid: fc.record({ refresh_token: hostileString }, { requiredKeys: [] }),
      fields: ['refresh_token'],
    }),
  },
  {
    method: 'POST',
    path: '/api/docs',
    auth: 'staff',
    writes: true,
    body: () => ({
      valid: fc.record({
        title: fc.oneof(fc.constant('A guide'), hostileString),
        content: fc.oneof(fc.constant('# Hello'), hostileString, fc.constant('é'.repeat(60_000))),
      }),
      fields: ['title', 'content'],
    }),
  },
  {
    method: 'POST',
    path: '/api/bridge/events',
    auth: 'bridge',
    writes: true,
    body: (world) => ({
      valid: fc.record({
        events: fc.array(
          fc.oneof(
            fc.record({
              id: hostileString,
              type: fc.constantFrom('player.balance', 'auction.cancelled', 'server.status', 'nope'),
              uuid: uuidLike(world),
              delta: fc.oneof(hostileNumber, hostileString),
              reason: hostileString,
              listing_id: fc.oneof(fc.constantFrom(...world.listingIds), hostileString),
              online: hostileNumber,
            }),
            fc.constant({}),
          ),
          { maxLength: 4 },
        ),
      }),
      fields: ['events'],
    }),
  },
  {
    method: 'POST',
    path: '/api/bridge/deliveries/ack',
    auth: 'bridge',
    writes: true,
    body: () => ({
      valid: fc.record({ ids: fc.array(fc.oneof(fc.uuid().map(String), hostileString), { maxLength: 4 }) }),
      fields: ['ids'],
    }),
  },
  {
    method: 'POST',
    path: '/api/auction/purchase',
    auth: 'player',
    writes: true,
    idempotency: true,
    runs: 150,
    body: (world) => ({
      valid: fc.record({
        id: fc.oneof(fc.constantFrom(...world.listingIds), hostileString),
        qty: fc.oneof(
          { weight: 3, arbitrary: fc.integer({ min: 1, max: 3 }) },
          { weight: 1, arbitrary: hostileNumber },
          { weight: 1, arbitrary: hostileString },
        ),
      }),
      fields: ['id', 'qty'],
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/command',
    auth: 'staff',
    writes: true,
    body: () => ({
      valid: fc.record({ command: fc.oneof(fc.constantFrom('list', '/say hi', 'tps'), hostileString) }),
      fields: ['command'],
    }),
  },
  {
    method: 'PUT',
    path: '/api/players/me/privacy',
    auth: 'player',
    writes: true,
    runs: 40,
    body: () => ({ valid: fc.record({ hide_stats: fc.boolean() }), fields: ['hide_stats'] }),
  },
];

interface Request {
  options: InjectOptions;
  label: string;
}

function pathFor(endpoint: Endpoint, world: World): fc.Arbitrary<string> {
  const pieces: fc.Arbitrary<string>[] = endpoint.path.split('/').map((part) => {
    if (part === ':uuid') {
      return fc.oneof({ weight: 2, arbitrary: uuidLike(world) }, { weight: 1, arbitrary: urlPiece });
    }
    if (part === ':key') {
      return fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...world.categories).map(percentEncode) },
        { weight: 1, arbitrary: fc.constant('no-such-category') },
        { weight: 2, arbitrary: urlPiece },
      );
    }
    return fc.constant(part);
  });
  return fc.tuple(...pieces).map((parts) => parts.join('/'));
}

function tokenFor(auth: Auth, someone: Someone): string | undefined {
  if (auth === 'bridge') return `Bearer ${BRIDGE_TOKEN}`;
  if (auth === 'none') return undefined;
  return `Bearer ${someone.token}`;
}

function requestFor(endpoint: Endpoint, world: World): fc.Arbitrary<Request> {
  // Several players and staff, so that per-player limits leave room for other answers.
  const pool = endpoint.auth === 'staff' ? world.staff : world.buyers;
  const wrongKinds = [
    `Bearer ${BRIDGE_TOKEN}`,
    `Bearer ${world.buyers[1]!.token}`,
    `Bearer ${world.sellers[0]!.token}`,
  ];
  const body = endpoint.body?.(world);
  return fc
    .record({
      method: fc.oneof(
        { weight: 12, arbitrary: fc.constant(endpoint.method) },
        { weight: 1, arbitrary: fc.constantFrom('HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'GET', 'POST') },
      ),
      path: pathFor(endpoint, world),
      query: sometimes(hostileQuery(endpoint.query ?? []), 0.7),
      someone: fc.constantFrom(...pool),
      payload: body
        ? hostileBody(body.valid, body.fields)
        : sometimes(hostileBody(fc.constant({}), ['x']), 0.1),
      idempotency: endpoint.idempotency ? idempotencyKey : fc.constant(undefined),
      acceptEncoding,
      origin: sometimes(fc.oneof(fc.constant('http://evil.example'), headerText), 0.2),
      forwarded: sometimes(headerText, 0.1),
      contentEncoding: sometimes(
        fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'x-unknown', 'gzip, gzip'),
        0.05,
      ),
      remoteAddress: clientAddress,
    })
    .chain((r) =>
      authorization(tokenFor(endpoint.auth, r.someone), wrongKinds).map((auth) => ({
        ...r,
        authorization: auth,
      })),
    )
    .map((r) => {
      const headers: Record<string, string> = {};
      if (r.authorization !== undefined) headers.authorization = r.authorization;
      const payload = r.payload as Payload | undefined;
      if (payload?.contentType !== undefined) headers['content-type'] = payload.contentType;
      if (r.idempotency !== undefined) headers['idempotency-key'] = r.idempotency;
      if (r.acceptEncoding !== undefined) headers['accept-encoding'] = r.acceptEncoding;
      if (r.origin !== undefined) headers.origin = r.origin;
      if (r.forwarded !== undefined) headers['x-forwarded-for'] = r.forwarded;
      if (r.contentEncoding !== undefined) headers['content-encoding'] = r.contentEncoding;
      const url = r.query === undefined ? r.path : `${r.path}?${r.query}`;
      const options: InjectOptions = {
        method: r.method as InjectOptions['method'],
        url,
        headers,
        remoteAddress: r.remoteAddress,
        ...(payload?.payload !== undefined && { payload: payload.payload }),
      };
      const shown = payload?.payload === undefined ? '' : String(payload.payload).slice(0, 200);
      return {
        options,
        label: `${r.method} ${url.slice(0, 200)} ${JSON.stringify(headers).slice(0, 300)} ${shown}`,
      };
    });
}

describe.each(databaseKinds())('hostile HTTP input on %s', (kind) => {
  let t: TestApp;
  let world: World;
  let rcon: Awaited<ReturnType<typeof startEchoRcon>>;
  const watch = watchProcess();

  beforeAll(async () => {
    rcon = await startEchoRcon();
    t = await createTestApp(kind, rcon.env);
    world = await buildWorld(t, kind);
  });
  afterAll(async () => {
    watch.stop();
    await t?.close();
    await rcon?.close();
  });

  it.each(ENDPOINTS.map((e) => ({ ...e, name: `${e.method} ${e.path}` })))(
    '$name: never a 5xx, 4xx as {detail}, nothing written when refused',
    async (endpoint) => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(requestFor(endpoint, world), async ({ options, label }) => {
          const before = endpoint.writes ? await tableDigest(t.db) : null;
          const answer = await t.app.inject(options);
          statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
          expectSound(answer, label, String(options.method), endpoint.page);
          if (before && (answer.statusCode < 200 || answer.statusCode >= 300)) {
            expect(
              await tableDigest(t.db),
              `${label} was refused with ${answer.statusCode} but wrote`,
            ).toEqual(before);
          }
        }),
        { numRuns: endpoint.runs ?? RUNS },
      );
      // HOSTILE_STATS=1 shows which answers the generated requests got, to see what they reach.
      if (process.env.HOSTILE_STATS) console.log(endpoint.name, Object.fromEntries(statuses));
      watch.expectNone();
    },
  );

  it('leaves the invariants intact and still answers normal requests', async () => {
    expect(await allInvariants(t.db)).toEqual([]);
    await expectHealthy(t, world);
    watch.expectNone();
  });
});
