import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listing, payout } from '../../test/auction-fixtures.ts';
import { startProxy } from '../../test/faults/fault-kit.ts';
import {
  createPostgresDatabase,
  createTestApp,
  createTestAppOn,
  databaseKinds,
  eventId,
  newPlayer,
  postEvents,
  signIn,
  type TestApp,
} from '../../test/helpers.ts';
import { connect } from '../../test/live-socket.ts';
import { fetchRaw } from '../../test/raw-fetch.ts';
import { openPostgres } from '../db/client.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const scraper = { authorization: `Bearer ${TOKEN}` };

type Labels = Record<string, string>;
interface Sample {
  name: string;
  labels: Labels;
  value: number;
}
interface Exposition {
  /** Each metric family's TYPE, by family name. */
  types: Map<string, string>;
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"`;
// A float as Go's ParseFloat reads it, which is what Prometheus does: NaN and Inf in any case
// (prom-client writes NaN as "Nan").
const VALUE =
  '(?:[+-]?(?:\\d+\\.?\\d*(?:[eE][+-]?\\d+)?|\\.\\d+(?:[eE][+-]?\\d+)?)|[Nn][Aa][Nn]|[+-]?[Ii][Nn][Ff])';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*,?)?\\})? (${VALUE})(?: -?\\d+)?$`);
const COMMENT = new RegExp(`^# (HELP|TYPE) (${NAME}) (.*)$`);
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

const toNumber = (value: string) =>
  /^[+-]?inf$/i.test(value) ? (value.startsWith('-') ? -1 : 1) * Number.POSITIVE_INFINITY : Number(value);

const unescapeLabel = (value: string) => value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));

/**
 * Prometheus' text format (0.0.4), read strictly: every line a HELP, a TYPE or a sample; every
 * family described by one HELP and one TYPE before its first sample; every sample's family known.
 */
function parseExposition(text: string): Exposition {
  const helps = new Set<string>();
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  expect(text.endsWith('\n'), 'ends with a newline').toBe(true);
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue;
    const comment = COMMENT.exec(line);
    if (comment) {
      const [, kind, name, rest] = comment as unknown as [string, string, string, string];
      if (kind === 'HELP') {
        expect(helps.has(name), `one HELP for ${name}`).toBe(false);
        helps.add(name);
      } else {
        expect(types.has(name), `one TYPE for ${name}`).toBe(false);
        expect(TYPES.has(rest), `${name}'s type ${rest}`).toBe(true);
        types.set(name, rest);
      }
      continue;
    }
    expect(line.startsWith('#'), `a comment other than HELP or TYPE: ${line}`).toBe(false);
    const match = SAMPLE.exec(line);
    expect(match, `a sample line: ${line}`).not.toBeNull();
    const [, name, labelText = '', value] = match as unknown as [string, string, string | undefined, string];
    const family = [name, name.replace(/_(bucket|sum|count)$/, '')].find((n) => types.has(n));
    expect(family, `${name} has a TYPE before it`).toBeDefined();
    expect(helps.has(family!), `${family} has a HELP`).toBe(true);
    if (family !== name) expect(['histogram', 'summary']).toContain(types.get(family!));
    const labels: Labels = {};
    for (const [, key, raw] of labelText.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      expect(labels[key!], `${key} once in ${line}`).toBeUndefined();
      labels[key!] = unescapeLabel(raw!);
    }
    samples.push({ name, labels, value: toNumber(value) });
  }
  for (const name of helps) expect(types.has(name), `${name} has a TYPE`).toBe(true);
  return { types, samples };
}

/** The value of the sample named `name` with (at least) `labels`; 0 when there is none yet. */
function sampleValue(exposition: Exposition, name: string, labels: Labels = {}): number {
  const found = exposition.samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  expect(found.length, `${name} ${JSON.stringify(labels)} names one series`).toBeLessThanOrEqual(1);
  return found[0]?.value ?? 0;
}

describe.each(databaseKinds())('GET /metrics on %s', (kind) => {
  let t: TestApp;
  let base: string;

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: scraper });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4; charset=utf-8$/);
    return parseExposition(res.body);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { METRICS_TOKEN: TOKEN });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  it('refuses a scrape without the token, with a wrong one, or another scheme', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, 'Bearer ', TOKEN]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({ detail: 'A valid metrics token is required', code: 'invalid_token' });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
    // Over a real connection too: the fast lane never answers it.
    const raw = await fetchRaw(`http://${base}/metrics`, {});
    expect(raw.status).toBe(401);
  });

  it('answers the text format, every family with its HELP and TYPE', async () => {
    const exposition = await scrape();
    const families = [...exposition.types.keys()];
    expect(families.filter((name) => name.startsWith('prison_')).sort()).toEqual([
      'prison_bridge_events_total',
      'prison_database_errors_total',
      'prison_database_info',
      'prison_database_pool_connections',
      ...(kind === 'postgres' ? ['prison_database_pool_waiting'] : []),
      'prison_database_up',
      'prison_deliveries_oldest_pending_age_seconds',
      'prison_deliveries_pending',
      'prison_http_request_duration_seconds',
      'prison_http_requests_total',
      'prison_hub_rebuild_duration_seconds',
      'prison_rcon_connection_state',
      'prison_sockets_open',
    ]);
    // The process's own figures.
    expect(families).toEqual(
      expect.arrayContaining(['process_cpu_user_seconds_total', 'nodejs_heap_size_used_bytes']),
    );
    expect(sampleValue(exposition, 'prison_database_up')).toBe(1);
    expect(sampleValue(exposition, 'prison_database_info', { driver: kind })).toBe(1);
    expect(
      sampleValue(exposition, 'prison_database_pool_connections', { state: 'total' }),
    ).toBeGreaterThanOrEqual(1);
    // No RCON_PORT in tests: staff commands have no game server to go to.
    expect(sampleValue(exposition, 'prison_rcon_connection_state', { state: 'not_configured' })).toBe(1);
    expect(sampleValue(exposition, 'prison_rcon_connection_state', { state: 'connected' })).toBe(0);
  });

  it('counts requests by route pattern, the fast lane answers included', async () => {
    const leaderboard = { route: '/api/leaderboard', method: 'GET', status: '2xx' };
    // The first request builds the snapshot; the lane answers from it afterwards.
    expect((await fetchRaw(`http://${base}/api/leaderboard`, {})).status).toBe(200);
    const before = await scrape();
    const served = t.app.fastLane.served;
    for (let i = 0; i < 3; i++)
      expect((await fetchRaw(`http://${base}/api/leaderboard`, {})).status).toBe(200);
    expect(t.app.fastLane.served - served).toBe(3);
    const missing = await t.app.inject({ url: '/api/players/by-name/Nobody_Here' });
    expect(missing.statusCode).toBe(404);

    const after = await scrape();
    const count = (e: Exposition, labels: Labels) => sampleValue(e, 'prison_http_requests_total', labels);
    expect(count(after, leaderboard) - count(before, leaderboard)).toBe(3);
    const histogramCount = (e: Exposition) =>
      sampleValue(e, 'prison_http_request_duration_seconds_count', leaderboard);
    expect(histogramCount(after) - histogramCount(before)).toBe(3);
    // The route's pattern, not the address asked for.
    const byName = { route: '/api/players/by-name/:name', method: 'GET', status: '4xx' };
    expect(count(after, byName) - count(before, byName)).toBe(1);
    expect(after.samples.some((s) => s.labels.route?.includes('Nobody_Here'))).toBe(false);
    // Building the leaderboard's snapshot was timed under its family.
    expect(
      sampleValue(after, 'prison_hub_rebuild_duration_seconds_count', { family: 'leaderboard' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts every address no route matches under one route label, never the address itself', async () => {
    const count = (e: Exposition, status: string) =>
      sampleValue(e, 'prison_http_requests_total', { route: '(no route)', method: 'GET', status });
    const before = await scrape();
    // Unknown API addresses (404) and the web app's pages (the not-found handler serves them).
    for (const url of [
      '/api/no-such-thing-7f3a',
      '/api/no-such-thing-9c1b?token=x',
      '/players/Someone_7f3a',
    ]) {
      await t.app.inject({ url });
    }
    const after = await scrape();
    const unmatched = ['2xx', '3xx', '4xx', '5xx'].reduce(
      (sum, status) => sum + count(after, status) - count(before, status),
      0,
    );
    expect(unmatched).toBe(3);
    const routes = new Set(after.samples.flatMap((s) => (s.labels.route ? [s.labels.route] : [])));
    expect([...routes].filter((route) => /7f3a|9c1b/.test(route))).toEqual([]);
  });

  it('counts bridge events applied and refused, by type', async () => {
    const events = (e: Exposition, type: string, outcome: string) =>
      sampleValue(e, 'prison_bridge_events_total', { type, outcome });
    const before = await scrape();
    const player = newPlayer();
    expect((await postEvents(t.app, [player.join])).statusCode).toBe(200);
    // Sent again: skipped, neither applied nor refused.
    expect((await postEvents(t.app, [player.join])).statusCode).toBe(200);
    const refused = await postEvents(t.app, [
      { id: eventId(), type: 'player.quit', uuid: 'not-a-uuid' },
      { id: eventId(), type: 'no.such.event' },
    ]);
    expect(refused.statusCode).toBe(400);

    const after = await scrape();
    expect(events(after, 'player.join', 'applied') - events(before, 'player.join', 'applied')).toBe(1);
    expect(events(after, 'player.quit', 'refused') - events(before, 'player.quit', 'refused')).toBe(1);
    expect(events(after, 'unknown', 'refused') - events(before, 'unknown', 'refused')).toBe(1);
    expect(events(after, 'player.quit', 'applied')).toBe(0);
  });

  it('shows a pending delivery and how long the oldest has waited', async () => {
    const seller = newPlayer();
    const buyer = newPlayer();
    const pickaxes = listing({
      seller: seller.uuid,
      item: { name: 'Pickaxe', icon: 'iron_pickaxe' },
      price: '5',
    });
    const batch = await postEvents(t.app, [
      seller.join,
      buyer.join,
      payout(buyer.uuid, '100'),
      pickaxes.event,
    ]);
    expect(batch.statusCode, batch.body).toBe(200);
    const before = await scrape();
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/auction/purchase',
      headers: { authorization: `Bearer ${await signIn(t.db, buyer.uuid)}` },
      payload: { id: pickaxes.id, qty: 1 },
    });
    expect(bought.statusCode, bought.body).toBe(200);

    const after = await scrape();
    expect(
      sampleValue(after, 'prison_deliveries_pending') - sampleValue(before, 'prison_deliveries_pending'),
    ).toBe(1);
    expect(sampleValue(after, 'prison_deliveries_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('counts open sockets per feed, and forgets them when they close', async () => {
    const feed = { feed: '/api/players/:uuid/ws' };
    const player = newPlayer();
    expect((await postEvents(t.app, [player.join])).statusCode).toBe(200);
    const open = async () => sampleValue(await scrape(), 'prison_sockets_open', feed);
    const before = await open();

    const socket = connect(`ws://${base}/api/players/${player.uuid}/ws`);
    await socket.next((m) => 'player' in m);
    expect(await open()).toBe(before + 1);
    socket.socket.close();
    await socket.closed;
    await expect.poll(open).toBe(before);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('is not there, with or without a token', async () => {
    for (const headers of [{}, scraper]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'No such endpoint: GET /metrics', code: 'no_such_endpoint' });
    }
    expect((await t.app.inject({ url: '/api/no-such-thing' })).json()).toEqual({
      detail: 'No such endpoint: GET /api/no-such-thing',
      code: 'no_such_endpoint',
    });
  });
});

describe('GET /metrics with the database down', () => {
  /** The scrape still answers, saying what it could not read and why. */
  async function expectReportedDown(t: TestApp) {
    const res = await t.app.inject({ url: '/metrics', headers: scraper });
    expect(res.statusCode, res.body).toBe(200);
    const exposition = parseExposition(res.body);
    expect(sampleValue(exposition, 'prison_database_up')).toBe(0);
    expect(sampleValue(exposition, 'prison_deliveries_pending')).toBeNaN();
    expect(
      sampleValue(exposition, 'prison_database_errors_total', { class: 'unavailable' }),
    ).toBeGreaterThanOrEqual(1);
  }

  it('still answers on PGlite, reporting the database down', async () => {
    const t = await createTestApp('pglite', { METRICS_TOKEN: TOKEN });
    try {
      await t.database.close();
      await expectReportedDown(t);
    } finally {
      await t.app.close();
      await t.hub.stop();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'still answers on PostgreSQL, reporting the database down',
    async () => {
      // The shared PostgreSQL server keeps running: the path to it is cut instead (test/faults).
      const { url, drop } = await createPostgresDatabase();
      const direct = new URL(url);
      const proxy = await startProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      const t = await createTestAppOn(await openPostgres(proxied.toString(), () => {}), {
        METRICS_TOKEN: TOKEN,
      });
      try {
        expect(
          sampleValue(
            parseExposition((await t.app.inject({ url: '/metrics', headers: scraper })).body),
            'prison_database_up',
          ),
        ).toBe(1);
        await proxy.setMode('cut');
        await expectReportedDown(t);
      } finally {
        await t.close();
        await proxy.close();
        await drop();
      }
    },
  );
});
