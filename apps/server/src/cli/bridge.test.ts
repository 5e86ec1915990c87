// npm run bridge -- create|list|revoke: an owner gives each game server its own credential from the
// command line, on the database the server uses; the site then takes its token until it is revoked.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test/backup/backup-kit.ts';
import {
  createPostgresDatabase,
  createTestAppOn,
  type DatabaseKind,
  databaseKinds,
  newPlayer,
  postEvents,
} from '../../test/helpers.ts';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

// Each run starts the database in a process of its own: slow on a loaded machine.
describe.each(databaseKinds())('npm run bridge on %s', { timeout: 180_000 }, (kind: DatabaseKind) => {
  const scratch = mkdtempSync(join(tmpdir(), 'cli-bridge-'));
  let env: Record<string, string>;
  let dropPostgres = async () => {};

  beforeAll(async () => {
    if (kind === 'pglite') {
      env = { DATA_DIR: join(scratch, 'data') };
    } else {
      const { url, drop } = await createPostgresDatabase();
      dropPostgres = drop;
      env = {
        DATABASE_URL: url,
        DATA_DIR: scratch,
        JWT_SECRET: 'x'.repeat(32),
        BRIDGE_TOKEN: 'y'.repeat(32),
      };
    }
  });
  afterAll(async () => {
    await dropPostgres();
    rmSync(scratch, { recursive: true, force: true });
  });

  const open = (): Promise<Database> =>
    kind === 'pglite' ? openPglite(env.DATA_DIR!) : openPostgres(env.DATABASE_URL!, () => {});

  it('creates, lists and revokes a credential, printing its token once, audited', async () => {
    const created = await runCli('bridge', ['create', '--name', 'lobby-1'], env);
    expect(created.code, created.stderr).toBe(0);
    const token = /^ {2}(\S{43,})$/m.exec(created.stdout)?.[1];
    expect(token).toBeDefined();

    const taken = await runCli('bridge', ['create', '--name', 'lobby-1'], env);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('lobby-1 is in use');

    // The site takes it.
    const t = await createTestAppOn(await open());
    try {
      expect((await postEvents(t.app, [newPlayer().join], token)).statusCode).toBe(200);
    } finally {
      await t.close();
    }

    const listed = await runCli('bridge', ['list'], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(
      /^lobby-1 +\d{4}-\d\d-\d\d \d\d:\d\d command line +\d{4}-\d\d-\d\d \d\d:\d\d +-$/m,
    );
    expect(listed.stdout).not.toContain(token);

    const revoked = await runCli('bridge', ['revoke', '--name', 'lobby-1'], env);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain('lobby-1 revoked');
    const unknown = await runCli('bridge', ['revoke', '--name', 'lobby-1'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No credential named lobby-1 is in use');

    const after = await createTestAppOn(await open());
    try {
      const refused = await postEvents(after.app, [newPlayer().join], token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('invalid_token');
      const rows = await after.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, 'lobby-1'))
        .orderBy(auditLog.id);
      expect(rows.map((r) => [r.action, r.actorUuid, r.actorName, r.outcome])).toEqual([
        ['bridge.credential_create', null, 'command line', 'ok'],
        ['bridge.credential_revoke', null, 'command line', 'ok'],
      ]);
    } finally {
      await after.close();
    }
  });

  it('refuses a malformed name and the name of BRIDGE_TOKEN', async () => {
    for (const name of ['Lobby 1', 'default']) {
      const run = await runCli('bridge', ['create', '--name', name], env);
      expect(run.code, name).toBe(1);
      expect(run.stdout).not.toContain('token');
    }
  });
});
