// STAFF_2FA=required holds the session, not the account (staff.ts): every staff route refuses a
// session that has not passed a second factor, wherever the route lives. The walk over the OpenAPI
// document finds the staff routes by asking them: whatever a plain player is refused (403), a staff
// member without a passed second factor must be refused too, so a staff route added later is held
// to the rule without being named here.
import { STAFF_SIGN_IN_WITH_CODE, STAFF_TWO_FACTOR_REQUIRED } from '@prison/shared/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  grantRoles,
  newPlayer,
  playerAccount,
  postEvents,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';
import { auditLog, twoFactor } from '../../db/schema.ts';
import { stepAt, totp } from './two-factor.ts';

const password = 'staff-password-1';

interface Operation {
  method: string;
  path: string;
}

describe.each(databaseKinds())('STAFF_2FA=required on %s', (kind) => {
  let t: TestApp;
  let operations: Operation[];
  const plain = newPlayer({ username: 'PlainPlayer2fa' });

  beforeAll(async () => {
    t = await createTestApp(kind, { STAFF_2FA: 'required' });
    await postEvents(t.app, [plain.join]);
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const staffAccount = (username: string, roles: string[]) => playerAccount(t, { username, password, roles });
  const login = (username: string, code?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/player-login',
      payload: { username, password, ...(code === undefined ? {} : { code }) },
    });
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const call = (method: string, url: string, token: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers: as(token), payload });
  /** Sets up and enables two-factor sign-in in the session of `token`; answers the secret and the step used. */
  async function enrol(token: string) {
    const { secret } = (await call('POST', '/api/auth/2fa/setup', token, { password })).json();
    const step = stepAt(Date.now());
    const enabled = await call('POST', '/api/auth/2fa/enable', token, { password, code: totp(secret, step) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    return { secret: secret as string, step };
  }

  /** Every route of the document with its parameters filled in with something of the right form. */
  const concrete = (path: string, member: string) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) =>
      name === 'uuid' ? member : name === 'n' ? '1' : name === 'name' ? 'Somebody' : 'rules',
    );

  /**
   * The staff routes as the document has them: those a plain player is refused (403), asked about
   * `member` (another player, whose activity only staff read).
   */
  async function staffRoutes(member: string): Promise<Operation[]> {
    const player = await signIn(t.db, plain.uuid);
    const found: Operation[] = [];
    for (const op of operations) {
      // Not the bridge (its own token), the sockets, nor signing the walk's own session out.
      if (/^\/api\/bridge|\/ws$|^\/ws\/|^\/api\/auth\/logout/.test(op.path)) continue;
      const res = await call(
        op.method,
        concrete(op.path, member),
        player,
        op.method === 'GET' ? undefined : {},
      );
      if (res.statusCode === 403) found.push(op);
    }
    return found;
  }

  it('refuses every staff route to a staff session without a second factor, and lets the enrolling session in', async () => {
    // The review's requests: an unenrolled staff session wrote and deleted docs, listed deleted docs,
    // and read other players' activity and hidden statistics.
    const olga = await staffAccount('OwnerOlga', ['OWNER']);
    const res = await login('OwnerOlga');
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().access_token as string;

    const routes = await staffRoutes(olga.uuid);
    expect(routes.map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/admin/dashboard',
        'POST /api/admin/command',
        'GET /api/admin/audit',
        'GET /api/admin/staff',
        'POST /api/admin/staff/{uuid}/2fa/reset',
        'POST /api/docs',
        'GET /api/docs/deleted',
        'DELETE /api/docs/{slug}',
        'GET /api/players/{uuid}/activity',
      ]),
    );
    for (const op of routes) {
      const refused = await call(
        op.method,
        concrete(op.path, plain.uuid),
        token,
        op.method === 'GET' ? undefined : {},
      );
      expect(refused.statusCode, `${op.method} ${op.path}`).toBe(403);
      expect(refused.json(), `${op.method} ${op.path}`).toEqual({
        detail: STAFF_TWO_FACTOR_REQUIRED,
        code: 'staff_two_factor_required',
      });
    }

    // The session that enrols has passed the factor: staff routes answer it at once.
    await enrol(token);
    expect((await call('GET', '/api/admin/dashboard', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/docs/deleted', token)).statusCode).toBe(200);
    expect((await call('GET', `/api/players/${plain.uuid}/activity`, token)).statusCode).toBe(200);
    const created = await call('POST', '/api/docs', token, { title: 'Two factors', content: 'Both.' });
    expect(created.statusCode, created.body).toBe(201);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorUuid, olga.uuid))
      .orderBy(auditLog.id);
    expect(actions.map((row) => row.action)).toEqual(['auth.staff_login', '2fa.enable', 'doc.create']);
  });

  it('refuses a password-only session staff routes once the account enrols, and after every refresh', async () => {
    // The review's request: a session signed in with the password alone got the admin API and RCON
    // as soon as the account enrolled from another session, and kept it for 30 days of refreshes.
    await staffAccount('AdminAnna', ['ADMIN']);
    const first = (await login('AdminAnna')).json();
    const second = (await login('AdminAnna')).json();
    expect((await call('GET', '/api/admin/dashboard', first.access_token)).statusCode).toBe(403);
    const { secret, step } = await enrol(second.access_token);
    // Enrolling signed the other session out, its refresh token with it.
    expect((await call('GET', '/api/admin/dashboard', first.access_token)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: first.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);

    // A session of the enrolled account that never passed the factor (one signed in before the
    // setting was turned on): refused, with what to do, and still so after its token is refreshed.
    const anna = (await t.db.select().from(twoFactor)).find((row) => row.enabledAt)!;
    const old = await signIn(t.db, anna.playerUuid);
    const refused = await call('GET', '/api/admin/dashboard', old);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: STAFF_SIGN_IN_WITH_CODE, code: 'staff_sign_in_with_code' });
    expect((await call('POST', '/api/admin/command', old, { command: 'list' })).statusCode).toBe(403);

    const withCode = await login('AdminAnna', totp(secret, step + 1));
    expect(withCode.statusCode, withCode.body).toBe(200);
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: withCode.json().refresh_token },
    });
    expect((await call('GET', '/api/admin/dashboard', rotated.json().access_token)).statusCode).toBe(200);
  });

  it('lets an owner, and only an owner, clear a member’s two-factor sign-in, signing the member out', async () => {
    const owner = await staffAccount('OwnerOtto', ['OWNER']);
    const member = await staffAccount('MemberMia', ['WEB_ADMIN']);
    const ownerToken = (await login('OwnerOtto')).json().access_token as string;
    await enrol(ownerToken);
    const memberToken = (await login('MemberMia')).json().access_token as string;
    await enrol(memberToken);

    const listed = await call('GET', '/api/admin/staff', ownerToken);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().staff).toEqual(
      expect.arrayContaining([
        { uuid: member.uuid, username: 'MemberMia', roles: ['WEB_ADMIN'], two_factor: true },
        { uuid: owner.uuid, username: 'OwnerOtto', roles: ['OWNER'], two_factor: true },
      ]),
    );
    expect(listed.json().staff.map((m: { username: string }) => m.username)).not.toContain('PlainPlayer2fa');

    // A member who is not an owner may not; the member still has it.
    const byMember = await call('POST', `/api/admin/staff/${owner.uuid}/2fa/reset`, memberToken);
    expect(byMember.statusCode).toBe(403);
    const reset = await call('POST', `/api/admin/staff/${member.uuid}/2fa/reset`, ownerToken);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().staff.find((m: { uuid: string }) => m.uuid === member.uuid).two_factor).toBe(false);
    expect((await call('GET', '/api/auth/me', memberToken)).statusCode).toBe(401);
    expect((await call('POST', `/api/admin/staff/${member.uuid}/2fa/reset`, ownerToken)).statusCode).toBe(
      409,
    );
    // Signed in again with the password alone, the member is asked to enrol before staff routes.
    const again = (await login('MemberMia')).json().access_token as string;
    expect((await call('GET', '/api/admin/dashboard', again)).json()).toEqual({
      detail: STAFF_TWO_FACTOR_REQUIRED,
      code: 'staff_two_factor_required',
    });
    const rows = await t.db
      .select({ actor: auditLog.actorUuid, action: auditLog.action, target: auditLog.target })
      .from(auditLog)
      .where(eq(auditLog.action, '2fa.reset'));
    expect(rows).toEqual([{ actor: owner.uuid, action: '2fa.reset', target: 'MemberMia' }]);
  });

  it('takes staff powers from a session whose account turns two-factor sign-in off', async () => {
    await staffAccount('AdminAlf', ['ADMIN']);
    const token = (await login('AdminAlf')).json().access_token as string;
    const { secret, step } = await enrol(token);
    expect((await call('GET', '/api/admin/dashboard', token)).statusCode).toBe(200);
    const off = await call('POST', '/api/auth/2fa/disable', token, {
      password,
      code: totp(secret, step + 1),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await call('GET', '/api/admin/dashboard', token)).json()).toEqual({
      detail: STAFF_TWO_FACTOR_REQUIRED,
      code: 'staff_two_factor_required',
    });
  });
});

describe.each(databaseKinds())('STAFF_2FA off (the default) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('lets staff without two-factor sign-in use the admin API', async () => {
    const staff = newPlayer({ username: 'AdminAbe' });
    await postEvents(t.app, [staff.join]);
    await grantRoles(t.db, staff.uuid, ['ADMIN']);
    const res = await t.app.inject({
      url: '/api/admin/dashboard',
      headers: { authorization: `Bearer ${await signIn(t.db, staff.uuid)}` },
    });
    expect(res.statusCode).toBe(200);
  });
});
