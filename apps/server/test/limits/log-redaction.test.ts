// Issue 16, limits under abuse: a percent-encoded `token` query parameter escaped log redaction,
// while the server reads `%74oken=` as the token all the same. Query secrets are now redacted
// whatever their encoding, checked here on the real logger's output for socket upgrades that carry
// one, and on redactUrl itself for every spelling.
import { Writable } from 'node:stream';
import { parse } from 'fast-querystring';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { LiveHub } from '../../src/live/hub.ts';
import { redactUrl } from '../../src/plugins/errors.ts';
import { BRIDGE_TOKEN, databaseKinds, fakeWebDist, JWT_SECRET, openTestDatabase } from '../helpers.ts';
import { handshake, rawConnect } from '../hostile/ws-client.ts';

/** Each query string carries the secret S (S1, S2 when repeated); after it, its redacted form. */
const SPELLINGS: [query: string, redacted: string][] = [
  ['token=S', 'token=[redacted]'],
  ['%74oken=S', '%74oken=[redacted]'],
  ['TOKEN=S', 'TOKEN=[redacted]'],
  ['to%6Ben=S', 'to%6Ben=[redacted]'],
  ['to%6ben=S', 'to%6ben=[redacted]'],
  ['%2574oken=S', '%2574oken=[redacted]'],
  ['%25%37%34oken=S', '%25%37%34oken=[redacted]'],
  ['token+=S', 'token+=[redacted]'],
  ['+%54oken=S', '+%54oken=[redacted]'],
  ['a=1;token=S', 'a=1;token=[redacted]'],
  ['token=S1&token=S2', 'token=[redacted]&token=[redacted]'],
  ['limit=5&token=S1&q=ab&%74oken=S2', 'limit=5&token=[redacted]&q=ab&%74oken=[redacted]'],
  ['access_token=S', 'access_token=[redacted]'],
  ['Refresh%5FToken=S', 'Refresh%5FToken=[redacted]'],
  ['x=%E0%A4%A&token=S%', 'x=%E0%A4%A&token=[redacted]'],
  ['%zz%token=S', '%zz%token=[redacted]'],
  ['token=S?token=S2', 'token=[redacted]?token=[redacted]'],
];

describe('redactUrl', () => {
  it.each(SPELLINGS)('redacts %s', (query, redacted) => {
    expect(redactUrl(`/api/social/ws?${query}`)).toBe(`/api/social/ws?${redacted}`);
  });

  it('catches the encoded names the server reads as the token (fast-querystring, as Fastify is given)', () => {
    for (const query of ['%74oken=the-secret', 'to%6Ben=the-secret', '%74%6F%6B%65%6E=the-secret']) {
      expect(parse(query), query).toEqual({ token: 'the-secret' });
      expect(redactUrl(`/api/social/ws?${query}`), query).not.toContain('the-secret');
    }
  });

  it('leaves everything else as it was, and never throws', () => {
    for (const url of [
      '/api/leaderboard',
      '/api/leaderboard?metric=xp&limit=5',
      '/x?q=token',
      '/?',
      '/x?%',
      '/x?%%=%',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
    expect(redactUrl('/x?tokens=1&mytoken=2&token')).toBe('/x?tokens=[redacted]&mytoken=[redacted]&token');
  });
});

describe.each(databaseKinds())('the logs of socket upgrades (%s)', (kind) => {
  let lines = '';
  let database: Database;
  let hub: LiveHub;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let port: number;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines += String(chunk);
        done();
      },
    });
    // Debug logs every request's address: the most a server owner can ask for.
    const log = pino(loggerOptions('debug'), stream);
    database = await openTestDatabase(kind);
    hub = new LiveHub(database, log);
    await hub.start();
    const config = loadConfig({ DEMO: 'off', WEB_DIST: fakeWebDist(), SOCKETS_PER_ADDRESS: '1000' });
    app = await buildApp({
      config,
      database,
      hub,
      secrets: { jwtSecret: JWT_SECRET, bridgeToken: BRIDGE_TOKEN, rconPassword: null },
      loggerInstance: log,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app?.close();
    await hub?.stop();
    await database?.close();
  });

  /** Sends the handshake and waits for the server to answer it and close the connection. */
  async function upgrade(path: string, headers: Record<string, string> = {}): Promise<string> {
    const raw = await rawConnect(port);
    raw.socket.write(handshake(path, port, headers));
    const status = await raw.waitFor(/^HTTP\/1\.1 \d{3}/);
    // A socket the server accepted only to close it: answer its close so the connection ends.
    if (status.startsWith('HTTP/1.1 101')) raw.socket.end();
    await raw.ended;
    return status.slice(9, 12);
  }

  it('keeps every spelling of a token out of them', async () => {
    const secret = (query: string, i: number) =>
      query
        .replaceAll('S1', `first-secret-${i}`)
        .replaceAll('S2', `second-secret-${i}`)
        .replace(/=S(?=$|[&?%])/g, `=only-secret-${i}`);
    const expected: string[] = [];
    for (const [i, [spelling, redacted]] of SPELLINGS.entries()) {
      const query = secret(spelling, i);
      // A page of another site: refused (403), logged at debug with its address.
      expect(await upgrade(`/api/social/ws?${query}`, { Origin: 'https://evil.example' })).toBe('403');
      // A route with no feed: accepted and closed, which @fastify/websocket logs with the path.
      expect(await upgrade(`/api/leaderboard?${query}`)).toBe('101');
      // No such address.
      expect(await upgrade(`/api/nothing?${query}`)).toBe('404');
      expected.push(`/api/social/ws?${redacted}`, `/api/leaderboard?${redacted}`, `/api/nothing?${redacted}`);
    }
    // The logger writes as it is called; each line is in by now.
    for (const url of expected) expect(lines).toContain(JSON.stringify(url));
    expect(lines).not.toMatch(/secret-\d+/);
  });
});
