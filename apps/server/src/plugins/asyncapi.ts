// The AsyncAPI 3 document at /api/asyncapi.json: every WebSocket the site serves, generated from the
// shared zod schemas the server types those messages with (DESIGN.md section 9), as the OpenAPI
// document is from the routes'. What each socket sends is in asyncapi-sockets.ts; its address,
// query and prose come from the route as registered, so the document follows the code.
import { RECONNECT_BASE_MS, RECONNECT_MAX_MS } from '@prison/shared/reconnect';
import {
  CLOSE_CODES,
  MAX_CLIENT_MESSAGE_BYTES,
  PING_INTERVAL_MS,
  UNAVAILABLE_REASON,
} from '@prison/shared/sockets';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import {
  NAMED_SCHEMAS,
  SOCKET_CHANNELS,
  type SocketChannel,
  type SocketCloseCode,
  type SocketSecurity,
} from './asyncapi-sockets.ts';
import { isSameSiteOriginCheck } from './sockets.ts';

/** A socket route as registered: its url and schema (zod), and whether it checks the Origin. */
interface SocketRoute {
  url: string;
  schema: FastifySchema | undefined;
  sameSiteOnly: boolean;
}

const socketRoutes = new WeakMap<FastifyInstance, Map<string, SocketRoute>>();

/** The url of every socket route `app` registered after registerAsyncApi (asyncapi.test.ts). */
export function socketRoutesOf(app: FastifyInstance): string[] {
  return [...(socketRoutes.get(app)?.keys() ?? [])];
}

/**
 * Serves GET /api/asyncapi.json. Register it before the routes: it notes each socket route as it
 * is declared, for the address, query and prose of its channel.
 */
export function registerAsyncApi(app: FastifyInstance, options: { socketsPerAddress: number }): void {
  const routes = new Map<string, SocketRoute>();
  socketRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    const isSocket = route.wsHandler !== undefined || route.websocket === true;
    if (isSocket && [route.method].flat().includes('GET')) {
      const sameSiteOnly = [route.preValidation].flat().some(isSameSiteOriginCheck);
      routes.set(route.url, { url: route.url, schema: route.schema, sameSiteOnly });
    }
  });
  // Every route is declared by the first request: the document is built then, once.
  let document: AsyncApiDocument | null = null;
  app.get('/api/asyncapi.json', { schema: { hide: true } }, async (request) => {
    document ??= asyncApiDocument(routes, options.socketsPerAddress);
    return { ...document, servers: serversFor(request) };
  });
}

type Json = Record<string, unknown>;
type AsyncApiDocument = Json & { servers?: Json };

const SCHEMAS = '#/components/schemas/';

/**
 * This site, as the request reached it: its host (request.host honours TRUST_PROXY), and wss when
 * it came over https.
 */
function serversFor(request: FastifyRequest): Json {
  return {
    site: {
      host: request.host,
      protocol: request.protocol === 'https' ? 'wss' : 'ws',
      title: 'This site',
      description: 'The site that served this document, at the same host and over the same scheme.',
    },
  };
}

/** The close codes every socket may end with. */
function commonCloseCodes(): SocketCloseCode[] {
  return [
    {
      code: 1005,
      meaning:
        'The server is shutting down or restarting (the close frame carries no code, which clients ' +
        'report as 1005): connect again',
    },
    {
      code: 1006,
      meaning:
        'The site dropped the connection without a close frame: the client did not answer a ping ' +
        `within ${PING_INTERVAL_MS / 1000} seconds, or read so slowly that what waited for it passed ` +
        "the socket's buffer limit. Connect again",
    },
    {
      code: CLOSE_CODES.messageTooBig,
      meaning: `The client sent a message larger than ${MAX_CLIENT_MESSAGE_BYTES} bytes (clients send nothing)`,
    },
    {
      code: CLOSE_CODES.unavailable,
      reasons: [UNAVAILABLE_REASON],
      meaning: 'The feed could not start: the database cannot be reached. Connect again a little later',
    },
  ];
}

/** What the handshake may be refused with: what the route declares, and what its hooks answer. */
function handshakeStatuses(
  channel: SocketChannel,
  route: SocketRoute,
  socketsPerAddress: number,
): Record<string, string> {
  const meanings: Record<number, string> = {
    400: 'the address or its query is not valid',
    401: 'the bearer token is missing or wrong',
    403: "the handshake's Origin is not one of the site's own pages",
    426: 'the request is not a WebSocket handshake',
    429: `the address already holds ${socketsPerAddress} open sockets (SOCKETS_PER_ADDRESS), all feeds together`,
    503: 'the server is restarting',
  };
  const declared = Object.keys((route.schema?.response as object | undefined) ?? {}).map(Number);
  const hooks = [
    ...(route.schema?.querystring || route.schema?.params ? [400] : []),
    ...(channel.security === 'bridgeToken' ? [401] : []),
    ...(route.sameSiteOnly ? [403] : []),
    426,
    429,
    503,
  ];
  const statuses = [...new Set([...declared, ...hooks])].filter((s) => s >= 400).sort((a, b) => a - b);
  return Object.fromEntries(statuses.map((status) => [String(status), meanings[status] ?? 'refused']));
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A zod schema as the JSON Schema (draft-07, which AsyncAPI's own schemas extend) of the input. */
function inputSchema(schema: unknown): Json | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    target: 'draft-07',
    io: 'input',
    unrepresentable: 'any',
  });
  return json;
}

function channelOf(channel: SocketChannel, route: SocketRoute, socketsPerAddress: number): Json {
  const schema = route.schema as (FastifySchema & { description?: string }) | undefined;
  const query = inputSchema(schema?.querystring);
  const headers = channel.headers && {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(channel.headers).map(([name, h]) => [
        name,
        { type: 'string', description: h.description, pattern: h.pattern },
      ]),
    ),
    required: Object.keys(channel.headers),
  };
  const params = inputSchema(schema?.params) as
    | { properties?: Record<string, { description?: string }> }
    | undefined;
  const parameters =
    params?.properties &&
    Object.fromEntries(
      Object.entries(params.properties).map(([name, p]) => [
        name,
        {
          description: p.description ?? name,
          ...(channel.parameterExamples?.[name] ? { examples: [channel.parameterExamples[name]] } : {}),
        },
      ]),
    );
  const closeCodes = [...(channel.closeCodes ?? []), ...commonCloseCodes()].sort((a, b) => a.code - b.code);
  const refusals = handshakeStatuses(channel, route, socketsPerAddress);
  const description = [
    schema?.description ?? '',
    route.sameSiteOnly
      ? "Browsers may connect only from the site's own pages (the handshake's Origin); clients that send no Origin may connect from anywhere."
      : 'No Origin check: the game server connects from anywhere with its token.',
    `A socket that falls ${channel.bufferedBytesLimit / (1 << 20)} MiB behind is dropped.`,
    `The handshake is refused with ${Object.entries(refusals)
      .map(([status, why]) => `${status} when ${why}`)
      .join('; ')}, each with the site's JSON error body.`,
    `Close codes: ${closeCodes
      .map(
        (c) => `${c.code}${c.reasons ? ` (${c.reasons.map((r) => `"${r}"`).join(', ')})` : ''}: ${c.meaning}`,
      )
      .join('. ')}.`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    address: route.url.replace(/:(\w+)/g, '{$1}'),
    title: channel.title,
    description,
    messages: Object.fromEntries(
      channel.messages.map((m) => [m.name, { $ref: `#/components/messages/${m.name}` }]),
    ),
    ...(parameters ? { parameters } : {}),
    bindings: {
      ws: {
        method: 'GET',
        ...(query ? { query } : {}),
        ...(headers ? { headers } : {}),
        bindingVersion: '0.1.0',
      },
    },
    'x-close-codes': closeCodes,
    'x-handshake-refusals': refusals,
    'x-max-buffered-bytes': channel.bufferedBytesLimit,
  };
}

/**
 * The metadata zod reads while converting: the shared schemas' own (descriptions), with the ids of
 * this document only, so a schema gets a component name here and nowhere else by accident.
 */
class ComponentNames extends z.core.$ZodRegistry<{ id: string }> {
  override get<S extends z.core.$ZodType>(schema: S) {
    const own = super.get(schema);
    const { id: _, ...shared } = z.globalRegistry.get(schema) ?? {};
    const merged = { ...shared, ...own };
    return (Object.keys(merged).length > 0 ? merged : undefined) as ReturnType<
      z.core.$ZodRegistry<{ id: string }>['get']
    >;
  }
}

/** Every message's payload and the schemas they share, as JSON Schema under components.schemas. */
function componentSchemas(): Json {
  const names = new ComponentNames();
  for (const channel of SOCKET_CHANNELS)
    for (const m of channel.messages) names.add(m.schema, { id: m.name });
  for (const [name, schema] of NAMED_SCHEMAS) names.add(schema, { id: name });
  const { schemas } = z.toJSONSchema(names, {
    metadata: names,
    target: 'draft-07',
    io: 'output',
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    uri: (id) => `${SCHEMAS}${id}`,
    // zod marks every object closed (additionalProperties: false). The site may add fields to a
    // message later; clients ignore the ones they do not know, so the document leaves objects open.
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'object' && jsonSchema.additionalProperties === false) {
        delete jsonSchema.additionalProperties;
      }
    },
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([name, { $schema: _, $id: __, ...json }]) => [name, json]),
  );
}

const SECURITY_SCHEMES: Record<SocketSecurity, Json> = {
  bridgeToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      "A game server's credential (its own, or BRIDGE_TOKEN), in the handshake's Authorization header",
  },
  playerTokenInQuery: {
    type: 'httpApiKey',
    in: 'query',
    name: 'token',
    description:
      "A player's access token (from signing in or refreshing) in the query string, since browsers " +
      'cannot set a header on a WebSocket. A missing or invalid one is not refused at the handshake: ' +
      `the socket opens, then closes with ${CLOSE_CODES.sessionExpired}.`,
  },
};

function asyncApiDocument(routes: Map<string, SocketRoute>, socketsPerAddress: number): AsyncApiDocument {
  const channels: Json = {};
  const operations: Json = {};
  const messages: Json = {};
  for (const channel of SOCKET_CHANNELS) {
    const route = routes.get(channel.url);
    if (!route) continue; // asyncapi.test.ts says which.
    channels[channel.id] = channelOf(channel, route, socketsPerAddress);
    operations[`send${capitalised(channel.id)}`] = {
      action: 'send',
      channel: { $ref: `#/channels/${channel.id}` },
      title: `Send ${channel.title.charAt(0).toLowerCase()}${channel.title.slice(1)}`,
      summary: capitalised(
        (route.schema as { summary?: string } | undefined)?.summary?.replace(/^WebSocket: /, '') ??
          channel.title,
      ),
      messages: channel.messages.map((m) => ({ $ref: `#/channels/${channel.id}/messages/${m.name}` })),
      ...(channel.security
        ? { security: [{ $ref: `#/components/securitySchemes/${channel.security}` }] }
        : {}),
    };
    for (const m of channel.messages) {
      messages[m.name] = {
        name: m.name,
        title: m.title,
        summary: m.summary,
        contentType: 'application/json',
        payload: { $ref: `${SCHEMAS}${m.name}` },
        examples: m.examples,
      };
    }
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Prison community site sockets',
      version: '1.0.0',
      description: [
        'The WebSockets of the community site: the socket on which the game server receives the ' +
          "auction's deliveries, and the live feeds of the site's pages. The HTTP API is described " +
          'by the OpenAPI document at /api/openapi.json.',
        'Every socket only sends: one JSON text frame per message, the first ones on connect, then ' +
          'one whenever what it follows changes. Clients send nothing (a message larger than ' +
          `${MAX_CLIENT_MESSAGE_BYTES} bytes closes the socket with ${CLOSE_CODES.messageTooBig}); ` +
          'a message may gain fields later, which clients ignore.',
        `The site pings every socket every ${PING_INTERVAL_MS / 1000} seconds; a socket that has not ` +
          'answered one ping by the next is dropped. WebSocket libraries answer pings on their own.',
        `The site's pages reconnect after ${RECONNECT_BASE_MS / 1000} second, doubling up to ` +
          `${RECONNECT_MAX_MS / 1000} seconds; other clients should wait as long.`,
      ].join('\n\n'),
    },
    defaultContentType: 'application/json',
    channels,
    operations,
    components: { schemas: componentSchemas(), messages, securitySchemes: SECURITY_SCHEMES },
    'x-ping-interval-ms': PING_INTERVAL_MS,
    'x-max-client-message-bytes': MAX_CLIENT_MESSAGE_BYTES,
  };
}
