import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  eventId,
  grantRoles,
  newPlayer,
  postEvents,
  type TestApp,
} from '../../../test/helpers.ts';
import { refreshTokens } from '../../db/schema.ts';
import { LoginLimiter } from './login-limiter.ts';
import { accessTokens } from './tokens.ts';

const JWT_SECRET = 'test-jwt-secret-0123456789abcdef';
const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const hs256 = (header: unknown, payload: unknown, secret = JWT_SECRET) => {
  const head = `${b64(header)}.${b64(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
};

describe.each(databaseKinds())('accounts and sessions on %s', (kind) => {
  let t: TestApp;
  const alice = newPlayer({ username: 'AliceMiner' });
  const password = 'diamonds-at-y12';

  beforeAll(async () => {
    t = await createTestApp(kind);
    const res = await postEvents(t.app, [
      alice.join,
      { id: eventId(), type: 'account.password', uuid: alice.uuid, password },
    ]);
    expect(res.statusCode).toBe(200);
    await grantRoles(t.db, alice.uuid, ['web_admin']);
  });
  afterAll(async () => {
    await t?.close();
  });

  const signIn = (username: string, pass: string, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/player-login',
      payload: { username, password: pass },
      remoteAddress: ip,
    });
  const me = (token?: string) =>
    t.app.inject({ url: '/api/auth/me', headers: token ? { authorization: `Bearer ${token}` } : {} });
  const refresh = (refresh_token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token } });

  it('signs in with the password set in game, matching the name in any case', async () => {
    const res = await signIn('alIcEmInEr', password);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({
      uuid: alice.uuid,
      username: 'AliceMiner',
      roles: ['WEB_ADMIN'],
      language: null,
    });
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    const [header, payload] = body.access_token
      .split('.')
      .slice(0, 2)
      .map((p: string) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload.sub).toBe(alice.uuid);
    expect(payload.exp - payload.iat).toBe(15 * 60);
    // Stored only as a hash.
    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.playerUuid, alice.uuid));
    expect(rows.some((r) => r.tokenHash.includes(body.refresh_token))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('answers a wrong password and an unknown name alike', async () => {
    const wrong = await signIn('AliceMiner', 'not-the-password', '10.0.0.2');
    const unknown = await signIn('NobodyAtAll', 'whatever-password', '10.0.0.2');
    const noAccount = await signIn(newPlayer().username, 'whatever-password', '10.0.0.2');
    for (const res of [wrong, unknown, noAccount]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid username or password', code: 'invalid_credentials' });
    }
  });

  it('rejects a malformed sign-in body with 400 {detail}', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/player-login',
      payload: { username: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual(expect.any(String));
  });

  it('answers /me with the user for a valid token, and 401 for every bad one', async () => {
    const { access_token } = (await signIn('AliceMiner', password)).json();
    const ok = await me(access_token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      uuid: alice.uuid,
      username: 'AliceMiner',
      roles: ['WEB_ADMIN'],
      language: null,
    });

    const [h, p, s] = access_token.split('.');
    const { sid } = JSON.parse(Buffer.from(p, 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: alice.uuid, sid, roles: ['OWNER'], iat: now, exp: now + 900 };
    const tampered = `${h}.${b64({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), roles: ['OWNER'] })}.${s}`;
    const tokens = accessTokens(JWT_SECRET);
    const expired = await tokens.sign({ uuid: alice.uuid, roles: [], sid }, Date.now() - 16 * 60_000);
    const bad = {
      missing: undefined,
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      'alg HS512': (() => {
        const head = `${b64({ alg: 'HS512', typ: 'JWT' })}.${b64(claims)}`;
        return `${head}.${createHmac('sha512', JWT_SECRET).update(head).digest('base64url')}`;
      })(),
      'changed payload': tampered,
      'another secret': hs256({ alg: 'HS256', typ: 'JWT' }, claims, 'some-other-secret-0123456789'),
      'no exp': hs256({ alg: 'HS256', typ: 'JWT' }, { sub: alice.uuid }),
      // Signed with the real secret, but not a player: this server never issues such a token.
      'sub not a uuid': hs256({ alg: 'HS256', typ: 'JWT' }, { ...claims, sub: 'not-a-player' }),
      // As tokens were before sessions had ids: refused, and the client's refresh gets one with an id.
      'no sid': hs256({ alg: 'HS256', typ: 'JWT' }, { ...claims, sid: undefined }),
      'sid of no session': hs256({ alg: 'HS256', typ: 'JWT' }, { ...claims, sid: randomUUID() }),
      "another player's session": hs256({ alg: 'HS256', typ: 'JWT' }, { ...claims, sub: randomUUID() }),
      expired,
      malformed: 'not-a-jwt',
      'two parts': `${h}.${p}`,
    };
    for (const [name, token] of Object.entries(bad)) {
      const res = await me(token);
      expect(res.statusCode, name).toBe(401);
      expect(res.json().detail, name).toEqual(expect.any(String));
    }
    expect((await me(expired)).json().detail).toBe('Your session has expired');
  });

  it('rotates refresh tokens, and a reused one revokes the whole family', async () => {
    const first = (await signIn('AliceMiner', password)).json();
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const pair = second.json();
    expect(pair.refresh_token).not.toBe(first.refresh_token);
    expect((await me(pair.access_token)).statusCode).toBe(200);
    const third = (await refresh(pair.refresh_token)).json();

    // The first token again: a replay. Everything issued from that sign-in stops working.
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect((await refresh(third.refresh_token)).statusCode).toBe(401);

    // Another sign-in (another family) is unaffected.
    const other = (await signIn('AliceMiner', password)).json();
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
    expect((await refresh('made-up-token')).statusCode).toBe(401);
  });

  it("signing out revokes the refresh token's family", async () => {
    const session = (await signIn('AliceMiner', password)).json();
    const rotated = (await refresh(session.refresh_token)).json();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refresh_token: rotated.refresh_token },
    });
    expect(out.statusCode).toBe(204);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    // Signing out with nothing, or twice, still works.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          payload: { refresh_token: rotated.refresh_token },
        })
      ).statusCode,
    ).toBe(204);
  });

  it('a new password set in game works at once and signs existing sessions out', async () => {
    const bob = newPlayer({ username: 'BobTheBuilder' });
    await postEvents(t.app, [
      bob.join,
      { id: eventId(), type: 'account.password', uuid: bob.uuid, password: 'first-password' },
    ]);
    const session = (await signIn('BobTheBuilder', 'first-password')).json();
    await postEvents(t.app, [
      { id: eventId(), type: 'account.password', uuid: bob.uuid, password: 'second-password' },
    ]);
    expect((await signIn('BobTheBuilder', 'first-password')).statusCode).toBe(401);
    expect((await signIn('BobTheBuilder', 'second-password')).statusCode).toBe(200);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
  });

  it('stops a burst of wrong passwords for one name with 429, while the address limit stops a spray', async () => {
    const carol = newPlayer({ username: 'CarolDigs' });
    await postEvents(t.app, [
      carol.join,
      { id: eventId(), type: 'account.password', uuid: carol.uuid, password: 'carols-password' },
    ]);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await signIn('CarolDigs', `guess-${i}`, `10.1.0.${i}`)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    const limited = await signIn('CarolDigs', 'carols-password', '10.1.1.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().detail).toMatch(/Try again in \d+ seconds/);

    const spray: number[] = [];
    for (let i = 0; i < 22; i++) spray.push((await signIn(`Name${i}`, 'x-password', '10.9.9.9')).statusCode);
    expect(spray.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(spray.slice(20)).toEqual([429, 429]);
  });

  it('refuses a name no player can have before any look-up, so no spelling escapes the account limit', async () => {
    const victim = newPlayer({ username: 'AuditVictim' });
    await postEvents(t.app, [
      victim.join,
      { id: eventId(), type: 'account.password', uuid: victim.uuid, password: 'victims-password' },
    ]);
    // Spelt with characters that SQL's lower() may fold into the name while JavaScript's does not:
    // refused like a wrong password, even with the right one.
    const unicode = ['AudİtVictim', 'AUDİTVİCTİM', 'AuditVıctim'];
    for (const spelling of unicode) {
      const res = await signIn(spelling, 'victims-password', '10.2.0.1');
      expect(res.statusCode, spelling).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid username or password', code: 'invalid_credentials' });
    }
    for (let i = 0; i < 10; i++) {
      expect((await signIn('AuditVictim', `guess-${i}`, `10.2.1.${i}`)).statusCode).toBe(401);
    }
    // Locked: every spelling that the look-up takes for the account, whatever its case.
    for (const spelling of ['AuditVictim', 'auditvictim', 'AUDITVICTIM']) {
      expect((await signIn(spelling, 'victims-password', '10.2.2.1')).statusCode, spelling).toBe(429);
    }
    for (const spelling of unicode) {
      expect((await signIn(spelling, 'victims-password', '10.2.3.1')).statusCode, spelling).toBe(401);
    }
  });
});

describe('the per-account limiter', () => {
  it('lets the owner back in once the window has passed, and forgets on success', () => {
    let now = 0;
    const limiter = new LoginLimiter(() => now);
    for (let i = 0; i < 10; i++) limiter.fail('Carol');
    expect(limiter.retryAfter('carol')).toBe(5 * 60_000);
    now += 5 * 60_000 + 1;
    expect(limiter.retryAfter('CAROL')).toBe(0);
    limiter.fail('Carol');
    limiter.succeed('carol');
    expect(limiter.retryAfter('Carol')).toBe(0);
  });
});
