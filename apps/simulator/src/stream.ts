// The live loop: one small batch of events about every tick (1 s by default) until stopped. While
// the seed is still being delivered it runs on presence only (joins, quits, the online count), then
// carries on with everything else without a break. Sending waits for the site (retrying the same
// ids), so while the site is down the simulated server simply pauses instead of piling up events.
import { setTimeout as sleep } from 'node:timers/promises';
import type { BridgeEvent } from '@prison/shared/bridge';
import type { SendResult } from './bridge-client.ts';
import { LiveEvents } from './live-events.ts';
import type { LiveState } from './live-state.ts';
import type { SimulatorLog } from './log.ts';
import { toBatches } from './seed.ts';

export interface StreamOptions {
  state: LiveState;
  runId: string;
  send: (events: BridgeEvent[]) => Promise<SendResult>;
  tickMs: number;
  signal: AbortSignal;
  log: SimulatorLog;
  /**
   * True while the seed is still being delivered: ticks then carry presence only, and hold back
   * their statistics (which the seed's would overwrite) until the first full tick.
   */
  presenceOnly?: () => boolean;
  /** Called after each tick's events are delivered (tests count them). */
  onTick?: (events: BridgeEvent[]) => void;
}

/**
 * One batch on the wire at a time, in the order asked: the live loop and the delivery worker share
 * it, so the site applies their batches in the order the simulated server made them.
 */
export function oneBatchAtATime(
  send: (events: BridgeEvent[]) => Promise<SendResult>,
): (events: BridgeEvent[]) => Promise<SendResult> {
  let last: Promise<unknown> = Promise.resolve();
  return (events) => {
    const result = last.then(() => send(events));
    last = result.catch(() => {});
    return result;
  };
}

/** Runs until the signal aborts; resolves then (rejects only on a fatal bridge error). */
export async function runStream(options: StreamOptions): Promise<void> {
  const { state, runId, send, tickMs, signal, log } = options;
  const presenceOnly = options.presenceOnly ?? (() => false);
  const live = new LiveEvents(state, runId);
  const held: BridgeEvent[] = [];
  try {
    const reset = live.reset(Date.now());
    for (const batch of toBatches(reset)) await send(batch);
    let full = !presenceOnly();
    log.info({ runId, quits: reset.length, tickMs }, full ? 'live stream started' : 'live presence started');
    let ticks = 0;
    while (!signal.aborted) {
      const started = Date.now();
      let events: BridgeEvent[];
      if (presenceOnly()) {
        events = [];
        for (const event of live.presence(started))
          (event.type === 'player.stats' ? held : events).push(event);
      } else {
        if (!full) {
          full = true;
          log.info({ runId, held: held.length }, 'live stream started');
        }
        events = [...held.splice(0), ...live.tick(started)];
      }
      for (const batch of toBatches(events)) await send(batch);
      options.onTick?.(events);
      if (++ticks % 300 === 0) log.info({ online: state.online.size, ticks }, 'live stream running');
      await sleep(Math.max(0, tickMs - (Date.now() - started)), undefined, { signal });
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  }
}
