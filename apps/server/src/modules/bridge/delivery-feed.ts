// The game servers' delivery sockets in this process (the routes are in deliveries.ts): one LISTEN
// for new deliveries and staff actions, and for each socket the deliveries it takes
// (deliveries-service.ts takeDeliveries) and the staff actions for the plugin (actions-service.ts
// takeActions), each sent in order. Each delivery is taken by one socket of the whole network, in
// whichever process: the one of the server its buyer is on when that server has a socket open, else
// any; none is sent twice on one socket. A closed socket gives back what it did not acknowledge, and
// a resync now and then offers again what a lease let go and what a lost notification left behind.
import type { Delivery, DeliveryMessage } from '@prison/shared/bridge';
import type { BridgeAction, BridgeActionMessage } from '@prison/shared/bridge-actions';
import { CLOSE_CODES, CREDENTIAL_REVOKED_REASON, PING_INTERVAL_MS } from '@prison/shared/sockets';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { BRIDGE_CHANNEL, bridgeActionPayload, type Database } from '../../db/client.ts';
import { takeActions } from './actions-service.ts';
import {
  type BridgeConnection,
  closeConnection,
  MAX_DELIVERIES_TAKEN,
  openConnection,
  revokedPayload,
  takeDeliveries,
  touchConnections,
} from './deliveries-service.ts';

/** A socket that falls this far behind is closed rather than buffered without bound. */
export const MAX_BUFFERED_BYTES = 4 << 20;
const REVOKED = revokedPayload('');
const ACTION = bridgeActionPayload('');
// Also look for what is waiting now and then: leases that ended, a notification that was lost.
const RESYNC_INTERVAL_MS = 60_000;

interface Follower {
  connection: BridgeConnection;
  /** Ids sent on this socket (a staff action's as its payload): never sent twice on one socket. */
  sent: Set<string>;
  /** Work for this socket, one step after another, so deliveries go out in order. */
  queue: Promise<void>;
}

/**
 * Every delivery socket of this process, fed from one LISTEN on BRIDGE_CHANNEL: a notification
 * names deliveries just committed, or a staff action queued (or '*': look at everything waiting),
 * which each socket takes what it should have of.
 */
export class DeliveryFeed {
  private readonly followers = new Map<WebSocket, Follower>();
  private listening: Promise<() => Promise<void>> | null = null;
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Feeds `socket`, opened with the credential named `server`, until it closes. */
  async follow(socket: WebSocket, connection: BridgeConnection): Promise<void> {
    await this.listen();
    await openConnection(this.database.db, connection);
    const follower: Follower = { connection, sent: new Set(), queue: Promise.resolve() };
    const closed = () => {
      this.followers.delete(socket);
      closeConnection(this.database.db, connection.id).catch((err: unknown) => {
        // Its deliveries are offered again when their lease ends.
        this.log.warn({ err }, 'could not give back the deliveries of a closed game server socket');
      });
    };
    if (socket.readyState !== socket.OPEN) return closed();
    this.followers.set(socket, follower);
    socket.once('close', closed);
    // Messages from the game server are not expected: the acknowledgements go over HTTP.
    this.enqueue(follower, () => this.takeAll(socket, follower));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    const listening = this.listening;
    this.listening = null;
    if (listening) await (await listening.catch(() => null))?.().catch(() => {});
  }

  private listen(): Promise<() => Promise<void>> {
    this.listening ??= this.database.listen(BRIDGE_CHANNEL, (payload) => this.onNotify(payload));
    this.listening.catch(() => {
      this.listening = null; // The next socket tries again.
    });
    if (this.timers.length === 0) {
      this.timers = [
        setInterval(() => this.onNotify('*'), RESYNC_INTERVAL_MS),
        // Other processes take a server whose connections are not seen for a while for gone.
        setInterval(() => {
          const ids = [...this.followers.values()].map((f) => f.connection.id);
          touchConnections(this.database.db, ids).catch((err: unknown) => {
            this.log.warn({ err }, 'could not record that the game server sockets are open');
          });
        }, PING_INTERVAL_MS),
      ];
      for (const timer of this.timers) timer.unref();
    }
    return this.listening;
  }

  private onNotify(payload: string): void {
    if (this.stopped || this.followers.size === 0) return;
    if (payload.startsWith(REVOKED)) {
      const credentialId = payload.slice(REVOKED.length);
      for (const [socket, follower] of this.followers) {
        if (follower.connection.credentialId === credentialId) {
          socket.close(CLOSE_CODES.credentialRevoked, CREDENTIAL_REVOKED_REASON);
        }
      }
      return;
    }
    // '*': look at everything waiting (a socket closed, the listener reconnected, or a resync).
    const action = payload.startsWith(ACTION) ? [payload.slice(ACTION.length)] : null;
    const ids = payload === '*' || action ? null : payload.split(',').filter(Boolean);
    // In no set order, so that what any socket may take is spread over them.
    for (const [socket, follower] of shuffled([...this.followers])) {
      this.enqueue(follower, () =>
        action
          ? this.takeActions(socket, follower, action).then(() => {})
          : ids === null
            ? this.takeAll(socket, follower)
            : this.takeDeliveries(socket, follower, ids).then(() => {}),
      );
    }
  }

  private enqueue(follower: Follower, step: () => Promise<void>): void {
    follower.queue = follower.queue.then(step).catch((err) => {
      // The database may be down: the resync offers what this missed once it is back.
      this.log.warn({ err }, 'could not send deliveries to the game server');
    });
  }

  private async takeAll(socket: WebSocket, follower: Follower): Promise<void> {
    while ((await this.takeDeliveries(socket, follower, null)) === MAX_DELIVERIES_TAKEN);
    while ((await this.takeActions(socket, follower, null)) === MAX_DELIVERIES_TAKEN);
  }

  /** Takes the deliveries the socket should have (of `ids`, or of all) and sends them; answers how many. */
  private takeDeliveries(socket: WebSocket, follower: Follower, ids: string[] | null): Promise<number> {
    return this.take(
      socket,
      follower,
      () => takeDeliveries(this.database.db, follower.connection, ids),
      (delivery) => [delivery.id, { delivery } satisfies DeliveryMessage],
    );
  }

  /** Takes the staff actions the socket should have (of `ids`, or of all) and sends them; answers how many. */
  private takeActions(socket: WebSocket, follower: Follower, ids: string[] | null): Promise<number> {
    return this.take(
      socket,
      follower,
      () => takeActions(this.database.db, follower.connection, ids),
      (action) => [bridgeActionPayload(action.id), { action } satisfies BridgeActionMessage],
    );
  }

  private async take<T extends Delivery | BridgeAction>(
    socket: WebSocket,
    follower: Follower,
    taking: () => Promise<T[]>,
    message: (item: T) => [key: string, message: DeliveryMessage | BridgeActionMessage],
  ): Promise<number> {
    if (socket.readyState !== socket.OPEN) return 0;
    const taken = await taking();
    // Closed while taking: give back what was just taken, which its closing could not see.
    if (socket.readyState !== socket.OPEN) {
      await closeConnection(this.database.db, follower.connection.id);
      return 0;
    }
    this.send(socket, follower, taken.map(message));
    return taken.length;
  }

  /** Sends what this socket has not had; what it cannot send goes back when the socket closes. */
  private send(
    socket: WebSocket,
    follower: Follower,
    messages: [key: string, message: DeliveryMessage | BridgeActionMessage][],
  ): void {
    for (const [key, message] of messages) {
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        socket.terminate();
        return;
      }
      if (follower.sent.has(key)) continue;
      follower.sent.add(key);
      socket.send(JSON.stringify(message));
    }
  }
}

function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
