// The fast lane: GET answers that exist before the request arrives (a live snapshot's bytes, with
// their headers) are written straight from node:http, ahead of Fastify's routing, hooks and
// per-request logger, which cost more than the answer itself on the hottest public endpoints.
//
// A lane handler answers only what it is sure of: the exact path, a query it fully understands and
// a snapshot that is already built. Everything else (HEAD, an unknown or malformed query, a snapshot
// still being built, the database down, the server closing, debug logging on) passes to Fastify,
// where the same route answers it, errors included. Its tests check that both give the same bytes.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

declare module 'fastify' {
  interface FastifyInstance {
    fastLane: FastLane;
  }
}

export interface LaneAnswer {
  body: Buffer;
  /** Every header as flat name, value pairs (content-length included): what writeHead takes. */
  headers: readonly string[];
}

/** Given the query string (after '?', possibly empty), the answer, or null to let Fastify answer. */
export type LaneHandler = (query: string, request: IncomingMessage) => LaneAnswer | null;

export class FastLane {
  private readonly routes = new Map<string, LaneHandler>();
  /** Off while the server closes (Fastify then answers 503) or when every request must be logged. */
  open = true;
  /** How many requests the lane answered: for tests and diagnostics. */
  served = 0;

  get(path: string, handler: LaneHandler): void {
    this.routes.set(path, handler);
  }

  /** Answers the request and returns true, or returns false without touching it. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.open || request.method !== 'GET') return false;
    const url = request.url ?? '';
    const mark = url.indexOf('?');
    const handler = this.routes.get(mark === -1 ? url : url.slice(0, mark));
    if (handler === undefined) return false;
    const answer = handler(mark === -1 ? '' : url.slice(mark + 1), request);
    if (answer === null) return false;
    this.served++;
    response.writeHead(200, answer.headers as string[]);
    response.end(answer.body);
    return true;
  }

  /** A Fastify serverFactory: the lane first, then Fastify, with Fastify's own timeouts. */
  serverFactory(timeouts: { requestTimeout: number; keepAliveTimeout: number }) {
    return (handler: (request: IncomingMessage, response: ServerResponse) => void): Server => {
      const server = createServer((request, response) => {
        if (!this.serve(request, response)) handler(request, response);
      });
      server.requestTimeout = timeouts.requestTimeout;
      server.keepAliveTimeout = timeouts.keepAliveTimeout;
      return server;
    };
  }
}

/** Flat header pairs for writeHead: the given headers, then content-length. */
export function laneHeaders(headers: Readonly<Record<string, string>>, body: Buffer): string[] {
  const flat: string[] = [];
  for (const [name, value] of Object.entries(headers)) flat.push(name, value);
  flat.push('content-length', String(body.length));
  return flat;
}

const answers = new WeakMap<object, LaneAnswer>();

/**
 * The lane's answer for bytes made once (a snapshot's encoded body, the `key`), its header list
 * worked out once too; it is collected with the key.
 */
export function laneAnswer(
  key: object,
  body: Buffer,
  headers: () => Readonly<Record<string, string>>,
): LaneAnswer {
  let answer = answers.get(key);
  if (!answer) {
    answer = { body, headers: laneHeaders(headers(), body) };
    answers.set(key, answer);
  }
  return answer;
}
