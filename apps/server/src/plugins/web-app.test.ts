import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist } from '../../test/helpers.ts';
import { registerWebApp } from './web-app.ts';

describe('page meta that cannot be looked up', () => {
  const app = Fastify();
  beforeAll(async () => {
    await registerWebApp(app, fakeWebDist(), [], {
      resolve: async () => {
        throw new Error('database down');
      },
      publicUrl: null,
    });
  });
  afterAll(() => app.close());

  it('leaves the page as built rather than failing it', async () => {
    for (const url of ['/players/Anyone', '/leaderboard', '/']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Prison</title>');
    }
  });
});
