// Benchmark: GET /api/search?q= (the header's search field) on 1,000,000 players in PostgreSQL,
// against a bare node:http server sending, for each query, the very bytes and headers our server
// answered it with (DESIGN.md section 6); and the link preview cards rendered in-process. Starts
// everything it needs itself: a database of its own on the local server (dropped afterwards), the
// API server with DEMO off and the search rate limit out of the way (SEARCH_RATE_LIMIT), and the
// bare server; measures each kind of query, then a mix of them all, with autocannon, and writes its
// section of bench/RESULTS.md. Not part of `npm test`. Usage: npm run bench -- search
//
// Environment: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_PLAYERS
// (1000000), BENCH_SECONDS per measurement (5), BENCH_ROUNDS (2), BENCH_CONNECTIONS (50),
// BENCH_RENDERS (100 per card), BENCH_SERVER_NODE_ARGS (Node options for the API server),
// BENCH_RESULTS_FILE (bench/RESULTS.md; another file for a trial run on fewer players).
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import {
  createDatabase,
  describeMachine,
  fmt,
  log,
  measureHttp,
  median,
  query,
  root,
  runBenchmark,
  since,
  startApiServer,
  startBarePathsServer,
  summarizeRounds,
} from './lib/harness.mjs';
import { RESULTS, writeSection } from './lib/results.mjs';

const env = process.env;
const PLAYERS = Number(env.BENCH_PLAYERS ?? 1_000_000);
const SECONDS = Number(env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const RENDERS = Number(env.BENCH_RENDERS ?? 100);
const RESULTS_FILE = env.BENCH_RESULTS_FILE ?? RESULTS;
const WARMUP_SECONDS = 2;
const P99_GOAL_MS = 20;
// The analysis of the figures, kept by hand and copied into RESULTS.md.
const NOTES = join(root, 'bench/search-notes.md');

// Every request of the benchmark comes from one address: the per-address limit would answer 429.
env.SEARCH_RATE_LIMIT = String(1_000_000_000);

const words = (text) => text.trim().split(/\s+/);
// Player names as Minecraft names look (word, word, number, some all lower case), unique, with
// first letters spread over the alphabet; 16 characters at most. Gang names "The <Adjective> <Noun>".
const FIRST = words(`
  Ace Blaze Crypt Dusk Ember Frost Grim Hex Ice Jade Kilo Lunar Mystic Nova Onyx Pixel Quartz Rune
  Shadow Titan Umbra Vex Wolf Xeno Yeti Zen Dark Stone Iron Gold Craft Mine Pro Epic Sly Mr Lil
  Sir Big Toxic
`);
const SECOND = words(`
  Miner Craft Wolf Fox Blade King Digger Gamer Storm Byte Hawk Star Rex Boy Girl PvP Legend Ninja
  Cat Dragon
`);
const ADJECTIVES = words(`
  Deep Iron Golden Crimson Silent Wild Frozen Night Stone Royal Savage Lost Hollow Black Emerald
`);
const NOUNS = words(`
  Diggers Wolves Reapers Kings Outlaws Miners Dragons Vipers Titans Ravens
`);
const GANGS = ADJECTIVES.length * NOUNS.length;
const GANG_SIZE = 20;
const ONLINE_EVERY = 2_000; // 500 of 1,000,000 online: a full server
const sqlArray = (words) => `array[${words.map((w) => `'${w}'`).join(', ')}]`;

/** Players, gangs and members, straight into the tables with generate_series. */
async function loadWorld(databaseUrl) {
  await query(
    databaseUrl,
    `insert into players (uuid, username, rank, level, prestige, xp, lifetime_xp, balance, online, last_seen_at)
     select gen_random_uuid(),
            case when g % 5 = 0 then lower(name) else name end,
            (array['ROOKIE','CADET','SENTINEL','COMMANDER','DOMINUS','ARCHON'])[1 + (g * 7 % 6)::int],
            1 + (g * 2654435761 % 120),
            g * 40503 % 6,
            g * 2246822519 % 5000000,
            g * 2246822519 % 5000000,
            (g * 3266489917 % 100000000000000) / 100.0,
            g % ${ONLINE_EVERY} = 0,
            now() - (g % 10000) * interval '1 minute'
     from (select g,
                  (${sqlArray(FIRST)})[1 + (g % ${FIRST.length})::int] ||
                  (${sqlArray(SECOND)})[1 + (g / ${FIRST.length} % ${SECOND.length})::int] ||
                  (g / ${FIRST.length * SECOND.length}) as name
           from generate_series(1::bigint, $1::bigint) g) s`,
    [PLAYERS],
  );
  await query(
    databaseUrl,
    `insert into gangs (id, name, status, color, min_level, balance)
     select 'gang-' || n,
            'The ' || (${sqlArray(ADJECTIVES)})[1 + n % ${ADJECTIVES.length}] || ' ' ||
              (${sqlArray(NOUNS)})[1 + n / ${ADJECTIVES.length}],
            (array['Open','InviteOnly','Closed'])[1 + n % 3],
            '#' || lpad(to_hex(n * 99991 % 16777216), 6, '0'),
            n % 50,
            n * 1234567.89
     from generate_series(0, ${GANGS - 1}) n`,
  );
  await query(
    databaseUrl,
    `insert into gang_members (player_uuid, gang_id, role, joined_at)
     select uuid, 'gang-' || (n % ${GANGS}), case when n < ${GANGS} then 'Leader' else 'Member' end, now()
     from (select uuid, row_number() over (order by uuid) - 1 as n
           from (select uuid from players order by uuid limit ${GANGS * GANG_SIZE}) p) s`,
  );
  await query(databaseUrl, 'analyze');
}

/**
 * The queries, by kind, each with what its answer must hold so that a broken seed cannot pass.
 * Exact names are real players' names, asked in their own case, lower and upper case.
 */
async function queryKinds(databaseUrl) {
  const { rows } = await query(databaseUrl, 'select username from players order by uuid limit 6');
  const names = rows.map((r, i) =>
    i % 3 === 0 ? r.username : i % 3 === 1 ? r.username.toLowerCase() : r.username.toUpperCase(),
  );
  const full = (b) => b.players.length === 8;
  return [
    {
      kind: 'one letter',
      label: 'one-letter prefixes',
      queries: ['a', 's', 'm', 'z', 'k', 'T'],
      check: full,
    },
    {
      kind: 'two letters',
      label: 'two-letter prefixes',
      queries: ['sh', 'mi', 'ic', 'Pr', 'bl', 'go'],
      check: full,
    },
    {
      kind: 'exact name',
      label: "exact names (a player's whole name, any case)",
      queries: names,
      check: (b, q) => b.players[0]?.username.toLowerCase() === q.toLowerCase(),
    },
    {
      kind: 'gang word',
      label: 'a word of gang names',
      queries: ['wolves', 'dragons', 'royal', 'reapers', 'hollow', 'vipers'],
      check: (b) => b.gangs.length > 0,
    },
    {
      kind: 'no match',
      label: 'prefixes with no match',
      queries: ['qqq', 'xyzzy', 'zz9x', 'nobody_here', 'jjj', 'uuq'],
      check: (b) => b.players.length === 0 && b.gangs.length === 0,
    },
  ];
}

const searchPath = (q) => `/api/search?q=${encodeURIComponent(q)}`;
// What Node adds to every answer by itself: left to each server.
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
// As autocannon asks: no content coding (fetch would otherwise ask for gzip and decode it).
const IDENTITY = { 'accept-encoding': 'identity' };

/** Every query's answer from our server, checked: `{path: {body, headers}}`. */
async function fetchAnswers(origin, kinds) {
  const answers = {};
  for (const { kind, queries, check } of kinds) {
    for (const q of queries) {
      const path = searchPath(q);
      const response = await fetch(`${origin}${path}`, { headers: IDENTITY });
      if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status} ${await response.text()}`);
      const body = Buffer.from(await response.arrayBuffer());
      const answer = JSON.parse(body.toString());
      if (!check(answer, q))
        throw new Error(`unexpected answer to ${kind} "${q}": ${body.toString().slice(0, 300)}`);
      const headers = Object.fromEntries(
        [...response.headers].filter(([name]) => !CONNECTION_HEADERS.has(name)),
      );
      answers[path] = { body, headers, players: answer.players.length, gangs: answer.gangs.length };
    }
  }
  return answers;
}

/** The player search's statement as the server runs it, explained on this many players. */
async function explainPlayerSearch(databaseUrl, queries) {
  const { searchPlayers } = await import('../apps/server/src/modules/search/service.ts');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const seen = [];
  const db = drizzle(pool, { logger: { logQuery: (sql, params) => seen.push({ sql, params }) } });
  const plans = [];
  try {
    for (const q of queries) {
      await searchPlayers(db, q);
      const { sql, params } = seen.at(-1);
      const { rows } = await pool.query(`explain (analyze, format json) ${sql}`, params);
      const plan = rows[0]['QUERY PLAN'][0];
      const indexes = new Set();
      const walk = (node) => {
        if (node['Index Name']) indexes.add(`${node['Node Type']} using ${node['Index Name']}`);
        if (node['Node Type'] === 'Seq Scan') indexes.add(`Seq Scan on ${node['Relation Name']}`);
        for (const child of node.Plans ?? []) walk(child);
      };
      walk(plan.Plan);
      plans.push({ q, scans: [...indexes].join(', '), ms: plan['Execution Time'] });
    }
  } finally {
    await pool.end();
  }
  return plans;
}

const fmtCpu = (us) => (us === null ? 'n/a' : `${Math.round(us)} µs`);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * The preview cards rendered in-process, one after another, as GET /api/og/... renders them on a
 * cache miss: the first (fonts loaded, layout engine started) apart, then RENDERS more of each.
 */
async function timeRenders() {
  const render = await import('../apps/server/src/modules/previews/render.ts');
  const { DEFAULT_HEAD_SVG } = await import('../apps/server/src/modules/previews/default-head.ts');
  const { Resvg } = await import('@resvg/resvg-js');
  // An avatar as the avatar service sends it: a player's head, 64 pixels square.
  const avatar = new Resvg(DEFAULT_HEAD_SVG, { fitTo: { mode: 'width', value: 64 } }).render().asPng();
  const player = (i) => ({
    username: `${FIRST[i % FIRST.length]}${SECOND[i % SECOND.length]}${i}`,
    rank: ['ROOKIE', 'CADET', 'SENTINEL', 'COMMANDER', 'DOMINUS', 'ARCHON'][i % 6],
    level: 1 + ((i * 37) % 120),
    prestige: i % 6,
    balance: (i * 7919.37) % 1e12,
    gang:
      i % 3 === 0
        ? null
        : { name: `The ${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[i % NOUNS.length]}`, color: '#c0392b' },
  });
  const gang = (i) => ({
    name: `The ${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[i % NOUNS.length]}`,
    status: ['Open', 'InviteOnly', 'Closed'][i % 3],
    color: `#${((i * 99991) % 16777216).toString(16).padStart(6, '0')}`,
    balance: i * 1234567.89,
    member_count: 1 + (i % 35),
    min_level: i % 50,
  });
  const cards = {
    'player, default head': (i) => render.renderPlayerCard(player(i), null),
    'player, 64 px avatar': (i) => render.renderPlayerCard(player(i), avatar),
    gang: (i) => render.renderGangCard(gang(i)),
  };
  const results = {};
  for (const [name, draw] of Object.entries(cards)) {
    let start = performance.now();
    const first = await draw(0);
    const firstMs = performance.now() - start;
    if (first.subarray(1, 4).toString() !== 'PNG') throw new Error(`${name}: not a PNG`);
    const times = [];
    let bytes = 0;
    const all = performance.now();
    for (let i = 1; i <= RENDERS; i++) {
      start = performance.now();
      bytes += (await draw(i)).length;
      times.push(performance.now() - start);
    }
    const total = performance.now() - all;
    times.sort((a, b) => a - b);
    results[name] = {
      firstMs,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      perSecond: (RENDERS * 1000) / total,
      bytes: bytes / RENDERS,
    };
    const r = results[name];
    log(
      `  ${name.padEnd(22)} first ${r.firstMs.toFixed(0)} ms, then p50 ${r.p50.toFixed(1)} ms, ` +
        `p99 ${r.p99.toFixed(1)} ms (${r.perSecond.toFixed(1)}/s, ${fmt(r.bytes)} B)`,
    );
  }
  return { results };
}

async function main() {
  const started = performance.now();
  const loadAtStart = loadavg()[0];
  register(); // to import the server's own code (the search service, the preview renderer)
  const databaseUrl = await createDatabase('search');
  const server = await startApiServer(databaseUrl);
  log(
    `API server at ${server.origin} (migrated a fresh database; SEARCH_RATE_LIMIT ${env.SEARCH_RATE_LIMIT})`,
  );

  let step = performance.now();
  await loadWorld(databaseUrl);
  const loadTime = since(step);
  log(`Loaded ${fmt(PLAYERS)} players and ${GANGS} gangs of ${GANG_SIZE} in ${loadTime}`);

  const kinds = await queryKinds(databaseUrl);
  const plans = await explainPlayerSearch(databaseUrl, ['a', 'sh', kinds[2].queries[0], 'qqq']);
  for (const plan of plans) log(`  players "${plan.q}": ${plan.scans}, ${plan.ms.toFixed(2)} ms`);

  const answers = await fetchAnswers(server.origin, kinds);
  const bare = await startBarePathsServer('the bare server', answers);
  for (const [path, answer] of Object.entries(answers)) {
    const bytes = Buffer.from(await (await fetch(`${bare.url}${path}`, { headers: IDENTITY })).arrayBuffer());
    if (!bytes.equals(answer.body))
      throw new Error(`the bare server does not send the same bytes for ${path}`);
  }

  // Each kind on its own, then all of them interleaved (the mix, the figure the goal is about).
  const mixQueries = kinds[0].queries.flatMap((_, i) => kinds.map((k) => k.queries[i % k.queries.length]));
  const groups = [
    ...kinds.map((k) => ({ name: k.kind, label: k.label, queries: k.queries })),
    {
      name: 'mix',
      label: `**the mix** (the ${mixQueries.length} queries above, interleaved)`,
      queries: mixQueries,
    },
  ];
  const targets = {
    bare: { url: bare.url, pid: bare.pid },
    api: { url: server.origin, pid: server.pid },
  };
  const measure = (target, queries, seconds) =>
    measureHttp(target, {
      headers: IDENTITY,
      connections: CONNECTIONS,
      seconds,
      requests: queries.map((q) => ({ method: 'GET', path: searchPath(q) })),
    });
  log(
    `Each kind of query, then the mix: ${ROUNDS} rounds of ${SECONDS} s per server, ${CONNECTIONS} ` +
      `connections, after a ${WARMUP_SECONDS} s warm-up each…`,
  );
  const results = [];
  for (const group of groups) {
    for (const target of Object.values(targets)) await measure(target, group.queries, WARMUP_SECONDS);
    const runs = { bare: [], api: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ['bare', 'api'] : ['api', 'bare'];
      for (const name of order) runs[name].push(await measure(targets[name], group.queries, SECONDS));
    }
    const bodies = group.queries.map((q) => answers[searchPath(q)].body.length);
    const result = {
      ...group,
      bytes: median(bodies),
      bare: summarizeRounds(runs.bare),
      api: summarizeRounds(runs.api),
    };
    result.ratio = result.api.rps / result.bare.rps;
    results.push(result);
    log(
      `  ${group.name.padEnd(11)} ours ${fmt(result.api.rps).padStart(6)} req/s p50 ${result.api.p50} ms ` +
        `p99 ${result.api.p99} ms (${fmtCpu(result.api.cpuUs)} CPU/request) | bare ${fmt(result.bare.rps).padStart(6)} ` +
        `req/s p50 ${result.bare.p50} ms p99 ${result.bare.p99} ms | ratio ${result.ratio.toFixed(2)}`,
    );
  }
  // The same load with every request a query nobody asked in the last five seconds: nothing is
  // answered from the server's recent answers, every search reads the database (and is compressed
  // afresh). Three- and four-letter prefixes, each asked once: one shared counter hands the next one
  // to whichever connection asks next (autocannon's setupRequest, called before every request).
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const fresh = [];
  for (const a of letters) for (const b of letters) for (const c of letters) fresh.push(a + b + c);
  for (const a of letters)
    for (const b of letters) for (const c of letters) for (const d of 'aeiou') fresh.push(a + b + c + d);
  let next = 0;
  const everyQueryNew = (seconds) =>
    measureHttp(targets.api, {
      headers: IDENTITY,
      connections: CONNECTIONS,
      seconds,
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => ({ ...req, path: searchPath(fresh[next++ % fresh.length]) }),
        },
      ],
    });
  await everyQueryNew(WARMUP_SECONDS);
  const coldRuns = [];
  for (let round = 0; round < ROUNDS; round++) coldRuns.push(await everyQueryNew(SECONDS));
  const cold = {
    name: 'fresh',
    label: 'every query new (none answered from the last five seconds)',
    asked: next,
    api: summarizeRounds(coldRuns),
  };
  if (next > fresh.length) throw new Error(`only ${fresh.length} different queries for ${next} requests`);
  log(
    `  ${cold.name.padEnd(11)} ours ${fmt(cold.api.rps).padStart(6)} req/s p50 ${cold.api.p50} ms ` +
      `p99 ${cold.api.p99} ms (${fmtCpu(cold.api.cpuUs)} CPU/request)`,
  );
  const machine = await describeMachine(databaseUrl);
  await bare.stop();
  await server.stop();

  step = performance.now();
  log(`Preview cards, rendered in this process: the first, then ${RENDERS} of each…`);
  const renders = await timeRenders();
  const renderTime = since(step);

  const mix = results.at(-1);
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const table = [
    '| queries | answer (median) | ours req/s | p50 | **p99** | bare `node:http` req/s | bare p50 / p99 | **ratio** | our server CPU per request |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.label} | ${fmt(r.bytes)} B | ${fmt(r.api.rps)} | ${r.api.p50} ms | **${r.api.p99} ms** | ` +
        `${fmt(r.bare.rps)} | ${r.bare.p50} / ${r.bare.p99} ms | **${r.ratio.toFixed(2)}** | ${fmtCpu(r.api.cpuUs)} |`,
    ),
    `| ${cold.label} | | ${fmt(cold.api.rps)} | ${cold.api.p50} ms | **${cold.api.p99} ms** | | | | ${fmtCpu(cold.api.cpuUs)} |`,
  ];
  const queriesList = kinds
    .map((k) => `${k.kind}: ${k.queries.map((q) => `\`${q}\``).join(', ')}`)
    .join('; ');
  const renderSection = [
    '| card | first render | p50 | p99 | renders/s, one at a time | PNG size |',
    '|---|---:|---:|---:|---:|---:|',
    ...Object.entries(renders.results).map(
      ([name, r]) =>
        `| ${name} | ${r.firstMs.toFixed(0)} ms | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ` +
        `${r.perSecond.toFixed(1)} | ${fmt(r.bytes)} B |`,
    ),
  ].join('\n');
  const notes = existsSync(NOTES) ? readFileSync(NOTES, 'utf8').trim() : '';
  const section = `## Search: \`GET /api/search?q=\` against a bare \`node:http\` server; preview cards

${fmt(PLAYERS)} players in PostgreSQL (${fmt(PLAYERS / ONLINE_EVERY)} of them online) and ${GANGS}
gangs of ${GANG_SIZE}, loaded in ${loadTime} with \`generate_series\`; names such as \`ShadowFox1234\`,
a fifth of them all lower case, first letters spread over the alphabet. The server runs with
\`SEARCH_RATE_LIMIT=${env.SEARCH_RATE_LIMIT}\`, as every request comes from one address. Each query's
real answer is fetched once (no \`Accept-Encoding\`, as autocannon asks); a bare \`node:http\` server
(its own process) answers each query with those very bytes and headers, so the comparison is byte
for byte on the wire. Each connection asks the group's queries in turn. ${CONNECTIONS} connections,
no pipelining; after a ${WARMUP_SECONDS} s warm-up each, ${ROUNDS} rounds of ${SECONDS} s per server,
alternating which goes first. Requests/s is the mean over the rounds, latencies and CPU the median
round's.

${table.join('\n')}

**The mix: p50 ${mix.api.p50} ms, p99 ${mix.api.p99} ms** (goal: p99 under ${P99_GOAL_MS} ms${
    mix.api.p99 < P99_GOAL_MS ? ', met' : ', NOT met'
  }), ${fmt(mix.api.rps)} requests/s, **ratio ${mix.ratio.toFixed(2)}** to the bare server.

Queries: ${queriesList}. The server keeps each answer five seconds (the freshness its
\`Cache-Control\` already declares), so the rows above the last measure the answers people typing
the same first letters get; in the last row each of the ${fmt(cold.asked)} requests asks a
three- or four-letter prefix no request asked before, so that every search reads the database.

**Every query new: p50 ${cold.api.p50} ms, p99 ${cold.api.p99} ms**, ${fmt(cold.api.rps)} requests/s.

The player part of a search as the server runs it (\`EXPLAIN ANALYZE\`):

| query | plan | time |
|---|---|---:|
${plans.map((p) => `| \`${p.q}\` | ${p.scans} | ${p.ms.toFixed(2)} ms |`).join('\n')}

### Preview cards (1200×630 PNG), rendered in-process

\`renderPlayerCard\` and \`renderGangCard\` (apps/server/src/modules/previews/render.ts), one render
at a time in this benchmark's process with nothing else running, as \`GET /api/og/...\` renders a
card on a cache miss: the first render apart (it loads the fonts and starts the layout engine), then
${RENDERS} of each card, each with other data (${renderTime} in all).

${renderSection}

Load average (1 min) of the machine: ${loadAtStart.toFixed(1)} when this benchmark started, ${loadavg()[0].toFixed(1)} when
it ended, on ${machine.cores} cores (what is above this benchmark's own processes is other work).
${notes ? `\n${notes}\n` : ''}`;
  log('');
  for (const line of table) log(line);
  log(
    `\nThe mix: p50 ${mix.api.p50} ms, p99 ${mix.api.p99} ms (goal < ${P99_GOAL_MS} ms), ` +
      `${fmt(mix.api.rps)} req/s, ratio ${mix.ratio.toFixed(2)}`,
  );
  writeSection('search', { date, ...machine }, section, RESULTS_FILE);
  log(`Wrote ${RESULTS_FILE} (${since(started)} in all)`);
}

await runBenchmark(main);
