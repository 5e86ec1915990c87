import { WRONG_PASSWORD } from '@prison/shared/auth';
import { SITE_NAME } from '@prison/shared/brand';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  eventId,
  newPlayer,
  playerAccount,
  postEvents,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';
import { auditLog, recoveryCodes } from '../../db/schema.ts';
import { base32Decode, base32Encode, hotp, matchingStep, stepAt, totp } from './two-factor.ts';

/** The `n`th six-digit code that is surely refused for `secret` now: no step near now gives it. */
function wrongCode(secret: string, n = 0): string {
  const now = stepAt(Date.now());
  const near = new Set([-2, -1, 0, 1, 2].map((d) => totp(secret, now + d)));
  const codes: string[] = [];
  for (let code = 100000; codes.length <= n; code++) if (!near.has(String(code))) codes.push(String(code));
  return codes[n]!;
}
describe('TOTP', () => {
  // RFC 6238 appendix B, SHA-1: the secret is the ASCII of "12345678901234567890", 8 digits.
  const rfcSecret = Buffer.from('12345678901234567890');
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('gives the test vector at %i seconds', (seconds, code) => {
    expect(hotp(rfcSecret, stepAt(seconds * 1000), 8)).toBe(code);
    // The same through the base32 secret an authenticator app is given, and 6 digits by default.
    const secret = base32Encode(rfcSecret);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(totp(secret, stepAt(seconds * 1000))).toBe(code.slice(2));
  });

  it('reads back what it encodes', () => {
    for (const length of [0, 1, 5, 19, 20, 33]) {
      const bytes = Buffer.from(Array.from({ length }, (_, i) => (i * 37 + 11) & 0xff));
      expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    }
  });

  it('accepts one step of clock drift either way, and no more', () => {
    const secret = base32Encode(rfcSecret);
    const now = 1_700_000_000_000;
    const step = stepAt(now);
    for (const drift of [-1, 0, 1]) {
      expect(matchingStep(secret, totp(secret, step + drift), now)).toBe(step + drift);
    }
    for (const drift of [-2, 2]) expect(matchingStep(secret, totp(secret, step + drift), now)).toBeNull();
  });
});

describe.each(databaseKinds())('two-factor sign-in on %s', (kind) => {
  let t: TestApp;
  const password = 'two-factor-password';

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const account = (username: string, roles: string[] = []) => playerAccount(t, { username, password, roles });

  const signIn = (username: string, code?: string, ip = '10.2.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/player-login',
      payload: { username, password, ...(code === undefined ? {} : { code }) },
      remoteAddress: ip,
    });
  const tokenOf = async (username: string, code?: string) => {
    const res = await signIn(username, code);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().access_token as string;
  };
  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });
  const auditOf = (uuid: string) =>
    t.db
      .select({ action: auditLog.action, outcome: auditLog.outcome, target: auditLog.target })
      .from(auditLog)
      .where(eq(auditLog.actorUuid, uuid))
      .orderBy(auditLog.id);

  /** Sets up and enables two-factor sign-in; answers the secret, the step its code used and the recovery codes. */
  async function enrol(token: string) {
    const setup = await call('POST', '/api/auth/2fa/setup', token, { password });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json();
    const step = stepAt(Date.now());
    const enabled = await call('POST', '/api/auth/2fa/enable', token, { password, code: totp(secret, step) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    return { secret: secret as string, step, recovery: enabled.json().recovery_codes as string[] };
  }

  it('enrols with a code from the setup secret, then asks for a code at sign-in and takes each code once', async () => {
    const player = await account('TotpTina');
    const token = await tokenOf('TotpTina');
    expect((await call('GET', '/api/auth/2fa', token)).json()).toEqual({
      enabled: false,
      recovery_codes_left: 0,
    });

    const setup = await call('POST', '/api/auth/2fa/setup', token, { password });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/); // 20 random bytes
    expect(base32Decode(secret)).toHaveLength(20);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/${SITE_NAME}:TotpTina`);
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe(SITE_NAME);

    // Not active yet: the password alone still signs in, and a wrong code does not enable it.
    const elsewhere = await tokenOf('TotpTina');
    const wrong = await call('POST', '/api/auth/2fa/enable', token, { password, code: wrongCode(secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toMatch(/not right/);

    const step = stepAt(Date.now());
    const enabled = await call('POST', '/api/auth/2fa/enable', token, { password, code: totp(secret, step) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    // Enabling signs every other session out: none of them passed the second factor. This one stays.
    expect((await call('GET', '/api/auth/me', elsewhere)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(200);
    const codes: string[] = enabled.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    // Stored only as hashes.
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.playerUuid, player.uuid));
    expect(stored).toHaveLength(10);
    expect(stored.some((row) => codes.some((code) => row.codeHash.includes(code.replace('-', ''))))).toBe(
      false,
    );
    expect((await call('GET', '/api/auth/2fa', token)).json()).toEqual({
      enabled: true,
      recovery_codes_left: 10,
    });
    expect((await call('POST', '/api/auth/2fa/setup', token, { password })).statusCode).toBe(409);

    // The password alone is no longer enough.
    const asked = await signIn('TotpTina');
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toEqual({
      detail: 'Two-factor code required',
      code: 'two_factor_required',
      two_factor_required: true,
    });

    // The enrolment's code was used; so is any code of an earlier step. The next step's code works, once.
    for (const used of [totp(secret, step), totp(secret, step - 1)]) {
      const res = await signIn('TotpTina', used);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        detail: 'Invalid two-factor code',
        code: 'wrong_two_factor_code',
        two_factor_required: true,
      });
    }
    const next = totp(secret, step + 1);
    const signedIn = await signIn('TotpTina', next);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.username).toBe('TotpTina');
    expect((await signIn('TotpTina', next)).statusCode).toBe(401);

    expect(await auditOf(player.uuid)).toEqual([
      { action: '2fa.enable', outcome: 'refused', target: null },
      { action: '2fa.enable', outcome: 'ok', target: null },
      ...Array(3).fill({ action: 'auth.second_factor_failed', outcome: 'refused', target: null }),
    ]);
  });

  it('takes each recovery code once, with or without its dash, and turns off with one', async () => {
    const player = await account('RecoveryRita');
    const { recovery } = await enrol(await tokenOf('RecoveryRita'));
    const [first, second, third] = recovery as [string, string, string];

    const res = await signIn('RecoveryRita', first.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect((await signIn('RecoveryRita', first)).statusCode).toBe(401);
    const token = await tokenOf('RecoveryRita', second.replace('-', ''));
    expect((await call('GET', '/api/auth/2fa', token)).json()).toEqual({
      enabled: true,
      recovery_codes_left: 8,
    });

    const refused = await call('POST', '/api/auth/2fa/disable', token, { password, code: first });
    expect(refused.statusCode).toBe(400);
    const off = await call('POST', '/api/auth/2fa/disable', token, { password, code: third });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ enabled: false, recovery_codes_left: 0 });
    expect((await call('GET', '/api/auth/2fa', token)).json()).toEqual({
      enabled: false,
      recovery_codes_left: 0,
    });
    await tokenOf('RecoveryRita');
    expect((await call('POST', '/api/auth/2fa/disable', token, { password, code: third })).statusCode).toBe(
      409,
    );

    expect((await auditOf(player.uuid)).map((row) => `${row.action} ${row.outcome}`)).toEqual([
      '2fa.enable ok',
      'auth.second_factor_failed refused',
      '2fa.disable refused',
      '2fa.disable ok',
    ]);
  });

  it('turns off with a current code', async () => {
    const player = await account('DisableDan');
    const token = await tokenOf('DisableDan');
    const { secret, step } = await enrol(token);
    expect(
      (await call('POST', '/api/auth/2fa/disable', token, { password, code: wrongCode(secret) })).statusCode,
    ).toBe(400);
    const off = await call('POST', '/api/auth/2fa/disable', token, {
      password,
      code: totp(secret, step + 1),
    });
    expect(off.statusCode, off.body).toBe(200);
    await tokenOf('DisableDan');
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.playerUuid, player.uuid))).toEqual(
      [],
    );
  });

  it('counts wrong codes toward the failed sign-ins of the account', async () => {
    await account('GuessedGus');
    const { secret, step } = await enrol(await tokenOf('GuessedGus'));
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await signIn('GuessedGus', wrongCode(secret, i), `10.3.0.${i}`)).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const limited = await signIn('GuessedGus', totp(secret, step + 1), '10.3.1.1');
    expect(limited.statusCode).toBe(429);
  });

  it('records the sign-ins of staff accounts, not of players', async () => {
    const staff = await account('StaffStan', ['admin']);
    const player = await account('PlainPam');
    await tokenOf('StaffStan');
    await tokenOf('PlainPam');
    expect(await auditOf(staff.uuid)).toEqual([{ action: 'auth.staff_login', outcome: 'ok', target: null }]);
    const [row] = await t.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.actorUuid, staff.uuid));
    expect(row!.detail).toEqual({ sign_in: 'password' });
    expect(await auditOf(player.uuid)).toEqual([]);
  });

  it('answers the two-factor calls only when signed in', async () => {
    for (const url of [
      '/api/auth/2fa',
      '/api/auth/2fa/setup',
      '/api/auth/2fa/enable',
      '/api/auth/2fa/disable',
    ]) {
      const res = await t.app.inject({
        method: url.endsWith('2fa') ? 'GET' : 'POST',
        url,
        payload: { password, code: '1' },
      });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe.each(databaseKinds())('two-factor changes ask for the password on %s', (kind) => {
  let t: TestApp;
  const password = 'the-real-password';
  const owner = newPlayer({ username: 'TokenTheftTom' });
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await postEvents(t.app, [
      owner.join,
      { id: eventId(), type: 'account.password', uuid: owner.uuid, password },
    ]);
    token = await signIn(t.db, owner.uuid);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (url: string, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      payload: payload as object,
    });

  it('refuses setup, enable and disable with the access token alone or a wrong password, counted by one limiter', async () => {
    // The review's request: an access token alone used to turn two-factor sign-in on.
    const bare = await call('/api/auth/2fa/setup');
    expect(bare.statusCode).toBe(400);
    const wrong = await call('/api/auth/2fa/setup', { password: 'a-guess' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: WRONG_PASSWORD, code: 'wrong_password' });
    const setup = await call('/api/auth/2fa/setup', { password });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json();
    const code = totp(secret, stepAt(Date.now()));
    // A right code with a wrong password enables nothing, and does not use the code up.
    const enableWrong = await call('/api/auth/2fa/enable', { password: 'a-guess', code });
    expect(enableWrong.statusCode).toBe(400);
    expect(enableWrong.json()).toEqual({ detail: WRONG_PASSWORD, code: 'wrong_password' });
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.playerUuid, owner.uuid))).toEqual(
      [],
    );
    const enabled = await call('/api/auth/2fa/enable', { password, code });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const next = totp(secret, stepAt(Date.now()) + 1);
    const disableWrong = await call('/api/auth/2fa/disable', { password: 'a-guess', code: next });
    expect(disableWrong.statusCode).toBe(400);
    expect((await call('/api/auth/2fa/disable', { code: next })).statusCode).toBe(400);

    const refusals = await t.db
      .select({ action: auditLog.action, outcome: auditLog.outcome, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.actorUuid, owner.uuid))
      .orderBy(auditLog.id);
    expect(refusals).toEqual([
      { action: '2fa.enable', outcome: 'refused', detail: { reason: 'wrong password' } },
      { action: '2fa.enable', outcome: 'refused', detail: { reason: 'wrong password' } },
      { action: '2fa.enable', outcome: 'ok', detail: null },
      { action: '2fa.disable', outcome: 'refused', detail: { reason: 'wrong password' } },
    ]);
    // Ten changes a minute per account, wrong passwords and wrong codes alike: seven so far, three
    // more refused by their password, and the eleventh by the limiter before the password is read.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await call('/api/auth/2fa/disable', { password: 'a-guess', code: next })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
