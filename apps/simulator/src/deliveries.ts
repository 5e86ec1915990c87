// The delivery worker (DESIGN.md 7, Deliveries): hands the site's auction purchases over in game.
// The socket brings each new delivery the moment it is committed; the list covers whatever was
// missed while disconnected, so it is drained on start, on every (re)connect and every 30 s.
// Deliveries come at least once, so delivered ids are remembered and each is applied once; every id
// is then acknowledged, a buyer this server does not know included, so the outbox never clogs.
// Handing a delivery over also moves the money its purchase moved on the site (the buyer's debit, the
// seller's credit) in the game's economy, each movement once by its ledger id (LiveState).
// The same socket and a list of their own bring the site's staff actions (PUNISH_VIA=plugin): each
// is carried out once (staff-actions.ts) and acknowledged with its outcome.
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type BridgeEvent,
  type Delivery,
  deliveryMessageSchema,
  MAX_DELIVERIES,
} from '@prison/shared/bridge';
import {
  type BridgeAction,
  type BridgeActionsAck,
  bridgeActionMessageSchema,
} from '@prison/shared/bridge-actions';
import WebSocket, { type RawData } from 'ws';
import type { BridgeClient, SendResult } from './bridge-client.ts';
import type { LivePlayer, LiveState } from './live-state.ts';
import type { SimulatorLog } from './log.ts';
import { toBatches } from './seed.ts';
import { carryOutAction } from './staff-actions.ts';

const LIST_PAGE = 100;
// Bridge event ids are 1 to 64 printable ASCII characters (packages/shared/src/bridge.ts).
const EVENT_ID = /^[\x21-\x7E]{1,64}$/;

export interface DeliveryWorkerOptions {
  /** The site's base address, e.g. http://127.0.0.1:8080. */
  url: string;
  token: string;
  client: Pick<BridgeClient, 'listDeliveries' | 'ackDeliveries' | 'listActions' | 'ackActions'>;
  /** The live loop's lane, so the trades reach the site in order with everything else. */
  send: (events: BridgeEvent[]) => Promise<SendResult>;
  state: LiveState;
  signal: AbortSignal;
  log: SimulatorLog;
  /** The first wait before reconnecting or retrying; it doubles up to 16 times that. Default 1 s. */
  reconnectInitialMs?: number;
  /** How often the list is drained even while the socket is up. Default 30 s. */
  pollMs?: number;
  /** How many delivered ids are remembered. Default 10,000. */
  memory?: number;
}

/** A delivery as seen on the socket or in the list, with the acknowledgements confirmed before. */
interface Sighting {
  delivery: Delivery;
  acksBefore: number;
}

/** Runs until the signal aborts, then resolves with the socket closed and every timer cancelled. */
export function runDeliveryWorker(options: DeliveryWorkerOptions): Promise<void> {
  return new DeliveryWorker(options).run();
}

class DeliveryWorker {
  private readonly socketUrl: string;
  private readonly reconnectInitialMs: number;
  private readonly memory: number;
  /** Delivered ids, oldest first, each with the acknowledgement that confirmed it (null until then). */
  private readonly delivered = new Map<string, number | null>();
  private readonly inbox: Sighting[] = [];
  /** Staff actions received, to carry out; those carried out, oldest first, with their outcome. */
  private readonly actions: BridgeAction[] = [];
  private readonly carriedOut = new Map<number, BridgeActionsAck['results'][number]>();
  private readonly toAck = new Set<string>();
  /** Acknowledgements confirmed so far. */
  private acks = 0;
  private drainWanted = true;
  private idle: (() => void) | null = null;
  private socket: WebSocket | null = null;
  private closeTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.socketUrl = `${options.url.replace(/\/+$/, '').replace(/^http/, 'ws')}/api/bridge/ws`;
    this.reconnectInitialMs = options.reconnectInitialMs ?? 1000;
    this.memory = options.memory ?? 10_000;
  }

  async run(): Promise<void> {
    const { signal, log } = this.options;
    if (signal.aborted) return;
    const onAbort = () => {
      this.wake();
      this.closeSocket();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const poll = setInterval(() => this.requestDrain(), this.options.pollMs ?? 30_000);
    log.info({ url: this.socketUrl }, 'delivery worker started');
    try {
      await Promise.all([this.work(), this.keepConnected()]);
    } finally {
      clearInterval(poll);
      signal.removeEventListener('abort', onAbort);
    }
    log.info({ handedOver: this.options.state.deliveriesHandedOver }, 'delivery worker stopped');
  }

  private backoffMs(failures: number): number {
    return this.reconnectInitialMs * 2 ** Math.min(failures, 4);
  }

  private wake() {
    this.idle?.();
    this.idle = null;
  }

  private requestDrain() {
    this.drainWanted = true;
    this.wake();
  }

  // One piece of work at a time (drain the list, hand over what the socket brought, acknowledge),
  // so a delivery seen on both is applied once and acknowledgements go out in batches.
  private async work() {
    const { signal, log } = this.options;
    let failures = 0;
    while (!signal.aborted) {
      try {
        if (this.drainWanted) {
          this.drainWanted = false;
          await this.drain();
        } else if (this.inbox.length > 0) {
          const sightings = this.inbox.splice(0);
          try {
            await this.handOver(sightings);
          } catch (error) {
            this.inbox.unshift(...sightings);
            throw error;
          }
          await this.acknowledge();
        } else if (this.actions.length > 0) {
          const actions = this.actions.splice(0);
          try {
            await this.carryOut(actions);
          } catch (error) {
            // Carried out or not, each is acknowledged once the site answers (with its first outcome).
            this.actions.unshift(...actions);
            throw error;
          }
        } else if (this.toAck.size > 0) {
          await this.acknowledge();
        } else {
          await new Promise<void>((resolve) => {
            this.idle = resolve;
          });
          continue;
        }
        failures = 0;
      } catch (error) {
        if (signal.aborted) return;
        const delay = this.backoffMs(failures);
        if (failures++ % 10 === 0) {
          log.warn({ error: (error as Error).message, retryInMs: delay }, 'delivery worker failed; retrying');
        }
        await sleep(delay, undefined, { signal }).catch(() => {});
      }
    }
  }

  private async drain() {
    try {
      for (;;) {
        const acksBefore = this.acks;
        const page = await this.options.client.listDeliveries(LIST_PAGE);
        const fresh = page.filter((d) => !this.delivered.has(d.id)).length;
        this.options.log.debug?.({ listed: page.length, fresh }, 'drained the delivery list');
        await this.handOver(page.map((delivery) => ({ delivery, acksBefore })));
        await this.acknowledge();
        // A full page of deliveries already handled means the site keeps listing them: stop there.
        if (page.length < LIST_PAGE || fresh === 0) break;
      }
      await this.carryOut(await this.options.client.listActions(LIST_PAGE));
    } catch (error) {
      this.drainWanted = true;
      throw error;
    }
  }

  /** Gives each new delivery to its buyer and records the trade; queues every id to acknowledge. */
  private async handOver(sightings: Sighting[]) {
    const { state, log } = this.options;
    const fresh = new Map<string, { delivery: Delivery; buyer: LivePlayer | undefined }>();
    const events: BridgeEvent[] = [];
    const at = new Date().toISOString();
    for (const { delivery, acksBefore } of sightings) {
      const confirmedBy = this.delivered.get(delivery.id);
      if (confirmedBy !== undefined || fresh.has(delivery.id)) {
        // Still listed after its acknowledgement was confirmed, so the site did not keep that one;
        // acknowledging again is harmless.
        if (confirmedBy != null && confirmedBy <= acksBefore) this.toAck.add(delivery.id);
        continue;
      }
      const buyer = state.byUuid.get(delivery.player_uuid.toLowerCase());
      fresh.set(delivery.id, { delivery, buyer });
      if (buyer) events.push(tradeEvent(delivery, buyer, at));
    }
    for (const batch of toBatches(events)) await this.options.send(batch);
    for (const { delivery, buyer } of fresh.values()) {
      // The item and the money together, in one step of the game, before the id is remembered.
      const moved = state.applySiteMoney(delivery.money);
      this.remember(delivery.id);
      this.toAck.add(delivery.id);
      const { id, item, qty } = delivery;
      if (buyer) {
        state.deliveriesHandedOver++;
        log.info(
          {
            delivery: id,
            player: buyer.username,
            item: plainName(item.name),
            qty,
            total: delivery.total,
            ledger: moved.map((m) => m.ledger_id),
          },
          'auction purchase delivered',
        );
      } else {
        log.warn(
          { delivery: id, player_uuid: delivery.player_uuid },
          'delivery for a player this server does not know; acknowledging it without handing anything over',
        );
      }
    }
  }

  /**
   * Carries out each action not carried out before, then acknowledges them all with their outcomes
   * (one seen again, after a lost acknowledgement, is acknowledged again with the same outcome).
   */
  private async carryOut(actions: BridgeAction[]) {
    if (actions.length === 0) return;
    const { state, log } = this.options;
    const results: BridgeActionsAck['results'] = [];
    for (const action of actions) {
      const before = this.carriedOut.get(action.id);
      if (before) {
        results.push(before);
        continue;
      }
      const result = carryOutAction(state, action);
      this.carriedOut.set(action.id, result);
      if (this.carriedOut.size > this.memory) this.carriedOut.delete(this.carriedOut.keys().next().value!);
      results.push(result);
      log.info(
        { action: action.id, kind: action.kind, player: action.player.username, outcome: result.outcome },
        result.message ?? 'staff action carried out',
      );
    }
    await this.options.client.ackActions(results);
  }

  private remember(id: string) {
    this.delivered.set(id, null);
    if (this.delivered.size > this.memory) {
      const [oldest] = this.delivered.keys();
      this.delivered.delete(oldest!);
    }
  }

  private async acknowledge() {
    while (this.toAck.size > 0) {
      const ids = [...this.toAck].slice(0, MAX_DELIVERIES);
      await this.options.client.ackDeliveries(ids);
      this.acks++;
      for (const id of ids) {
        this.toAck.delete(id);
        if (this.delivered.has(id)) this.delivered.set(id, this.acks);
      }
      this.options.log.debug?.({ ids: ids.length }, 'acknowledged deliveries');
    }
  }

  private async keepConnected() {
    const { signal, log } = this.options;
    let failures = 0;
    let connected = false;
    while (!signal.aborted) {
      const { opened, problem } = await this.connect(connected);
      if (signal.aborted) return;
      connected ||= opened;
      if (opened) failures = 0;
      const delay = this.backoffMs(failures);
      if (failures++ % 10 === 0) {
        log.warn(
          { url: this.socketUrl, problem, retryInMs: delay },
          opened ? 'delivery socket dropped; reconnecting' : 'delivery socket not connecting; retrying',
        );
      }
      await sleep(delay, undefined, { signal }).catch(() => {});
    }
  }

  /** One connection, from dialling until it closes. */
  private connect(reconnecting: boolean): Promise<{ opened: boolean; problem: string }> {
    const { token, log } = this.options;
    return new Promise((resolve) => {
      let socket: WebSocket;
      try {
        socket = new WebSocket(this.socketUrl, {
          headers: { authorization: `Bearer ${token}` },
          handshakeTimeout: 10_000,
        });
      } catch (error) {
        resolve({ opened: false, problem: (error as Error).message });
        return;
      }
      this.socket = socket;
      let opened = false;
      let problem = '';
      socket.on('open', () => {
        opened = true;
        log.info(
          { url: this.socketUrl },
          reconnecting ? 'delivery socket reconnected' : 'delivery socket connected',
        );
        // The socket covers what is committed from now on; the list, what came meanwhile.
        this.requestDrain();
      });
      socket.on('message', (data) => this.receive(data));
      socket.on('error', (error) => {
        problem = error.message;
      });
      socket.on('close', (code) => {
        clearTimeout(this.closeTimer);
        if (this.socket === socket) this.socket = null;
        resolve({ opened, problem: problem || `closed with code ${code}` });
      });
    });
  }

  private receive(data: RawData) {
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      message = undefined;
    }
    // A message is told by its one key; one of neither kind (a newer site's) is ignored.
    const kind =
      message && typeof message === 'object' ? ['delivery', 'action'].find((k) => k in message) : undefined;
    if (!kind) {
      this.options.log.debug?.({ message: text.slice(0, 200) }, 'ignored a message on the delivery socket');
      return;
    }
    const parsed =
      kind === 'delivery'
        ? deliveryMessageSchema.safeParse(message)
        : bridgeActionMessageSchema.safeParse(message);
    if (!parsed.success) {
      this.options.log.warn(
        { message: text.slice(0, 200), reason: parsed.error.message },
        `unreadable ${kind === 'delivery' ? 'delivery' : 'staff action'} on the socket; the list will bring it`,
      );
      return;
    }
    if ('delivery' in parsed.data) this.inbox.push({ delivery: parsed.data.delivery, acksBefore: this.acks });
    else this.actions.push(parsed.data.action);
    this.wake();
  }

  private closeSocket() {
    const socket = this.socket;
    if (!socket) return;
    if (socket.readyState !== WebSocket.OPEN) {
      socket.terminate();
      return;
    }
    socket.close(1001, 'game server stopping');
    // A site that does not answer the close is not waited for.
    this.closeTimer = setTimeout(() => socket.terminate(), 1000);
  }
}

/**
 * The buyer's trade in their activity feed. Its id comes from the delivery's, so a delivery the
 * site sends again after a restart (acknowledged too late) is skipped by the site, not recorded twice.
 */
function tradeEvent(delivery: Delivery, buyer: LivePlayer, at: string): BridgeEvent {
  const id = `delivery:${delivery.id}`;
  return {
    id: EVENT_ID.test(id)
      ? id
      : `delivery:${createHash('sha256').update(delivery.id).digest('hex').slice(0, 48)}`,
    at,
    type: 'activity',
    actor_uuid: buyer.uuid,
    activity_type: 'TRADE_COMPLETED',
    activity_text: `Bought ${delivery.qty}x ${plainName(delivery.item.name)} from the auction house`,
    target_uuid: null,
  };
}

/** Item names may carry Minecraft colour codes (§b); the feed shows plain text. */
const plainName = (name: string) => name.replace(/§./g, '');
