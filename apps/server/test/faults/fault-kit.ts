// Test support for the fault tests (issue 8): a TCP proxy that can cut a connection path or swallow
// its answers, HTTP calls that never wait forever, and the lifecycle of spawned server processes.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BRIDGE_TOKEN } from '../helpers.ts';
import type { ServerProcess } from '../server-process.ts';

/**
 * What the proxy does with traffic:
 * - open: forwards both ways;
 * - cut: every connection is destroyed and new ones are refused (nothing listens on the port);
 * - swallow: forwards requests but drops every answer, like a network that loses the reply.
 */
export type ProxyMode = 'open' | 'cut' | 'swallow';

export interface TcpProxy {
  port: number;
  setMode(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

export async function startProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'open';
  const pairs = new Set<[Socket, Socket]>();
  const onConnection = (client: Socket) => {
    const upstream = connect(target);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => {
      if (mode !== 'swallow') client.write(chunk);
    });
  };
  let server = await listen(createServer(onConnection), 0);
  const port = (server.address() as { port: number }).port;
  const closeServer = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const setMode = async (next: ProxyMode) => {
    if (next === mode) return;
    if (next === 'cut') {
      mode = next;
      const closed = closeServer();
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      await closed;
      return;
    }
    // Listening again on the same port: the port stays ours while it is closed, in practice.
    if (mode === 'cut') server = await listenWithRetries(createServer(onConnection), port);
    mode = next;
  };
  return { port, setMode, close: () => setMode('cut') };
}

function listen(server: Server, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

async function listenWithRetries(server: Server, port: number): Promise<Server> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await listen(server, port);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 50) throw err;
      await pause(100);
    }
  }
}

/** A port nothing listens on (it was free a moment ago). */
export async function freePort(): Promise<number> {
  const server = await listen(createServer(), 0);
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/**
 * A JSON request that gives up after `timeoutMs` (a hang shows up as a failed test, not a stuck
 * run). Rejects on a network error or when it gave up.
 */
export async function call<T = Record<string, unknown>>(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer<T>> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(init.timeoutMs ?? 20_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text so the failing assertion shows it.
  }
  return { status: response.status, body: body as T };
}

export const postBatch = (baseUrl: string, events: unknown[], timeoutMs?: number) =>
  call<{ applied?: number; skipped?: number; detail?: string }>(`${baseUrl}/api/bridge/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${BRIDGE_TOKEN}` },
    body: { events },
    ...(timeoutMs && { timeoutMs }),
  });

/** Temporary directories removed by `removeAll`. */
export function tempDirs() {
  const made: string[] = [];
  return {
    make(label: string) {
      const dir = mkdtempSync(join(tmpdir(), `fault-${label}-`));
      made.push(dir);
      return dir;
    },
    removeAll() {
      for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const isAlive = (server: ServerProcess) =>
  server.proc.exitCode === null && server.proc.signalCode === null;

/** The lines a server process logged at level error or fatal (pino's JSON lines). */
export function serverErrors(server: ServerProcess): string[] {
  return server
    .output()
    .split('\n')
    .filter((line) => /^\{.*"level":(50|60)[,}]/.test(line));
}

/** SIGTERM, and SIGKILL if it has not stopped after a while; answers the exit code. */
export async function stopServer(server: ServerProcess | undefined): Promise<number | null> {
  if (!server) return null;
  if (!isAlive(server)) return server.exited;
  server.proc.kill('SIGTERM');
  const timer = setTimeout(() => server.proc.kill('SIGKILL'), 15_000);
  try {
    return await server.exited;
  } finally {
    clearTimeout(timer);
  }
}
