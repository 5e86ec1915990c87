import { type AddressInfo, connect, createServer } from 'node:net';
import { bridgeEventSchema } from '@prison/shared/bridge';
import { Rcon } from 'rcon-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimulatorLog } from './log.ts';
import { seedEvents } from './seed.ts';
import { startSimulator } from './simulator.ts';
import { type FakeSite, startFakeSite } from './testing/fake-site.ts';
import { generateWorld } from './world.ts';

const PLAYERS = 60;
const open: { stop(): Promise<void> }[] = [];
let site: FakeSite | undefined;

afterEach(async () => {
  for (const item of open.splice(0)) await item.stop();
  await site?.close();
  site = undefined;
});

function recordingLog() {
  const lines: { level: string; message: string; data: Record<string, unknown> }[] = [];
  const log: SimulatorLog = {
    info: (data, message) => lines.push({ level: 'info', message, data }),
    warn: (data, message) => lines.push({ level: 'warn', message, data }),
    error: (data, message) => lines.push({ level: 'error', message, data }),
  };
  return { log, lines };
}

async function until(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function start(fake: FakeSite, overrides: { token?: string; signal?: AbortSignal } = {}) {
  const { log, lines } = recordingLog();
  const simulator = await startSimulator({
    url: `${fake.url}/`,
    token: overrides.token ?? fake.token,
    rconPort: 0,
    rconPassword: 'rcon-test',
    players: PLAYERS,
    tickMs: 20,
    retryInitialMs: 20,
    signal: overrides.signal,
    log,
  });
  open.push(simulator);
  return { simulator, lines };
}

describe('startSimulator', () => {
  it('seeds through the bridge with the bearer token, retrying the same ids after a 503, then streams', async () => {
    site = await startFakeSite();
    site.failNext.push(503, 503);
    const { simulator, lines } = await start(site);
    await simulator.seeded;

    const [first, second, third] = site.batches;
    expect(first?.status).toBe(503);
    expect(second?.status).toBe(503);
    expect(third?.status).toBe(200);
    expect(second!.events.map((e) => e.id)).toEqual(first!.events.map((e) => e.id));
    expect(third!.events.map((e) => e.id)).toEqual(first!.events.map((e) => e.id));
    expect(lines.some((l) => l.level === 'warn' && l.message.includes('retrying'))).toBe(true);

    const expectedIds = seedEvents(generateWorld({ players: PLAYERS })).map((e) => e.id);
    const delivered = site.batches.filter((b) => b.status === 200).flatMap((b) => b.events.map((e) => e.id));
    expect(delivered.slice(0, expectedIds.length)).toEqual(expectedIds);

    // Then the live stream: the session reset, then ticks with joins and online counts.
    await until(() => site!.batches.some((b) => b.events.some((e) => e.type === 'server.status')));
    await until(() => site!.model.online.size >= 30);
    for (const batch of site.batches) {
      expect(batch.authorization).toBe(`Bearer ${site.token}`);
      expect(batch.events.length).toBeLessThanOrEqual(500);
      for (const event of batch.events) expect(bridgeEventSchema.safeParse(event).success).toBe(true);
    }
    expect(site.batches.filter((b) => b.status !== 200 && b.status !== 503)).toEqual([]);
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);

    // RCON answers from the same live state.
    const rcon = await Rcon.connect({ host: '127.0.0.1', port: simulator.rconPort, password: 'rcon-test' });
    expect(await rcon.send('list')).toMatch(/^There are \d+ of a max of 500 players online: \w+/);
    await rcon.end();
  });

  it('waits for a site that is not listening yet', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const { simulator, lines } = await start({
      url: `http://127.0.0.1:${port}`,
      token: 'late-token',
    } as FakeSite);
    await until(() => lines.some((l) => l.level === 'warn' && String(l.data.error).includes('ECONNREFUSED')));
    site = await startFakeSite('late-token', port);
    await simulator.seeded;
    expect(site.batches[0]?.status).toBe(200);
    expect(lines).toContainEqual(expect.objectContaining({ level: 'info', message: 'site reachable again' }));
  });

  it('stops promptly: no more events, RCON closed', async () => {
    site = await startFakeSite();
    const controller = new AbortController();
    const { simulator } = await start(site, { signal: controller.signal });
    await simulator.seeded;
    await until(() => site!.batches.length > 5);
    const started = Date.now();
    controller.abort();
    await simulator.done;
    await simulator.stop();
    expect(Date.now() - started).toBeLessThan(2_000);
    const count = site.batches.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(site.batches.length).toBe(count);
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(simulator.rconPort, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
  });

  it('re-seeding the same site is skipped event by event', async () => {
    site = await startFakeSite();
    const first = await start(site);
    await first.simulator.seeded;
    await first.simulator.stop();
    const { simulator, lines } = await start(site);
    await simulator.seeded;
    expect(lines).toContainEqual(
      expect.objectContaining({
        message: 'site already seeded',
        data: expect.objectContaining({ applied: 0 }),
      }),
    );
  });

  it('gives up with a clear error when the token is rejected, keeping RCON up until stopped', async () => {
    site = await startFakeSite();
    const { simulator, lines } = await start(site, { token: 'wrong-token' });
    await simulator.done;
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        data: { error: expect.stringContaining('rejected the bridge token') },
      }),
    );
    const rcon = await Rcon.connect({ host: '127.0.0.1', port: simulator.rconPort, password: 'rcon-test' });
    expect(await rcon.send('list')).toMatch(/^There are 0 of a max of 500/);
    await rcon.end();
  });
});
