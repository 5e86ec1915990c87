import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/helpers.ts';
import { startServer } from '../../../test/server-process.ts';
import { openPglite } from '../../db/client.ts';
import { auditLog, players, recoveryCodes, sessions, twoFactor } from '../../db/schema.ts';
import { createAccount, listAccounts, offlineUuid, setPassword, setRoles } from './accounts.ts';
import { startSession } from './sessions.ts';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../cli/accounts.ts', import.meta.url));

describe.each(databaseKinds())('account administration on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  const signIn = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/player-login', payload: { username, password } });

  it('creates an account (and its player) that can sign in, with roles', async () => {
    const account = await createAccount(t.db, {
      username: 'OwnerSteve',
      password: 'owner-password',
      roles: ['owner', ' web_admin '],
    });
    expect(account).toEqual({
      uuid: offlineUuid('OwnerSteve'),
      username: 'OwnerSteve',
      roles: ['OWNER', 'WEB_ADMIN'],
    });
    const res = await signIn('ownersteve', 'owner-password');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.roles).toEqual(['OWNER', 'WEB_ADMIN']);
    expect((await listAccounts(t.db)).map((a) => a.username)).toContain('OwnerSteve');
  });

  it('changes a password (signing sessions out) and roles; refuses bad input', async () => {
    await createAccount(t.db, { username: 'Editor_1', password: 'first-password' });
    const { refresh_token } = (await signIn('Editor_1', 'first-password')).json();
    await setPassword(t.db, 'EDITOR_1', 'second-password');
    expect((await signIn('Editor_1', 'first-password')).statusCode).toBe(401);
    expect((await signIn('Editor_1', 'second-password')).statusCode).toBe(200);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);
    expect(await setRoles(t.db, 'editor_1', ['docs_editor'])).toEqual(['DOCS_EDITOR']);
    await expect(setPassword(t.db, 'Editor_1', 'short')).rejects.toThrow(/8 to 128 characters/);
    await expect(setPassword(t.db, 'NoSuchPlayer', 'long-enough-1')).rejects.toThrow(/No player named/);
    await expect(createAccount(t.db, { username: 'bad name!', password: 'long-enough-1' })).rejects.toThrow(
      /not a valid/,
    );
  });

  it('gives offline-mode uuids as the game does', () => {
    // Java: UUID.nameUUIDFromBytes("OfflinePlayer:Notch".getBytes(UTF_8))
    expect(offlineUuid('Notch')).toBe('b50ad385-829d-3141-a216-7e7d7539ba7f');
  });
});

// Each command starts Node, loads the embedded database and migrates it: a few seconds each here, and
// several times that on a busy machine, so these tests get a wide bound (a bound, not a goal).
const CLI_TEST_TIMEOUT = 240_000;

describe('the accounts command line', () => {
  it('clears a member’s two-factor sign-in with reset-2fa, signing their sessions out', {
    timeout: CLI_TEST_TIMEOUT,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'accounts-2fa-'));
    const env = { ...process.env, DATA_DIR: dataDir, DEMO: 'off' };
    const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', CLI, ...args], { env });
    await cli('create', '--username', 'LostPhone', '--password', 'lost-password-1', '--role', 'ADMIN');
    // Enrolled, with a session open: as the site would have left it.
    let database = await openPglite(dataDir);
    const [player] = await database.db.select().from(players).where(eq(players.username, 'LostPhone'));
    await database.db
      .insert(twoFactor)
      .values({ playerUuid: player!.uuid, secret: 'B'.repeat(32), enabledAt: new Date() });
    await database.db.insert(recoveryCodes).values({ playerUuid: player!.uuid, codeHash: 'x'.repeat(64) });
    const sid = await startSession(
      database.db,
      player!.uuid,
      { userAgent: null, address: null },
      'password_and_code',
    );
    await database.close();

    const reset = await cli('reset-2fa', '--username', 'lostphone');
    expect(reset.stdout).toMatch(/Two-factor sign-in cleared for LostPhone; their sessions were signed out/);
    await expect(cli('reset-2fa', '--username', 'LostPhone')).rejects.toMatchObject({
      stderr: expect.stringMatching(/Two-factor sign-in is not on for LostPhone/),
    });
    await expect(cli('reset-2fa', '--username', 'NobodyAtAll')).rejects.toMatchObject({
      stderr: expect.stringMatching(/No player named NobodyAtAll/),
    });

    database = await openPglite(dataDir);
    try {
      expect(await database.db.select().from(twoFactor)).toEqual([]);
      expect(await database.db.select().from(recoveryCodes)).toEqual([]);
      const [session] = await database.db.select().from(sessions).where(eq(sessions.id, sid));
      expect(session!.revokedAt).not.toBeNull();
      const audit = await database.db
        .select({ actor: auditLog.actorName, action: auditLog.action, target: auditLog.target })
        .from(auditLog)
        .where(eq(auditLog.action, '2fa.reset'));
      expect(audit).toEqual([{ actor: 'command line', action: '2fa.reset', target: 'LostPhone' }]);
    } finally {
      await database.close();
    }
  });

  it('creates and lists accounts in DATA_DIR, and the server signs them in', {
    timeout: CLI_TEST_TIMEOUT,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'accounts-'));
    const env = { ...process.env, DATA_DIR: dataDir, DEMO: 'off' };
    const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', CLI, ...args], { env });
    const created = await cli(
      'create',
      '--username',
      'CliOwner',
      '--password',
      'cli-password-1',
      '--role',
      'OWNER',
    );
    expect(created.stdout).toMatch(/Account ready: CliOwner .* roles: OWNER/);
    expect((await cli('list')).stdout).toMatch(/CliOwner[\s\S]*1 account\(s\)/);
    await expect(cli('set-password', '--username', 'CliOwner', '--password', 'short')).rejects.toMatchObject({
      stderr: expect.stringMatching(/8 to 128 characters/),
    });

    const server = await startServer({ DATA_DIR: dataDir });
    try {
      // The embedded database belongs to the running server: the command line refuses politely.
      for (const command of [['list'], ['reset-2fa', '--username', 'CliOwner']]) {
        await expect(cli(...command)).rejects.toMatchObject({
          stderr: expect.stringMatching(/already using the data directory/),
        });
      }
      const res = await fetch(`${server.url}/api/auth/player-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'cliowner', password: 'cli-password-1' }),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { user: unknown }).user).toMatchObject({
        username: 'CliOwner',
        roles: ['OWNER'],
      });
    } finally {
      server.proc.kill('SIGTERM');
      await server.exited;
    }
  });
});
