// Issue 8, hostile input that app.inject cannot express: bytes written straight to a listening
// server over node:net. Request lines that are not UTF-8 or not HTTP, headers beyond the limit,
// conflicting lengths, broken chunking, bodies cut short, slow partial requests, path traversal,
// and generated queries for the leaderboard's fast lane (which answers ahead of Fastify).
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../helpers.ts';
import { acceptEncoding, hostileQuery } from './arbitraries.ts';
import { type Answer, buildWorld, expectHealthy, expectSound, type World, watchProcess } from './harness.ts';
import { rawConnect, within } from './ws-client.ts';

/** Parses one HTTP/1.1 answer (Content-Length or chunked). */
function parseAnswer(bytes: Buffer): Answer {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1)
    throw new Error(`no complete answer: ${JSON.stringify(bytes.toString('latin1').slice(0, 300))}`);
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const statusCode = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = bytes.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = body.indexOf('\r\n', at);
      const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
      if (!size) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  } else if (headers['content-length'] !== undefined) {
    body = body.subarray(0, Number(headers['content-length']));
  }
  return { statusCode, headers, rawPayload: body };
}

describe.each(databaseKinds())('hostile bytes on the wire on %s', (kind) => {
  let t: TestApp;
  let world: World;
  let port: number;
  const watch = watchProcess();

  /** Writes `bytes`, then waits for the server to answer and hang up (Connection: close). */
  async function send(bytes: string | Buffer, waitMs = 10_000): Promise<Answer> {
    const raw = await rawConnect(port);
    raw.socket.write(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes);
    const outcome = await within(raw.ended, waitMs);
    const received = Buffer.from(raw.received(), 'latin1');
    raw.socket.destroy();
    if (outcome === 'timeout' && received.indexOf('\r\n\r\n') === -1) {
      throw new Error(`no answer to ${JSON.stringify(String(bytes).slice(0, 200))}`);
    }
    return parseAnswer(received);
  }

  const get = (target: string, headers = '') =>
    `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}\r\n`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    world = await buildWorld(t, `r${kind}`);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    watch.stop();
    await t?.close();
  });

  it('answers request lines that are not UTF-8, not printable or not HTTP with a 4xx {detail}', async () => {
    const lines: Array<string | Buffer> = [
      Buffer.concat([
        Buffer.from('GET /api/players/'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from(' HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      ]),
      Buffer.concat([
        Buffer.from('GET /api/leaderboard?limit='),
        Buffer.from([0xc0, 0xaf]),
        Buffer.from(' HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      ]),
      Buffer.concat([
        Buffer.from('GET /'),
        Buffer.from([0xed, 0xa0, 0x80]),
        Buffer.from(' HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      ]),
      Buffer.concat([
        Buffer.from('GET /api/docs?x='),
        Buffer.from([0x00]),
        Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n'),
      ]),
      get('/api/players/%ff%fe'),
      get('/api/auction/categories/%00/listings'),
      get('/api/%E0%A4%A'),
      'GET / HTTP/9.9\r\nHost: x\r\n\r\n',
      'BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nBad Header: x\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nX: a\u0000b\r\n\r\n',
      Buffer.from('16030100a5010000a10303', 'hex'), // the start of a TLS ClientHello
      Buffer.alloc(64, 0),
      `GET /${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      get('/api/leaderboard', `X-Big: ${'b'.repeat(20_000)}\r\n`),
      get('/api/leaderboard', Array.from({ length: 3000 }, (_, i) => `X-${i}: ${i}\r\n`).join('')),
      get('/api/auth/me', `Authorization: Bearer ${'A'.repeat(15_000)}\r\n`),
      get('/api/auth/me', 'Authorization: Bearer \xff\xfe\r\n'),
      get('/api/bridge/deliveries', 'Authorization: Bearer \xff\r\n'),
    ];
    for (const bytes of lines) {
      const answer = await send(bytes);
      expectSound(answer, `raw ${JSON.stringify(String(bytes).slice(0, 80))}`);
      expect(answer.statusCode, JSON.stringify(String(bytes).slice(0, 80))).toBeGreaterThanOrEqual(400);
    }
    // What Node's parser tolerates (HTTP/0.9's bare request line, doubled spaces, bare line feeds)
    // is answered like any request.
    for (const bytes of [
      'GET /api/online\r\n\r\n',
      'GET  /api/online  HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      'GET /api/online HTTP/1.1\nHost: x\nConnection: close\n\n',
    ]) {
      expectSound(await send(bytes), JSON.stringify(bytes));
    }
    watch.expectNone();
  });

  it('refuses conflicting lengths, broken chunking and bodies that are not UTF-8 JSON', async () => {
    const token = world.buyers[0]!.token;
    const post = (path: string, headers: string, body: string | Buffer) =>
      Buffer.concat([
        Buffer.from(
          `POST ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer ${token}\r\n${headers}\r\n`,
          'latin1',
        ),
        typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      ]);
    const json = 'Content-Type: application/json\r\n';
    const cases = [
      post(
        '/api/auction/purchase',
        `${json}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n`,
        '0\r\n\r\n',
      ),
      post('/api/auction/purchase', `${json}Content-Length: 5\r\nContent-Length: 6\r\n`, '{}{}{}'),
      post('/api/auction/purchase', `${json}Transfer-Encoding: chunked\r\n`, 'zz\r\n{}\r\n0\r\n\r\n'),
      post(
        '/api/auction/purchase',
        `${json}Transfer-Encoding: chunked\r\n`,
        `${'f'.repeat(20)}\r\n{}\r\n0\r\n\r\n`,
      ),
      post('/api/auction/purchase', `${json}Transfer-Encoding: gzip, chunked\r\n`, '2\r\n{}\r\n0\r\n\r\n'),
      post('/api/auction/purchase', `${json}Content-Length: -1\r\n`, '{}'),
      post('/api/auction/purchase', `${json}Content-Length: 99999999999999999999\r\n`, '{}'),
      post(
        '/api/auction/purchase',
        `${json}Content-Length: 23\r\n`,
        Buffer.concat([
          Buffer.from('{"id":"'),
          Buffer.from([0xff, 0xc0, 0xaf, 0xed, 0xa0, 0x80]),
          Buffer.from('","qty":1}'),
        ]),
      ),
      post('/api/bridge/events', `${json}Authorization: Bearer \xff\r\nContent-Length: 2\r\n`, '{}'),
      post(
        '/api/auth/player-login',
        `${json}Content-Length: 30\r\n`,
        Buffer.from('{"username":"\xff\xfe","password":"x"}', 'latin1'),
      ),
    ];
    for (const bytes of cases) {
      const answer = await send(bytes);
      expectSound(answer, `raw ${JSON.stringify(bytes.toString('latin1').slice(0, 160))}`, 'POST');
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    }
    watch.expectNone();
  });

  it('serves normal requests while slow, partial and abandoned requests hold connections', async () => {
    const slow = await Promise.all(Array.from({ length: 30 }, () => rawConnect(port)));
    // Half a request line, half the headers, a body promised and never sent, a body cut short.
    slow.forEach((raw, i) => {
      const partial = [
        'GET /api/leader',
        'GET /api/leaderboard HTTP/1.1\r\nHost: x\r\nX-Slow: ',
        'POST /api/auth/logout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"refresh_',
        'POST /api/bridge/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
      ][i % 4]!;
      raw.socket.write(partial);
    });
    for (let tick = 0; tick < 5; tick++) {
      for (const raw of slow) if (!raw.socket.destroyed) raw.socket.write(tick % 2 ? 'a' : 'b');
      const answer = await send(get('/api/leaderboard?limit=3'));
      expect(answer.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Abandoned halfway: the server forgets them without an error.
    for (const raw of slow) raw.socket.destroy();
    const after = await send(get('/healthz'));
    expect(after.statusCode).toBe(200);
    watch.expectNone();
  });

  it('keeps paths inside the web app: traversal never reads another file', async () => {
    for (const target of [
      '/assets/../../../../etc/passwd',
      '/../../../../etc/passwd',
      '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/..%5c..%5c..%5cetc%5cpasswd',
      '/assets/..%c0%af..%c0%afetc/passwd',
      '/assets/index-abc123.js%00.html',
      '//etc/passwd',
      '/api/../../etc/passwd',
    ]) {
      const answer = await send(get(target));
      expect(answer.statusCode, target).toBeLessThan(500);
      expect(answer.rawPayload.toString('latin1'), target).not.toMatch(/root:/);
    }
  });

  it("fuzzes the leaderboard's fast lane: sound answers, the same bytes as the route", async () => {
    await t.app.inject({ url: '/api/leaderboard' }); // Builds the snapshot, so the lane is open.
    const servedBefore = t.app.fastLane.served;
    await fc.assert(
      fc.asyncProperty(hostileQuery(['limit', 'metric']), acceptEncoding, async (query, encoding) => {
        const target = query ? `/api/leaderboard?${query}` : '/api/leaderboard';
        const answer = await send(
          get(target, encoding === undefined ? '' : `Accept-Encoding: ${encoding}\r\n`),
        );
        expectSound(answer, `${target} (${encoding})`);
        if (answer.statusCode === 200) {
          const viaFastify = await t.app.inject({
            url: target,
            headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
          });
          expect(viaFastify.statusCode).toBe(200);
          expect(answer.headers['content-encoding']).toEqual(viaFastify.headers['content-encoding']);
          expect(answer.rawPayload.equals(viaFastify.rawPayload), target).toBe(true);
        }
      }),
      { numRuns: 120 },
    );
    // Some of those went through the lane, not only through Fastify.
    expect(t.app.fastLane.served).toBeGreaterThan(servedBefore);
    await expectHealthy(t, world);
    watch.expectNone();
  });
});
