// GET /metrics in Prometheus' text format, for the operator's scraper: only with `Authorization:
// Bearer METRICS_TOKEN`, and absent (404, like any unknown address) when METRICS_TOKEN is unset.
//
// One registry per app (tests build many apps in one process). This file alone speaks prom-client:
// the parts it measures are handed small typed recorders (the bridge's onEvent, the lane's onAnswer,
// the hub's onBuild), and what only the moment of a scrape can say (deliveries waiting, the
// database's pool, RCON) is read then, by collect().
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { isDatabaseDown, sqlState } from '../db/errors.ts';
import type { LiveHub } from '../live/hub.ts';
import { pendingBacklog } from '../modules/bridge/deliveries-service.ts';
import type { EventOutcomeListener } from '../modules/bridge/service.ts';
import { RCON_STATES, type RconState } from '../rcon/client.ts';
import { errorBody, HttpError } from './errors.ts';
import type { FastLane } from './fast-lane.ts';

/** How long a scrape waits for the database before reporting it down. */
export const SCRAPE_QUERY_TIMEOUT_MS = 2000;

/** From the fast lane's answers (well under a millisecond) to a slow purchase. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/**
 * The route of a request no route matched: the web app's pages (which the not-found handler serves)
 * and unknown addresses, told apart by status. Their raw addresses would make a series per address.
 */
const UNMATCHED = '(no route)';

/** What the rest of the app records with. */
export interface Metrics {
  /** For the bridge's routes: each event applied or refused, by type. */
  bridgeEvent: EventOutcomeListener;
}

export interface MetricsDeps {
  /** METRICS_TOKEN; null turns the endpoint off. */
  token: string | null;
  database: Database;
  hub: LiveHub;
  lane: FastLane;
  rcon: { readonly state: RconState };
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;
/** A topic's family ('player' for player:<uuid>), so that per-player topics make one series. */
const topicFamily = (topic: string) => topic.split(':', 1)[0]!;

/** 'unavailable' when the database could not be reached, else the SQLSTATE's class; null if not the database's. */
function databaseErrorClass(err: unknown): string | null {
  if (isDatabaseDown(err)) return 'unavailable';
  return sqlState(err)?.slice(0, 2) ?? null;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Registers GET /metrics and the hooks that count requests and sockets. Register it before the
 * sockets (plugins/sockets.ts): it wraps each live feed's handler as the route is declared, before
 * @fastify/websocket takes it.
 */
export function registerMetrics(app: FastifyInstance, deps: MetricsDeps): Metrics {
  if (app.hasDecorator('websocketServer')) throw new Error('Register the metrics before the sockets');
  const { database, hub, lane, rcon } = deps;
  const registry = new Registry();
  const registers = [registry];

  const requests = new Counter({
    name: 'prison_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status class (fast lane included)',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'prison_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const answered = (route: string, method: string, status: number, seconds: number) => {
    const labels = { route, method, status: statusClass(status) };
    requests.inc(labels);
    latency.observe(labels, seconds);
  };
  app.addHook('onResponse', function countResponse(request, reply, done) {
    answered(
      request.routeOptions.url ?? UNMATCHED,
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  lane.onAnswer = (path, seconds) => answered(path, 'GET', 200, seconds);

  const sockets = new Gauge({
    name: 'prison_sockets_open',
    help: 'Open WebSockets, by live feed (route pattern)',
    labelNames: ['feed'] as const,
    registers,
  });
  app.addHook('onRoute', (route) => {
    const handler = route.wsHandler;
    if (!handler || ![route.method].flat().includes('GET')) return;
    const feed = route.url;
    sockets.set({ feed }, 0);
    route.wsHandler = function countSocket(socket, request) {
      sockets.inc({ feed });
      socket.once('close', () => sockets.dec({ feed }));
      return handler.call(this, socket, request);
    };
  });

  const databaseErrors = new Counter({
    name: 'prison_database_errors_total',
    help:
      'Database errors that reached a request, a live rebuild or a scrape: class "unavailable" when the ' +
      'database could not be reached, else the SQLSTATE class (23: a constraint, 40: a deadlock...)',
    labelNames: ['class'] as const,
    registers,
    // After the scrape's own query, so that a failure of it is in the same scrape.
    async collect() {
      await probe();
    },
  });
  const recordDatabaseError = (err: unknown) => {
    const errorClass = databaseErrorClass(err);
    if (errorClass !== null) databaseErrors.inc({ class: errorClass });
  };
  app.addHook('onError', function countDatabaseError(_request, _reply, error, done) {
    recordDatabaseError(error);
    done();
  });

  const rebuilds = new Histogram({
    name: 'prison_hub_rebuild_duration_seconds',
    help: "Time to build a live topic's value, by topic family",
    labelNames: ['family'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const stopListening = hub.onBuild((topic, seconds, failure) => {
    if (failure === undefined) rebuilds.observe({ family: topicFamily(topic) }, seconds);
    else recordDatabaseError(failure);
  });
  app.addHook('onClose', async () => stopListening());

  const bridgeEvents = new Counter({
    name: 'prison_bridge_events_total',
    help: "The game server's events, by type and outcome (applied, or refused with their batch's 400)",
    labelNames: ['type', 'outcome'] as const,
    registers,
  });

  // Read at scrape time: one query for every figure that needs the database, shared by the gauges
  // a scrape collects together, and bounded so that a stuck database cannot hold up the scrape.
  let probing: Promise<Backlog | null> | null = null;
  const probe = () => {
    probing ??= withTimeout(pendingBacklog(database.db), SCRAPE_QUERY_TIMEOUT_MS)
      .catch((err: unknown) => {
        recordDatabaseError(err);
        return null;
      })
      .finally(() => {
        probing = null;
      });
    return probing;
  };
  new Gauge({
    name: 'prison_database_up',
    help: `Whether the database answered the scrape's query within ${SCRAPE_QUERY_TIMEOUT_MS / 1000} s`,
    registers,
    async collect() {
      this.set((await probe()) === null ? 0 : 1);
    },
  });
  new Gauge({
    name: 'prison_deliveries_pending',
    help: 'Purchased items the game server has not acknowledged yet (NaN when the database is down)',
    registers,
    async collect() {
      this.set((await probe())?.pending ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'prison_deliveries_oldest_pending_age_seconds',
    help: 'How long the oldest pending delivery has waited; 0 when none waits (NaN when the database is down)',
    registers,
    async collect() {
      this.set((await probe())?.oldestAgeSeconds ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'prison_database_info',
    help: 'The database the site runs on: pglite (embedded) or postgres',
    labelNames: ['driver'] as const,
    registers,
  }).set({ driver: database.kind }, 1);
  new Gauge({
    name: 'prison_database_pool_connections',
    help: "Database connections, open (total) and idle; the embedded database's one connection",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = database.poolStats?.();
      if (!stats) return void this.set({ state: 'total' }, 1);
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
    },
  });
  if (database.poolStats) {
    const poolStats = database.poolStats;
    new Gauge({
      name: 'prison_database_pool_waiting',
      help: 'Queries waiting for a free database connection',
      registers,
      collect() {
        this.set(poolStats().waiting);
      },
    });
  }
  new Gauge({
    name: 'prison_rcon_connection_state',
    help: 'The RCON connection staff commands use: 1 for its state (connected, disconnected, not_configured)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const current = rcon.state;
      for (const state of RCON_STATES) this.set({ state }, state === current ? 1 : 0);
    },
  });

  if (deps.token !== null) {
    // The process's own figures (CPU, memory, event loop, heap), only when someone may read them.
    collectDefaultMetrics({ register: registry });
  }
  const expected = deps.token === null ? null : digest(deps.token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (expected === null) {
      return reply
        .code(404)
        .send(errorBody('no_such_endpoint', `No such endpoint: ${request.method} /metrics`));
    }
    const header = request.headers.authorization ?? '';
    const presented = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    // Compared as digests: equal lengths for timingSafeEqual, and nothing learnt from the time taken.
    if (!presented || !timingSafeEqual(digest(presented), expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new HttpError(401, 'invalid_token', 'A valid metrics token is required');
    }
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });

  return {
    bridgeEvent: (outcome, type) => bridgeEvents.inc({ type, outcome }),
  };
}

type Backlog = Awaited<ReturnType<typeof pendingBacklog>>;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
