import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  BRIDGE_TOKEN,
  createPostgresDatabase,
  createTestApp,
  databaseKinds,
  eventId,
  postEvents,
  type TestApp,
} from '../../../test/helpers.ts';
import { type ServerProcess, startServer } from '../../../test/server-process.ts';
import { buildOnline, STATUS_STALE_AFTER_MS } from './service.ts';

/** Collects the JSON messages a socket receives. */
function listen(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  const messages: unknown[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    for (const w of waiters.splice(0)) w();
  });
  const next = async (predicate: (m: unknown) => boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(messages)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  return { socket, messages, next };
}

describe.each(databaseKinds())('the live online count on %s', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('pushes null while unknown, then each reported count', async () => {
    // Unknown until the first report: a database of its own, which has never had one.
    const fresh = await createTestApp(kind);
    try {
      await fresh.app.listen({ port: 0, host: '127.0.0.1' });
      const { socket, next } = listen(
        `ws://127.0.0.1:${(fresh.app.server.address() as AddressInfo).port}/ws/players`,
      );
      await next((m) => (m as { online: unknown }).online === null);
      await postEvents(fresh.app, [{ id: eventId(), type: 'server.status', online: 87, max_online: 500 }]);
      await next((m) => (m as { online: unknown }).online === 87);
      // Changes within the hub's one-second window are coalesced, and the last one always arrives.
      await postEvents(fresh.app, [{ id: eventId(), type: 'server.status', online: 88, max_online: 500 }]);
      await postEvents(fresh.app, [{ id: eventId(), type: 'server.status', online: 91, max_online: 500 }]);
      await next((m) => (m as { online: unknown }).online === 91);
      expect((await fresh.app.inject('/api/online')).json()).toEqual({ online: 91 });
      socket.close();
    } finally {
      await fresh.close();
    }
  });

  it('treats the count as unknown after 60 seconds without a report', async () => {
    await postEvents(t.app, [{ id: eventId(), type: 'server.status', online: 12, max_online: null }]);
    expect((await buildOnline(t.db)).value).toEqual({ online: 12 });
    expect((await buildOnline(t.db, STATUS_STALE_AFTER_MS + 1000)).value).toEqual({ online: null });
  });

  it('accepts its own origin and refuses another site', async () => {
    const port = (t.app.server.address() as AddressInfo).port;
    const own = listen(`${base}/ws/players`, { origin: `http://127.0.0.1:${port}` });
    await own.next(() => true);
    own.socket.close();
    const foreign = new WebSocket(`${base}/ws/players`, { headers: { origin: 'https://evil.example' } });
    const status = await new Promise<number>((resolve) => {
      foreign.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      foreign.on('open', () => resolve(101));
    });
    expect(status).toBe(403);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('several server processes on one PostgreSQL database', () => {
  let servers: ServerProcess[] = [];
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    const env = {
      DATABASE_URL: created.url,
      BRIDGE_TOKEN,
      JWT_SECRET: 'shared-jwt-secret-0123456789abcdef',
    };
    servers = await Promise.all(
      [1, 2].map((n) => startServer({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), `server-${n}-`)) })),
    );
  });
  afterAll(async () => {
    for (const s of servers) s.proc.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await drop?.();
  });

  it('delivers an event accepted by one process to a socket held by the other', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const { socket, next } = listen(`ws://127.0.0.1:${b.port}/ws/players`);
    await next(() => true);
    const res = await fetch(`${a.url}/api/bridge/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BRIDGE_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        events: [{ id: eventId(), type: 'server.status', online: 321, max_online: 500 }],
      }),
    });
    expect(res.status).toBe(200);
    await next((m) => (m as { online: unknown }).online === 321);
    socket.close();
  });
});
