// The fan-out of new deliveries to the game server's sockets in this process (the routes are in
// deliveries.ts): one LISTEN, each delivery read once, sent in order to every socket that has not
// had it, and a resync now and then in case a notification was lost.
import { type Delivery, type DeliveryMessage, MAX_DELIVERIES } from '@prison/shared/bridge';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Database } from '../../db/client.ts';
import {
  DELIVERIES_CHANNEL,
  type DeliveryCursor,
  pendingDeliveries,
  pendingDeliveriesById,
} from './deliveries-service.ts';

/** A socket that falls this far behind is closed rather than buffered without bound. */
export const MAX_BUFFERED_BYTES = 4 << 20;
// Also look for anything pending now and then, in case a notification was lost; this also keeps
// each socket's memory of what it was sent down to what is still pending.
const RESYNC_INTERVAL_MS = 60_000;

interface Follower {
  /** Ids sent on this socket and maybe still pending: never sent twice on one socket. */
  sent: Set<string>;
  /** Work for this socket, one step after another, so deliveries go out in order. */
  queue: Promise<void>;
}

/**
 * Every bridge socket of this process, fed from one LISTEN on DELIVERIES_CHANNEL: a notification
 * names a delivery just committed, which is read once and sent to each socket that has not had it.
 */
export class DeliveryFeed {
  private readonly followers = new Map<WebSocket, Follower>();
  private listening: Promise<() => Promise<void>> | null = null;
  private resync: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async follow(socket: WebSocket): Promise<void> {
    await this.listen();
    if (socket.readyState !== socket.OPEN) return;
    const follower: Follower = { sent: new Set(), queue: Promise.resolve() };
    this.followers.set(socket, follower);
    socket.once('close', () => this.followers.delete(socket));
    // Messages from the game server are not expected: the acknowledgements go over HTTP.
    this.enqueue(socket, follower, () => this.sendAllPending(socket, follower));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.resync) clearInterval(this.resync);
    const listening = this.listening;
    this.listening = null;
    if (listening) await (await listening.catch(() => null))?.().catch(() => {});
  }

  private listen(): Promise<() => Promise<void>> {
    this.listening ??= this.database.listen(DELIVERIES_CHANNEL, (payload) => this.onNotify(payload));
    this.listening.catch(() => {
      this.listening = null; // The next socket tries again.
    });
    if (!this.resync) {
      this.resync = setInterval(() => this.onNotify('*'), RESYNC_INTERVAL_MS);
      this.resync.unref();
    }
    return this.listening;
  }

  private onNotify(payload: string): void {
    if (this.stopped || this.followers.size === 0) return;
    // '*': the listener reconnected (anything may have been missed), or it is time to resync.
    if (payload === '*') {
      for (const [socket, follower] of this.followers) {
        this.enqueue(socket, follower, () => this.sendAllPending(socket, follower));
      }
      return;
    }
    const fresh = pendingDeliveriesById(this.database.db, payload.split(',').filter(Boolean));
    fresh.catch(() => {}); // Reported by each socket's step below.
    for (const [socket, follower] of this.followers) {
      this.enqueue(socket, follower, async () => {
        this.send(socket, follower, await fresh);
      });
    }
  }

  private enqueue(socket: WebSocket, follower: Follower, step: () => Promise<void>): void {
    follower.queue = follower.queue.then(step).catch((err) => {
      // The database may be down: the resync sends what this missed once it is back.
      this.log.warn({ err }, 'could not send deliveries to the game server');
      if (socket.readyState !== socket.OPEN) this.followers.delete(socket);
    });
  }

  private async sendAllPending(socket: WebSocket, follower: Follower): Promise<void> {
    const stillPending = new Set<string>();
    let after: DeliveryCursor | undefined;
    for (;;) {
      const page = await pendingDeliveries(this.database.db, MAX_DELIVERIES, after);
      for (const d of page.deliveries) stillPending.add(d.id);
      if (!this.send(socket, follower, page.deliveries) || !page.next) break;
      after = page.next;
    }
    for (const id of follower.sent) if (!stillPending.has(id)) follower.sent.delete(id);
  }

  /** Sends what this socket has not had; false once the socket is closed or too far behind. */
  private send(socket: WebSocket, follower: Follower, deliveries: Delivery[]): boolean {
    for (const delivery of deliveries) {
      if (socket.readyState !== socket.OPEN) return false;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        socket.terminate();
        return false;
      }
      if (follower.sent.has(delivery.id)) continue;
      follower.sent.add(delivery.id);
      const message: DeliveryMessage = { delivery };
      socket.send(JSON.stringify(message));
    }
    return true;
  }
}
