import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoginResponse, SignedInSession } from '@prison/shared/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BRIDGE_TOKEN,
  createPostgresDatabase,
  createTestApp,
  databaseKinds,
  eventId,
  newPlayer,
  postEvents,
  type TestApp,
} from '../../../test/helpers.ts';
import { connect } from '../../../test/live-socket.ts';
import { type ServerProcess, startServer } from '../../../test/server-process.ts';
import { createAccount, setPassword, setRoles } from './accounts.ts';
import { deviceLabel } from './device.ts';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const PASSWORD = 'sessions-password';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const accountEvents = (player: ReturnType<typeof newPlayer>, roles: string[] = []) => [
  player.join,
  { id: eventId(), type: 'account.password', uuid: player.uuid, password: PASSWORD },
  { id: eventId(), type: 'account.roles', uuid: player.uuid, roles },
];

describe.each(databaseKinds())('signed-in sessions on %s', (kind) => {
  let t: TestApp;
  let base: string;
  const alice = newPlayer({ username: 'SessionAlice' });
  const bob = newPlayer({ username: 'SessionBob' });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const res = await postEvents(t.app, [...accountEvents(alice), ...accountEvents(bob)]);
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signIn(username: string, userAgent = CHROME_ON_WINDOWS, address = '10.3.0.1') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/player-login',
      headers: { 'user-agent': userAgent },
      payload: { username, password: PASSWORD },
      remoteAddress: address,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as LoginResponse;
  }
  const me = async (token: string) =>
    (await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode;
  const refresh = async (refresh_token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token } });
  const list = async (token: string) => {
    const res = await t.app.inject({ url: '/api/auth/sessions', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { sessions: SignedInSession[] }).sessions;
  };
  const revoke = (token: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: bearer(token) });
  const logoutAll = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: bearer(token) });
  const password = (player: ReturnType<typeof newPlayer>, next: string) =>
    postEvents(t.app, [{ id: eventId(), type: 'account.password', uuid: player.uuid, password: next }]);
  const roles = (player: ReturnType<typeof newPlayer>, next: string[]) =>
    postEvents(t.app, [{ id: eventId(), type: 'account.roles', uuid: player.uuid, roles: next }]);

  it('lists the open sessions of the account: device, address, first and last use, which is this one', async () => {
    const carol = newPlayer({ username: 'SessionCarol' });
    await postEvents(t.app, accountEvents(carol));
    const desk = await signIn('SessionCarol', CHROME_ON_WINDOWS, '10.3.0.1');
    const phone = await signIn('sessioncarol', SAFARI_ON_IPHONE, '10.3.0.2');
    await signIn('SessionBob');
    const rotated = (await refresh(phone.refresh_token)).json();

    const seen = await list(desk.access_token);
    expect(seen).toEqual([
      {
        id: expect.any(String),
        device: 'Chrome on Windows',
        address: '10.3.0.1',
        created_at: expect.any(String),
        last_used_at: expect.any(String),
        current: true,
      },
      expect.objectContaining({ device: 'Safari on iOS', address: '10.3.0.2', current: false }),
    ]);
    // The refresh is the phone's last use; its token names the same session.
    const phoneSession = seen[1]!;
    expect(Date.parse(phoneSession.last_used_at)).toBeGreaterThanOrEqual(Date.parse(phoneSession.created_at));
    const fromPhone = await list(rotated.access_token);
    expect(fromPhone.map((s) => [s.id, s.current])).toEqual([
      [phoneSession.id, true],
      [seen[0]!.id, false],
    ]);
  });

  it("signs one session out: its tokens are refused from the next request, the others' are not", async () => {
    const gina = newPlayer({ username: 'SessionGina' });
    await postEvents(t.app, accountEvents(gina));
    const first = await signIn('SessionGina');
    const second = await signIn('SessionGina', SAFARI_ON_IPHONE);
    const bobs = await signIn('SessionBob');
    const [, other] = await list(first.access_token);
    expect(await me(second.access_token)).toBe(200);

    const out = await revoke(first.access_token, other!.id);
    expect(out.statusCode, out.body).toBe(204);
    expect(await me(second.access_token)).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    expect(await me(first.access_token)).toBe(200);
    expect((await list(first.access_token)).map((s) => s.id)).not.toContain(other!.id);

    // Only an open session of one's own: anything else is 404, and changes nothing.
    const bobsId = (await list(bobs.access_token))[0]!.id;
    for (const id of [other!.id, bobsId, '9a1f0c4e-0000-4000-8000-000000000000']) {
      const res = await revoke(first.access_token, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: 'No such session', code: 'unknown_session' });
    }
    expect(await me(bobs.access_token)).toBe(200);
    expect((await revoke(first.access_token, 'not-a-session')).statusCode).toBe(400);
    expect((await revoke('not-a-token', bobsId)).statusCode).toBe(401);
  });

  it('signs every session out, this one included', async () => {
    const hank = newPlayer({ username: 'SessionHank' });
    await postEvents(t.app, accountEvents(hank));
    const here = await signIn('SessionHank');
    const there = await signIn('SessionHank', SAFARI_ON_IPHONE);
    const bobs = await signIn('SessionBob');
    const out = await logoutAll(here.access_token);
    expect(out.statusCode, out.body).toBe(204);
    for (const session of [here, there]) {
      expect(await me(session.access_token)).toBe(401);
      expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    }
    expect(await me(bobs.access_token)).toBe(200);
    expect((await logoutAll(here.access_token)).statusCode).toBe(401);
  });

  it('a logout and a replayed refresh token end the session, access token included', async () => {
    const leaving = await signIn('SessionAlice');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refresh_token: leaving.refresh_token },
    });
    expect(out.statusCode).toBe(204);
    expect(await me(leaving.access_token)).toBe(401);

    const stolen = await signIn('SessionAlice');
    const rotated = (await refresh(stolen.refresh_token)).json();
    expect(await me(rotated.access_token)).toBe(200);
    expect((await refresh(stolen.refresh_token)).statusCode).toBe(401);
    expect(await me(rotated.access_token)).toBe(401);
  });

  it('a new password from in game and a changed role end every session at once; the same roles do not', async () => {
    const dave = newPlayer({ username: 'SessionDave' });
    await postEvents(t.app, accountEvents(dave, ['vip']));
    let session = await signIn('SessionDave');
    expect((await password(dave, PASSWORD)).statusCode).toBe(200);
    expect(await me(session.access_token)).toBe(401);

    session = await signIn('SessionDave');
    expect((await roles(dave, ['VIP', 'vip'])).statusCode).toBe(200);
    expect(await me(session.access_token)).toBe(200);
    expect((await roles(dave, ['vip', 'mvp'])).statusCode).toBe(200);
    expect(await me(session.access_token)).toBe(401);
    // The next sign-in knows the new roles.
    expect((await signIn('SessionDave')).user.roles).toEqual(['VIP', 'MVP']);
  });

  it("the command line's new password and roles end every session too", async () => {
    const erin = newPlayer({ username: 'SessionErin' });
    await postEvents(t.app, accountEvents(erin));
    let session = await signIn('SessionErin');
    await setPassword(t.db, 'SessionErin', PASSWORD);
    expect(await me(session.access_token)).toBe(401);
    session = await signIn('SessionErin');
    await setRoles(t.db, 'SessionErin', ['OWNER']);
    expect(await me(session.access_token)).toBe(401);
    // Creating the account again replaces its password: the same.
    session = await signIn('SessionErin');
    await createAccount(t.db, { username: 'SessionErin', password: PASSWORD, roles: ['OWNER'] });
    expect(await me(session.access_token)).toBe(401);
  });

  it("closes the session's live sockets with 1008, and no other session's", async () => {
    const frank = newPlayer({ username: 'SessionFrank' });
    await postEvents(t.app, accountEvents(frank));
    const kept = await signIn('SessionFrank');
    const ended = await signIn('SessionFrank', SAFARI_ON_IPHONE);
    const keptFeed = connect(`${base}/api/social/ws?token=${kept.access_token}`);
    const endedFeed = connect(`${base}/api/social/ws?token=${ended.access_token}`);
    await keptFeed.next((m) => 'gang' in m);
    await endedFeed.next((m) => 'gang' in m);
    const endedId = (await list(ended.access_token))[0]!.id;
    expect((await revoke(kept.access_token, endedId)).statusCode).toBe(204);
    expect(await endedFeed.closed).toEqual({ code: 1008, reason: 'Signed out' });
    // A new socket with the ended session's token is refused at once.
    const again = connect(`${base}/api/social/ws?token=${ended.access_token}`);
    expect(await again.closed).toEqual({ code: 1008, reason: 'Not signed in' });

    // A new password from in game closes the rest.
    expect(keptFeed.socket.readyState).toBe(keptFeed.socket.OPEN);
    await password(frank, PASSWORD);
    expect(await keptFeed.closed).toEqual({ code: 1008, reason: 'Signed out' });
  });

  it('documents the routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(doc.paths['/api/auth/sessions'].get).toMatchObject({
      tags: ['auth'],
      security: [{ playerToken: [] }],
    });
    expect(Object.keys(doc.paths['/api/auth/sessions/{id}'].delete.responses)).toEqual([
      '204',
      '400',
      '401',
      '404',
      '503',
    ]);
    expect(doc.paths['/api/auth/logout-all'].post).toMatchObject({ tags: ['auth'] });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('signing out across two server processes', () => {
  let servers: ServerProcess[] = [];
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    const env = {
      DATABASE_URL: created.url,
      BRIDGE_TOKEN,
      JWT_SECRET: 'sessions-jwt-secret-0123456789abcdef',
    };
    servers = await Promise.all(
      [1, 2].map((n) => startServer({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), `sessions-${n}-`)) })),
    );
  }, 120_000);
  afterAll(async () => {
    for (const s of servers) s.proc.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await drop?.();
  });

  const call = async <T = unknown>(server: ServerProcess, path: string, init: RequestInit = {}) => {
    const res = await fetch(`${server.url}${path}`, init);
    return { status: res.status, body: (res.status === 204 ? null : await res.json()) as T };
  };
  const signIn = async (server: ServerProcess, username: string) =>
    (
      await call<LoginResponse>(server, '/api/auth/player-login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': CHROME_ON_WINDOWS },
        body: JSON.stringify({ username, password: PASSWORD }),
      })
    ).body;

  it('refuses the access token on the other process from the very next request, and closes its sockets', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const grace = newPlayer({ username: 'TwoProcessGrace' });
    const seeded = await call(a, '/api/bridge/events', {
      method: 'POST',
      headers: { ...bearer(BRIDGE_TOKEN), 'content-type': 'application/json' },
      body: JSON.stringify({ events: accountEvents(grace) }),
    });
    expect(seeded.status, JSON.stringify(seeded.body)).toBe(200);

    for (let round = 0; round < 5; round++) {
      const kept = await signIn(a, grace.username);
      const ended = await signIn(b, grace.username);
      const feed = connect(`ws://127.0.0.1:${b.port}/api/social/ws?token=${ended.access_token}`);
      await feed.next((m) => 'gang' in m);
      expect((await call(b, '/api/auth/me', { headers: bearer(ended.access_token) })).status).toBe(200);
      const listed = await call<{ sessions: SignedInSession[] }>(a, '/api/auth/sessions', {
        headers: bearer(kept.access_token),
      });
      const other = listed.body.sessions[1];
      const out = await call(a, `/api/auth/sessions/${other!.id}`, {
        method: 'DELETE',
        headers: bearer(kept.access_token),
      });
      expect(out.status).toBe(204);
      // No waiting: the other process reads the session as the request comes in.
      expect((await call(b, '/api/auth/me', { headers: bearer(ended.access_token) })).status).toBe(401);
      expect(await feed.closed).toEqual({ code: 1008, reason: 'Signed out' });

      // And the other way round, everything at once.
      expect(
        (await call(b, '/api/auth/logout-all', { method: 'POST', headers: bearer(kept.access_token) }))
          .status,
      ).toBe(204);
      expect((await call(a, '/api/auth/me', { headers: bearer(kept.access_token) })).status).toBe(401);
    }
  });
});

describe('device labels', () => {
  it.each([
    [CHROME_ON_WINDOWS, 'Chrome on Windows'],
    [SAFARI_ON_IPHONE, 'Safari on iOS'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge on Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on ChromeOS',
    ],
    ['curl/8.5.0', 'Unknown device'],
    [null, 'Unknown device'],
  ])('reads %s as %s', (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });
});
