// Test support: a tiny in-process stand-in for the site's bridge API on node:http, which checks the
// bearer token and each event the way the site does, and can be told to fail the next requests or
// to be slow. Its delivery outbox (list, acknowledgement, socket) is in fake-deliveries.ts.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { type BridgeEvent, bridgeEventSchema, MAX_EVENTS_PER_BATCH } from '@prison/shared/bridge';
import { FakeDeliveryOutbox } from './fake-deliveries.ts';
import { SiteModel } from './site-model.ts';

export interface ReceivedBatch {
  status: number;
  authorization: string | undefined;
  events: BridgeEvent[];
}

export interface FakeSite {
  url: string;
  token: string;
  model: SiteModel;
  batches: ReceivedBatch[];
  deliveries: FakeDeliveryOutbox;
  /** Statuses to answer the next event batches with, before answering normally again. */
  failNext: number[];
  /** How long to take over a batch before applying it (a slow database); none by default. */
  delayMs: (events: BridgeEvent[]) => number;
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export async function startFakeSite(token = 'test-bridge-token', port = 0): Promise<FakeSite> {
  const site: Omit<FakeSite, 'url' | 'close'> = {
    token,
    model: new SiteModel(),
    batches: [],
    deliveries: new FakeDeliveryOutbox(token),
    failNext: [],
    delayMs: () => 0,
  };
  const server = createServer(async (request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (await site.deliveries.handle(request, reply)) return;
    if (request.method !== 'POST' || request.url !== '/api/bridge/events')
      return reply(404, { detail: 'Not found' });
    const body = (await readJson(request)) as { events: BridgeEvent[] };
    const delay = Array.isArray(body.events) ? site.delayMs(body.events) : 0;
    if (delay > 0) await sleep(delay);
    const status = site.failNext.shift();
    const batch: ReceivedBatch = {
      status: status ?? 200,
      authorization: request.headers.authorization,
      events: body.events,
    };
    site.batches.push(batch);
    if (status) return reply(status, { detail: 'The database is unavailable' });
    if (request.headers.authorization !== `Bearer ${token}`) {
      batch.status = 401;
      return reply(401, { detail: 'A valid bridge token is required' });
    }
    if (
      !Array.isArray(body.events) ||
      body.events.length === 0 ||
      body.events.length > MAX_EVENTS_PER_BATCH
    ) {
      batch.status = 400;
      return reply(400, { detail: 'bad batch', errors: [] });
    }
    const errors = body.events.flatMap((event, index) => {
      const parsed = bridgeEventSchema.safeParse(event);
      return parsed.success ? [] : [{ index, reason: parsed.error.message }];
    });
    let applied = 0;
    let skipped = 0;
    if (errors.length === 0) {
      for (const [index, event] of body.events.entries()) {
        if (site.model.seenIds.has(event.id)) {
          skipped++;
          continue;
        }
        const problem = site.model.apply(event);
        if (problem) errors.push({ index, reason: problem });
        applied++;
      }
    }
    if (errors.length) {
      batch.status = 400;
      return reply(400, { detail: `${errors.length} event(s) rejected; nothing was applied`, errors });
    }
    reply(200, { applied, skipped });
  });
  server.on('upgrade', (request, socket, head) => site.deliveries.upgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  // The same object the handler reads, so tests may change failNext and delayMs as it runs.
  return Object.assign(site, {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        site.deliveries.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
