// Benchmark: bridge ingest (DESIGN.md section 7): events per second through POST /api/bridge/events
// in batches of 100 and 500 events, a game server's usual mix (joins and quits, progress, balance
// deltas, statistics, activity), one sender posting batch after batch and several senders at once,
// on PGlite (DATA_DIR, no DATABASE_URL) and on PostgreSQL. Starts what it needs itself: a database
// of its own on the local PostgreSQL (dropped afterwards), a PGlite data folder (removed), the API
// server with DEMO off. Batch latency is from sending a batch to its answer; a batch answered 503
// (the database busy with the same rows) is sent again, as the plugin does, and counted. Writes its
// section of bench/RESULTS.md. Not part of `npm test`. Usage: npm run bench -- ingest
//
// Environment: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_SECONDS per
// run (6), BENCH_PLAYERS online population (5000), BENCH_BATCHES (100,500), BENCH_SENDERS
// (1,4), BENCH_INGEST_DATABASES (pglite,postgres), BENCH_SERVER_NODE_ARGS (Node options).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  ADMIN_URL,
  cpuSeconds,
  createDatabase,
  describeMachine,
  fmt,
  log,
  machineCpu,
  newSecrets,
  onCleanup,
  postJson,
  random,
  root,
  runBenchmark,
  since,
  startApiServer,
} from './lib/harness.mjs';
import { writeSection } from './lib/results.mjs';

const env = process.env;
const SECONDS = Number(env.BENCH_SECONDS ?? 6);
const PLAYERS = Number(env.BENCH_PLAYERS ?? 5000);
const BATCHES = (env.BENCH_BATCHES ?? '100,500').split(',').map(Number);
const SENDERS = (env.BENCH_SENDERS ?? '1,4').split(',').map(Number);
const DATABASES = (env.BENCH_INGEST_DATABASES ?? 'pglite,postgres').split(',').filter(Boolean);
const WARMUP_BATCHES = 3;
const SEED_BATCH = 500;
// The analysis of the figures, kept by hand and copied into RESULTS.md.
const NOTES = join(root, 'bench/ingest-notes.md');

/** The mix, as shares of the events (they add up to 1). */
const MIX = [
  ['player.join', 0.05],
  ['player.quit', 0.05],
  ['player.progress', 0.35],
  ['player.balance', 0.2],
  ['player.stats', 0.2],
  ['activity', 0.15],
];
const STATS = ['BLOCKS_MINED', 'MOBS_KILLED', 'DEATHS', 'PLAYTIME', 'FISH_CAUGHT', 'ENCHANTS_USED'];
const ACTIVITIES = ['RANKUP', 'PRESTIGE', 'ENCHANT', 'TRADE', 'GANG_JOIN', 'CRATE_OPENED'];

/** A small seeded generator (mulberry32), so every run sends the same mix. */

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** POST a batch to the bridge over keep-alive; answers `{status, body}`. */
function post(server, body) {
  return postJson(
    `${server.origin}/api/bridge/events`,
    { authorization: `Bearer ${server.bridgeToken}` },
    body,
    agent,
  );
}

/** The population: players who joined once, through the bridge, before any run. */
function population() {
  return Array.from({ length: PLAYERS }, (_, i) => ({ uuid: randomUUID(), name: `Miner${i}` }));
}

/** One batch of `size` events in the mix, about `players` chosen at random; ids unique forever. */
function makeBatch(rand, players, size, prefix) {
  const pick = () => players[Math.floor(rand() * players.length)];
  const events = [];
  for (let i = 0; i < size; i++) {
    let dice = rand();
    let type = MIX[MIX.length - 1][0];
    for (const [name, share] of MIX) {
      if (dice < share) {
        type = name;
        break;
      }
      dice -= share;
    }
    const p = pick();
    const id = `${prefix}-${i}`;
    switch (type) {
      case 'player.join':
        events.push({ id, type, uuid: p.uuid, username: p.name });
        break;
      case 'player.quit':
        events.push({ id, type, uuid: p.uuid });
        break;
      case 'player.progress':
        events.push({
          id,
          type,
          uuid: p.uuid,
          xp_delta: 1 + Math.floor(rand() * 500),
          ...(rand() < 0.1 && { level: 1 + Math.floor(rand() * 120) }),
        });
        break;
      case 'player.balance':
        events.push({
          id,
          type,
          uuid: p.uuid,
          delta: (Math.floor(rand() * 15000) / 100 - 50).toFixed(2),
          reason: rand() < 0.5 ? 'sell' : 'shop',
        });
        break;
      case 'player.stats':
        events.push({
          id,
          type,
          uuid: p.uuid,
          add: { [STATS[Math.floor(rand() * 3)]]: 1 + Math.floor(rand() * 64) },
          ...(rand() < 0.3 && { set: { [STATS[3 + Math.floor(rand() * 3)]]: Math.floor(rand() * 1e6) } }),
        });
        break;
      default: {
        const target = rand() < 0.3 ? pick() : null;
        events.push({
          id,
          type: 'activity',
          actor_uuid: p.uuid,
          activity_type: ACTIVITIES[Math.floor(rand() * ACTIVITIES.length)],
          activity_text: `${p.name} did something worth telling (${i})`,
          ...(target && target !== p && { target_uuid: target.uuid }),
        });
      }
    }
  }
  return events;
}

/** Sends one batch until it is applied (503: busy, sent again); answers the tries it took. */
async function send(server, events) {
  const body = JSON.stringify({ events });
  for (let tries = 1; ; tries++) {
    const { status, body: answer } = await post(server, body);
    if (status === 200) {
      if (answer.applied !== events.length) throw new Error(`applied ${answer.applied} of ${events.length}`);
      return tries;
    }
    if (status !== 503 || tries >= 10) {
      throw new Error(`POST /api/bridge/events: HTTP ${status} ${JSON.stringify(answer).slice(0, 500)}`);
    }
  }
}

async function seed(server, players) {
  const joins = players.map((p, i) => ({
    id: `seed-join-${i}`,
    type: 'player.join',
    uuid: p.uuid,
    username: p.name,
  }));
  const funds = players.map((p, i) => ({
    id: `seed-funds-${i}`,
    type: 'player.balance',
    uuid: p.uuid,
    delta: '100000.00',
    reason: 'bench seed',
  }));
  const all = [...joins, ...funds];
  for (let i = 0; i < all.length; i += SEED_BATCH) await send(server, all.slice(i, i + SEED_BATCH));
}

/**
 * What this database's backends do while a run goes on (PostgreSQL only): the mean number of
 * backends in each state, sampled every 50 ms from pg_stat_activity on a connection of its own.
 */
async function watchBackends(databaseUrl) {
  if (!databaseUrl) return async () => [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const counts = new Map();
  let samples = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await client.query(
        `select state, wait_event_type as type, wait_event as event from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      );
      samples++;
      for (const { state, type, event } of rows) {
        const what =
          state === 'idle'
            ? 'idle'
            : state === 'idle in transaction'
              ? 'in a transaction, waiting for the API server'
              : type === null
                ? 'running'
                : `waiting: ${type} ${event}`;
        counts.set(what, (counts.get(what) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return async () => {
    sampling = false;
    await sampler;
    await client.end();
    return [...counts]
      .map(([what, n]) => ({ what, backends: n / samples }))
      .sort((a, b) => b.backends - a.backends);
  };
}

/** `senders` senders, each posting batches of `size` one after another for SECONDS. */
async function run(server, databaseUrl, players, size, senders, label) {
  const latencies = [];
  let events = 0;
  let batches = 0;
  let resent = 0;
  const warm = random(size * 31 + senders);
  for (let b = 0; b < WARMUP_BATCHES; b++)
    await send(server, makeBatch(warm, players, size, `${label}-warm-${b}`));
  const watched = await watchBackends(databaseUrl);
  const before = { server: cpuSeconds(server.pid), machine: machineCpu() };
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: senders }, async (_, s) => {
      const rand = random(1000 * size + s);
      for (let b = 0; performance.now() < deadline; b++) {
        const batch = makeBatch(rand, players, size, `${label}-s${s}-${b}`);
        const t = performance.now();
        const tries = await send(server, batch);
        latencies.push(performance.now() - t);
        resent += tries - 1;
        events += batch.length;
        batches++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const machineAfter = machineCpu();
  const serverCpu = cpuSeconds(server.pid) - before.server;
  const backends = await watched();
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)];
  return {
    size,
    senders,
    events,
    batches,
    resent,
    eventsPerSecond: events / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    serverCpuUs: (serverCpu * 1e6) / events,
    backends,
    machineBusy: machineAfter
      ? (machineAfter.busy - before.machine.busy) / (machineAfter.total - before.machine.total)
      : null,
  };
}

async function scenario(kind) {
  const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  let databaseUrl = null;
  let dataDir;
  if (kind === 'postgres') databaseUrl = await createDatabase('ingest');
  else {
    dataDir = mkdtempSync(join(tmpdir(), 'bench-ingest-pglite-'));
    onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
  }
  const server = await startApiServer(databaseUrl, newSecrets(), `the API server on ${label}`, { dataDir });
  const players = population();
  const step = performance.now();
  await seed(server, players);
  log(
    `${label}: API server at ${server.origin}; ${fmt(PLAYERS)} players joined and funded in ${since(step)}`,
  );
  const results = [];
  for (const size of BATCHES) {
    for (const senders of SENDERS) {
      const r = await run(server, databaseUrl, players, size, senders, `${kind}-${size}-${senders}`);
      results.push(r);
      log(
        `  ${String(size).padStart(3)} events/batch, ${senders} sender${senders > 1 ? 's' : ' '}: ` +
          `${fmt(r.eventsPerSecond).padStart(6)} events/s; batch p50 ${r.p50.toFixed(0)} ms, p99 ` +
          `${r.p99.toFixed(0)} ms; ${r.batches} batches, ${r.resent} sent again (503); server CPU ` +
          `${r.serverCpuUs.toFixed(0)} µs/event; machine ${r.machineBusy === null ? 'n/a' : `${Math.round(r.machineBusy * 100)}%`} busy`,
      );
    }
  }
  await server.stop();
  return { label, results };
}

async function main() {
  const started = performance.now();
  const loadAtStart = loadavg()[0];
  log(
    `${fmt(PLAYERS)} players; batches of ${BATCHES.join(' and ')} events; ${SENDERS.join(' and ')} senders; ` +
      `${SECONDS} s per run after ${WARMUP_BATCHES} warm-up batches`,
  );
  const runs = [];
  for (const kind of DATABASES) runs.push(await scenario(kind));

  const machine = await describeMachine(ADMIN_URL);
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const table = [
    '| database | events per batch | senders | **events/s** | batch p50 | batch p99 | batches | sent again (503) | server CPU per event | machine CPU busy |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...runs.flatMap((r) =>
      r.results.map(
        (x) =>
          `| ${r.label} | ${x.size} | ${x.senders} | **${fmt(x.eventsPerSecond)}** | ${x.p50.toFixed(0)} ms | ` +
          `${x.p99.toFixed(0)} ms | ${fmt(x.batches)} | ${x.resent} | ${x.serverCpuUs.toFixed(0)} µs | ` +
          `${x.machineBusy === null ? 'n/a' : `${Math.round(x.machineBusy * 100)}%`} |`,
      ),
    ),
  ];
  // PostgreSQL's backends by state, per run: where concurrent batches wait.
  const pgRun = runs.find((r) => r.label === 'PostgreSQL');
  const states = pgRun
    ? [...new Set(pgRun.results.flatMap((x) => x.backends.map((b) => b.what)))].filter((what) =>
        pgRun.results.some((x) => (x.backends.find((b) => b.what === what)?.backends ?? 0) >= 0.05),
      )
    : [];
  const backendsTable = pgRun
    ? [
        `| backends (mean) | ${pgRun.results.map((x) => `${x.size} × ${x.senders}`).join(' | ')} |`,
        `|---|${pgRun.results.map(() => '---:').join('|')}|`,
        ...states.map(
          (what) =>
            `| ${what} | ${pgRun.results
              .map((x) => (x.backends.find((b) => b.what === what)?.backends ?? 0).toFixed(2))
              .join(' | ')} |`,
        ),
      ]
    : [];
  log('');
  for (const line of [...table, '', ...backendsTable]) log(line);
  const notes = existsSync(NOTES) ? readFileSync(NOTES, 'utf8').trim() : '';
  const mix = MIX.map(([type, share]) => `${Math.round(share * 100)}% \`${type}\``).join(', ');
  const section = `## Bridge ingest: \`POST /api/bridge/events\`, events per second

One API server process per database; ${fmt(PLAYERS)} players joined and funded through the bridge first.
Then, for each batch size and number of senders, ${SECONDS} s of batches (after ${WARMUP_BATCHES} warm-up
batches), each sender posting its next batch when the last one is answered (keep-alive HTTP from one
Node process). The mix: ${mix}; players picked at random among the ${fmt(PLAYERS)}, every event id
new. A batch is one transaction; a batch answered 503 (busy) is sent again and its time counts
from the first try. Events/s counts applied events; batch latency is from sending to the answer.
The machine's load average (1 min) was ${loadAtStart.toFixed(1)} when this benchmark started and
${loadavg()[0].toFixed(1)} when it ended, on ${machine.cores} cores (what is above this benchmark's own processes is other work).

${table.join('\n')}
${
  backendsTable.length
    ? `
What the database's backends were doing on PostgreSQL (mean number in each state, sampled every
50 ms from \`pg_stat_activity\`; columns are events per batch × senders; the server's pool holds 10):

${backendsTable.join('\n')}
`
    : ''
}${notes ? `\n${notes}\n` : ''}`;
  writeSection('ingest', { date, ...machine }, section);
  log(`Wrote bench/RESULTS.md (${since(started)} in all)`);
}

await runBenchmark(main);
