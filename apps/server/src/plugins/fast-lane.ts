// The fast lane: GET answers that exist before the request arrives (a live snapshot's bytes, with
// their headers) are written straight from node:http, ahead of Fastify's routing, hooks and
// per-request logger, which cost more than the answer itself on the hottest public endpoints.
//
// A lane handler answers only what it is sure of: the exact path, a query that its route's own
// schema accepts, and a snapshot that is already built. Everything else (HEAD, a query the schema
// refuses, a snapshot still being built, the database down, the server closing, debug logging on)
// passes to Fastify, where the same route answers it, errors included. Its tests check that both
// give the same bytes, and that the lane accounts for every hook Fastify runs on its routes.
//
// The lane takes no route of its own: each path it answers is a public Fastify GET route with the
// same query schema (checked when the app is ready). It never checks a token: a request carrying
// credentials is Fastify's, so no answer that could depend on who asks is written here.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { parse } from 'fast-querystring';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyInstance {
    fastLane: FastLane;
  }
}

/**
 * Every request hook Fastify runs on the lane's routes, in order, by function name ('anonymous' for
 * an unnamed one), and how the lane does without it. fast-lane.test.ts fails when a lane route has
 * any other: a hook added later is either mirrored by the lane and listed here, or its route leaves
 * the lane.
 */
export const ACCOUNTED_HOOKS: Readonly<Record<string, readonly (readonly [name: string, how: string])[]>> = {
  onRequest: [
    ['refuseWhileClosing', 'app.ts: the lane shuts in preClose, before this hook refuses anything'],
    ['securityHeaders', "security.ts: mirrored, a lane answer carries the JSON answers' headers"],
    ['anonymous', "@fastify/websocket marks upgrades: they never reach the lane (node:http's 'upgrade')"],
    ['limitSocketsPerAddress', 'sockets.ts: counts upgrades only, which never reach the lane'],
  ],
  onResponse: [
    ['logResponse', 'app.ts: logs server errors (the lane sends only 200s), or all when the lane is shut'],
    ['countResponse', 'metrics.ts: mirrored, the lane counts and times its answers itself (onAnswer)'],
    ['anonymous', "@fastify/websocket closes an upgrade's socket: upgrades never reach the lane"],
  ],
  onError: [['countDatabaseError', 'metrics.ts: the lane answers from snapshots already built, no error']],
};

export interface LaneAnswer {
  body: Buffer;
  /** Every header as flat name, value pairs (content-length included): what writeHead takes. */
  headers: readonly string[];
}

/**
 * Given the query its route's schema made of the query string (one object for every request asking
 * the same: read, never changed), the answer, or null to let Fastify answer.
 */
export type LaneHandler<Query> = (query: Query, request: IncomingMessage) => LaneAnswer | null;

/** How many query strings a lane route remembers the parse of. */
const PARSED_QUERIES = 256;

interface LaneRoute {
  /** Its route's querystring schema, if it has one. */
  querystring: z.ZodType | undefined;
  /** Given the query string (after '?', possibly empty), the answer, or null to let Fastify answer. */
  answer: (search: string, request: IncomingMessage) => LaneAnswer | null;
}

export class FastLane {
  private readonly routes = new Map<string, LaneRoute>();
  /** Off while the server closes (Fastify then answers 503) or when every request must be logged. */
  open = true;
  /** How many requests the lane answered: for tests and diagnostics. */
  served = 0;
  /** Told of each answer, with its route's path and how long it took (metrics.ts's countResponse). */
  onAnswer: ((path: string, seconds: number) => void) | null = null;

  /** The paths the lane answers. */
  get paths(): string[] {
    return [...this.routes.keys()];
  }

  /** Answers GET `path` ahead of its Fastify route, whose querystring schema `querystring` is. */
  get<Schema extends z.ZodType>(
    path: string,
    querystring: Schema,
    handler: LaneHandler<z.output<Schema>>,
  ): void;
  /** Answers GET `path` ahead of its Fastify route, which has no querystring schema. */
  get(path: string, handler: LaneHandler<undefined>): void;
  get(path: string, ...args: [z.ZodType, LaneHandler<unknown>] | [LaneHandler<undefined>]): void {
    if (args.length === 2) {
      const [querystring, handler] = args;
      // What the schema made of the query strings asked lately: the same few are asked over and over,
      // and parsing each again would add about a tenth to an answer's cost. Bounded: clients may ask any.
      const parsed = new Map<string, z.ZodSafeParseResult<unknown>>();
      this.routes.set(path, {
        querystring,
        answer: (search, request) => {
          let query = parsed.get(search);
          if (query === undefined) {
            if (parsed.size === PARSED_QUERIES) parsed.clear();
            query = querystring.safeParse(parseQuery(search));
            parsed.set(search, query);
          }
          // What the schema refuses is left to the route, which answers the 400 itself.
          return query.success ? handler(query.data, request) : null;
        },
      });
    } else {
      const [handler] = args;
      // A route without a querystring schema reads no query: the lane takes only a request without one.
      this.routes.set(path, {
        querystring: undefined,
        answer: (search, request) => (search === '' ? handler(undefined, request) : null),
      });
    }
  }

  /**
   * Holds the lane to the routes it shadows: once `app` is ready, each lane path must be one of its
   * GET routes, with the very schema the lane parses the query with.
   */
  shadow(app: FastifyInstance): void {
    const schemas = new Map<string, unknown>();
    app.addHook('onRoute', (route) => {
      if ([route.method].flat().includes('GET')) schemas.set(route.url, route.schema?.querystring);
    });
    app.addHook('onReady', async () => {
      for (const [path, { querystring }] of this.routes) {
        if (!schemas.has(path)) throw new Error(`The fast lane answers GET ${path}, which no route serves`);
        if (schemas.get(path) !== querystring) {
          throw new Error(`The fast lane reads the query of GET ${path} with another schema than its route`);
        }
      }
    });
  }

  /** Answers the request and returns true, or returns false without touching it. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.open || request.method !== 'GET') return false;
    const url = request.url ?? '';
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    const route = this.routes.get(path);
    if (route === undefined) return false;
    // The lane never checks a token: a request carrying credentials is Fastify's to answer.
    const { authorization, cookie } = request.headers;
    if (authorization !== undefined || cookie !== undefined) return false;
    const started = performance.now();
    const answer = route.answer(mark === -1 ? '' : url.slice(mark + 1), request);
    if (answer === null) return false;
    this.served++;
    response.writeHead(200, answer.headers as string[]);
    response.end(answer.body);
    this.onAnswer?.(path, (performance.now() - started) / 1000);
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

/**
 * The query string as an object for the schema: the parser Fastify is given in app.ts (the one its
 * router uses by default), so the lane and the route see the same object for every query string.
 */
export const parseQuery = (search: string): Record<string, unknown> =>
  search.length === 0 ? {} : parse(search);

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
