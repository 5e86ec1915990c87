// WebSocket support shared by every live feed: origin check, small messages, no per-message
// compression, and pings so dead connections are dropped.
import type { Duplex } from 'node:stream';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';

const PING_INTERVAL_MS = 30_000;
// Clients of the live feeds only listen; anything they send is tiny.
const MAX_MESSAGE_BYTES = 4096;
const PING_SLICE = 500;

export async function registerSockets(app: FastifyInstance): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false } });
  // Handshakes that ws itself refuses (a missing or malformed Sec-WebSocket-Key, -Version or
  // -Protocol header) are answered like every other error, JSON {detail}, not with ws's text/html.
  app.websocketServer.on('wsClientError', (error: Error, socket: Duplex) => {
    const status = /method/i.test(error.message) ? '405 Method Not Allowed' : '400 Bad Request';
    const body = JSON.stringify({ detail: `Bad WebSocket handshake: ${error.message}` });
    const version = /version/i.test(error.message) ? 'Sec-WebSocket-Version: 13, 8\r\n' : '';
    socket.once('finish', () => socket.destroy());
    socket.end(
      `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `${version}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  });
  const alive = new WeakMap<WebSocket, boolean>();
  app.websocketServer.on('connection', (socket: WebSocket) => {
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
  });
  // Pinged in slices, yielding between them: with thousands of sockets one loop over all of them
  // would hold up every request for as long as a broadcast does.
  const timer = setInterval(() => {
    const sockets = [...app.websocketServer.clients];
    let next = 0;
    const pingSlice = () => {
      const end = Math.min(next + PING_SLICE, sockets.length);
      for (; next < end; next++) {
        const socket = sockets[next]!;
        if (socket.readyState !== socket.OPEN) continue;
        if (!alive.get(socket)) {
          socket.terminate();
          continue;
        }
        alive.set(socket, false);
        socket.ping();
      }
      if (next < sockets.length) setImmediate(pingSlice);
    };
    pingSlice();
  }, PING_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * Browsers send Origin with a WebSocket handshake: accept only this site's own pages (the host
 * asked for, PUBLIC_URL, the admin hosts). Clients that send no Origin (servers, tools) pass.
 */
export function sameSiteOrigin(config: Config) {
  const extra = new Set<string>(config.adminHosts);
  if (config.publicUrl) extra.add(new URL(config.publicUrl).host);
  return async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (!origin) return;
    let host: string;
    try {
      host = new URL(origin).host.toLowerCase();
    } catch {
      throw new HttpError(403, 'Cross-site WebSocket connections are not allowed');
    }
    // request.host honours TRUST_PROXY (X-Forwarded-Host behind a load balancer).
    const requested = request.host.toLowerCase();
    if (host !== requested && !extra.has(host) && !extra.has(host.replace(/:\d+$/, ''))) {
      throw new HttpError(403, 'Cross-site WebSocket connections are not allowed');
    }
  };
}

/** A plain HTTP request to a live feed's address: say how to use it. */
export async function upgradeRequired(_request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(426)
    .header('upgrade', 'websocket')
    .send({ detail: 'This address is a WebSocket feed: connect with ws:// or wss://' });
}
