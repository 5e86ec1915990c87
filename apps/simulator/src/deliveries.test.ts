import { randomUUID } from 'node:crypto';
import type { BridgeEvent, Delivery } from '@prison/shared/bridge';
import type { BridgeAction } from '@prison/shared/bridge-actions';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeSite, startFakeSite } from '../test/fake-site.ts';
import { DEMO_ADMIN, DEMO_PLAYER } from './demo-accounts.ts';
import type { SimulatorLog } from './log.ts';
import { type Simulator, startSimulator } from './simulator.ts';

const open: Simulator[] = [];
let site: FakeSite | undefined;

afterEach(async () => {
  for (const simulator of open.splice(0)) await simulator.stop();
  await site?.close();
  site = undefined;
});

function recordingLog() {
  const lines: { level: string; message: string; data: Record<string, unknown> }[] = [];
  const record = (level: string) => (data: Record<string, unknown>, message: string) =>
    lines.push({ level, message, data });
  const log: SimulatorLog = { info: record('info'), warn: record('warn'), error: record('error') };
  return { log, lines };
}

async function until(condition: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function start(fake: FakeSite, overrides: { deliveryPollMs?: number } = {}) {
  const { log, lines } = recordingLog();
  const simulator = await startSimulator({
    url: fake.url,
    token: fake.token,
    rconPort: 0,
    rconPassword: 'rcon-test',
    players: 40,
    tickMs: 20,
    retryInitialMs: 20,
    deliveryReconnectMs: 20,
    ...overrides,
    log,
  });
  open.push(simulator);
  return { simulator, lines };
}

/** The buyer's trades the site accepted for a delivery. */
function tradesOf(fake: FakeSite, delivery: Delivery): BridgeEvent[] {
  const text = `Bought ${delivery.qty}x ${delivery.item.name} from the auction house`;
  return fake.batches
    .filter((b) => b.status === 200)
    .flatMap((b) => b.events)
    .filter(
      (e) =>
        e.type === 'activity' &&
        e.activity_type === 'TRADE_COMPLETED' &&
        e.actor_uuid === delivery.player_uuid &&
        e.activity_text === text,
    );
}

describe('the delivery worker', () => {
  it('hands a delivery seen on the socket and in the list over once, and acknowledges it once', async () => {
    site = await startFakeSite();
    const outbox = site.deliveries;
    const bought = outbox.add({ player_uuid: DEMO_PLAYER.uuid, qty: 3 });
    // The list is held until the socket has pushed the same delivery, so the worker sees it twice.
    const release = outbox.holdLists();
    const { simulator, lines } = await start(site);
    await simulator.seeded;
    await until(() => outbox.requests >= 1 && (outbox.pushes.get(bought.id) ?? 0) >= 1);
    release();
    await until(() => outbox.pending.length === 0);

    // A later purchase goes through the same queue, so by its ack any repeat of the first is out.
    const later = outbox.add({ player_uuid: DEMO_PLAYER.uuid, qty: 7 });
    await until(() => outbox.timesAcknowledged(later.id) === 1 && tradesOf(site!, later).length === 1);
    expect(tradesOf(site, bought)).toHaveLength(1);
    expect(outbox.timesAcknowledged(bought.id)).toBe(1);
    expect(outbox.pending).toEqual([]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        message: 'auction purchase delivered',
        // The buyer's debit moved the game's balance; the seller is no player of this server.
        data: expect.objectContaining({
          delivery: bought.id,
          player: DEMO_PLAYER.username,
          qty: 3,
          ledger: [bought.money[0]!.ledger_id],
        }),
      }),
    );
    expect(lines.filter((l) => l.message === 'auction purchase delivered')).toHaveLength(2);
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('drains what was bought while it was away from the list on every reconnect', async () => {
    site = await startFakeSite();
    const outbox = site.deliveries;
    // Only the list can bring deliveries made while disconnected.
    outbox.pushOnConnect = false;
    const { simulator, lines } = await start(site);
    await simulator.seeded;
    await until(() => outbox.openSockets === 1);

    outbox.refuseSockets = true;
    outbox.dropSockets();
    await until(() => outbox.refused > 0);
    const meanwhile = outbox.add({ player_uuid: DEMO_PLAYER.uuid, qty: 5 });
    const stranger = outbox.add({ player_uuid: randomUUID(), qty: 1 });
    expect(outbox.pushes.size).toBe(0);

    outbox.refuseSockets = false;
    await until(() => outbox.pending.length === 0);
    expect(outbox.connections).toBe(2);
    expect(tradesOf(site, meanwhile)).toHaveLength(1);
    // A buyer this server does not know gets nothing, but the outbox does not clog.
    expect(tradesOf(site, stranger)).toEqual([]);
    expect(outbox.timesAcknowledged(stranger.id)).toBe(1);
    expect(lines).toContainEqual(
      expect.objectContaining({ message: 'delivery socket dropped; reconnecting' }),
    );
    expect(lines).toContainEqual(expect.objectContaining({ message: 'delivery socket reconnected' }));
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'warn', data: expect.objectContaining({ delivery: stranger.id }) }),
    );
  });

  it('keeps polling the list while the socket is refused', async () => {
    site = await startFakeSite();
    const outbox = site.deliveries;
    outbox.refuseSockets = true;
    const { simulator } = await start(site, { deliveryPollMs: 50 });
    await simulator.seeded;
    const before = outbox.requests;
    await until(() => outbox.requests > before);
    const bought = outbox.add({ player_uuid: DEMO_PLAYER.uuid });
    await until(() => outbox.pending.length === 0);
    expect(tradesOf(site, bought)).toHaveLength(1);
    expect(outbox.connections).toBe(0);
  });

  it('retries an acknowledgement the site refused, without stopping the simulator', async () => {
    site = await startFakeSite();
    const outbox = site.deliveries;
    const { simulator, lines } = await start(site);
    await simulator.seeded;
    // The start-up drain and the one on connect.
    await until(() => outbox.openSockets === 1 && outbox.requests === 2);
    outbox.failNext.push(404);
    const bought = outbox.add({ player_uuid: DEMO_PLAYER.uuid, qty: 4 });
    await until(() => outbox.pending.length === 0);
    expect(outbox.timesAcknowledged(bought.id)).toBe(1);
    expect(tradesOf(site, bought)).toHaveLength(1);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'delivery worker failed; retrying' }),
    );
    // The live stream carries on.
    const batches = site.batches.length;
    await until(() => site!.batches.length > batches);
  });

  it('carries out a staff action once, reports it naming the action, and acknowledges its outcome', async () => {
    site = await startFakeSite();
    const outbox = site.deliveries;
    const { simulator } = await start(site);
    await simulator.seeded;
    await until(() => outbox.openSockets === 1);
    const staff = { uuid: DEMO_ADMIN.uuid, username: DEMO_ADMIN.username };
    const player = { uuid: DEMO_PLAYER.uuid, username: DEMO_PLAYER.username };
    const action = (id: number, fields: Partial<BridgeAction>): BridgeAction => ({
      id,
      kind: 'ban',
      player,
      staff,
      reason: 'Fly',
      duration_seconds: 7 * 86_400,
      punishment: null,
      command: `tempban ${player.username} 7d Fly`,
      created_at: new Date().toISOString(),
      ...fields,
    });
    const accepted = () => site!.batches.filter((b) => b.status === 200).flatMap((b) => b.events);
    const naming = (id: number) => accepted().filter((e) => 'action_id' in e && e.action_id === id);
    // An action may be seen on the socket and in the list, so it may be acknowledged more than once:
    // what counts is that every acknowledgement of it says the same, and that it is carried out once.
    const resultsOf = (id: number) => outbox.actionAcks.flat().filter((r) => r.id === id);
    const settled = (id: number) =>
      resultsOf(id).length > 0 && !outbox.pendingActions.some((a) => a.id === id);

    outbox.addAction(action(501, {}));
    await until(() => naming(501).length === 1 && settled(501));
    const [issued] = naming(501);
    expect(issued).toMatchObject({
      type: 'punishment.issued',
      punishment_type: 'ban',
      uuid: player.uuid,
      staff,
      reason: 'Fly',
    });
    const banned = {
      id: 501,
      outcome: 'done',
      message: `${player.username} has been banned for 7 days by ${staff.username}: Fly`,
    };
    expect(new Set(resultsOf(501).map((r) => JSON.stringify(r)))).toEqual(new Set([JSON.stringify(banned)]));

    // Seen again (an acknowledgement lost, a lease ended): acknowledged with the same outcome, not
    // carried out twice. A second ban of a banned player is refused.
    const acksOf501 = resultsOf(501).length;
    outbox.addAction(action(501, {}));
    outbox.addAction(action(502, {}));
    await until(() => resultsOf(501).length > acksOf501 && settled(501) && settled(502));
    expect(resultsOf(501).every((r) => JSON.stringify(r) === JSON.stringify(banned))).toBe(true);
    expect(resultsOf(502)[0]).toEqual({
      id: 502,
      outcome: 'refused',
      message: `${player.username} is already banned`,
    });
    expect(naming(501)).toHaveLength(1);
    expect(naming(502)).toEqual([]);

    // The pardon names the game's punishment; one of a punishment not in force is refused.
    const gameId = (issued as { punishment_id: string }).punishment_id;
    const pardon = { kind: 'pardon', reason: null, duration_seconds: null } as const;
    outbox.addAction(action(503, { ...pardon, punishment: { source: 'game', id: gameId, type: 'ban' } }));
    await until(() => naming(503).length === 1 && settled(503));
    expect(naming(503)[0]).toMatchObject({ type: 'punishment.revoked', punishment_id: gameId, staff });
    expect(resultsOf(503)[0]).toEqual({
      id: 503,
      outcome: 'done',
      message: `${player.username} is no longer banned`,
    });
    outbox.addAction(action(504, { ...pardon, punishment: { source: 'game', id: gameId, type: 'ban' } }));
    await until(() => settled(504));
    expect(resultsOf(504)[0]).toEqual({
      id: 504,
      outcome: 'refused',
      message: `${player.username} is not banned`,
    });
    expect(naming(504)).toEqual([]);
  });

  it('stops with the simulator: socket closed, nothing more asked or handed over', async () => {
    site = await startFakeSite();
    const outbox = site.deliveries;
    const { simulator, lines } = await start(site, { deliveryPollMs: 50 });
    await simulator.seeded;
    await until(() => outbox.openSockets === 1);
    await simulator.stop();
    await until(() => outbox.openSockets === 0);
    expect(lines).toContainEqual(expect.objectContaining({ message: 'delivery worker stopped' }));

    const requests = outbox.requests;
    const bought = outbox.add({ player_uuid: DEMO_PLAYER.uuid });
    // Several poll periods: a timer left running would have asked again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(outbox.requests).toBe(requests);
    expect(outbox.connections).toBe(1);
    expect(outbox.pending).toEqual([bought]);
  });
});
