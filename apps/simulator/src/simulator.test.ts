import { type AddressInfo, connect, createServer } from 'node:net';
import { type BridgeEvent, bridgeEventSchema } from '@prison/shared/bridge';
import { Rcon } from 'rcon-client';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeSite, type ReceivedBatch, startFakeSite } from '../test/fake-site.ts';
import type { SimulatorLog } from './log.ts';
import { seedEvents, seedPhases } from './seed.ts';
import { startSimulator } from './simulator.ts';
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

// An online count from the live loop, not one of the seed's past month of counts.
const isLiveStatus = (e: BridgeEvent) => e.type === 'server.status' && !e.id.startsWith('seed:');

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

    // The seed, in order (live presence batches run alongside it once the players exist).
    const expectedIds = seedEvents(generateWorld({ players: PLAYERS })).map((e) => e.id);
    const delivered = site.batches.filter((b) => b.status === 200).flatMap((b) => b.events.map((e) => e.id));
    expect(delivered.filter((id) => id.startsWith('seed:'))).toEqual(expectedIds);

    // Then the live stream: the session reset, then ticks with joins and online counts.
    await until(() => site!.batches.some((b) => b.events.some(isLiveStatus)));
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

  it('reports presence while the rest of the seed is delivered, then streams everything without a break', async () => {
    site = await startFakeSite();
    // A slow database: each seed batch takes a while, live batches do not.
    site.delayMs = (events) => (events.some((e) => e.id.startsWith('seed:')) ? 150 : 0);
    const { simulator, lines } = await start(site);
    await simulator.seeded;
    const seedBatchCount = site.batches.length;
    await until(() => site!.batches.length > seedBatchCount + 20);
    await simulator.stop();

    const { sessions, history } = seedPhases(generateWorld({ players: PLAYERS }));
    expect(history.length).toBeGreaterThan(1);
    const batches = site.batches;
    expect(batches.every((b) => b.status === 200)).toBe(true);
    const isSeed = (b: ReceivedBatch) => b.events.some((e) => e.id.startsWith('seed:'));
    const seedAt = batches.flatMap((b, i) => (isSeed(b) ? [i] : []));
    expect(seedAt).toHaveLength(sessions.length + history.length);
    const lastSessions = seedAt[sessions.length - 1]!;
    const lastSeed = seedAt.at(-1)!;
    const hasStatus = (b: ReceivedBatch) => b.events.some(isLiveStatus);

    // Nothing live before every player exists; the first online count before the heavy batches.
    expect(batches.slice(0, lastSessions + 1).every(isSeed)).toBe(true);
    expect(batches.slice(lastSessions + 1, seedAt[sessions.length]).some(hasStatus)).toBe(true);
    // The count keeps coming (and changing) while the seed is delivered...
    const during = batches.slice(lastSessions + 1, lastSeed).filter(hasStatus);
    expect(during.length).toBeGreaterThanOrEqual(history.length);
    const counts = during.flatMap((b) =>
      b.events.flatMap((e) => (e.type === 'server.status' ? [e.online] : [])),
    );
    expect(new Set(counts).size).toBeGreaterThan(1);
    // ...with nothing but presence in it: statistics and everything else wait for the seed.
    const presenceTypes = ['player.join', 'player.quit', 'activity', 'server.status'];
    for (const b of batches.slice(0, lastSeed + 1).filter((x) => !isSeed(x))) {
      for (const e of b.events) expect(presenceTypes).toContain(e.type);
    }
    // ...and it carries on afterwards, with the full stream.
    const after = batches.slice(lastSeed + 1);
    expect(after.filter(hasStatus).length).toBeGreaterThan(1);
    expect(after.some((b) => b.events.some((e) => e.type === 'player.progress'))).toBe(true);

    // One live session at a time per player: no join of someone online, no quit of someone offline
    // (after the start-up reset, which signs off everyone).
    const live = batches.filter((b) => !isSeed(b)).flatMap((b) => b.events);
    const firstJoin = live.findIndex((e) => e.type === 'player.join');
    expect(live.slice(0, firstJoin).every((e) => e.type === 'player.quit')).toBe(true);
    const on = new Set<string>();
    for (const e of live.slice(firstJoin)) {
      if (e.type === 'player.join') {
        expect(on.has(e.uuid)).toBe(false);
        on.add(e.uuid);
      }
      if (e.type === 'player.quit') expect(on.delete(e.uuid)).toBe(true);
    }
    expect(site.model.online).toEqual(on);
    for (const e of batches.flatMap((b) => b.events))
      expect(bridgeEventSchema.safeParse(e).success).toBe(true);
    expect(lines).toContainEqual(expect.objectContaining({ message: 'live presence started' }));
    expect(lines).toContainEqual(expect.objectContaining({ message: 'live stream started' }));
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
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

  /**
   * After a stop, the count once requests already on the wire have landed (the fake site may be
   * slow to record them), which must not grow.
   */
  async function expectQuietAfterStop(fake: FakeSite, settleMs = 50) {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const count = fake.batches.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake.batches.length).toBe(count);
  }

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
    await expectQuietAfterStop(site);
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

  it('stops promptly mid-seed, presence loop included', async () => {
    site = await startFakeSite();
    site.delayMs = (events) => (events.some((e) => e.id.startsWith('seed:')) ? 300 : 0);
    const controller = new AbortController();
    const { simulator, lines } = await start(site, { signal: controller.signal });
    await until(() => site!.batches.filter((b) => b.events.some(isLiveStatus)).length > 3);
    const started = Date.now();
    controller.abort();
    await simulator.done;
    await simulator.seeded;
    await simulator.stop();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(lines).not.toContainEqual(expect.objectContaining({ message: 'world seeded' }));
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
    await expectQuietAfterStop(site, 400);
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
