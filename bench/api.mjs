// Benchmark: the public read endpoints other than the leaderboard (which has its own benchmark),
// each against a bare node:http server sending the same bytes and headers (DESIGN.md section 6):
// a public profile (GET /api/players/{uuid}), the auction categories and one category's listings
// (both signed in, with a token signed with the server's JWT_SECRET) and the docs list. Twice: on
// PostgreSQL with 1,000,000 players, and on PGlite (DATA_DIR, no DATABASE_URL) with 100,000.
// Starts everything itself: a database of its own on the local PostgreSQL (dropped afterwards), a
// PGlite data folder (seeded directly in SQL while the server is stopped, then removed), the API
// server with DEMO off and one bare server per endpoint. Writes its section of bench/RESULTS.md.
// Not part of `npm test`. Usage: npm run bench -- api
//
// Environment: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_PLAYERS
// (1000000, on PostgreSQL), BENCH_PGLITE_PLAYERS (100000), BENCH_SECONDS per measurement (5),
// BENCH_ROUNDS (2), BENCH_CONNECTIONS (50), BENCH_CATEGORIES (20), BENCH_LISTINGS_PER_CATEGORY
// (100), BENCH_DOCS (12), BENCH_SERVER_NODE_ARGS (Node options for the API server).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { register } from 'tsx/esm/api';
import {
  createDatabase,
  describeMachine,
  fmt,
  log,
  measureHttp,
  newSecrets,
  onCleanup,
  query,
  root,
  runBenchmark,
  since,
  startApiServer,
  startBareServer,
  summarizeRounds,
} from './lib/harness.mjs';
import { writeSection } from './lib/results.mjs';

const env = process.env;
const PG_PLAYERS = Number(env.BENCH_PLAYERS ?? 1_000_000);
const PGLITE_PLAYERS = Number(env.BENCH_PGLITE_PLAYERS ?? 100_000);
const SECONDS = Number(env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const CATEGORIES = Number(env.BENCH_CATEGORIES ?? 20);
const LISTINGS_PER_CATEGORY = Number(env.BENCH_LISTINGS_PER_CATEGORY ?? 100);
const DOCS = Number(env.BENCH_DOCS ?? 12);
// The listings route's default page size (modules/auction: `limit`, 50 unless asked).
const LISTINGS_PAGE = 50;
// Issue 17: p99 at 50 connections through the ordinary path, for the profile, categories and listings.
const P99_GOAL_MS = { PostgreSQL: 20, PGlite: 100 };
const GOAL_ENDPOINTS = new Set(['profile', 'categories', 'listings']);
const WARMUP_SECONDS = 1;
const SELLERS = 200;
// The analysis of the figures, kept by hand and copied into RESULTS.md.
const NOTES = join(root, 'bench/api-notes.md');

// What Node adds to every answer by itself: left to each server.
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * The data, in SQL that both PostgreSQL and PGlite run: players spread as in the leaderboard
 * benchmark, a gang for the profile's join, categories with colour codes in their names, listings
 * (plus some cancelled and sold out, which the endpoints leave out) and docs of about 2 KB each.
 */
function seedStatements(players) {
  const listings = CATEGORIES * LISTINGS_PER_CATEGORY;
  return [
    `insert into players (uuid, username, rank, level, prestige, xp, lifetime_xp, balance, online, last_seen_at)
     select gen_random_uuid(),
            'Miner' || g,
            (array['ROOKIE','CADET','SENTINEL','COMMANDER','DOMINUS','ARCHON'])[1 + (g * 7 % 6)],
            1 + (g * 2654435761 % 120),
            g * 40503 % 6,
            g * 2246822519 % 5000000,
            g * 2246822519 % 5000000,
            (g * 3266489917 % 100000000000000) / 100.0,
            g % 50 = 0,
            now() - (g % 10000) * interval '1 minute'
     from generate_series(1::bigint, ${players}::bigint) g`,
    `insert into gangs (id, name, status, color, min_level, balance)
     values ('diggers', 'The Deep Diggers', 'ACTIVE', '#c0392b', 10, 123456789.5)`,
    `insert into gang_members (player_uuid, gang_id, role, joined_at)
     select uuid, 'diggers', 'MEMBER', now() from players
     where username in (${Array.from({ length: 20 }, (_, i) => `'Miner${Math.floor(players / 2) + i}'`).join(', ')})`,
    `insert into auction_categories (key, display_name, icon)
     select 'cat' || c, '§' || (c % 10) || 'Category §l' || c, 'diamond_block'
     from generate_series(1, ${CATEGORIES}) c`,
    `insert into auction_listings
       (id, seller_uuid, category_key, item_name, item_icon, qty_listed, qty_left, price, listed_at, cancelled_at)
     select 'listing-' || g, s.uuid, 'cat' || (1 + g % ${CATEGORIES}),
            '§b' || (array['Diamond Pickaxe','Golden Apple','Obsidian','Beacon','Netherite Ingot'])[1 + g % 5] || ' #' || g,
            (array['diamond_pickaxe','golden_apple','obsidian','beacon','netherite_ingot'])[1 + g % 5],
            64, case when g > ${listings} and g % 2 = 0 then 0 else 1 + g % 64 end,
            (1 + (g * 7919 % 999999)) / 100.0,
            now() - g * interval '1 second',
            case when g > ${listings} and g % 2 = 1 then now() end
     from generate_series(1, ${listings + listings / 10}) g
     join (select uuid, row_number() over (order by uuid) - 1 as n
           from (select uuid from players order by uuid limit ${SELLERS}) p) s
       on s.n = g % ${SELLERS}`,
    `insert into docs (slug, title, content)
     select 'guide-' || d, 'Guide ' || d || ': ' || (array['Mining','Prestige','Gangs','Auction house'])[1 + d % 4],
            '# Guide ' || d || E'\\n\\n' ||
            repeat(E'Mine the **deep** levels for better ores, sell them at /sell and rank up with /rankup. ' ||
                   E'Prestige resets your rank for a permanent bonus.\\n\\n', 14)
     from generate_series(1, ${DOCS}) d`,
    'analyze',
  ];
}

const measure = (target, headers, seconds = SECONDS) =>
  measureHttp(target, { headers, connections: CONNECTIONS, seconds });
const fmtCpu = (us) => (us === null ? 'n/a' : `${Math.round(us)} µs`);

/**
 * One endpoint: its real answer fetched once (as autocannon asks: no content coding), a bare
 * server sending those bytes and headers, then both measured in alternating order.
 */
async function compareEndpoint(server, endpoint) {
  const url = `${server.origin}${endpoint.path}`;
  const headers = { 'accept-encoding': 'identity', ...endpoint.headers };
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`GET ${endpoint.path}: HTTP ${response.status} ${await response.text()}`);
  const body = Buffer.from(await response.arrayBuffer());
  endpoint.check(JSON.parse(body.toString()));
  const dir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  onCleanup(async () => rmSync(dir, { recursive: true, force: true }));
  const bodyFile = join(dir, 'body');
  const headersFile = join(dir, 'headers.json');
  writeFileSync(bodyFile, body);
  writeFileSync(
    headersFile,
    JSON.stringify(
      Object.fromEntries([...response.headers].filter(([name]) => !CONNECTION_HEADERS.has(name))),
    ),
  );
  const bare = await startBareServer(
    `the bare server for ${endpoint.name}`,
    bodyFile,
    headersFile,
    endpoint.path,
  );
  const answer = Buffer.from(await (await fetch(bare.url, { headers })).arrayBuffer());
  if (!answer.equals(body))
    throw new Error(`the bare server does not send the same bytes as ${endpoint.path}`);

  const targets = { bare: { url: bare.url, pid: bare.pid }, api: { url, pid: server.pid } };
  for (const target of Object.values(targets)) await measure(target, endpoint.headers, WARMUP_SECONDS);
  const runs = { bare: [], api: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['bare', 'api'] : ['api', 'bare'];
    for (const name of order) runs[name].push(await measure(targets[name], endpoint.headers));
  }
  await bare.stop();
  const result = { name: endpoint.name, path: endpoint.label, bytes: body.length };
  result.bare = summarizeRounds(runs.bare);
  result.api = summarizeRounds(runs.api);
  // Against a goal, the worst round's p99 rather than the median round's.
  result.api.worstP99 = Math.max(...runs.api.map((r) => r.p99));
  result.ratio = result.api.rps / result.bare.rps;
  log(
    `  ${endpoint.name.padEnd(10)} ${fmt(body.length).padStart(7)} B  bare ${fmt(result.bare.rps).padStart(6)} req/s ` +
      `(p50 ${result.bare.p50} ms, p99 ${result.bare.p99} ms)  ours ${fmt(result.api.rps).padStart(6)} req/s ` +
      `(p50 ${result.api.p50} ms, p99 ${result.api.p99} ms, ${fmtCpu(result.api.cpuUs)} CPU/request)  ` +
      `ratio ${result.ratio.toFixed(2)}`,
  );
  return result;
}

/** The player whose profile is read: one in the middle of the table, in the gang. */
const profileName = (players) => `Miner${Math.floor(players / 2)}`;
const PROFILE_UUID = 'select uuid from players where username = $1';
// The server takes an access token only of a session it knows: the reader's, as a sign-in opens it.
const START_SESSION = 'insert into sessions (id, player_uuid) values ($1, $2)';

/** The four endpoints, with what each answer must hold so that a broken seed cannot pass. */
async function endpoints(uuid, sid, secrets, players) {
  const middle = profileName(players);
  const { accessTokens } = await import('../apps/server/src/modules/auth/tokens.ts');
  const token = await accessTokens(secrets.jwtSecret).sign({ uuid, roles: [], sid });
  const signedIn = { authorization: `Bearer ${token}` };
  const expect = (ok, what) => {
    if (!ok) throw new Error(`unexpected answer: ${what}`);
  };
  return [
    {
      name: 'profile',
      label: '`GET /api/players/{uuid}`',
      path: `/api/players/${uuid}`,
      headers: {},
      check: (b) => expect(b.username === middle && b.gang_name === 'The Deep Diggers', 'profile'),
    },
    {
      name: 'categories',
      label: '`GET /api/auction/categories` (signed in)',
      path: '/api/auction/categories',
      headers: signedIn,
      check: (b) => expect(b.categories.length === CATEGORIES, `${b.categories.length} categories`),
    },
    {
      name: 'listings',
      label: '`GET /api/auction/categories/cat7/listings` (signed in)',
      path: '/api/auction/categories/cat7/listings',
      headers: signedIn,
      // The first page, as the auction page asks for it: the default page size, with the summary.
      check: (b) =>
        expect(
          b.listings.length === Math.min(LISTINGS_PAGE, LISTINGS_PER_CATEGORY) && b.summary !== null,
          `${b.listings.length} listings in cat7`,
        ),
    },
    {
      name: 'docs',
      label: '`GET /api/docs`',
      path: '/api/docs',
      headers: {},
      check: (b) => expect(b.length === DOCS, `${b.length} docs`),
    },
  ];
}

async function onPostgres() {
  const databaseUrl = await createDatabase('api');
  const secrets = newSecrets();
  const server = await startApiServer(databaseUrl, secrets);
  log(`PostgreSQL: API server at ${server.origin} (migrated a fresh database)`);
  const step = performance.now();
  for (const statement of seedStatements(PG_PLAYERS)) await query(databaseUrl, statement);
  const loadTime = since(step);
  log(`  loaded ${fmt(PG_PLAYERS)} players, listings and docs in ${loadTime}`);
  const { rows } = await query(databaseUrl, PROFILE_UUID, [profileName(PG_PLAYERS)]);
  const sid = randomUUID();
  await query(databaseUrl, START_SESSION, [sid, rows[0].uuid]);
  const list = await endpoints(rows[0].uuid, sid, secrets, PG_PLAYERS);
  const results = [];
  for (const endpoint of list) results.push(await compareEndpoint(server, endpoint));
  const machine = await describeMachine(databaseUrl);
  await server.stop();
  return { label: 'PostgreSQL', players: PG_PLAYERS, loadTime, results, machine };
}

async function onPglite() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-pglite-'));
  onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
  const secrets = newSecrets();
  // Once to create and migrate the database, then stopped: PGlite's files belong to one process.
  const first = await startApiServer(null, secrets, 'the API server on PGlite', { dataDir });
  await first.stop();
  const step = performance.now();
  let uuid;
  const sid = randomUUID();
  const pglite = await PGlite.create(join(dataDir, 'pglite'));
  try {
    for (const statement of seedStatements(PGLITE_PLAYERS)) await pglite.query(statement);
    uuid = (await pglite.query(PROFILE_UUID, [profileName(PGLITE_PLAYERS)])).rows[0].uuid;
    await pglite.query(START_SESSION, [sid, uuid]);
  } finally {
    await pglite.close();
  }
  const loadTime = since(step);
  log(`PGlite: loaded ${fmt(PGLITE_PLAYERS)} players, listings and docs in ${loadTime} (server stopped)`);
  const server = await startApiServer(null, secrets, 'the API server on PGlite', { dataDir });
  log(`  API server at ${server.origin} on ${dataDir}`);
  const list = await endpoints(uuid, sid, secrets, PGLITE_PLAYERS);
  const results = [];
  for (const endpoint of list) results.push(await compareEndpoint(server, endpoint));
  await server.stop();
  return { label: 'PGlite', players: PGLITE_PLAYERS, loadTime, results };
}

async function main() {
  const started = performance.now();
  // One reader asks for the same category thousands of times a second: past any player's limit
  // (LISTINGS_RATE_LIMIT, 300 pages a minute). The limiter's own work is still done per request.
  process.env.LISTINGS_RATE_LIMIT = '1000000000';
  const loadAtStart = loadavg()[0];
  register(); // to sign tokens with the server's own code (apps/server/src/modules/auth/tokens.ts)
  log(
    `${ROUNDS} rounds of ${SECONDS} s per server and endpoint, ${CONNECTIONS} connections, after a ` +
      `${WARMUP_SECONDS} s warm-up each`,
  );
  const postgres = await onPostgres();
  const pglite = await onPglite();
  const runs = [postgres, pglite];

  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const goalOf = (run, r) => {
    if (!GOAL_ENDPOINTS.has(r.name)) return '';
    const goal = P99_GOAL_MS[run.label];
    return `${r.api.worstP99 < goal ? '✓' : '✗'} < ${goal} ms`;
  };
  const table = (run) => [
    '| endpoint | answer | bare `node:http` req/s | ours req/s | **ratio** | p50 bare / ours | p99 bare / ours | our p99, worst round | goal | our server CPU per request |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---:|',
    ...run.results.map(
      (r) =>
        `| ${r.path} | ${fmt(r.bytes)} B | ${fmt(r.bare.rps)} | ${fmt(r.api.rps)} | **${r.ratio.toFixed(2)}** | ` +
        `${r.bare.p50} / ${r.api.p50} ms | ${r.bare.p99} / ${r.api.p99} ms | ${r.api.worstP99} ms | ${goalOf(run, r)} | ` +
        `${fmtCpu(r.api.cpuUs)} |`,
    ),
  ];
  const missed = runs.flatMap((run) =>
    run.results
      .filter((r) => GOAL_ENDPOINTS.has(r.name) && r.api.worstP99 >= P99_GOAL_MS[run.label])
      .map((r) => `${r.name} on ${run.label} (${r.api.worstP99} ms)`),
  );
  const verdict = missed.length
    ? `**p99 goal not met: ${missed.join(', ')}.**`
    : '**p99 goal met for the profile, categories and listings on both databases.**';
  const notes = existsSync(NOTES) ? readFileSync(NOTES, 'utf8').trim() : '';
  const section = `## Read endpoints against a bare \`node:http\` server

Each endpoint's real answer is fetched once (no \`Accept-Encoding\`, as autocannon asks), then a bare
\`node:http\` server (its own process) answers every request with those very bytes and headers, so
the comparison is byte for byte on the wire. ${CONNECTIONS} connections, no pipelining; after a
${WARMUP_SECONDS} s warm-up each, ${ROUNDS} rounds of ${SECONDS} s per server, alternating which goes
first. Requests/s is the mean over the rounds, latencies and CPU the median round's. The signed-in
endpoints get a bearer token signed with the server's \`JWT_SECRET\`. The leaderboard has a section of
its own. Seeded in SQL with \`generate_series\`: ${CATEGORIES} categories of ${LISTINGS_PER_CATEGORY}
active listings (and a tenth more cancelled or sold out, which no answer shows), ${DOCS} docs of about
2 KB, a gang for the profile's join. The listings endpoint is asked for its first page as the auction
page asks for it (${LISTINGS_PAGE} listings and the category's summary).

### PostgreSQL, ${fmt(postgres.players)} players (loaded in ${postgres.loadTime})

${table(postgres).join('\n')}

### PGlite (\`DATA_DIR\`, no \`DATABASE_URL\`), ${fmt(pglite.players)} players (loaded in ${pglite.loadTime})

${table(pglite).join('\n')}

${verdict} Goal (issue 17): p99 under ${P99_GOAL_MS.PostgreSQL} ms at ${CONNECTIONS} connections on
PostgreSQL with 1,000,000 players, under ${P99_GOAL_MS.PGlite} ms on PGlite with 100,000, through the
ordinary path (the fast lane answers only the leaderboard and the docs list).

On PGlite the database runs inside the server process, so its work is in "our server CPU".
Load average (1 min) of the machine: ${loadAtStart.toFixed(1)} when this benchmark started, ${loadavg()[0].toFixed(1)} when
it ended, on ${postgres.machine.cores} cores (what is above this benchmark's own processes is other work).
${notes ? `\n${notes}\n` : ''}`;
  for (const run of runs) {
    log(`\n${run.label}, ${fmt(run.players)} players:`);
    for (const line of table(run)) log(line);
  }
  writeSection('api', { date, ...postgres.machine }, section);
  log(`Wrote bench/RESULTS.md (${since(started)} in all)`);
}

await runBenchmark(main);
