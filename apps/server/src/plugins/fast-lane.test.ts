import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { ACCOUNTED_HOOKS, FastLane, parseQuery } from './fast-lane.ts';

/**
 * Each GET route's request hooks by kind, named as printRoutes names them ('anonymous' for an
 * unnamed one): its tree lists every route with the hooks Fastify runs on it, global, inherited
 * from its plugin and its own.
 */
function routeHooks(app: FastifyInstance): Map<string, Record<string, string[]>> {
  const routes = new Map<string, Record<string, string[]>>();
  const segments: string[] = [];
  let hooks: Record<string, string[]> = {};
  for (const line of app
    .printRoutes({ method: 'GET', includeHooks: true, commonPrefix: false })
    .split('\n')) {
    const node = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(GET\))?$/.exec(line);
    const hook = /• \((\w+)\) (\[.*\])$/.exec(line);
    if (hook) {
      hooks[hook[1]!] = (JSON.parse(hook[2]!) as string[]).map((name) => name.replace(/\(\)$/, ''));
    } else if (node) {
      segments.length = node[1]!.length / 4;
      segments.push(node[2]!);
      hooks = {};
      if (line.endsWith(' (GET)')) routes.set(segments.join(''), hooks);
    }
  }
  return routes;
}

describe('the fast lane in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('accounts for every hook Fastify runs on its routes', () => {
    const accounted = Object.fromEntries(
      Object.entries(ACCOUNTED_HOOKS).map(([kind, hooks]) => [kind, hooks.map(([name]) => name)]),
    );
    const routes = routeHooks(t.app);
    expect(t.app.fastLane.paths.length).toBeGreaterThan(0);
    for (const path of t.app.fastLane.paths) {
      expect(routes.has(path), path).toBe(true);
      expect(routes.get(path), path).toEqual(accounted);
    }
  });
});

describe('the fast lane', () => {
  const querystring = z.object({ limit: z.coerce.number() });
  const answer = { body: Buffer.from('[]'), headers: ['content-length', '2'] };

  async function ready(register: (app: FastifyInstance, lane: FastLane) => void) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    const lane = new FastLane();
    lane.shadow(app);
    register(app, lane);
    try {
      await app.ready();
    } finally {
      await app.close();
    }
  }

  it('takes only the Fastify GET routes it shadows, with their query schema', async () => {
    await expect(
      ready((app, lane) => {
        lane.get('/top', querystring, () => answer);
        app.get('/top', { schema: { querystring } }, async () => []);
      }),
    ).resolves.toBeUndefined();
    await expect(
      ready((app, lane) => {
        lane.get('/top', () => answer);
        app.post('/top', async () => []);
      }),
    ).rejects.toThrow('The fast lane answers GET /top, which no route serves');
    await expect(
      ready((app, lane) => {
        lane.get('/top', querystring, () => answer);
        app.get('/top', { schema: { querystring: z.object({ limit: z.coerce.number() }) } }, async () => []);
      }),
    ).rejects.toThrow('The fast lane reads the query of GET /top with another schema than its route');
  });

  // The app gives Fastify parseQuery (app.ts), so lane and route parse alike by construction; this
  // shows that doing so changes nothing from Fastify's own default.
  it("makes of a query string the object Fastify's default parser makes", async () => {
    const app = Fastify();
    app.get('/q', async (request) => ({ url: request.raw.url, query: request.query }));
    await app.ready();
    const char = fc.constantFrom(
      ...'ab=&+%;#?',
      '%3D',
      '%26',
      '%2B',
      '%41',
      '%zz',
      '%C3%A9',
      '%FF',
      'é',
      ' ',
    );
    const search = fc.array(char, { maxLength: 12 }).map((chars) => chars.join(''));
    try {
      await fc.assert(
        fc.asyncProperty(search, async (query) => {
          const sent = (await app.inject({ url: `/q?${query}` })).json<{ url: string; query: unknown }>();
          const mark = sent.url.indexOf('?');
          const raw = mark === -1 ? '' : sent.url.slice(mark + 1);
          expect({ ...parseQuery(raw) }, raw).toEqual(sent.query);
        }),
        { numRuns: 300 },
      );
    } finally {
      await app.close();
    }
  });
});
