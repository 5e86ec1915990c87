// WebSocket support shared by every live feed: origin check, small messages, no per-message
// compression, pings so dead connections are dropped, and the closing of a signed-out session's feeds.
import type { Duplex } from 'node:stream';
import websocket from '@fastify/websocket';
import { ACCESS_TOKEN_SECONDS } from '@prison/shared/auth';
import {
  CLOSE_CODES,
  MAX_CLIENT_MESSAGE_BYTES,
  PING_INTERVAL_MS,
  UNAVAILABLE_REASON,
} from '@prison/shared/sockets';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { WebSocket } from 'ws';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { endedSessions, SESSIONS_CHANNEL } from '../modules/auth/sessions.ts';
import { type AccessClaims, type AccessTokens, InvalidTokenError } from '../modules/auth/tokens.ts';
import { NOT_SIGNED_IN, SESSION_EXPIRED } from './authenticate.ts';
import { clientKey } from './client-address.ts';
import { errorBody, HttpError } from './errors.ts';

const PING_SLICE = 500;

/**
 * Registers WebSocket support, at most `perAddress` open sockets per address (SOCKETS_PER_ADDRESS);
 * answers the sockets of signed-in sessions, which feeds that need one join.
 */
export async function registerSockets(
  app: FastifyInstance,
  database: Database,
  perAddress: number,
): Promise<SessionSockets> {
  const sessionSockets = new SessionSockets(database);
  app.addHook('onReady', () => sessionSockets.start());
  app.addHook('onClose', () => sessionSockets.stop());
  // Clients only listen: a message past the limit closes its socket with CLOSE_CODES.messageTooBig.
  await app.register(websocket, {
    options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES, perMessageDeflate: false },
  });
  // After @fastify/websocket's own hook, which marks upgrades (request.ws).
  app.addHook('onRequest', limitSocketsPerAddress(perAddress));
  // Handshakes that ws itself refuses (a missing or malformed Sec-WebSocket-Key, -Version or
  // -Protocol header) are answered like every other error, JSON {detail, code}, not with ws's text/html.
  app.websocketServer.on('wsClientError', (error: Error, socket: Duplex) => {
    const status = /method/i.test(error.message) ? '405 Method Not Allowed' : '400 Bad Request';
    const body = JSON.stringify(
      errorBody('bad_websocket_handshake', `Bad WebSocket handshake: ${error.message}`),
    );
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
  return sessionSockets;
}

/**
 * One address may hold `perAddress` sockets, every feed of this process together; past that its
 * upgrade answers 429 before the socket is accepted, so one client cannot use up the process's
 * connections. The address is request.ip, which honours TRUST_PROXY, an IPv6 one counted by its /64
 * (client-address.ts). An upgrade takes its slot
 * when it arrives (so a burst of handshakes cannot all slip in before the first is counted) and
 * gives it back when its connection closes, whether it became a socket or was refused.
 */
function limitSocketsPerAddress(perAddress: number): onRequestHookHandler {
  const open = new Map<string, number>();
  return function limitSocketsPerAddress(request, _reply, done) {
    const connection = request.raw.socket;
    // A connection already gone frees nothing later: ws drops it without opening a socket.
    if (!request.ws || connection.destroyed) return done();
    const address = clientKey(request.ip);
    const held = open.get(address) ?? 0;
    if (held >= perAddress) {
      return done(
        new HttpError(
          429,
          'too_many_connections',
          `Too many live connections from your address (at most ${perAddress}). Close a tab and try again.`,
        ),
      );
    }
    open.set(address, held + 1);
    connection.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
    done();
  };
}

export const SESSION_ENDED = 'Signed out';

/**
 * This process's sockets opened with an access token, by session. When a session ends, sessions.ts
 * NOTIFYs its id on commit to every process, and each closes the session's sockets with 1008 (which
 * the page reads as "session expired"). Sessions heard to have ended are remembered for an access
 * token's lifetime, so a socket whose token was checked a moment before its session ended is closed
 * as it is added.
 */
export class SessionSockets {
  private readonly bySession = new Map<string, Set<WebSocket>>();
  /** Ended session -> when this process heard of it, oldest first. */
  private readonly ended = new Map<string, number>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(SESSIONS_CHANNEL, (payload) => this.onNotify(payload));
  }

  async stop(): Promise<void> {
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
  }

  add(sid: string, socket: WebSocket): void {
    if (this.ended.has(sid)) {
      socket.close(CLOSE_CODES.sessionExpired, SESSION_ENDED);
      return;
    }
    const sockets = this.bySession.get(sid) ?? new Set();
    this.bySession.set(sid, sockets);
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0 && this.bySession.get(sid) === sockets) this.bySession.delete(sid);
    });
  }

  private onNotify(payload: string): void {
    // '*': the listener reconnected, and may have missed some; ask the database about every socket's.
    if (payload === '*') {
      endedSessions(this.database.db, [...this.bySession.keys()]).then(
        (ids) => this.close(ids),
        () => {}, // The database is down: its next reconnection asks again.
      );
      return;
    }
    this.close(payload.split(',').filter(Boolean));
  }

  private close(ids: string[]): void {
    const now = Date.now();
    for (const [sid, heardAt] of this.ended) {
      if (heardAt > now - ACCESS_TOKEN_SECONDS * 1000) break;
      this.ended.delete(sid);
    }
    for (const sid of ids) {
      this.ended.delete(sid); // re-added at the end, which the pruning above counts on
      this.ended.set(sid, now);
      for (const socket of this.bySession.get(sid) ?? [])
        socket.close(CLOSE_CODES.sessionExpired, SESSION_ENDED);
      this.bySession.delete(sid);
    }
  }
}

/**
 * Opens a feed that needs the access token (the social feed, the console's moderation feed), spec 7:
 * without a valid token the socket is closed with 1008, which the page reads as "session expired",
 * and so is a socket whose token runs out or whose session is signed out. Answers the token's claims,
 * or null when the socket is closed already.
 */
export async function signedInSocket(
  tokens: AccessTokens,
  sessionSockets: SessionSockets,
  socket: WebSocket,
  token: string | undefined,
): Promise<AccessClaims | null> {
  let claims: AccessClaims;
  try {
    if (!token) throw new InvalidTokenError(false);
    claims = await tokens.verify(token);
  } catch (err) {
    if (!(err instanceof InvalidTokenError)) throw err;
    socket.close(CLOSE_CODES.sessionExpired, err.expired ? SESSION_EXPIRED : NOT_SIGNED_IN);
    return null;
  }
  if (socket.readyState !== socket.OPEN) return null;
  sessionSockets.add(claims.sid, socket);
  const expiry = setTimeout(
    () => socket.close(CLOSE_CODES.sessionExpired, SESSION_EXPIRED),
    Math.min(claims.expiresAt - Date.now(), 2 ** 31 - 1),
  );
  socket.once('close', () => clearTimeout(expiry));
  return claims;
}

const sameSiteChecks = new WeakSet<object>();

/**
 * Browsers send Origin with a WebSocket handshake: accept only this site's own pages (the host
 * asked for, PUBLIC_URL, the admin hosts). Clients that send no Origin (servers, tools) pass.
 */
export function sameSiteOrigin(config: Config) {
  const extra = new Set<string>(config.adminHosts);
  if (config.publicUrl) extra.add(new URL(config.publicUrl).host);
  const check = async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (!origin) return;
    let host: string;
    try {
      host = new URL(origin).host.toLowerCase();
    } catch {
      throw new HttpError(403, 'cross_site_socket', 'Cross-site WebSocket connections are not allowed');
    }
    // request.host honours TRUST_PROXY (X-Forwarded-Host behind a load balancer).
    const requested = request.host.toLowerCase();
    if (host !== requested && !extra.has(host) && !extra.has(host.replace(/:\d+$/, ''))) {
      throw new HttpError(403, 'cross_site_socket', 'Cross-site WebSocket connections are not allowed');
    }
  };
  sameSiteChecks.add(check);
  return check;
}

/** Whether a route's hook is a sameSiteOrigin check (the AsyncAPI document says which feeds have one). */
export function isSameSiteOriginCheck(hook: unknown): boolean {
  return typeof hook === 'function' && sameSiteChecks.has(hook);
}

/** A feed that could not start (the database cannot be reached): the client connects again later. */
export function closeUnavailable(socket: WebSocket): void {
  socket.close(CLOSE_CODES.unavailable, UNAVAILABLE_REASON);
}

/** A plain HTTP request to a live feed's address: say how to use it. */
export async function upgradeRequired(_request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(426)
    .header('upgrade', 'websocket')
    .send(errorBody('websocket_required', 'This address is a WebSocket feed: connect with ws:// or wss://'));
}
