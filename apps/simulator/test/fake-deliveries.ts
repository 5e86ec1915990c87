// Test support: the fake site's delivery outbox (DESIGN.md 7, Deliveries): the pending list, the
// acknowledgement and the socket that pushes each new delivery, and every pending one on connect.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  type Delivery,
  type DeliveryMessage,
  deliveriesAckSchema,
  deliveriesQuerySchema,
} from '@prison/shared/bridge';
import {
  type BridgeAction,
  type BridgeActionMessage,
  type BridgeActionsAck,
  bridgeActionsAckSchema,
} from '@prison/shared/bridge-actions';
import { type WebSocket, WebSocketServer } from 'ws';

export interface NewDelivery {
  player_uuid: string;
  item?: Delivery['item'];
  qty?: number;
}

type Reply = (status: number, body: unknown) => void;

export class FakeDeliveryOutbox {
  /** Pending deliveries, oldest first. */
  readonly pending: Delivery[] = [];
  /** The ids of each acknowledgement that went through, in order. */
  readonly acks: string[][] = [];
  /** Requests to the list and the acknowledgement, answered or not. */
  requests = 0;
  /** How many times each delivery was pushed on a socket. */
  readonly pushes = new Map<string, number>();
  /** Sockets accepted so far. */
  connections = 0;
  /** Socket upgrades refused so far. */
  refused = 0;
  /** Push every pending delivery to a socket as it connects (as the site does). */
  pushOnConnect = true;
  /** Answer socket upgrades with 503 (a site whose socket is down). */
  refuseSockets = false;
  /** Statuses to answer the next list or acknowledgement requests with. */
  readonly failNext: number[] = [];
  /** Staff actions not yet acknowledged, oldest first (PUNISH_VIA=plugin). */
  readonly pendingActions: BridgeAction[] = [];
  /** The results of each acknowledgement of staff actions, in order. */
  readonly actionAcks: BridgeActionsAck['results'][] = [];
  /** The last ledger id a purchase used. */
  private ledger = 0;
  private readonly sockets = new WebSocketServer({ noServer: true });
  private listGate: Promise<void> | null = null;
  private releaseLists = () => {};

  constructor(private readonly token: string) {}

  get openSockets(): number {
    return this.sockets.clients.size;
  }

  /** Commits a purchase's delivery and pushes it to every open socket. */
  add({
    player_uuid,
    item = { name: 'Diamond Block', icon: 'diamond_block', data: null, enchants: [] },
    qty = 2,
  }: NewDelivery): Delivery {
    // A purchase of `qty` at 10.00 each from a seller of its own, with the two ledger rows it wrote.
    const seller = randomUUID();
    const total = `${qty * 10}.00`;
    this.ledger += 2;
    const delivery: Delivery = {
      id: randomUUID(),
      player_uuid,
      item,
      qty,
      purchase_id: randomUUID(),
      listing_id: `listing-${this.ledger}`,
      seller_uuid: seller,
      unit_price: '10.00',
      total,
      money: [
        { player_uuid, delta: `-${total}`, ledger_id: this.ledger - 1 },
        { player_uuid: seller, delta: total, ledger_id: this.ledger },
      ],
      created_at: new Date().toISOString(),
    };
    this.pending.push(delivery);
    for (const socket of this.sockets.clients) this.push(socket, delivery);
    return delivery;
  }

  /** How many acknowledgements named the delivery. */
  timesAcknowledged(id: string): number {
    return this.acks.filter((ids) => ids.includes(id)).length;
  }

  /** Holds list requests (they are counted, not answered) until the answered function is called. */
  holdLists(): () => void {
    this.listGate = new Promise((resolve) => {
      this.releaseLists = () => {
        this.listGate = null;
        resolve();
      };
    });
    return this.releaseLists;
  }

  /** Queues a staff action and pushes it to every open socket. */
  addAction(action: BridgeAction): void {
    this.pendingActions.push(action);
    const message: BridgeActionMessage = { action };
    for (const socket of this.sockets.clients) socket.send(JSON.stringify(message));
  }

  /** Drops every socket without a close handshake (a lost connection). */
  dropSockets(): void {
    for (const socket of this.sockets.clients) socket.terminate();
  }

  /** Answers the list and the acknowledgement; false for any other request. */
  async handle(request: IncomingMessage, reply: Reply): Promise<boolean> {
    const url = new URL(request.url ?? '/', 'http://fake-site');
    const isList = request.method === 'GET' && url.pathname === '/api/bridge/deliveries';
    const isAck = request.method === 'POST' && url.pathname === '/api/bridge/deliveries/ack';
    if (url.pathname === '/api/bridge/actions' || url.pathname === '/api/bridge/actions/ack') {
      return this.handleActions(request, url, reply);
    }
    if (!isList && !isAck) return false;
    this.requests++;
    const body = isAck ? await readJson(request) : null;
    if (isList) await this.listGate;
    const status = this.failNext.shift();
    if (status) reply(status, { detail: 'The database is unavailable' });
    else if (request.headers.authorization !== `Bearer ${this.token}`)
      reply(401, { detail: 'A valid bridge token is required' });
    else if (isList) {
      const query = deliveriesQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success) reply(400, { detail: query.error.message });
      else reply(200, this.pending.slice(0, query.data.limit));
    } else {
      const ack = deliveriesAckSchema.safeParse(body);
      if (!ack.success) reply(400, { detail: ack.error.message });
      else reply(200, { acknowledged: this.acknowledge(ack.data.ids) });
    }
    return true;
  }

  /** The staff actions' list and acknowledgement. */
  private async handleActions(request: IncomingMessage, url: URL, reply: Reply): Promise<boolean> {
    if (request.headers.authorization !== `Bearer ${this.token}`) {
      reply(401, { detail: 'A valid bridge token is required' });
    } else if (request.method === 'GET' && url.pathname === '/api/bridge/actions') {
      reply(200, this.pendingActions.slice(0, Number(url.searchParams.get('limit') ?? 100)));
    } else if (request.method === 'POST') {
      const ack = bridgeActionsAckSchema.safeParse(await readJson(request));
      if (!ack.success) {
        reply(400, { detail: ack.error.message });
        return true;
      }
      this.actionAcks.push(ack.data.results);
      let acknowledged = 0;
      for (const { id } of ack.data.results) {
        const index = this.pendingActions.findIndex((a) => a.id === id);
        if (index < 0) continue;
        this.pendingActions.splice(index, 1);
        acknowledged++;
      }
      reply(200, { acknowledged });
    } else {
      reply(405, { detail: 'Method not allowed' });
    }
    return true;
  }

  private acknowledge(ids: string[]): number {
    this.acks.push(ids);
    let acknowledged = 0;
    for (const id of ids) {
      const index = this.pending.findIndex((d) => d.id === id);
      if (index < 0) continue;
      this.pending.splice(index, 1);
      acknowledged++;
    }
    return acknowledged;
  }

  /** WS /api/bridge/ws, with the same bearer token as the rest of the bridge API. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const refusal =
      new URL(request.url ?? '/', 'http://fake-site').pathname !== '/api/bridge/ws'
        ? '404 Not Found'
        : request.headers.authorization !== `Bearer ${this.token}`
          ? '401 Unauthorized'
          : this.refuseSockets
            ? '503 Service Unavailable'
            : null;
    if (refusal) {
      this.refused++;
      // The simulator may reset a refused connection before the answer is flushed (it retries
      // every few milliseconds in tests): that is no failure of the test.
      socket.on('error', () => {});
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\n\r\n`);
      return;
    }
    this.sockets.handleUpgrade(request, socket, head, (client) => {
      this.connections++;
      if (this.pushOnConnect) for (const delivery of this.pending) this.push(client, delivery);
    });
  }

  private push(socket: WebSocket, delivery: Delivery) {
    this.pushes.set(delivery.id, (this.pushes.get(delivery.id) ?? 0) + 1);
    const message: DeliveryMessage = { delivery };
    socket.send(JSON.stringify(message));
  }

  close(): void {
    this.releaseLists();
    for (const socket of this.sockets.clients) socket.terminate();
    this.sockets.close();
  }
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return null;
  }
}
