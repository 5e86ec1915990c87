// Test support: the real app on a fresh real database (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), plus small factories for bridge events.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Secrets } from '../src/data-dir.ts';
import { type Database, type Db, openPglite, openPostgres } from '../src/db/client.ts';
import { LiveHub } from '../src/live/hub.ts';
import { storeRoles } from '../src/modules/auth/accounts.ts';
import { type SignInMethod, startSession } from '../src/modules/auth/sessions.ts';
import { accessTokens } from '../src/modules/auth/tokens.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

const quiet = { warn() {}, error() {} };

/** A new, empty PostgreSQL database on the TEST_DATABASE_URL server; dropped by the returned function. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

let template: Promise<Blob | undefined> | undefined;

/** The migrated empty database the run's global setup dumped (pglite-template.ts), read once per file. */
function pgliteTemplateBlob(): Promise<Blob | undefined> {
  template ??= (async () => {
    const file = inject('pgliteTemplate');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return template;
}

export async function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return openPglite(null, await pgliteTemplateBlob());
  const { url, drop } = await createPostgresDatabase();
  const database = await openPostgres(url, () => {});
  return {
    ...database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

/** A built web app stand-in: an index.html, one hashed asset, and the hints of two pages. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Prison</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("app");');
  const hints = [
    {
      path: '/leaderboard',
      modulepreload: ['/assets/leaderboard-1.js'],
      data: ['/api/leaderboard?limit=50'],
      images: ['avatars', 'items'],
      catalogues: ['leaderboard'],
    },
    { path: '/auction/*', modulepreload: ['/assets/category-1.js', '/assets/shared-1.js'], data: [] },
  ];
  writeFileSync(join(dir, 'page-hints.json'), JSON.stringify(hints));
  return dir;
}

export const BRIDGE_TOKEN = 'test-bridge-token-0123456789';
/** The secret createTestApp signs access tokens with. */
export const JWT_SECRET = 'test-jwt-secret-0123456789abcdef';

/**
 * An access token of a new session of a player already in `db`, as a sign-in gives (without the
 * password: tests that are not about signing in skip its argon2 work). `now` backdates it; `secret`
 * is the server's when it is not createTestApp's.
 */
export async function signIn(
  db: Db,
  uuid: string,
  {
    secret = JWT_SECRET,
    now,
    method = 'password',
  }: { secret?: string; now?: number; method?: SignInMethod } = {},
): Promise<string> {
  const sid = await startSession(db, uuid, { userAgent: null, address: null }, method);
  return accessTokens(secret).sign({ uuid, roles: [], sid }, now);
}

export async function createTestApp(kind: DatabaseKind, env: Record<string, string> = {}) {
  return createTestAppOn(await openTestDatabase(kind), env);
}

/** The real app on a database of the caller's: two of them on one PostgreSQL are two server processes. */
export async function createTestAppOn(database: Database, env: Record<string, string> = {}) {
  const config = loadConfig({ DEMO: 'off', WEB_DIST: fakeWebDist(), DATA_DIR: tmpdir(), ...env });
  const secrets: Secrets = {
    jwtSecret: JWT_SECRET,
    bridgeToken: BRIDGE_TOKEN,
    rconPassword: null,
  };
  const hub = new LiveHub(database, quiet);
  await hub.start();
  const app = await buildApp({ config, database, hub, secrets });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    hub,
    config,
    async close() {
      await app.close();
      await hub.stop();
      await database.close();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let counter = 0;
/** A unique bridge event id. */
export const eventId = (label = 'e') => `${label}-${Date.now().toString(36)}-${++counter}`;

export function postEvents(app: TestApp['app'], events: unknown[], token = BRIDGE_TOKEN) {
  return app.inject({
    method: 'POST',
    url: '/api/bridge/events',
    headers: { authorization: `Bearer ${token}` },
    payload: { events },
  });
}

export function newPlayer(overrides: { uuid?: string; username?: string } = {}) {
  const uuid = overrides.uuid ?? randomUUID();
  const username = overrides.username ?? `P_${uuid.slice(0, 8)}`;
  return { uuid, username, join: { id: eventId('join'), type: 'player.join', uuid, username } };
}

/**
 * Gives a player site roles as `npm run accounts -- roles` does (the domain's operation, which signs
 * their sessions out on a change). The game server may not grant staff roles by default
 * (BRIDGE_STAFF_ROLES), so tests make staff the way an owner does.
 */
export async function grantRoles(db: Db, uuid: string, roles: string[]): Promise<void> {
  await db.transaction((tx) => storeRoles(tx, uuid, roles));
}

/**
 * A player with a site account, as a real server has them: they join, the game sets their password
 * (their in-game /password), and any roles come from the command line (grantRoles). Answers the player.
 */
export async function playerAccount(
  t: Pick<TestApp, 'app' | 'db'>,
  { username, password, roles = [] }: { username?: string; password: string; roles?: string[] },
) {
  const player = newPlayer({ username });
  const res = await postEvents(t.app, [
    player.join,
    { id: eventId(), type: 'account.password', uuid: player.uuid, password },
  ]);
  if (res.statusCode !== 200) throw new Error(`the bridge refused the account: ${res.body}`);
  if (roles.length > 0) await grantRoles(t.db, player.uuid, roles);
  return player;
}
