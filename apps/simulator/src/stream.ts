// The live loop: after seeding, one small batch of events about every tick (1 s by default) until
// stopped. Sending waits for the site (retrying the same ids), so while the site is down the
// simulated server simply pauses instead of piling up events.
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
  /** Called after each tick's events are delivered (tests count them). */
  onTick?: (events: BridgeEvent[]) => void;
}

/** Runs until the signal aborts; resolves then (rejects only on a fatal bridge error). */
export async function runStream(options: StreamOptions): Promise<void> {
  const { state, runId, send, tickMs, signal, log } = options;
  const live = new LiveEvents(state, runId);
  try {
    const reset = live.reset(Date.now());
    for (const batch of toBatches(reset)) await send(batch);
    log.info({ runId, quits: reset.length, tickMs }, 'live stream started');
    let ticks = 0;
    while (!signal.aborted) {
      const started = Date.now();
      const events = live.tick(started);
      for (const batch of toBatches(events)) await send(batch);
      options.onTick?.(events);
      if (++ticks % 300 === 0) log.info({ online: state.online.size, ticks }, 'live stream running');
      await sleep(Math.max(0, tickMs - (Date.now() - started)), undefined, { signal });
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  }
}
