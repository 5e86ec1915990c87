// Each game server connects with its own named credential, made and revoked by an owner; the token is
// shown once and stored hashed; BRIDGE_TOKEN keeps working beside them as "default".
import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import type { BridgeCredentialList, CreatedBridgeCredential } from '@prison/shared/bridge-credentials';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BRIDGE_TOKEN,
  createTestApp,
  databaseKinds,
  fakeWebDist,
  JWT_SECRET,
  newPlayer,
  openTestDatabase,
  playerAccount,
  postEvents,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';
import { buildApp, loggerOptions } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { auditLog, bridgeCredentials } from '../../db/schema.ts';
import { LiveHub } from '../../live/hub.ts';
import {
  createCredential,
  revokeCredential,
  SIMULATOR_CREDENTIAL_NAME,
  simulatorCredential,
} from './credentials.ts';

const password = 'credential-test-password';
const URL = '/api/admin/bridge/credentials';

describe.each(databaseKinds())('game server credentials on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let admin: string;
  let ownerName: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const o = await playerAccount(t, { username: 'CredOwner', password, roles: ['OWNER'] });
    const a = await playerAccount(t, { username: 'CredAdmin', password, roles: ['ADMIN'] });
    ownerName = o.username;
    owner = await signIn(t.db, o.uuid);
    admin = await signIn(t.db, a.uuid);
  });
  afterAll(async () => {
    await t?.close();
  });

  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const create = async (name: string) => {
    const res = await t.app.inject({ method: 'POST', url: URL, headers: as(owner), payload: { name } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CreatedBridgeCredential;
  };
  const list = async () => {
    const res = await t.app.inject({ url: URL, headers: as(owner) });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const deliveries = (token: string) => t.app.inject({ url: '/api/bridge/deliveries', headers: as(token) });
  const socket = (token: string) => t.app.inject({ url: '/api/bridge/ws', headers: as(token) });

  it('lets a new credential post a batch and use the deliveries, and shows its token only once', async () => {
    const { credential, token } = await create('lobby-1');
    expect(credential).toMatchObject({ name: 'lobby-1', created_by: ownerName, revoked_at: null });
    expect(token.length).toBeGreaterThanOrEqual(43);

    expect((await postEvents(t.app, [newPlayer().join], token)).statusCode).toBe(200);
    expect((await deliveries(token)).statusCode).toBe(200);
    // The socket's handshake passes the token check (426: a plain request, not an upgrade).
    expect((await socket(token)).statusCode).toBe(426);

    const listed = await list();
    const [row] = await t.db.select().from(bridgeCredentials).where(eq(bridgeCredentials.id, credential.id));
    expect(listed.body).not.toContain(token);
    expect(listed.body).not.toContain(row!.tokenHash);
    expect(row!.tokenHash).not.toContain(token);
    const shown = (listed.json() as BridgeCredentialList).credentials.find((c) => c.id === credential.id);
    expect(Object.keys(shown!).sort()).toEqual(
      ['created_at', 'created_by', 'id', 'last_used_at', 'name', 'revoked_at'].sort(),
    );
    expect(shown!.last_used_at).not.toBeNull();
  });

  it('refuses a revoked credential with 401 invalid_token, everywhere on the bridge', async () => {
    const { credential, token } = await create('mines-2');
    expect((await postEvents(t.app, [newPlayer().join], token)).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'DELETE', url: `${URL}/${credential.id}`, headers: as(owner) });
    expect(res.statusCode, res.body).toBe(200);
    const revoked = (res.json() as BridgeCredentialList).credentials.find((c) => c.id === credential.id);
    expect(revoked!.revoked_at).not.toBeNull();

    for (const refused of [
      await postEvents(t.app, [newPlayer().join], token),
      await deliveries(token),
      await socket(token),
    ]) {
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ detail: 'A valid bridge token is required', code: 'invalid_token' });
    }
    // Revoking it again changes nothing; its name is free for a new credential.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `${URL}/${credential.id}`,
      headers: as(owner),
    });
    expect(again.statusCode).toBe(200);
    const replacement = await create('mines-2');
    expect((await postEvents(t.app, [newPlayer().join], replacement.token)).statusCode).toBe(200);
  });

  it('keeps BRIDGE_TOKEN working, and refuses a token nobody made', async () => {
    expect((await postEvents(t.app, [newPlayer().join])).statusCode).toBe(200);
    expect((await deliveries(BRIDGE_TOKEN)).statusCode).toBe(200);
    expect((await socket(BRIDGE_TOKEN)).statusCode).toBe(426);
    const wrong = await postEvents(t.app, [newPlayer().join], 'no-such-credential-0123456789');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('invalid_token');
  });

  it('refuses a name in use, the name "default" and a malformed one', async () => {
    await create('survival');
    const taken = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: as(owner),
      payload: { name: 'survival' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('credential_name_taken');
    for (const name of ['default', 'Lobby 1', '', 'x'.repeat(33)]) {
      const bad = await t.app.inject({ method: 'POST', url: URL, headers: as(owner), payload: { name } });
      expect(bad.statusCode, name).toBe(400);
      expect(bad.json().code).toBe('invalid_request');
    }
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: `${URL}/00000000-0000-4000-8000-000000000000`,
      headers: as(owner),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('unknown_credential');
  });

  it('refuses every credential route to staff who are not owners, and to the signed out', async () => {
    const { credential } = await create('refusal-check');
    const calls = [
      { method: 'GET' as const, url: URL },
      { method: 'POST' as const, url: URL, payload: { name: 'by-an-admin' } },
      { method: 'DELETE' as const, url: `${URL}/${credential.id}` },
    ];
    for (const call of calls) {
      const forbidden = await t.app.inject({ ...call, headers: as(admin) });
      expect(forbidden.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(forbidden.json().code).toBe('not_permitted');
      expect((await t.app.inject(call)).statusCode).toBe(401);
      // Nor does the bridge's own token reach them.
      expect((await t.app.inject({ ...call, headers: as(BRIDGE_TOKEN) })).statusCode).toBe(401);
    }
    const [row] = await t.db.select().from(bridgeCredentials).where(eq(bridgeCredentials.id, credential.id));
    expect(row!.revokedAt).toBeNull();
    expect((await list()).body).not.toContain('by-an-admin');
  });

  it('audits making and revoking a credential, with the owner as actor', async () => {
    const { credential } = await create('audited-1');
    await t.app.inject({ method: 'DELETE', url: `${URL}/${credential.id}`, headers: as(owner) });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, 'audited-1'))
      .orderBy(auditLog.id);
    expect(rows.map((r) => [r.action, r.actorName, r.outcome, r.detail])).toEqual([
      ['bridge.credential_create', ownerName, 'ok', { id: credential.id }],
      ['bridge.credential_revoke', ownerName, 'ok', { id: credential.id }],
    ]);
  });

  it('records a use at most once a minute', async () => {
    const { credential, token } = await create('last-used');
    const lastUsed = async () =>
      (await t.db.select().from(bridgeCredentials).where(eq(bridgeCredentials.id, credential.id)))[0]!
        .lastUsedAt;
    expect(await lastUsed()).toBeNull();
    const setLastUsed = (ago: string) =>
      t.db.execute(
        sql`update bridge_credentials set last_used_at = now() - ${ago}::interval where id = ${credential.id}`,
      );

    // Used 10 seconds ago: a new use writes nothing.
    await setLastUsed('10 seconds');
    const recent = await lastUsed();
    expect((await deliveries(token)).statusCode).toBe(200);
    expect(await lastUsed()).toEqual(recent);

    // Used two minutes ago: the new use is recorded.
    await setLastUsed('2 minutes');
    const old = await lastUsed();
    expect((await deliveries(token)).statusCode).toBe(200);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(old!.getTime());
  });

  it("gives demo mode's simulated game server a credential of its own, made once for a BRIDGE_TOKEN", async () => {
    const simulators = async () =>
      (
        await t.db
          .select()
          .from(bridgeCredentials)
          .where(eq(bridgeCredentials.name, SIMULATOR_CREDENTIAL_NAME))
          .orderBy(bridgeCredentials.createdAt)
      ).map((row) => ({ revoked: row.revokedAt !== null }));
    const token = await simulatorCredential(t.db, 'bridge-token-one-0123456789');
    expect(await simulators()).toEqual([{ revoked: false }]);
    expect((await postEvents(t.app, [newPlayer().join], token)).statusCode).toBe(200);
    // A restart finds it in use.
    expect(await simulatorCredential(t.db, 'bridge-token-one-0123456789')).toBe(token);
    expect(await simulators()).toEqual([{ revoked: false }]);
    // Another BRIDGE_TOKEN: the old one is revoked and refused, a new one made.
    const next = await simulatorCredential(t.db, 'bridge-token-two-0123456789');
    expect(next).not.toBe(token);
    expect(await simulators()).toEqual([{ revoked: true }, { revoked: false }]);
    expect((await postEvents(t.app, [newPlayer().join], token)).statusCode).toBe(401);
    expect((await postEvents(t.app, [newPlayer().join], next)).statusCode).toBe(200);
  });
});

describe('a credential and the logs', () => {
  it('never writes a credential token to a log line, used or revoked', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await openTestDatabase('pglite');
    const hub = new LiveHub(database, { warn() {}, error() {} });
    await hub.start();
    // Debug logs every request: the most a deployment writes.
    const app = await buildApp({
      config: loadConfig({ DEMO: 'off', WEB_DIST: fakeWebDist(), DATA_DIR: tmpdir() }),
      database,
      hub,
      secrets: { jwtSecret: JWT_SECRET, bridgeToken: BRIDGE_TOKEN, rconPassword: null },
      loggerInstance: pino(loggerOptions('debug'), stream),
    });
    let token = '';
    try {
      const made = await createCredential(database.db, 'logged-1', { uuid: null });
      token = made.token;
      expect((await postEvents(app, [newPlayer().join], token)).statusCode).toBe(200);
      await revokeCredential(database.db, { id: made.credential.id }, { uuid: null });
      expect((await postEvents(app, [newPlayer().join], token)).statusCode).toBe(401);
      expect(
        (await app.inject({ url: '/api/bridge/ws', headers: { authorization: `Bearer ${token}` } }))
          .statusCode,
      ).toBe(401);
    } finally {
      await app.close();
      await hub.stop();
      await database.close();
    }
    const log = lines.join('');
    expect(log).toContain('/api/bridge/events');
    expect(log).not.toContain(token);
  });
});
