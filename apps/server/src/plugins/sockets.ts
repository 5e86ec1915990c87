// WebSocket support shared by every live feed: origin check, small messages, no per-message
// compression, and pings so dead connections are dropped.
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Config } from '../config.ts';
import { HttpError } from '../errors.ts';

const PING_INTERVAL_MS = 30_000;
// Clients of the live feeds only listen; anything they send is tiny.
const MAX_MESSAGE_BYTES = 4096;

export async function registerSockets(app: FastifyInstance): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false } });
  const alive = new WeakMap<WebSocket, boolean>();
  app.websocketServer.on('connection', (socket: WebSocket) => {
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
  });
  const timer = setInterval(() => {
    for (const socket of app.websocketServer.clients) {
      if (!alive.get(socket)) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
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
