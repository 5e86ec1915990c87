// Benchmark: live fan-out (DESIGN.md sections 4 and 6). 10,000 /ws/players WebSocket clients on one
// API server process, opened in batches from two client processes (bench/lib/ws-clients.mjs); then
// bridge `server.status` events that change the online count, each timed from the bridge POST's
// answer (the event accepted) until 99% and 100% of the sockets have received the new count; and
// the server's memory per socket (RSS and V8 heap, read through the inspector after a GC, before and
// after opening the sockets). The hub rebuilds a topic at most once a second, so updates are spaced
// by more than that. Last, a CPU profile of the server over a few more updates shows where a
// fan-out's time goes. Then, on PostgreSQL only, two API server processes on one database with
// BENCH_SOCKETS sockets each, the events posted to one of them: every process's hub hears of the
// change through its own LISTEN connection, so this times the NOTIFY's way to both processes and
// their fan-outs side by side, per process and over all the sockets. Starts what it needs itself (a
// database of its own on the local PostgreSQL, dropped afterwards; the servers with DEMO off, the
// one-process ones with --inspect on 127.0.0.1). Writes its section of bench/RESULTS.md. Not part of
// `npm test`. Usage: npm run bench -- live
//
// Environment: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_SOCKETS
// per server process (10000), BENCH_CLIENT_PROCESSES (2), BENCH_OPEN_BATCH sockets opened at once
// per client process (250), BENCH_UPDATES (10), BENCH_PAUSE_MS between updates (1500),
// BENCH_LIVE_DATABASES (postgres,pglite,postgres-2proc: the scenarios, in order),
// BENCH_SERVER_NODE_ARGS (Node options for the API servers).
import { fork, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import {
  ADMIN_URL,
  cpuSeconds,
  createDatabase,
  describeMachine,
  fmt,
  log,
  machineCpu,
  median,
  newSecrets,
  onCleanup,
  root,
  runBenchmark,
  since,
  startApiServer,
} from './lib/harness.mjs';
import { writeSection } from './lib/results.mjs';

const env = process.env;
const SOCKETS = Number(env.BENCH_SOCKETS ?? 10_000);
const CLIENT_PROCESSES = Number(env.BENCH_CLIENT_PROCESSES ?? 2);
const OPEN_BATCH = Number(env.BENCH_OPEN_BATCH ?? 250);
const UPDATES = Number(env.BENCH_UPDATES ?? 10);
const PAUSE_MS = Number(env.BENCH_PAUSE_MS ?? 1500);
const DATABASES = (env.BENCH_LIVE_DATABASES ?? 'postgres,pglite,postgres-2proc').split(',').filter(Boolean);
const TWO_PROCESSES = 'postgres-2proc';
const PROFILED_UPDATES = 3;
const UPDATE_TIMEOUT_MS = 15_000;
const GOAL_MS = 250;
const MAX_ONLINE = 2000;
// The analysis of the figures, kept by hand and copied into RESULTS.md.
const NOTES = join(root, 'bench/live-notes.md');
const now = () => performance.timeOrigin + performance.now();

/**
 * Open files: a server holds its sockets, each client process its share of every server's. Raises
 * the soft limit up to the hard one by running this benchmark again under `ulimit -n` (the children
 * inherit it).
 */
function checkFileLimit() {
  const [soft, hard] = spawnSync('sh', ['-c', 'ulimit -Sn; ulimit -Hn'], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .map((v) => (v === 'unlimited' ? Number.POSITIVE_INFINITY : Number(v)));
  const servers = DATABASES.includes(TWO_PROCESSES) ? 2 : 1;
  const perProcess = Math.max(SOCKETS, Math.ceil(SOCKETS / CLIENT_PROCESSES) * servers);
  const needed = perProcess + 1024;
  if (soft >= needed) return { soft, hard, needed, raised: false };
  if (hard < needed) {
    throw new Error(
      `${SOCKETS} sockets per server need ${needed} open files in a server or client process, and the ` +
        `hard limit here is ${hard}: raise it (as root, \`ulimit -Hn 65536\` in the shell, or nofile in ` +
        '/etc/security/limits.conf), or set BENCH_SOCKETS lower or BENCH_CLIENT_PROCESSES higher',
    );
  }
  if (env.BENCH_LIVE_RAISED) throw new Error(`could not raise the open-files limit to ${needed}`);
  const target = Number.isFinite(hard) ? hard : needed;
  log(`Open-files limit ${soft}: running again under \`ulimit -n ${target}\``);
  const { status } = spawnSync(
    'sh',
    ['-c', `ulimit -n ${target} && exec "$0" "$@"`, process.execPath, ...process.argv.slice(1)],
    { stdio: 'inherit', env: { ...env, BENCH_LIVE_RAISED: String(soft) } },
  );
  process.exit(status ?? 1);
}

/** The server's inspector (it runs with --inspect=127.0.0.1:0): memory after a GC, CPU profiles. */
async function connectInspector(output) {
  const address = /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1];
  if (!address) throw new Error(`the server did not open its inspector:\n${output}`);
  const ws = new WebSocket(address);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let id = 0;
  const waiting = new Map();
  ws.on('message', (data) => {
    const message = JSON.parse(String(data));
    const settle = waiting.get(message.id);
    if (!settle) return;
    waiting.delete(message.id);
    settle(message);
  });
  const call = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const n = ++id;
      waiting.set(n, (m) =>
        m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result),
      );
      ws.send(JSON.stringify({ id: n, method, params }));
    });
  const close = async () => {
    if (ws.readyState === ws.CLOSED) return;
    ws.close();
    await new Promise((resolve) => ws.once('close', resolve));
  };
  // A server with a debugger attached waits for it to leave before exiting.
  onCleanup(close);
  return {
    call,
    close,
    async memory() {
      await call('HeapProfiler.collectGarbage');
      await call('HeapProfiler.collectGarbage');
      const { result } = await call('Runtime.evaluate', {
        expression: 'JSON.stringify(process.memoryUsage())',
        returnByValue: true,
      });
      return JSON.parse(result.value);
    },
  };
}

/** A client process holding its share of the sockets; `next(type)` waits for its next such message. */
function startClients(n) {
  const child = fork(join(root, 'bench/lib/ws-clients.mjs'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  });
  const queue = [];
  const waiters = [];
  child.on('message', (message) => {
    const at = waiters.findIndex((w) => w.type === message.type);
    if (at >= 0) waiters.splice(at, 1)[0].resolve(message);
    else queue.push(message);
  });
  return {
    n,
    child,
    layout: [],
    send: (message) => child.send(message),
    next(type) {
      const at = queue.findIndex((m) => m.type === type);
      if (at >= 0) return Promise.resolve(queue.splice(at, 1)[0]);
      return new Promise((resolve, reject) => {
        waiters.push({ type, resolve });
        exited.then((code) => reject(new Error(`client process ${n} exited (${code}) awaiting ${type}`)));
      });
    },
    async close() {
      child.send({ type: 'close' });
      await exited;
    },
  };
}

let eventCounter = 0;
async function postStatus(server, online) {
  const response = await fetch(`${server.origin}/api/bridge/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.bridgeToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      events: [
        {
          id: `live-${process.pid}-${++eventCounter}`,
          type: 'server.status',
          online,
          max_online: MAX_ONLINE,
        },
      ],
    }),
  });
  const answered = now();
  const body = await response.json();
  if (response.status !== 200 || body.applied !== 1) {
    throw new Error(`POST /api/bridge/events: HTTP ${response.status} ${JSON.stringify(body)}`);
  }
  return answered;
}

/** The k-th smallest of `sorted` for a share `p` of `total` (missing values count as never). */
const reach = (sorted, p, total) => {
  const k = Math.ceil(p * total);
  return k <= sorted.length ? sorted[k - 1] : Number.POSITIVE_INFINITY;
};

/** One update's arrival times (epoch ms, null for never) against the POST's answer, of `total`. */
function timing(times, answered, total) {
  const latencies = times
    .filter((t) => t !== null)
    .map((t) => t - answered)
    .sort((a, b) => a - b);
  return {
    latencies,
    missing: times.length - latencies.length,
    to50: reach(latencies, 0.5, total),
    to99: reach(latencies, 0.99, total),
    to100: reach(latencies, 1, total),
    first: latencies[0],
  };
}

/**
 * One update: the clients armed, the event posted to `target`, every socket's arrival time
 * collected, over all the sockets and per server.
 */
async function update(servers, clients, online, target = servers[0]) {
  const text = JSON.stringify({ online });
  const armed = clients.map((c) => c.next('armed'));
  const received = clients.map((c) => c.next('received'));
  for (const c of clients) c.send({ type: 'expect', text, timeoutMs: UPDATE_TIMEOUT_MS });
  await Promise.all(armed);
  const clientCpu = () => clients.reduce((sum, c) => sum + cpuSeconds(c.child.pid), 0);
  const serversCpu = () => servers.map((server) => cpuSeconds(server.pid));
  const cpuBefore = { servers: serversCpu(), clients: clientCpu(), machine: machineCpu() };
  const sent = now();
  const answered = await postStatus(target, online);
  const messages = await Promise.all(received);
  const serverCpu = serversCpu().map((cpu, i) => cpu - cpuBefore.servers[i]);
  const machine = machineCpu();
  // A client process holds its sockets of each server in turn (openSockets), in that order.
  const perServer = servers.map(() => []);
  messages.forEach(({ times }, c) => {
    let at = 0;
    clients[c].layout.forEach((count, s) => {
      perServer[s] = perServer[s].concat(times.slice(at, at + count));
      at += count;
    });
  });
  return {
    online,
    post: answered - sent,
    ...timing(perServer.flat(), answered, SOCKETS * servers.length),
    servers: perServer.map((times) => timing(times, answered, SOCKETS)),
    cpu: serverCpu.reduce((sum, cpu) => sum + cpu, 0),
    serverCpu,
    // CPU seconds while the update was under way (until every socket had it, or the time-out):
    // the servers', the client processes', and the rest of the machine's (PostgreSQL, this process
    // and whatever else runs on the machine), against the wall time times the cores.
    clientCpu: clientCpu() - cpuBefore.clients,
    machineBusy: machine ? machine.busy - cpuBefore.machine.busy : null,
    machineTotal: machine ? machine.total - cpuBefore.machine.total : null,
  };
}

/**
 * Opens SOCKETS sockets to each server from the client processes, every process its share, one
 * server after the other: each client's `layout` says how many of its sockets, in order, are each
 * server's.
 */
async function openSockets(servers, clients) {
  const share = (i) => Math.floor(SOCKETS / clients.length) + (i < SOCKETS % clients.length ? 1 : 0);
  const opening = performance.now();
  let open = 0;
  let failed = 0;
  for (const server of servers) {
    const opened = await Promise.all(
      clients.map((c, i) => {
        const answer = c.next('opened');
        c.layout.push(share(i));
        c.send({
          type: 'open',
          url: `${server.origin.replace('http', 'ws')}/ws/players`,
          count: share(i),
          batch: OPEN_BATCH,
        });
        return answer;
      }),
    );
    open += opened.reduce((sum, o) => sum + o.open, 0);
    failed += opened.reduce((sum, o) => sum + o.failed, 0);
  }
  const openTime = (performance.now() - opening) / 1000;
  log(
    `  opened ${fmt(open)} sockets in ${openTime.toFixed(1)} s (${fmt(open / openTime)}/s), ${failed} failed`,
  );
  const total = SOCKETS * servers.length;
  if (open !== total) throw new Error(`only ${open} of ${total} sockets opened`);
  return { open, failed, openTime };
}

/** Self time by function in a V8 CPU profile, largest first, as shares of the non-idle samples. */
function summarizeProfile(profile, top = 12) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    if (functionName === '(idle)' || functionName === '(program)') return;
    const dt = profile.timeDeltas[i] ?? 0;
    const where = url
      ? `${url.includes('node_modules') ? url.split('node_modules/').pop() : basename(url)}:${lineNumber + 1}`
      : '';
    const key = `${functionName || '(anonymous)'}${where ? ` (${where})` : ''}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    busy += dt;
  });
  return {
    busyMs: busy / 1000,
    functions: [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: us / busy })),
  };
}

/** Whether 99% of the sockets had each update within the goal: always, at the median, or not. */
const verdict = (s) =>
  s.to99p99 <= GOAL_MS
    ? 'met at every update'
    : s.to99p50 <= GOAL_MS
      ? `met at the median update, not at every one (${s.within} of ${s.count})`
      : `not met (${s.within} of ${s.count} updates within it)`;

const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'never');

async function scenario(kind) {
  let databaseUrl = null;
  let dataDir;
  if (kind === 'postgres') databaseUrl = await createDatabase('live');
  else {
    dataDir = mkdtempSync(join(tmpdir(), 'bench-live-pglite-'));
    onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
  }
  const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const server = await startApiServer(databaseUrl, newSecrets(), `the API server on ${label}`, {
    dataDir,
    nodeArgs: ['--inspect=127.0.0.1:0'],
  });
  const inspector = await connectInspector(server.output());
  log(`${label}: API server at ${server.origin}, pid ${server.pid}`);
  await postStatus(server, 1000);
  // One socket first, so that the topic and its snapshot exist before "before" is read.
  const probe = startClients(0);
  probe.send({ type: 'open', url: `${server.origin.replace('http', 'ws')}/ws/players`, count: 1, batch: 1 });
  await probe.next('opened');
  const rssOf = () =>
    Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]) * 1024;
  const before = { ...(await inspector.memory()), rss: rssOf() };

  const clients = Array.from({ length: CLIENT_PROCESSES }, (_, i) => startClients(i + 1));
  const { open, failed, openTime } = await openSockets([server], clients);
  await sleep(500);
  const after = { ...(await inspector.memory()), rss: rssOf() };
  const perSocket = Object.fromEntries(
    ['rss', 'heapUsed', 'external'].map((key) => [key, (after[key] - before[key]) / SOCKETS]),
  );
  log(
    `  server memory: RSS ${mib(before.rss)} -> ${mib(after.rss)}, heap ${mib(before.heapUsed)} -> ` +
      `${mib(after.heapUsed)}: ${kib(perSocket.rss)} RSS and ${kib(perSocket.heapUsed)} heap per socket`,
  );

  // The first broadcast after the sockets opened is slower (the send path's first run at this
  // scale, the heap grown by the sockets): reported on its own, not counted among the updates.
  await sleep(PAUSE_MS);
  const first = await update([server], clients, 1500);
  log(`  first update (not counted): 99% ${ms(first.to99)}, 100% ${ms(first.to100)} after the answer`);

  const updates = [];
  for (let i = 0; i < UPDATES; i++) {
    await sleep(PAUSE_MS);
    const u = await update([server], clients, 1001 + i);
    updates.push(u);
    log(
      `  update ${String(i + 1).padStart(2)}: POST answered in ${ms(u.post)}; first socket ${ms(u.first)}, ` +
        `50% ${ms(u.to50)}, 99% ${ms(u.to99)}, 100% ${ms(u.to100)} after the answer; ` +
        `${u.missing} missed; CPU: server ${(u.cpu * 1000).toFixed(0)} ms, clients ${(u.clientCpu * 1000).toFixed(0)} ms, ` +
        `machine ${u.machineBusy === null ? 'n/a' : `${Math.round((100 * u.machineBusy) / u.machineTotal)}% busy`}`,
    );
  }

  // The profile: a few more updates with the sampling profiler on (not counted above).
  await inspector.call('Profiler.enable');
  await inspector.call('Profiler.setSamplingInterval', { interval: 200 });
  await inspector.call('Profiler.start');
  for (let i = 0; i < PROFILED_UPDATES; i++) {
    await sleep(PAUSE_MS);
    await update([server], clients, 2001 + i);
  }
  const { profile } = await inspector.call('Profiler.stop');
  const hot = summarizeProfile(profile);
  log(
    `  profile over ${PROFILED_UPDATES} more updates: ${hot.busyMs.toFixed(0)} ms of server CPU on the main thread`,
  );
  for (const f of hot.functions.slice(0, 8)) log(`    ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.name}`);

  for (const c of [probe, ...clients]) await c.close();
  await inspector.close();
  await server.stop();
  return { kind, label, open, openTime, failed, before, after, perSocket, first, updates, hot };
}

/**
 * Two API server processes on one PostgreSQL database, SOCKETS sockets each, the events posted to
 * the first only. Neither hub is told by the request: the bridge's transaction NOTIFYs on commit and
 * each process rebuilds the topic when its own LISTEN connection hears of it, so the second process
 * is as near as the first, and both fan out at once on the cores the clients read on.
 */
async function twoProcesses() {
  const label = 'PostgreSQL, two processes';
  const loadBefore = loadavg()[0];
  const databaseUrl = await createDatabase('live2');
  const secrets = newSecrets();
  // One after the other: the second finds the schema migrated.
  const servers = [];
  for (const name of ['A', 'B']) {
    servers.push(await startApiServer(databaseUrl, secrets, `API server ${name} on PostgreSQL`));
  }
  log(
    `${label}: API servers A at ${servers[0].origin} (pid ${servers[0].pid}, receives the events) and ` +
      `B at ${servers[1].origin} (pid ${servers[1].pid}); load average ${loadBefore.toFixed(1)}`,
  );
  await postStatus(servers[0], 1000);
  const clients = Array.from({ length: CLIENT_PROCESSES }, (_, i) => startClients(i + 1));
  const { open, failed, openTime } = await openSockets(servers, clients);
  await sleep(500);

  const perServer = (u) =>
    u.servers.map((s, i) => `${'AB'[i]} ${ms(s.first)} / ${ms(s.to99)} / ${ms(s.to100)}`).join(', ');
  await sleep(PAUSE_MS);
  const first = await update(servers, clients, 1500);
  log(
    `  first update (not counted): 99% ${ms(first.to99)}, 100% ${ms(first.to100)} after the answer ` +
      `(first socket / 99% / 100%: ${perServer(first)})`,
  );
  const updates = [];
  for (let i = 0; i < UPDATES; i++) {
    await sleep(PAUSE_MS);
    const u = await update(servers, clients, 1001 + i);
    updates.push(u);
    log(
      `  update ${String(i + 1).padStart(2)}: POST answered in ${ms(u.post)}; all ${fmt(open)}: ` +
        `99% ${ms(u.to99)}, 100% ${ms(u.to100)}; first socket / 99% / 100%: ${perServer(u)}; ${u.missing} missed; ` +
        `CPU: servers ${u.serverCpu.map((c) => (c * 1000).toFixed(0)).join(' + ')} ms, clients ` +
        `${(u.clientCpu * 1000).toFixed(0)} ms, machine ` +
        `${u.machineBusy === null ? 'n/a' : `${Math.round((100 * u.machineBusy) / u.machineTotal)}% busy`}`,
    );
  }
  for (const c of clients) await c.close();
  for (const server of servers) await server.stop();
  return { kind: TWO_PROCESSES, label, loadBefore, open, openTime, failed, first, updates };
}

/** The two-process scenario's part of the section: its tables, and its summary line for the log. */
function twoProcessSection(run, machine) {
  const { updates } = run;
  const sorted = (values) => [...values].sort((a, b) => a - b);
  const spread = (pick) => {
    const to99 = sorted(updates.map((u) => pick(u).to99));
    const to100 = sorted(updates.map((u) => pick(u).to100));
    return {
      to99p50: median(to99),
      to99p99: to99.at(-1),
      to100p50: median(to100),
      to100max: to100.at(-1),
      first: median(updates.map((u) => pick(u).first)),
      within: updates.filter((u) => pick(u).to99 <= GOAL_MS).length,
      count: updates.length,
    };
  };
  const all = spread((u) => u);
  const rows = [
    [`all (goal: 99% within ${GOAL_MS} ms)`, run.open, all],
    ['A (receives the events)', SOCKETS, spread((u) => u.servers[0])],
    ['B (the other process)', SOCKETS, spread((u) => u.servers[1])],
  ];
  const cpu = (pick) => `${(median(updates.map(pick)) * 1000).toFixed(0)} ms`;
  const measured = updates[0].machineBusy !== null;
  const table = [
    `| sockets | count | to 99% of them: median / slowest | to 100%: median / slowest | first socket (median) | updates with 99% within ${GOAL_MS} ms |`,
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      ([name, count, s]) =>
        `| ${name} | ${fmt(count)} | **${ms(s.to99p50)}** / ${ms(s.to99p99)} | ${ms(s.to100p50)} / ${ms(s.to100max)} | ` +
        `${ms(s.first)} | ${s.within} of ${s.count} |`,
    ),
  ];
  const updatesTable = [
    '| update | all: to 99% / 100% | A: first / 99% / 100% | B: first / 99% / 100% | CPU: server A / server B / clients |',
    '|---:|---:|---:|---:|---:|',
    ...updates.map(
      (u, i) =>
        `| ${i + 1} | ${ms(u.to99)} / ${ms(u.to100)} | ` +
        u.servers.map((s) => `${ms(s.first)} / ${ms(s.to99)} / ${ms(s.to100)}`).join(' | ') +
        ` | ${u.serverCpu.map((c) => (c * 1000).toFixed(0)).join(' / ')} / ${(u.clientCpu * 1000).toFixed(0)} ms |`,
    ),
  ];
  const goal =
    `99% of the ${fmt(run.open)} sockets ${ms(all.to99p50)} at the median update, ${ms(all.to99p99)} at the ` +
    `slowest: ${verdict(all)}`;
  const text = `### Two processes: ${fmt(run.open)} sockets, the events posted to one

Two API server processes, A and B, on one PostgreSQL database with the same secrets, on two ports;
${fmt(SOCKETS)} \`/ws/players\` sockets on each, from the same ${CLIENT_PROCESSES} client processes (each holds its
share of both servers' sockets, as many open files), opened in ${run.openTime.toFixed(1)} s (${fmt(run.open / run.openTime)}/s; ${run.failed} failed). The bridge events go to A
only. Neither process hears of the change from the request: the bridge's transaction sends a
\`NOTIFY\` on commit, and each process rebuilds the topic and pushes it to its sockets when its own
\`LISTEN\` connection hears it; A also answers the POST, B has nothing else to do. The same ${UPDATES} updates,
${PAUSE_MS} ms apart, after one more not counted (99% of all in ${ms(run.first.to99)}), timed from the POST's answer as above.
Both servers, the client processes and PostgreSQL share the machine's ${machine.cores} cores; the load average
(1 min) was ${run.loadBefore.toFixed(1)} when this part started.

${table.join('\n')}

**Goal: 99% of the ${fmt(run.open)} sockets within ${GOAL_MS} ms.** ${goal}. The POST was answered in
${ms(median(updates.map((u) => u.post)))} (median). CPU per update (median): server A ${cpu((u) => u.serverCpu[0])}, server B
${cpu((u) => u.serverCpu[1])}, the client processes ${cpu((u) => u.clientCpu)}${measured ? `, the rest of the machine ${cpu((u) => u.machineBusy - u.cpu - u.clientCpu)}; the machine was ${Math.round(median(updates.map((u) => u.machineBusy / u.machineTotal)) * 100)}% busy` : ''}.
${updates.reduce((sum, u) => sum + u.missing, 0)} sockets missed an update.

Each update (time after the bridge's answer):

${updatesTable.join('\n')}
`;
  return { text, table, summary: `${run.label}: ${goal}` };
}

async function main() {
  const limits = checkFileLimit();
  const started = performance.now();
  const loadAtStart = loadavg()[0];
  log(
    `${fmt(SOCKETS)} sockets from ${CLIENT_PROCESSES} client processes (${OPEN_BATCH} at a time each), ` +
      `${UPDATES} updates ${PAUSE_MS} ms apart; open-files limit ${limits.soft} (hard ${limits.hard})` +
      (env.BENCH_LIVE_RAISED ? `, raised from ${env.BENCH_LIVE_RAISED}` : ''),
  );
  const runs = [];
  let two = null;
  for (const kind of DATABASES) {
    if (kind === TWO_PROCESSES) two = await twoProcesses();
    else runs.push(await scenario(kind));
  }

  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const machine = await describeMachine(ADMIN_URL);
  const stats = (run) => {
    const to99 = run.updates.map((u) => u.to99).sort((a, b) => a - b);
    const to100 = run.updates.map((u) => u.to100).sort((a, b) => a - b);
    const all = run.updates.flatMap((u) => u.latencies).sort((a, b) => a - b);
    const total = SOCKETS * run.updates.length;
    return {
      to99p50: median(to99),
      to99p99: reach(to99, 0.99, to99.length),
      to100p50: median(to100),
      to100max: to100.at(-1),
      socketP50: reach(all, 0.5, total),
      socketP99: reach(all, 0.99, total),
      post: median(run.updates.map((u) => u.post)),
      cpu: median(run.updates.map((u) => u.cpu)),
      clientCpu: median(run.updates.map((u) => u.clientCpu)),
      otherCpu:
        run.updates[0].machineBusy === null
          ? null
          : median(run.updates.map((u) => u.machineBusy - u.cpu - u.clientCpu)),
      busy:
        run.updates[0].machineBusy === null
          ? null
          : median(run.updates.map((u) => u.machineBusy / u.machineTotal)),
      within: run.updates.filter((u) => u.to99 <= GOAL_MS).length,
      count: run.updates.length,
      missing: run.updates.reduce((sum, u) => sum + u.missing, 0),
    };
  };
  const results = runs.map((run) => ({ run, s: stats(run) }));
  const latencyTable = [
    '| database | sockets | updates | to 99% of sockets: p50 / p99 | to 100%: p50 / max | one socket: p50 / p99 | updates with 99% within 250 ms | POST answered in (p50) | CPU per update (p50): server / clients / rest of the machine | machine busy (p50) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      ({ run, s }) =>
        `| ${run.label} | ${fmt(run.open)} | ${run.updates.length} | **${ms(s.to99p50)}** / ${ms(s.to99p99)} | ` +
        `${ms(s.to100p50)} / ${ms(s.to100max)} | ${ms(s.socketP50)} / ${ms(s.socketP99)} | ${s.within} of ${run.updates.length} | ` +
        `${ms(s.post)} | ${(s.cpu * 1000).toFixed(0)} / ${(s.clientCpu * 1000).toFixed(0)} / ` +
        `${s.otherCpu === null ? 'n/a' : (s.otherCpu * 1000).toFixed(0)} ms | ${s.busy === null ? 'n/a' : `${Math.round(s.busy * 100)}%`} |`,
    ),
  ];
  const memoryTable = [
    '| database | | before the sockets | with them | per socket |',
    '|---|---|---:|---:|---:|',
    ...runs.flatMap((run) =>
      [
        ['RSS', 'rss'],
        ['V8 heap used', 'heapUsed'],
        ['external (Buffers)', 'external'],
      ].map(
        ([name, key]) =>
          `| ${run.label} | ${name} | ${mib(run.before[key])} | ${mib(run.after[key])} | ${kib(run.perSocket[key])} |`,
      ),
    ),
  ];
  const updatesTable = [
    `| update | ${runs.map((r) => `${r.label}: to 99% / 100%`).join(' | ')} |`,
    `|---:|${runs.map(() => '---:').join('|')}|`,
    ...(runs[0]?.updates ?? []).map(
      (_, i) =>
        `| ${i + 1} | ${runs.map((r) => `${ms(r.updates[i].to99)} / ${ms(r.updates[i].to100)}`).join(' | ')} |`,
    ),
  ];
  const profileTable = runs.map(
    (
      run,
    ) => `Server CPU profile on ${run.label} over ${PROFILED_UPDATES} more updates (${run.hot.busyMs.toFixed(0)} ms on the main
thread; self time, largest first). The profiler samples the main thread by the clock, so time the process spent
waiting for a core while inside a call counts to that call: the shares tell where the time goes, the server's CPU
time per update is the one in the table above.

| function | self time | share |
|---|---:|---:|
${run.hot.functions.map((f) => `| \`${f.name}\` | ${f.ms.toFixed(1)} ms | ${(f.share * 100).toFixed(1)}% |`).join('\n')}`,
  );
  const twoProcessPart = two ? twoProcessSection(two, machine) : null;
  log('');
  if (runs.length > 0) for (const line of [...latencyTable, '', ...memoryTable]) log(line);
  for (const { run, s } of results) {
    log(
      `\n${run.label}: 99% of ${fmt(SOCKETS)} sockets had the new count ${ms(s.to99p50)} after the bridge's answer ` +
        `(p50 over ${run.updates.length} updates; p99 ${ms(s.to99p99)}); goal ≤ ${GOAL_MS} ms: ` +
        verdict(s),
    );
  }
  if (twoProcessPart) {
    log('');
    for (const line of twoProcessPart.table) log(line);
    log(`\n${twoProcessPart.summary}`);
  }

  const notes = existsSync(NOTES) ? readFileSync(NOTES, 'utf8').trim() : '';
  const singlePart =
    runs.length === 0
      ? ''
      : `One API server process; ${fmt(SOCKETS)} WebSocket clients of \`/ws/players\` in ${CLIENT_PROCESSES} client processes
(\`ws\`, no compression), opened ${OPEN_BATCH} at a time per process. Then ${UPDATES} bridge \`server.status\`
events, ${PAUSE_MS} ms apart (the hub rebuilds a topic at most once a second), after one more that is
not counted (the first broadcast after the sockets opened: ${runs
          .map((run) => `99% in ${ms(run.first.to99)} on ${run.label}`)
          .join(
            ', ',
          )}), each with a new online count: the time is from the bridge POST's answer (the batch committed) until a socket's client
process has received the new \`{"online":n}\`; the clients note it when the message arrives, before
parsing anything. Times from several processes are on the one machine's clock. Open-files limit:
${limits.soft} (hard ${limits.hard})${env.BENCH_LIVE_RAISED ? `, raised by the benchmark from ${env.BENCH_LIVE_RAISED}` : ''}; the server needs one per socket.
The server, both client processes and PostgreSQL share the machine's ${machine.cores} cores; its load average (1 min)
was ${loadAtStart.toFixed(1)} when this benchmark started and ${loadavg()[0].toFixed(1)} when it ended (what is above this
benchmark's own processes is other work).

${latencyTable.join('\n')}

**Goal: 99% of the sockets within ${GOAL_MS} ms.** ${results
          .map(
            ({ run, s }) =>
              `${run.label}: ${ms(s.to99p50)} at the median update, ${ms(s.to99p99)} at the slowest: ${verdict(s)}`,
          )
          .join('; ')}. Opening the sockets took ${runs
          .map((run) => `${run.openTime.toFixed(1)} s on ${run.label} (${fmt(run.open / run.openTime)}/s)`)
          .join(' and ')}; ${runs.reduce((sum, r) => sum + r.failed, 0)} failed.

Each update (time after the bridge's answer):

${updatesTable.join('\n')}

Server memory (RSS from /proc; heap and external from \`process.memoryUsage()\` through the inspector,
after a full GC), with one socket open before and all ${fmt(SOCKETS)} after:

${memoryTable.join('\n')}

${profileTable.join('\n\n')}
`;
  const title = [
    runs.length > 0 ? `${fmt(SOCKETS)} sockets on one process` : null,
    two ? `${fmt(two.open)} on two` : null,
  ]
    .filter(Boolean)
    .join(', and to ');
  const section = [`## Live: \`/ws/players\` fan-out to ${title}`, singlePart, twoProcessPart?.text, notes]
    .filter(Boolean)
    .map((part) => part.trim())
    .join('\n\n');
  writeSection('live', { date, ...machine }, section);
  log(`Wrote bench/RESULTS.md (${since(started)} in all)`);
}

await runBenchmark(main);
