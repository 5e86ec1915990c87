// buildApp: a Fastify instance with every module registered. main.ts listens with it; tests inject.
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyReply, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { stdSerializers } from 'pino';
import type { Config } from './config.ts';
import type { Secrets } from './data-dir.ts';
import type { Database } from './db/client.ts';
import type { LiveHub } from './live/hub.ts';
import { adminRoutes, rconTarget } from './modules/admin/routes.ts';
import { auctionRoutes } from './modules/auction/routes.ts';
import { discordLinkRoutes } from './modules/auth/discord-link-routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { sessionRoutes } from './modules/auth/session-routes.ts';
import { sessionAccessTokens } from './modules/auth/sessions.ts';
import { accessTokens } from './modules/auth/tokens.ts';
import { twoFactorRoutes } from './modules/auth/two-factor-routes.ts';
import { BridgeCredentials } from './modules/bridge/credentials.ts';
import { deliveriesRoutes } from './modules/bridge/deliveries.ts';
import { bridgePurchaseRoutes } from './modules/bridge/purchases.ts';
import { bridgeRoutes } from './modules/bridge/routes.ts';
import { configRoutes } from './modules/config/routes.ts';
import { docsRoutes } from './modules/docs/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { leaderboardRoutes } from './modules/leaderboard/routes.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { onlineRoutes } from './modules/online/routes.ts';
import { playersRoutes } from './modules/players/routes.ts';
import { linkPreviews } from './modules/previews/pages.ts';
import { punishmentPages } from './modules/previews/punishment-pages.ts';
import { previewsRoutes } from './modules/previews/routes.ts';
import { punishmentsRoutes } from './modules/punishments/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { socialRoutes } from './modules/social/routes.ts';
import { statusRoutes } from './modules/status/routes.ts';
import { openApiWebhooks } from './modules/webhooks/discord.ts';
import { registerAsyncApi } from './plugins/asyncapi.ts';
import { clientKey } from './plugins/client-address.ts';
import {
  errorBody,
  frameworkErrorCode,
  HttpError,
  redactUrl,
  registerErrorHandling,
} from './plugins/errors.ts';
import { FastLane, parseQuery } from './plugins/fast-lane.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { firstPageAnswer } from './plugins/page-meta.ts';
import { apiHeaders, registerSecurity, templateOrigin } from './plugins/security.ts';
import { registerSockets } from './plugins/sockets.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { RconClient } from './rcon/client.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  hub: LiveHub;
  secrets: Secrets;
  /** The process's logger (main.ts); tests pass none and get a quiet one. */
  loggerInstance?: FastifyBaseLogger;
}

/**
 * An error as the log writes it, without the values of a failed query: drizzle puts them in the
 * error's message ("params: ..."), and they may be secrets (a webhook's address) or a player's words.
 */
export function logError(err: unknown) {
  const out = stdSerializers.err(err as Error);
  if (!(err instanceof DrizzleQueryError)) return out;
  const { params: _, ...rest } = out as typeof out & { params?: unknown };
  const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '');
  return { ...rest, message: withoutParams(out.message), stack: withoutParams(out.stack) };
}

export function loggerOptions(level: string) {
  return {
    level,
    serializers: {
      err: logError,
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
    // @fastify/websocket logs the path, query string and all, of an upgrade to a route with no feed.
    redact: {
      paths: ['path'],
      censor: (value: unknown) => (typeof value === 'string' ? redactUrl(value) : value),
    },
  };
}

/**
 * Fastify's trustProxy for TRUST_PROXY: a hop count trusts that many proxies nearest the server
 * (hop 0 is the socket's peer), ranges trust those addresses. Never true (every hop). A hop count
 * is given as a function because Fastify 5 ignores a plain number here: trust would silently be off.
 */
function trustedProxies(trust: Config['trustProxy']) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

export async function buildApp(deps: AppDeps) {
  const { config, database, hub, secrets } = deps;
  const lane = new FastLane();
  const app = Fastify({
    ...(deps.loggerInstance ? { loggerInstance: deps.loggerInstance } : { logger: loggerOptions('silent') }),
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 256 * 1024,
    // Bound how long a slow client may hold a connection open.
    requestTimeout: 30_000,
    serverFactory: lane.serverFactory({ requestTimeout: 30_000, keepAliveTimeout: 72_000 }),
    // The lane reads query strings with the same parser, so both see the same query (fast-lane.ts).
    routerOptions: { querystringParser: parseQuery },
    // While closing, requests get our own 503 {detail} (below) rather than Fastify's body.
    return503OnClosing: false,
    // Errors Fastify raises before routing (a malformed URL) answer like every other error.
    // A request too malformed to parse as HTTP still gets a {detail} body.
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return;
      const overflow = (error as { code?: string }).code === 'HPE_HEADER_OVERFLOW';
      const body = JSON.stringify(
        overflow
          ? errorBody('headers_too_large', 'Request headers too large')
          : errorBody('bad_request', 'Bad request'),
      );
      const status = overflow ? '431 Request Header Fields Too Large' : '400 Bad Request';
      socket.end(
        `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
    frameworkErrors: (error, _request, reply) => {
      (reply as FastifyReply)
        .code(error.statusCode ?? 400)
        .send(errorBody(frameworkErrorCode(error), error.message));
    },
    // The game server posts every second: one line per request would drown everything else.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  // Connections past MAX_CONNECTIONS are closed as they arrive, before the process runs out of files.
  app.server.maxConnections = config.maxConnections;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('fastLane', lane);
  lane.shadow(app);
  registerErrorHandling(app);
  let closing = false;
  // Every request is logged at debug level, which only Fastify does: the lane stays shut then.
  const logsEveryRequest = app.log.level === 'debug' || app.log.level === 'trace';
  lane.open = !logsEveryRequest;
  app.addHook('preClose', async () => {
    closing = true;
    lane.open = false;
  });
  // The hooks are named: the fast lane accounts for each hook on its routes by name.
  app.addHook('onRequest', function refuseWhileClosing(_request, reply, done) {
    if (!closing) return done();
    reply.header('connection', 'close');
    done(new HttpError(503, 'server_restarting', 'The server is restarting. Please try again in a moment.'));
  });
  app.addHook('onResponse', function logResponse(request, reply, done) {
    if (reply.statusCode >= 500 || logsEveryRequest) {
      const entry = { method: request.method, url: redactUrl(request.url), statusCode: reply.statusCode };
      if (reply.statusCode >= 500) request.log.warn(entry, 'request answered with a server error');
      else request.log.debug(entry, 'request');
    }
    done();
  });
  registerSecurity(app, config);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimit, {
    global: false,
    // Per address unless a route counts per account; an IPv6 client counts by its /64.
    keyGenerator: (request) => clientKey(request.ip),
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        'rate_limited',
        `Too many requests. Try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
      ),
  });
  await registerOpenApi(app, { webhooks: openApiWebhooks() });
  registerAsyncApi(app, { socketsPerAddress: config.socketsPerAddress });
  // Staff commands' connection to the game server: the admin console's, whose state the metrics show.
  const rcon = new RconClient({ target: () => rconTarget(config, secrets) });
  const metrics = registerMetrics(app, { token: config.metricsToken, database, hub, lane, rcon });
  const sessionSockets = await registerSockets(app, database, config.socketsPerAddress);

  // The fast lane's answers carry the security headers of JSON answers, which it sends itself.
  const laneJsonHeaders = apiHeaders(config);

  await app.register(healthRoutes, { database });
  await app.register(configRoutes, { config });
  const tokens = sessionAccessTokens(database.db, accessTokens(secrets.jwtSecret));
  await app.register(authRoutes, { db: database.db, tokens });
  await app.register(sessionRoutes, { db: database.db, tokens });
  await app.register(twoFactorRoutes, { db: database.db, tokens });
  await app.register(discordLinkRoutes, { db: database.db, tokens, config });
  await app.register(docsRoutes, { db: database.db, hub, config, tokens, lane, headers: laneJsonHeaders });
  const bridgeCredentials = new BridgeCredentials(database.db, secrets.bridgeToken);
  await app.register(bridgeRoutes, {
    db: database.db,
    credentials: bridgeCredentials,
    onEvent: metrics.bridgeEvent,
    accounts: { staffRoles: config.bridgeStaffRoles },
  });
  await app.register(onlineRoutes, { db: database.db, hub, config });
  await app.register(leaderboardRoutes, { db: database.db, hub, config, lane, headers: laneJsonHeaders });
  await app.register(playersRoutes, { db: database.db, hub, config, tokens });
  await app.register(punishmentsRoutes, { db: database.db, config, tokens });
  await app.register(socialRoutes, { db: database.db, hub, config, tokens, sessionSockets });
  await app.register(notificationsRoutes, {
    db: database.db,
    tokens,
    keepDays: config.notificationsKeepDays,
  });
  await app.register(searchRoutes, { db: database.db, hub, perMinute: config.searchRateLimit });
  await app.register(statusRoutes, { db: database.db, hub });
  await app.register(auctionRoutes, {
    db: database.db,
    hub,
    tokens,
    listingsPerMinute: config.listingsRateLimit,
  });
  await app.register(deliveriesRoutes, { database, credentials: bridgeCredentials });
  await app.register(bridgePurchaseRoutes, { db: database.db, credentials: bridgeCredentials });
  await app.register(adminRoutes, { db: database.db, hub, tokens, config, secrets, rcon, sessionSockets });
  await app.register(previewsRoutes, { db: database.db, config });
  await registerWebApp(
    app,
    config.webDist,
    config.adminHosts,
    {
      resolve: firstPageAnswer(punishmentPages({ db: database.db }), linkPreviews({ db: database.db, hub })),
      publicUrl: config.publicUrl,
    },
    {
      avatars: templateOrigin(config.avatarUrl) ?? undefined,
      items: templateOrigin(config.assetBaseUrl) ?? undefined,
    },
    config.languages,
  );
  return app;
}
