// What every benchmark needs to start on its own: child processes (the API server, bare servers),
// a throwaway PostgreSQL database on the local server, the machine's description, and cleanups run
// at the end whatever happened. Used by bench/*.mjs; not a benchmark itself.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, freemem, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildStale, SERVER_PARTS } from '../../scripts/build.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const log = (message) => process.stdout.write(`${message}\n`);
export const since = (start) => `${((performance.now() - start) / 1000).toFixed(1)} s`;
export const fmt = (n) => Math.round(n).toLocaleString('en-US');
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const cleanups = [];
/** Runs `cleanup` when the benchmark ends (last registered, first run), even if it failed. */
export const onCleanup = (cleanup) => cleanups.push(cleanup);

/** Runs a benchmark's main: a failure sets a non-zero exit code; the cleanups run in any case. */
export async function runBenchmark(main) {
  try {
    await main();
  } catch (err) {
    process.exitCode = 1;
    console.error(err);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((err) => console.error(err));
  }
}

/**
 * Starts a child process and resolves once `ready(output)` answers something other than null:
 * `{url, pid, stop}`, `url` being what `ready` answered. It is stopped at the end if not before.
 */
/**
 * A bare node:http server (bench/lib/bare-server.mjs) answering every request with `bodyFile` and,
 * when given, the headers in `headersFile`; resolves to its URL for `path`.
 */
export function startBareServer(label, bodyFile, headersFile, path) {
  return startProcess(
    label,
    [join(root, 'bench/lib/bare-server.mjs'), bodyFile, ...(headersFile ? [headersFile] : [])],
    { cwd: root },
    (output) => {
      const line = output.split('\n').find((l) => l.startsWith('{'));
      return line ? `http://127.0.0.1:${JSON.parse(line).port}${path}` : null;
    },
  );
}

/**
 * A bare node:http server (bench/lib/bare-paths-server.mjs) answering each path of `answers`
 * (`{path: {body: Buffer, headers}}`) with that body and those headers; resolves to its origin.
 */
export function startBarePathsServer(label, answers) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bare-'));
  onCleanup(async () => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'answers.json');
  const encoded = Object.fromEntries(
    Object.entries(answers).map(([path, { body, headers }]) => [
      path,
      { body: body.toString('base64'), headers },
    ]),
  );
  writeFileSync(file, JSON.stringify(encoded));
  return startProcess(
    label,
    [join(root, 'bench/lib/bare-paths-server.mjs'), file],
    { cwd: root },
    (output) => {
      const line = output.split('\n').find((l) => l.startsWith('{'));
      return line ? `http://127.0.0.1:${JSON.parse(line).port}` : null;
    },
  );
}

/**
 * One autocannon measurement of a server (`pid`, for its CPU time): requests/s, p50 and p99, and
 * the server's CPU per request, which unlike requests/s does not depend on whether autocannon,
 * sharing the machine, or the server is the bottleneck. Any error or non-2xx answer fails it.
 * With `requests` (autocannon's `[{path}, ...]`) each connection asks those in turn, on `url`'s host.
 */
export async function measureHttp({ url, pid }, { headers, connections, seconds, requests }) {
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({
    url,
    headers,
    connections,
    duration: seconds,
    pipelining: 1,
    ...(requests ? { requests } : {}),
  });
  const cpuAfter = cpuSeconds(pid);
  if (result.errors || result.non2xx || result.timeouts) {
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuUs: cpuBefore === null ? null : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total,
  };
}

/** Rounds of measureHttp: mean requests/s, median latencies and CPU, and each round's requests/s. */
export const summarizeRounds = (runs) => ({
  rps: runs.reduce((sum, r) => sum + r.rps, 0) / runs.length,
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  cpuUs: runs[0].cpuUs === null ? null : median(runs.map((r) => r.cpuUs)),
  rounds: runs.map((r) => r.rps),
});

export async function startProcess(label, args, options, ready, timeoutMs = 60_000) {
  const proc = spawn(process.execPath, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout.on('data', (chunk) => {
    output += chunk;
  });
  proc.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
    await exited;
  };
  onCleanup(stop);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await ready(output);
    if (value !== null) return { url: value, pid: proc.pid, stop, output: () => output };
    if (proc.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${label} did not start:\n${output}`);
}

/** One query on a connection of its own. */
export async function query(url, text, values) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** A new database on the local server, dropped at the end; answers its URL. */
export async function createDatabase(prefix) {
  const name = `bench_${prefix}_${randomBytes(4).toString('hex')}`;
  await query(ADMIN_URL, `create database ${name}`);
  onCleanup(() => query(ADMIN_URL, `drop database if exists ${name} with (force)`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Throwaway shared secrets: required with PostgreSQL (several processes share them). */
export const newSecrets = () => ({
  jwtSecret: randomBytes(32).toString('hex'),
  bridgeToken: randomBytes(32).toString('hex'),
});

/**
 * The API server as `npm start` runs it (compiled to apps/server/dist, rebuilt first when older than
 * its sources; plain node, no TypeScript loader), in production mode with DEMO
 * off, on a free port; it migrates the database. Processes given the same secrets accept each
 * other's tokens. Answers `{origin, pid, stop, jwtSecret, bridgeToken}`. BENCH_SERVER_NODE_ARGS adds
 * Node options, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server under the load.
 * With `databaseUrl` null the server runs on PGlite in `options.dataDir` (a new temporary folder
 * if not given); `options.nodeArgs` adds Node options of the caller's own.
 */
export async function startApiServer(
  databaseUrl,
  secrets = newSecrets(),
  label = 'the API server',
  options = {},
) {
  await buildStale(SERVER_PARTS);
  const webDist = mkdtempSync(join(tmpdir(), 'bench-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>bench</title>');
  const nodeArgs = [
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
    ...(options.nodeArgs ?? []),
  ];
  const env = { ...process.env };
  delete env.DATABASE_URL; // PGlite unless a database is given
  const { url, ...server } = await startProcess(
    label,
    [...nodeArgs, join(root, 'apps/server/dist/main.js')],
    {
      cwd: root,
      env: {
        ...env,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        JWT_SECRET: secrets.jwtSecret,
        BRIDGE_TOKEN: secrets.bridgeToken,
        NODE_ENV: 'production',
        DEMO: 'off',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: options.dataDir ?? mkdtempSync(join(tmpdir(), 'bench-data-')),
        WEB_DIST: webDist,
        LOG_LEVEL: 'info',
        // Every benchmark client connects from this machine's one address.
        SOCKETS_PER_ADDRESS: '1000000',
      },
    },
    (output) => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? null,
  );
  return { origin: url, ...server, ...secrets };
}

/** CPU seconds a process has used so far (Linux; null elsewhere). */
export function cpuSeconds(pid) {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return null;
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
}

/** The whole machine's busy and total CPU time so far, in seconds (Linux; null elsewhere). */
export function machineCpu() {
  if (!existsSync('/proc/stat')) return null;
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.slice(0, 8).reduce((sum, n) => sum + n, 0);
  const idle = fields[3] + fields[4]; // idle and iowait
  return { busy: (total - idle) / 100, total: total / 100 };
}

/** The machine the figures come from, for the header of bench/RESULTS.md. */
export async function describeMachine(databaseUrl) {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    free: `${(freemem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    postgres: (await query(databaseUrl, 'show server_version')).rows[0].server_version,
  };
}

/** A small seeded random generator (mulberry32): the same seed, the same world. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** POST a JSON body (text) over `agent`; answers `{status, body}`, the body parsed (or `{text}`). */
export function postJson(url, headers, body, agent) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = { text };
          }
          resolve({ status: response.statusCode, body: parsed });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
