// Benchmark: GET /api/leaderboard?limit=50 against a bare node:http server sending the same bytes
// (DESIGN.md section 6), on 1,000,000 players in PostgreSQL. Starts everything it needs itself: a
// database of its own on the local server (dropped afterwards), the API server with DEMO off, and the
// bare server; then measures both with autocannon, alternating, in this one run, and writes
// bench/RESULTS.md. Not part of `npm test`. Usage: npm run bench -- leaderboard
//
// Environment: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_PLAYERS
// (1000000), BENCH_SECONDS per measurement (10), BENCH_ROUNDS (3), BENCH_CONNECTIONS (50).
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import {
  createDatabase,
  describeMachine,
  fmt,
  log,
  measureHttp,
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
const PLAYERS = Number(env.BENCH_PLAYERS ?? 1_000_000);
const SECONDS = Number(env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const PATH = '/api/leaderboard?limit=50';
const METRICS = ['level', 'xp', 'prestige', 'balance'];
// The analysis of the figures (why the ratio is what it is), kept by hand and copied into RESULTS.md.
const NOTES = join(root, 'bench/leaderboard-notes.md');

/** The players, straight into the table in one statement: ranks, levels and money spread widely. */
async function loadPlayers(databaseUrl) {
  await query(
    databaseUrl,
    `insert into players (uuid, username, rank, level, prestige, xp, lifetime_xp, balance)
     select gen_random_uuid(),
            'Miner' || g,
            (array['ROOKIE','CADET','SENTINEL','COMMANDER','DOMINUS','ARCHON'])[1 + (g * 7 % 6)],
            1 + (g * 2654435761 % 120),
            g * 40503 % 6,
            g * 2246822519 % 5000000,
            g * 2246822519 % 5000000,
            (g * 3266489917 % 100000000000000) / 100.0
     from generate_series(1::bigint, $1::bigint) g`,
    [PLAYERS],
  );
  await query(databaseUrl, 'analyze players');
}

/** Each metric's snapshot query as the server runs it, with its plan and time on this many players. */
async function explainSnapshots(databaseUrl) {
  register();
  const { topPlayers } = await import('../apps/server/src/modules/leaderboard/service.ts');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const seen = [];
  const db = drizzle(pool, { logger: { logQuery: (sql, params) => seen.push({ sql, params }) } });
  const plans = {};
  try {
    for (const metric of METRICS) {
      await topPlayers(db, metric, 100);
      const { sql, params } = seen.at(-1);
      const { rows } = await pool.query(`explain (analyze, format json) ${sql}`, params);
      const plan = rows[0]['QUERY PLAN'][0];
      const indexes = [];
      const walk = (node) => {
        if (node['Index Name']) indexes.push(`${node['Node Type']} using ${node['Index Name']}`);
        for (const child of node.Plans ?? []) walk(child);
      };
      walk(plan.Plan);
      plans[metric] = { scan: indexes.join(', ') || plan.Plan['Node Type'], ms: plan['Execution Time'] };
    }
  } finally {
    await pool.end();
  }
  return plans;
}

const fmtCpu = (us) => (us === null ? 'n/a' : `${us.toFixed(1)} µs`);

// What Node adds to every answer by itself: left to each server.
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

const TARGETS = {
  bare: 'bare `node:http`, same body',
  'bare+headers': 'bare `node:http`, same body and headers',
  api: `our \`GET ${PATH}\``,
};

async function main() {
  const started = performance.now();
  const databaseUrl = await createDatabase('leaderboard');
  const server = await startApiServer(databaseUrl);
  const api = { url: `${server.origin}${PATH}`, pid: server.pid };
  log(`API server at ${new URL(api.url).origin} (migrated a fresh database)`);

  const step = performance.now();
  await loadPlayers(databaseUrl);
  const loadTime = since(step);
  log(`Loaded ${fmt(PLAYERS)} players in ${loadTime}`);
  const plans = await explainSnapshots(databaseUrl);
  for (const [metric, plan] of Object.entries(plans)) {
    log(`  ${metric}: ${plan.scan}, ${plan.ms.toFixed(2)} ms for the top 100`);
  }

  // The server built no snapshot before the load (nothing asked): the first request builds it.
  // As autocannon asks: no content coding (fetch would otherwise ask for gzip and decode it).
  const identity = { headers: { 'accept-encoding': 'identity' } };
  const response = await fetch(api.url, identity);
  if (!response.ok) throw new Error(`GET ${PATH}: HTTP ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  const entries = JSON.parse(body.toString());
  if (entries.length !== 50) throw new Error(`expected 50 entries, got ${entries.length}`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-body-'));
  const bodyFile = join(dir, 'leaderboard.json');
  writeFileSync(bodyFile, body);
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !CONNECTION_HEADERS.has(name)));
  const headersFile = join(dir, 'headers.json');
  writeFileSync(headersFile, JSON.stringify(headers));

  const targets = {
    bare: await startBareServer('the bare server', bodyFile, null, PATH),
    'bare+headers': await startBareServer('the bare server with headers', bodyFile, headersFile, PATH),
    api,
  };
  for (const [name, target] of Object.entries(targets)) {
    const answer = Buffer.from(await (await fetch(target.url, identity)).arrayBuffer());
    if (!answer.equals(body)) throw new Error(`${name} does not send the same bytes`);
  }

  const names = Object.keys(targets);
  log(`Warming up, then ${ROUNDS} rounds of ${SECONDS} s per server, in rotating order…`);
  for (const name of names)
    await autocannon({ url: targets[name].url, connections: CONNECTIONS, duration: 3 });
  const runs = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    // A rotating order, so a neighbour's load on the machine falls on every server alike.
    const order = names.map((_, i) => names[(i + round) % names.length]);
    for (const name of order) {
      const run = await measureHttp(targets[name], { connections: CONNECTIONS, seconds: SECONDS });
      runs[name].push(run);
      log(
        `  round ${round + 1} ${name.padEnd(12)} ${fmt(run.rps).padStart(7)} req/s  p50 ${run.p50} ms  ` +
          `p99 ${run.p99} ms  server CPU ${fmtCpu(run.cpuUs)}/request`,
      );
    }
  }
  const result = Object.fromEntries(names.map((name) => [name, summarizeRounds(runs[name])]));
  const ratio = result.api.rps / result.bare.rps;
  const ratioHeaders = result.api.rps / result['bare+headers'].rps;
  const cpuRatio = result.api.cpuUs === null ? null : result.bare.cpuUs / result.api.cpuUs;

  const machine = await describeMachine(databaseUrl);
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const table = [
    '| server | requests/s | p50 latency | p99 latency | server CPU per request |',
    '|---|---:|---:|---:|---:|',
    ...names.map((name) => {
      const r = result[name];
      return `| ${TARGETS[name]} | ${fmt(r.rps)} | ${r.p50} ms | ${r.p99} ms | ${fmtCpu(r.cpuUs)} |`;
    }),
  ];
  log('');
  for (const line of table) log(line);
  log(`\nRatio (ours / bare, requests/s): ${ratio.toFixed(2)} (goal ≥ 0.80)`);
  log(`Ratio (ours / bare with the same headers): ${ratioHeaders.toFixed(2)}`);
  if (cpuRatio !== null) log(`Ratio of server CPU per request (bare / ours): ${cpuRatio.toFixed(2)}`);

  const notes = existsSync(NOTES) ? readFileSync(NOTES, 'utf8').trim() : '';
  const section = `## Leaderboard: \`GET ${PATH}\` against a bare \`node:http\` server

${fmt(PLAYERS)} players in PostgreSQL (loaded in ${loadTime} with \`generate_series\`); the answer is
50 entries, ${fmt(body.length)} bytes of JSON. ${CONNECTIONS} connections, no pipelining, no
\`Accept-Encoding\`; ${ROUNDS} rounds of ${SECONDS} s per server in rotating order, after a 3 s warm-up
each. Requests/s is the mean over the rounds; latencies and CPU per request are the median round's.
Both bare servers send the very same body; the second also sends our headers (the site's security
headers, \`cache-control\`, \`vary\`), so that the comparison is byte for byte on the wire.
autocannon, the API server and the bare servers each run in their own process.

${table.join('\n')}

**Ratio (ours / bare, requests/s): ${ratio.toFixed(2)}** (goal ≥ 0.80). Against the bare server
sending the same headers as well: ${ratioHeaders.toFixed(2)}.${
    cpuRatio === null ? '' : ` Server CPU per request, bare / ours: ${cpuRatio.toFixed(2)}.`
  }

Rounds (requests/s):

| round | ${names.join(' | ')} |
|---|${names.map(() => '---:').join('|')}|
${runs.api.map((_, i) => `| ${i + 1} | ${names.map((name) => fmt(runs[name][i].rps)).join(' | ')} |`).join('\n')}

Snapshot queries (each metric's top 100, as the live hub rebuilds them; \`EXPLAIN ANALYZE\`):

| metric | plan | time |
|---|---|---:|
${Object.entries(plans)
  .map(([metric, plan]) => `| ${metric} | ${plan.scan} | ${plan.ms.toFixed(2)} ms |`)
  .join('\n')}
${notes ? `\n${notes}\n` : ''}`;
  writeSection('leaderboard', { date, ...machine }, section);
  log(`Wrote bench/RESULTS.md (${since(started)} in all)`);
}

await runBenchmark(main);
