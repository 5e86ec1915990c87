// Every error answer is {detail, code}, the code from the shared catalogue (ERROR_CODES): one real
// request for each place an error comes from, the domain, the schemas, Fastify's body parsing and
// routing, the rate limiter and a database that is gone.
import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@prison/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_TOKEN, createTestApp, databaseKinds, type TestApp } from '../../test/helpers.ts';
import { LOGIN_ATTEMPTS_PER_MINUTE } from '../modules/auth/routes.ts';

const login = (payload: string, contentType = 'application/json', remoteAddress = '127.0.0.1') => ({
  method: 'POST' as const,
  url: '/api/auth/player-login',
  headers: { 'content-type': contentType },
  payload,
  remoteAddress,
});

describe.each(databaseKinds())('error answers on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['a domain error', { url: `/api/players/${randomUUID()}` }, 404, 'unknown_player'],
    ['a value the schema refuses', { url: '/api/leaderboard?limit=many' }, 400, 'invalid_request'],
    ['malformed JSON', login('{"username":'), 400, 'malformed_json'],
    ['an empty JSON body', login(''), 400, 'malformed_json'],
    ['a body too large', login(JSON.stringify({ username: 'x'.repeat(300_000) })), 413, 'body_too_large'],
    [
      'a body of a type no endpoint reads',
      login('<login/>', 'application/xml'),
      415,
      'unsupported_media_type',
    ],
    ['an unknown endpoint', { url: '/api/no-such-thing' }, 404, 'no_such_endpoint'],
    ['a method no endpoint has', { method: 'DELETE' as const, url: '/leaderboard' }, 404, 'no_such_endpoint'],
    ['a file the web app does not have', { url: '/robots.txt' }, 404, 'no_such_file'],
    ['a malformed address', { url: '/api/%zz' }, 400, 'bad_request'],
    ['a plain request to a live feed', { url: '/ws/players' }, 426, 'websocket_required'],
    ['no sign-in', { url: '/api/auth/me' }, 401, 'not_signed_in'],
  ])('answers %s with its code', async (_what, request, status, code) => {
    const res = await t.app.inject(request);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ detail: expect.stringMatching(/\w/), code });
  });

  it("answers the game server's malformed JSON as everyone's, though the bridge reads its own", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bridge/events',
      headers: { authorization: `Bearer ${BRIDGE_TOKEN}`, 'content-type': 'application/json' },
      payload: '{"events": [',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: expect.stringMatching(/not valid JSON/), code: 'malformed_json' });
  });

  it('answers the request past the rate limit with rate_limited and when to try again', async () => {
    // An address of its own, so no other test's requests count toward its limit.
    const from = '198.51.100.23';
    const body = JSON.stringify({ username: 'not a player name', password: 'whatever' });
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE; i++) {
      const refused = await t.app.inject(login(body, 'application/json', from));
      expect(refused.json().code).toBe('invalid_credentials');
    }
    const limited = await t.app.inject(login(body, 'application/json', from));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      detail: expect.stringMatching(/Too many requests/),
      code: 'rate_limited',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lists every code, with its meaning, in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    const enums: string[][] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        const { enum: values } = node as { enum?: unknown };
        if (Array.isArray(values)) enums.push(values as string[]);
        Object.values(node).forEach(walk);
      }
    };
    walk(doc);
    const codes = Object.keys(ERROR_CODES);
    expect(enums).toContainEqual(codes);
    const text = JSON.stringify(doc);
    for (const code of codes) expect(text, code).toContain(`\`${code}\`: `);
  });
});

describe('error answers with the database gone', () => {
  it('answer 503 database_unavailable', async () => {
    const t = await createTestApp('pglite');
    try {
      await t.database.close();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/player-login',
        payload: { username: 'Steve', password: 'a password' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        detail: 'The database is unavailable right now. Please try again shortly.',
        code: 'database_unavailable',
      });
    } finally {
      await t.app.close().catch(() => {});
      await t.hub.stop().catch(() => {});
    }
  });
});
