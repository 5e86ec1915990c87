// The simulated game server: serves RCON at once, then seeds the site through the bridge API
// (waiting for the site to answer) and keeps streaming live events until stopped. Presence (joins,
// quits, the online count) goes live as soon as the seed has created the players, while the rest
// of the seed is still being delivered. Once the seed is in, auction purchases made on the site are
// handed over in game (deliveries.ts).
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BridgeEvent } from '@prison/shared/bridge';
import { BridgeClient } from './bridge-client.ts';
import { runDeliveryWorker } from './deliveries.ts';
import { runInGamePurchases } from './in-game-purchases.ts';
import { LiveState } from './live-state.ts';
import { type LogOption, toSimulatorLog } from './log.ts';
import { createCommandHandler } from './rcon-commands.ts';
import { startRconServer } from './rcon-server.ts';
import { seedPhases } from './seed.ts';
import { oneBatchAtATime, runStream } from './stream.ts';
import { generateWorld } from './world.ts';

export interface SimulatorOptions {
  /** The site's base address, e.g. http://127.0.0.1:8080. */
  url: string;
  /** The site's BRIDGE_TOKEN. */
  token: string;
  /** 0 picks a free port (see the returned rconPort). */
  rconPort: number;
  rconPassword: string;
  /** Defaults to 127.0.0.1. */
  rconHost?: string;
  seed?: string;
  players?: number;
  /** Live loop period; default 1000 ms. */
  tickMs?: number;
  signal?: AbortSignal;
  /** A pino-style logger ({info, warn, error} taking data then message) or a function of a line. */
  log?: LogOption;
  /** Retry backoff of the bridge client (tests shorten it). */
  retryInitialMs?: number;
  /** First reconnect delay of the delivery socket, doubling up to 16 times it; default 1000 ms. */
  deliveryReconnectMs?: number;
  /** How often the pending deliveries are listed even while the socket is up; default 30 s. */
  deliveryPollMs?: number;
  /** The average wait between two purchases players make in game; default 20 s, 0 for none. */
  inGamePurchaseMs?: number;
  /** How long a stop waits for the live loop's batch on the wire to be answered; default 2 s. */
  stopGraceMs?: number;
}

export interface Simulator {
  rconPort: number;
  /** What the simulated server knows, its players' balances (the game's economy) among it. */
  state: LiveState;
  /**
   * Stops streaming and deliveries and closes RCON; resolves once everything has stopped. The live
   * loop stops first and its batch on the wire is answered (within stopGraceMs), so that every
   * change it made to the world is one the site heard of, as a plugin empties its outbox on disable.
   */
  stop(): Promise<void>;
  /** Resolves when the seed is delivered, or when the simulator stops before that. */
  seeded: Promise<void>;
  /** Resolves when seeding and streaming end: on stop, or after a fatal bridge error (logged). */
  done: Promise<void>;
}

/** Resolves as soon as RCON listens; seeding and streaming continue in the background. */
export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const log = toSimulatorLog(options.log);
  const controller = new AbortController();
  const { signal } = controller;
  const world = generateWorld({ seed: options.seed, players: options.players });
  const state = new LiveState(world);
  const rcon = await startRconServer({
    host: options.rconHost ?? '127.0.0.1',
    port: options.rconPort,
    password: options.rconPassword,
    handle: createCommandHandler(state),
    log,
  });
  log.info({ rconPort: rcon.port, players: world.players.length, seed: world.seed }, 'simulated server up');

  const client = new BridgeClient({
    url: options.url,
    token: options.token,
    signal,
    log,
    retryInitialMs: options.retryInitialMs,
  });
  const send = (events: BridgeEvent[]) => client.sendEvents(events);
  // The live loop and the delivery worker share one lane; the seed has its own.
  const sendLive = oneBatchAtATime(send);
  let markSeeded = () => {};
  const seeded = new Promise<void>((resolve) => {
    markSeeded = resolve;
  });
  const endLive = new AbortController();
  let liveEnded: Promise<void> = Promise.resolve();

  const run = async () => {
    let seeding = true;
    let stream: Promise<void> | undefined;
    let deliveries: Promise<void> | undefined;
    let purchases: Promise<void> | undefined;
    // A fatal bridge error on either side (seed or stream) stops both.
    const fail = (error: unknown) => {
      if (signal.aborted) return;
      log.error({ error: (error as Error).message }, 'simulator stopped streaming');
      controller.abort();
    };
    try {
      const { sessions, history } = seedPhases(world);
      let applied = 0;
      let skipped = 0;
      const deliver = async (batches: BridgeEvent[][]) => {
        for (const batch of batches) {
          const result = await send(batch);
          applied += result.applied;
          skipped += result.skipped;
        }
      };
      await deliver(sessions);
      // Every player exists and is offline: presence goes live now, alongside the rest of the seed,
      // and the stream carries on with everything else once the seed is complete. The seed waits for
      // the first tick, so the site hears the online count before the heavy batches.
      const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
      let firstTick = () => {};
      const ticked = new Promise<void>((resolve) => {
        firstTick = resolve;
      });
      stream = runStream({
        state,
        runId,
        send: sendLive,
        tickMs: options.tickMs ?? 1000,
        signal: AbortSignal.any([signal, endLive.signal]),
        log,
        presenceOnly: () => seeding,
        onTick: () => firstTick(),
      }).catch(fail);
      liveEnded = stream;
      await Promise.race([ticked, stream]);
      await deliver(history);
      seeding = false;
      log.info(
        { batches: sessions.length + history.length, applied, skipped },
        skipped && !applied ? 'site already seeded' : 'world seeded',
      );
      markSeeded();
      // A delivery's trade names its buyer, who exists once the seed is in.
      deliveries = runDeliveryWorker({
        url: options.url,
        token: options.token,
        client,
        send: sendLive,
        state,
        signal,
        log,
        reconnectInitialMs: options.deliveryReconnectMs,
        pollMs: options.deliveryPollMs,
      });
      const purchaseMs = options.inGamePurchaseMs ?? 20_000;
      if (purchaseMs > 0) {
        purchases = runInGamePurchases({ client, state, signal, log, everyMs: purchaseMs, runId });
      }
      await Promise.all([stream, deliveries, purchases]);
    } catch (error) {
      fail(error);
      await Promise.all([stream, deliveries, purchases]);
    } finally {
      markSeeded();
    }
  };
  const running = run();

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      endLive.abort();
      const grace = new AbortController();
      await Promise.race([
        liveEnded,
        sleep(options.stopGraceMs ?? 2000, undefined, { signal: grace.signal }).catch(() => {}),
      ]);
      grace.abort();
      controller.abort();
      options.signal?.removeEventListener('abort', onAbort);
      await running;
      await rcon.close();
    })();
    return stopping;
  };
  const onAbort = () => void stop();
  if (options.signal?.aborted) await stop();
  else options.signal?.addEventListener('abort', onAbort, { once: true });

  return { rconPort: rcon.port, state, stop, seeded, done: running };
}
