// Issue 16, limits under abuse: PGlite's files were created world-writable (0666) in a 0755 data
// directory, so any local user could read password hashes and private messages and change roles.
// Now DATA_DIR and everything in it belongs to the server's user alone: directories 0700, files
// 0600, those already there fixed at start, those made later made so. A real server process.
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BRIDGE_TOKEN, createPostgresDatabase, databaseKinds, JWT_SECRET } from '../helpers.ts';
import { type ServerProcess, startServer } from '../server-process.ts';

/** Every entry under `dir` (itself included) that is not a symbolic link, with its permission bits. */
function modes(dir: string): Map<string, number> {
  const found = new Map<string, number>();
  const walk = (path: string) => {
    const entry = lstatSync(path);
    if (entry.isSymbolicLink()) return;
    found.set(path, entry.mode & 0o7777);
    if (entry.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return found;
}

function expectPrivate(dir: string): Map<string, number> {
  const found = modes(dir);
  const wrong = [...found].filter(([path, mode]) => mode !== (statSync(path).isDirectory() ? 0o700 : 0o600));
  expect(wrong.map(([path, mode]) => `${path} ${mode.toString(8)}`)).toEqual([]);
  return found;
}

describe.each(databaseKinds())('the data directory (%s)', (kind) => {
  let server: ServerProcess | undefined;
  let drop = async () => {};
  afterAll(async () => {
    server?.proc.kill('SIGKILL');
    await drop();
  });

  it('belongs to the server user alone, fixed at start and kept so', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'data-modes-'));
    // What an older version left: open to everyone.
    chmodSync(dataDir, 0o755);
    mkdirSync(join(dataDir, 'old', 'deeper'), { recursive: true, mode: 0o777 });
    chmodSync(join(dataDir, 'old'), 0o755);
    chmodSync(join(dataDir, 'old', 'deeper'), 0o777);
    writeFileSync(join(dataDir, 'old', 'deeper', 'notes.txt'), 'private', { mode: 0o666 });
    chmodSync(join(dataDir, 'old', 'deeper', 'notes.txt'), 0o666);
    writeFileSync(
      join(dataDir, 'secrets.json'),
      `${JSON.stringify({ jwtSecret: 'j'.repeat(43), bridgeToken: 'b'.repeat(43) })}\n`,
    );
    chmodSync(join(dataDir, 'secrets.json'), 0o666);
    // A link out of the data directory: left alone, and what it points to too.
    const outside = join(mkdtempSync(join(tmpdir(), 'outside-')), 'shared.txt');
    writeFileSync(outside, 'not the server’s');
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(dataDir, 'link'));

    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (kind === 'postgres') {
      const created = await createPostgresDatabase();
      drop = created.drop;
      Object.assign(env, { DATABASE_URL: created.url, JWT_SECRET, BRIDGE_TOKEN });
    } else {
      env.BRIDGE_TOKEN = BRIDGE_TOKEN;
    }
    // A first start (PGlite creates its database) on a machine busy with other tests: give it time.
    server = await startServer(env, 90_000);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const atStart = expectPrivate(dataDir);
    expect(atStart.get(join(dataDir, 'secrets.json'))).toBe(0o600);
    expect(atStart.get(join(dataDir, 'old', 'deeper', 'notes.txt'))).toBe(0o600);
    expect(atStart.get(dataDir)).toBe(0o700);
    if (kind === 'pglite') {
      expect(
        [...atStart.keys()].filter((path) => path.startsWith(join(dataDir, 'pglite'))).length,
      ).toBeGreaterThan(100);
    }

    // The database writes (a new player), then the process stops cleanly (PGlite flushes its files).
    const uuid = randomUUID();
    const res = await fetch(`${server.url}/api/bridge/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BRIDGE_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        events: [{ id: `join-${uuid}`, type: 'player.join', uuid, username: 'Modes' }],
      }),
    });
    expect(res.status, await res.text()).toBe(200);
    server.proc.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    server = undefined;
    // The tables the migrations made after the database opened, and what the writes added, too.
    expectPrivate(dataDir);

    expect(lstatSync(join(dataDir, 'link')).isSymbolicLink()).toBe(true);
    expect(statSync(outside).mode & 0o7777).toBe(0o644);
  });
});
