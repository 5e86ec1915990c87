import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_TOKEN, createTestApp, databaseKinds, type TestApp } from '../test/helpers.ts';
import { logError } from './app.ts';
import { BRIDGE_BODY_LIMIT } from './modules/bridge/routes.ts';

describe.each(databaseKinds())('the HTTP surface on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      AVATAR_URL: 'https://avatars.example.org/{uuid}?size={size}',
      ASSET_BASE_URL: 'https://assets.example.net/1.21.4',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("logs a failed query without its values (a webhook's address among them)", async () => {
    const secret = 'https://discord.com/api/webhooks/1180000000000000000/Secret-Token-0123456789abcdef';
    const failed = await t.db
      .execute(sql`select ${secret}::text as url, 1 / 0 as n`)
      .catch((err: unknown) => err);
    expect(String(failed)).toContain('Secret-Token');
    const logged = JSON.stringify(logError(failed));
    expect(logged).toContain('Failed query');
    expect(logged).toContain('division by zero');
    expect(logged).not.toContain('Secret-Token');
  });

  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('serves the site configuration the web app starts from', async () => {
    const res = await t.app.inject('/api/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      adminHosts: [],
      avatarUrl: 'https://avatars.example.org/{uuid}?size={size}',
      itemIconUrl: 'https://assets.example.net/1.21.4/item/{icon}.png',
      season: { name: 'Season I', totalEnchants: 47, dailyQuests: 10, maxPrestige: 5, lengthDays: 90 },
      demo: false,
    });
  });

  it('answers an unknown /api path with 404 {detail}', async () => {
    for (const url of ['/api/nope', '/api', '/ws/nope']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().detail).toMatch(/No such endpoint/);
      // Error answers carry the security headers of JSON answers too.
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
    const post = await t.app.inject({ method: 'POST', url: '/leaderboard' });
    expect(post.statusCode).toBe(404);
    const plain = await t.app.inject('/ws/players');
    expect(plain.statusCode).toBe(426);
    expect(plain.json().detail).toMatch(/WebSocket/);
  });

  it('answers every other path with the app (the single-page fallback), never cached', async () => {
    for (const url of ['/', '/leaderboard', '/auction/ores', '/admin/console', '/no/such/page?x=1']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("names a public page's chunks and data in its HTML, and data only without a query string", async () => {
    const preloads = async (url: string) =>
      [
        ...(await t.app.inject(url)).body.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g),
      ].map(([, rel, href]) => `${rel} ${href}`);
    expect(await preloads('/leaderboard')).toEqual([
      'modulepreload /assets/leaderboard-1.js',
      'preload /api/leaderboard?limit=50',
    ]);
    expect(await preloads('/leaderboard/')).toEqual(await preloads('/leaderboard'));
    expect(await preloads('/leaderboard?metric=coins')).toEqual(['modulepreload /assets/leaderboard-1.js']);
    expect(await preloads('/auction/ores')).toEqual([
      'modulepreload /assets/category-1.js',
      'modulepreload /assets/shared-1.js',
    ]);
    for (const url of ['/', '/auction', '/auction/ores/more', '/leaderboards', '/admin']) {
      expect(await preloads(url), url).toEqual([]);
    }
  });

  it('has the browser connect to the image hosts a page shows, first in its head', async () => {
    const preconnects = async (url: string) =>
      [...(await t.app.inject(url)).body.matchAll(/<link rel="preconnect" href="([^"]+)">/g)].map(
        ([, href]) => href,
      );
    // The test configuration's avatars come from crafatar.com, its item icons from the asset host.
    expect(await preconnects('/leaderboard')).toEqual([
      new URL(t.config.avatarUrl.replace(/\{\w+\}/g, 'x')).origin,
      new URL(t.config.assetBaseUrl).origin,
    ]);
    expect((await t.app.inject('/leaderboard')).body).toMatch(
      /^<!doctype html><html lang="en"><head><link rel="preconnect"/,
    );
    for (const url of ['/', '/auction/ores']) expect(await preconnects(url), url).toEqual([]);
  });

  it("answers a hinted page's HTML with an ETag, and 304 when the browser has it", async () => {
    const first = await t.app.inject('/leaderboard');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ url: '/leaderboard', headers: { 'if-none-match': `W/"x", ${etag}` } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.app.inject({ url: '/leaderboard?metric=xp', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('reads the page hints again when the web app is built anew while the server runs', async () => {
    const index = join(t.config.webDist, 'index.html');
    const hints = join(t.config.webDist, 'page-hints.json');
    const [oldIndex, oldHints] = [readFileSync(index, 'utf8'), readFileSync(hints, 'utf8')];
    try {
      writeFileSync(
        hints,
        JSON.stringify([{ path: '/leaderboard', modulepreload: ['/assets/next-2.js'], data: [] }]),
      );
      writeFileSync(index, oldIndex.replace('<div id="root">', '<div id="root" data-build="rebuilt">'));
      utimesSync(index, new Date(), new Date(Date.now() + 5000));
      const body = (await t.app.inject('/leaderboard')).body;
      expect(body).toContain('data-build="rebuilt"');
      expect(body).toContain('/assets/next-2.js');
      expect(body).not.toContain('/assets/leaderboard-1.js');
    } finally {
      writeFileSync(index, oldIndex);
      writeFileSync(hints, oldHints);
      utimesSync(index, new Date(), new Date(Date.now() + 10_000));
    }
  });

  it('answers a malformed address, and files that do not exist, with {detail}, not the app', async () => {
    const bad = await t.app.inject('/api/%zz');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toEqual(expect.any(String));
    for (const url of ['/assets/index-old999.js', '/robots.txt', '/leaderboard/logo.png']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().detail).toBe(`Not found: ${url}`);
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await t.app.inject('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a Content-Security-Policy that admits exactly the configured image hosts', async () => {
    const csp = String((await t.app.inject('/')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(
      /img-src 'self' data: blob: https:\/\/avatars\.example\.org https:\/\/assets\.example\.net/,
    );
    expect(csp).not.toContain('unsafe-eval');
    const headers = (await t.app.inject('/api/config')).headers;
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI document and a browsable reference', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/bridge/events', '/api/config', '/healthz', '/readyz', '/ws/players']),
    );
    expect(doc.paths['/api/bridge/events'].post.security).toEqual([{ bridgeToken: [] }]);
    const page = await t.app.inject('/api/reference/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/swagger/i);
    // It must work on plain http too.
    expect(String(page.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
  });

  it('answers a body that is too large with 413 {detail}', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bridge/events',
      headers: { authorization: `Bearer ${BRIDGE_TOKEN}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ events: ['x'.repeat(BRIDGE_BODY_LIMIT)] }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toEqual(expect.any(String));
  });
});

describe('malformed HTTP', () => {
  it('answers 400 {detail} to a request that is not valid HTTP', async () => {
    const { connect } = await import('node:net');
    const t = await createTestApp('pglite');
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as import('node:net').AddressInfo;
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
        );
        let data = '';
        socket.on('data', (chunk) => {
          data += chunk;
        });
        socket.on('close', () => resolve(data));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request/);
      expect(answer).toMatch(/\{"detail":"Bad request","code":"bad_request"\}$/);
    } finally {
      await t.close();
    }
  });
});

describe('page hints on an admin host', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ADMIN_HOSTS: 'admin.example.net' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('leaves them out: an admin host serves the admin console at every path', async () => {
    const page = async (host: string) =>
      (await t.app.inject({ url: '/leaderboard', headers: { host } })).body.includes('modulepreload');
    expect(await page('admin.example.net')).toBe(false);
    expect(await page('ADMIN.example.net:8080')).toBe(false);
    expect(await page('www.example.net')).toBe(true);
  });
});
