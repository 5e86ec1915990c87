// Support for the hostile-input tests (issue 8): the small world they attack, what every answer must
// look like whatever was sent, a digest of every table (a refused request must change nothing), the
// money and listing invariants, and a watch on the process for unhandled rejections.
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { ERROR_CODES } from '@prison/shared/errors';
import { startRconServer } from '@prison/simulator/rcon-server';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { brokenInvariants, listing, payout, query } from '../auction-fixtures.ts';
import {
  BRIDGE_TOKEN,
  eventId,
  grantRoles,
  newPlayer,
  postEvents,
  signIn,
  type TestApp,
} from '../helpers.ts';

/** An answer, from app.inject or from a real socket. */
export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  rawPayload: Buffer;
}

/** The body as text, decompressed if it was sent compressed. */
export function bodyText(answer: Answer): string {
  const encoding = String(answer.headers['content-encoding'] ?? '');
  const raw = answer.rawPayload;
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  if (encoding === 'deflate') return inflateSync(raw).toString('utf8');
  return raw.toString('utf8');
}

const preview = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

/**
 * What every answer must be, whatever the request: never a server error, and a client error is
 * JSON {detail: string, code} (a code of ERROR_CODES) without a stack trace. 2xx JSON answers must parse.
 */
/**
 * Never a 5xx; a 4xx is JSON {detail}, except the "not found" page of a player or gang that does
 * not exist, which is the web app's page with status 404 (`pageNotFound`).
 */
export function expectSound(answer: Answer, what: string, method = 'GET', pageNotFound = false): void {
  const text = method === 'HEAD' ? '' : bodyText(answer);
  expect(answer.statusCode, `${what} answered ${answer.statusCode}: ${preview(text)}`).toBeLessThan(500);
  if (method === 'HEAD' || answer.statusCode === 204 || answer.statusCode === 304) return;
  const type = String(answer.headers['content-type'] ?? '');
  if (pageNotFound && answer.statusCode === 404 && type.startsWith('text/html')) {
    expect(text, `${what}: a 404 page without the app`).toContain('<div id="root">');
    return;
  }
  if (answer.statusCode >= 400) {
    expect(type, `${what} answered ${answer.statusCode} as ${type}: ${preview(text)}`).toMatch(
      /^application\/json/,
    );
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${what} answered ${answer.statusCode} with a body that is not JSON: ${preview(text)}`);
    }
    const detail = (body as { detail?: unknown } | null)?.detail;
    expect(typeof detail, `${what} answered ${answer.statusCode} without a detail: ${preview(text)}`).toBe(
      'string',
    );
    expect((detail as string).length).toBeGreaterThan(0);
    expect(detail as string, `${what}: a stack trace reached the client`).not.toMatch(/\n\s+at /);
    const code = (body as { code?: unknown }).code;
    expect(
      typeof code === 'string' && Object.hasOwn(ERROR_CODES, code),
      `${what} answered ${answer.statusCode} without a code of the catalogue: ${preview(text)}`,
    ).toBe(true);
  } else if (type.startsWith('application/json')) {
    expect(() => JSON.parse(text), `${what} answered ${answer.statusCode} with bad JSON`).not.toThrow();
  }
}

// Every table a request could write, but the staff command audit log, which records refused and
// failed commands on purpose (spec: every command is written to the audit log).
const DIGESTED_TABLES = [
  'players',
  'accounts',
  'refresh_tokens',
  'sessions',
  'ledger',
  'player_stats',
  'activity',
  'gkit_states',
  'friendships',
  'gangs',
  'gang_members',
  'auction_categories',
  'auction_listings',
  'auction_purchases',
  'deliveries',
  'docs',
  'xp_hourly',
  'server_status',
  'bridge_events',
] as const;

/** One hash per table of every row's text: equal digests mean nothing was written. */
export async function tableDigest(db: Db): Promise<Record<string, string>> {
  const columns = DIGESTED_TABLES.map(
    (table) =>
      `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${table} x) as ${table}`,
  );
  const [row] = await query<Record<string, string>>(db, sql.raw(`select ${columns.join(', ')}`));
  return row!;
}

/**
 * DESIGN.md section 3 over the whole database: each balance is its ledger's sum and not negative,
 * no listing below zero or sold beyond what was listed, one delivery and two balanced ledger rows
 * per purchase. Every broken rule as a sentence.
 */
export async function allInvariants(db: Db): Promise<string[]> {
  const uuids = (await query<{ uuid: string }>(db, sql`select uuid::text as uuid from players`)).map(
    (r) => r.uuid,
  );
  const listingIds = (await query<{ id: string }>(db, sql`select id from auction_listings`)).map((r) => r.id);
  const broken = uuids.length ? await brokenInvariants(db, uuids, listingIds) : [];
  const [orphans] = await query<{ n: number }>(
    db,
    sql`select count(*)::int as n from deliveries d
        where not exists (select 1 from auction_purchases p where p.id = d.purchase_id)`,
  );
  if (orphans!.n > 0) broken.push(`${orphans!.n} deliveries without a purchase`);
  const [gangs] = await query<{ n: number }>(db, sql`select count(*)::int as n from gangs where balance < 0`);
  if (gangs!.n > 0) broken.push(`${gangs!.n} gangs with a negative treasury`);
  return broken;
}

export interface Counts {
  listings: number;
  purchases: number;
  deliveries: number;
  ledger: number;
}

export async function counts(db: Db): Promise<Counts> {
  const [row] = await query<Counts>(
    db,
    sql`select (select count(*)::int from auction_listings) as listings,
               (select count(*)::int from auction_purchases) as purchases,
               (select count(*)::int from deliveries) as deliveries,
               (select count(*)::int from ledger) as ledger`,
  );
  return row!;
}

/**
 * Fails the test that is running when the process sees an unhandled rejection or exception, or
 * when something has been added to Object.prototype (prototype pollution).
 */
export function watchProcess() {
  const problems: unknown[] = [];
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  const onRejection = (reason: unknown) => problems.push(reason);
  const onException = (error: unknown) => problems.push(error);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return {
    problems,
    expectNone(): void {
      expect(problems.map((p) => (p instanceof Error ? (p.stack ?? p.message) : String(p)))).toEqual([]);
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    },
    stop(): void {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    },
  };
}

export interface Someone {
  uuid: string;
  username: string;
  token: string;
}

export interface World {
  sellers: Someone[];
  buyers: Someone[];
  /** ADMIN accounts, several so that the per-staff command limit is not the only answer. */
  staff: Someone[];
  listingIds: string[];
  categories: string[];
  /** An account with a password, for the sign-in route. */
  login: { username: string; password: string };
  /** A delivery still pending, for the acknowledgement route. */
  deliveryIds: string[];
  everyone: Someone[];
}

/**
 * A game server's RCON endpoint that echoes each command, so that a valid staff command gets its
 * 200 (RCON down would be a legitimate 503, which is the fault tests' business, not this one's).
 */
export async function startEchoRcon() {
  const password = 'hostile-rcon-password';
  const server = await startRconServer({ port: 0, password, handle: (command) => `echo: ${command}` });
  return { env: { RCON_PORT: String(server.port), RCON_PASSWORD: password }, close: () => server.close() };
}

export const bridgeHeaders = { authorization: `Bearer ${BRIDGE_TOKEN}` };

/** Players with money, staff, an account with a password, listings in three categories, a delivery. */
export async function buildWorld(t: TestApp, label: string): Promise<World> {
  // Each signs in once the world exists (and the staff have their role).
  const make = (prefix: string, n: number): Someone[] =>
    Array.from({ length: n }, (_, i) => {
      const uuid = randomUUID();
      return { uuid, username: `${prefix}${i}_${uuid.slice(0, 4)}`.slice(0, 16), token: '' };
    });
  const sellers = make('Sel', 2);
  const buyers = make('Buy', 5);
  const staff = make('Stf', 10);
  const loginPlayer = newPlayer({ username: `Login_${label}`.slice(0, 16) });
  const login = { username: loginPlayer.username, password: 'correct horse battery staple' };
  const everyone = [...sellers, ...buyers, ...staff];
  const categories = ['blocks', 'tools', `weird_${label}`.slice(0, 48)];
  const listings = Array.from({ length: 9 }, (_, i) =>
    listing({
      seller: sellers[i % 2]!.uuid,
      category: categories[i % 3],
      categoryName: ['Blocks', '§6Tools', 'Ünïcödé 💎'][i % 3],
      qty: [1, 50, 1_000_000][i % 3],
      price: ['0.01', '100', '12345678901234.56'][i % 3],
    }),
  );
  const res = await postEvents(t.app, [
    ...everyone.map((p) => ({
      id: eventId('join'),
      type: 'player.join',
      uuid: p.uuid,
      username: p.username,
    })),
    loginPlayer.join,
    ...buyers.map((b) => payout(b.uuid, '1000000000000000')),
    ...listings.map((l) => l.event),
    { id: eventId('pw'), type: 'account.password', uuid: loginPlayer.uuid, password: login.password },
  ]);
  expect(res.statusCode, res.body).toBe(200);
  for (const s of staff) await grantRoles(t.db, s.uuid, ['ADMIN']);
  for (const someone of everyone) someone.token = await signIn(t.db, someone.uuid);
  // One purchase, so that there is a delivery to acknowledge.
  const bought = await t.app.inject({
    method: 'POST',
    url: '/api/auction/purchase',
    headers: { authorization: `Bearer ${buyers[0]!.token}` },
    payload: { id: listings[1]!.id, qty: 1 },
  });
  expect(bought.statusCode, bought.body).toBe(200);
  const pending = await t.app.inject({ url: '/api/bridge/deliveries', headers: bridgeHeaders });
  expect(pending.statusCode, pending.body).toBe(200);
  return {
    sellers,
    buyers,
    staff,
    listingIds: listings.map((l) => l.id),
    categories,
    login,
    deliveryIds: (pending.json() as { id: string }[]).map((d) => d.id),
    everyone,
  };
}

/** A normal request still gets the right answer: the buyer's own profile. */
export async function expectHealthy(t: TestApp, world: World): Promise<void> {
  const health = await t.app.inject({ url: '/healthz' });
  expect(health.statusCode).toBe(200);
  const buyer = world.buyers[0]!;
  const me = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${buyer.token}` } });
  expect(me.statusCode, me.body).toBe(200);
  expect(me.json()).toMatchObject({ uuid: buyer.uuid, username: buyer.username });
  const profile = await t.app.inject({ url: `/api/players/${buyer.uuid}` });
  expect(profile.statusCode, profile.body).toBe(200);
  expect(profile.json()).toMatchObject({ uuid: buyer.uuid, username: buyer.username });
}
