// Issue 16, limits under abuse: the admin API answered on any host when ADMIN_HOSTS was set. Now,
// with ADMIN_HOSTS set, /api/admin/* answers on those hosts only; anywhere else it is not there, the
// same 404 {detail} an unknown endpoint gets, before any token is looked at. Without ADMIN_HOSTS the
// console lives under /admin on the site's one host and so does its API.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, staffCommands } from '../../src/db/schema.ts';
import { createTestApp, databaseKinds, newPlayer, postEvents, signIn, type TestApp } from '../helpers.ts';

async function withAdmin(t: TestApp): Promise<string> {
  const admin = newPlayer({ uuid: randomUUID() });
  expect((await postEvents(t.app, [admin.join])).statusCode).toBe(200);
  await t.db.insert(accounts).values({ playerUuid: admin.uuid, roles: ['ADMIN'] });
  return signIn(t.db, admin.uuid);
}

describe.each(databaseKinds())('the admin API and ADMIN_HOSTS (%s)', (kind) => {
  describe('with ADMIN_HOSTS set', () => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      t = await createTestApp(kind, { ADMIN_HOSTS: 'admin.example.net, ops.example.net' });
      token = await withAdmin(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    const ask = (host: string, url: string, init: { method?: 'GET' | 'POST'; payload?: object } = {}) =>
      t.app.inject({
        method: init.method ?? 'GET',
        url,
        headers: { host, authorization: `Bearer ${token}` },
        ...(init.payload ? { payload: init.payload } : {}),
      });

    it('answers on the admin hosts, with or without their port, in any case', async () => {
      for (const host of ['admin.example.net', 'ADMIN.example.net:8443', 'ops.example.net']) {
        const res = await ask(host, '/api/admin/dashboard');
        expect(res.statusCode, host).toBe(200);
        expect(res.json()).toHaveProperty('summary');
        expect((await ask(host, '/api/admin/audit')).statusCode, host).toBe(200);
      }
    });

    it('is not there on any other host, as an unknown endpoint, signed in or not', async () => {
      const unknown = await ask('example.net', '/api/admin/nothing-here');
      expect(unknown.statusCode).toBe(404);
      for (const host of [
        'example.net',
        'www.example.net',
        'admin.example.net.evil.test',
        '127.0.0.1:8080',
      ]) {
        for (const url of ['/api/admin/dashboard', '/api/admin/audit?limit=5', '/api/admin/commands']) {
          const res = await ask(host, url);
          expect(res.statusCode, `${host}${url}`).toBe(404);
          expect(res.json(), `${host}${url}`).toEqual({
            detail: `No such endpoint: GET ${url.split('?')[0]}`,
            code: 'no_such_endpoint',
          });
        }
        const anonymous = await t.app.inject({ url: '/api/admin/dashboard', headers: { host } });
        expect(anonymous.statusCode).toBe(404);
      }
      expect(unknown.json()).toEqual({
        detail: 'No such endpoint: GET /api/admin/nothing-here',
        code: 'no_such_endpoint',
      });
    });

    it('runs nothing sent to another host', async () => {
      const before = (await t.db.select().from(staffCommands)).length;
      const res = await ask('example.net', '/api/admin/command', {
        method: 'POST',
        payload: { command: 'list' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        detail: 'No such endpoint: POST /api/admin/command',
        code: 'no_such_endpoint',
      });
      expect((await t.db.select().from(staffCommands)).length).toBe(before);
      // On the admin host the same command is taken (and written to the audit, RCON being unset here).
      const taken = await ask('admin.example.net', '/api/admin/command', {
        method: 'POST',
        payload: { command: 'list' },
      });
      expect(taken.statusCode).toBe(503);
      expect((await t.db.select().from(staffCommands)).length).toBe(before + 1);
    });
  });

  describe('without ADMIN_HOSTS', () => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      t = await createTestApp(kind);
      token = await withAdmin(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers on whatever host the site is reached by', async () => {
      for (const host of ['example.net', '127.0.0.1:8080']) {
        const res = await t.app.inject({
          url: '/api/admin/dashboard',
          headers: { host, authorization: `Bearer ${token}` },
        });
        expect(res.statusCode, host).toBe(200);
      }
    });
  });
});
