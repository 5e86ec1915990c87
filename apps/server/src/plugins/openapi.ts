// The OpenAPI document at /api/openapi.json, built from the routes' zod schemas, and a browsable
// reference at /api/reference. It is the contract a stranger writes a client or a game plugin from:
// every operation names itself (operationId), says how it is authorised (`security`, [] for a public
// one) and answers with named schemas (zod's registry: a schema given an `id` with `.meta()` is a
// component, referenced with $ref) that carry examples. Redocly's recommended rules check it in
// `npm test` (openapi-document.test.ts, redocly.yaml).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ApiError, ErrorCode } from '@prison/shared/errors';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransformObject, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/** How a caller proves who it is, by the names the operations' `security` uses. */
export const SECURITY_SCHEMES = {
  playerToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      "A player's access token, from POST /api/auth/player-login: `Authorization: Bearer <token>`. It " +
      'lasts 15 minutes; POST /api/auth/refresh trades the refresh token for a new pair.',
  },
  playerTokenInQuery: {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description:
      "A player's access token as the `token` query parameter, for a WebSocket (a browser cannot set " +
      'headers on one).',
  },
  bridgeToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      "A game server's credential: the site's BRIDGE_TOKEN, or a token an owner made for that game " +
      'server (`npm run bridge -- create`, or the admin console), until it is revoked: ' +
      '`Authorization: Bearer <token>`. It reaches /api/bridge only.',
  },
} as const;

const TAGS = [
  { name: 'health', description: 'Liveness and readiness, for load balancers and orchestrators.' },
  { name: 'site', description: 'The configuration the web app starts from.' },
  { name: 'auth', description: 'Signing in with an in-game account, sessions and two-factor sign-in.' },
  { name: 'players', description: 'Player pages, statistics, activity and privacy.' },
  { name: 'social', description: 'Gangs, friends and presence.' },
  { name: 'leaderboard', description: 'The ranked players.' },
  { name: 'search', description: 'Players and gangs by name.' },
  { name: 'status', description: "The game server's status and health figures." },
  { name: 'auction', description: 'The auction house: categories, listings and purchases.' },
  { name: 'docs', description: 'The editable documentation.' },
  {
    name: 'punishments',
    description: 'Bans, mutes, warnings and kicks in public (never silent ones, addresses or staff notes).',
  },
  {
    name: 'notifications',
    description: "What happened to the signed-in player: the bell's list and its kinds.",
  },
  { name: 'admin', description: 'The admin console (staff roles).' },
  {
    name: 'bridge',
    description:
      'What the game server (its plugin) sends and receives: events in batches, deliveries of purchases.',
  },
  { name: 'live', description: 'WebSockets that push changes as they happen.' },
];

// What an answer's status means, where its schema does not say more.
const STATUS_MEANING: Record<string, string> = {
  '200': 'Done: the answer',
  '201': 'Created',
  '204': 'Done: no content',
  '304': 'Not modified: the copy the request named (If-None-Match) is current',
  '400': 'The request is invalid: `detail` says why, `code` names it',
  '401': 'No valid credential: sign in (or send the right token) and try again',
  '403': 'The credential is valid but not allowed to do this',
  '404': 'No such thing',
  '409': 'The state of things does not allow it (taken, changed, already done)',
  '413': 'Too large',
  '426': 'This address is a WebSocket: connect with an Upgrade request',
  '429': 'Too many requests: wait and try again',
  '503': 'A dependency (the database, the game server) cannot answer now: try again later',
};

/**
 * An error answer's example: the code a request of this status most often gets from operations of
 * this tag (every code is listed in the error schema, and `detail` may be reworded at any time).
 */
function errorExample(status: string, tags: readonly string[]): ApiError | undefined {
  const tag = tags[0] ?? '';
  const example = (code: ErrorCode, detail: string): ApiError => ({ detail, code });
  switch (status) {
    case '400':
      return example('invalid_request', 'Invalid body: qty: Too small: expected number to be >=1');
    case '401':
      return tag === 'bridge'
        ? example('invalid_token', 'A valid bridge token is required')
        : example('not_signed_in', 'Not signed in');
    case '403':
      if (tag === 'players')
        return example('statistics_private', 'This player keeps their statistics private');
      if (tag === 'auction') return example('cannot_buy_own_listing', 'You cannot buy your own listing');
      return example('not_permitted', 'You do not have permission to do that');
    case '404':
      if (tag === 'social') return example('unknown_gang', 'No such gang');
      if (tag === 'docs') return example('unknown_doc', 'No such doc');
      if (tag === 'auction') return example('unknown_listing', 'No such listing');
      if (tag === 'auth') return example('unknown_session', 'No such session');
      if (tag === 'punishments') return example('unknown_punishment', 'No such punishment');
      return example('unknown_player', 'No such player');
    case '409':
      if (tag === 'docs') return example('doc_changed', 'The doc was changed since you opened it');
      if (tag === 'auction') return example('not_enough_left', 'Only 2 left');
      return example('two_factor_already_on', 'Two-factor sign-in is already on.');
    case '426':
      return example('websocket_required', 'This address is a WebSocket feed: connect with ws:// or wss://');
    case '413':
      return example('body_too_large', 'The body is larger than this endpoint accepts');
    case '429':
      return example('rate_limited', 'Too many requests: try again in 30 seconds');
    case '503':
      return example('database_unavailable', 'The database is unavailable: try again shortly');
    default:
      return undefined;
  }
}

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The body as the document shows it, where the route reads it more loosely to check it itself
     * (the bridge's batch: each event is checked on its own, to name a bad one by its index).
     */
    documentedBody?: ZodType;
  }
}

/**
 * The document, and its `webhooks`: the requests the site itself makes to addresses it is given
 * (OpenAPI 3.1's outgoing calls), which no route describes.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  { webhooks }: { webhooks?: Record<string, unknown> } = {},
): Promise<void> {
  const components = createJsonSchemaTransformObject({});
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Prison community site API',
        description:
          'The API of the community site: public data, the player area, the admin console, and the bridge ' +
          'through which the game server reports what happens in game and receives deliveries. Errors ' +
          'answer `{detail, code}`: `detail` a sentence for people, `code` a stable name for programs. ' +
          'The WebSockets are described in the AsyncAPI document at /api/asyncapi.json. Answers may gain ' +
          'fields over time: a client ignores the ones it does not know.',
        version: '1.0.0',
        license: { name: 'Proprietary: the server owner’s own site', identifier: 'LicenseRef-Proprietary' },
      },
      // Relative: the site that served this document (its address is the server owner's own).
      servers: [{ url: '/', description: 'The site that serves this document' }],
      tags: TAGS,
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: (route) => {
      if (!route.schema?.documentedBody) return jsonSchemaTransform(route);
      const { documentedBody, ...schema } = route.schema;
      return jsonSchemaTransform({ ...route, schema: { ...schema, body: documentedBody } });
    },
    transformObject: (document) => ({
      ...finished(components(document) as OpenApiDocument),
      ...(webhooks && { webhooks }),
    }),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/reference',
    staticCSP: true,
    // Its own policy would upgrade every request to https and break the page on plain http.
    transformStaticCSP: (header) =>
      header
        .replace(/upgrade-insecure-requests;?\s*/, '')
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

type Json = Record<string, unknown>;
interface OpenApiDocument extends Json {
  paths: Record<string, Record<string, Json>>;
  components: Json & { schemas?: Record<string, Json> };
}

const SCHEMA_REF = '#/components/schemas/';

/**
 * The document as a reader wants it. The zod registry gives every named schema twice, as read
 * (`NameInput`) and as answered (`Name`): where both are the same JSON, or the schema is only read,
 * it is `Name`. Components no operation reaches are left out. Each answer gets a description of
 * what its status means, and the first example of its schema as the media type's own (so that
 * Redocly checks it against the schema).
 */
function finished(document: OpenApiDocument): OpenApiDocument {
  const schemas = document.components.schemas ?? {};
  // A schema read and answered alike is one component; one only read loses the suffix.
  const alias = new Map<string, string>();
  const firstReached = reachedFrom(document.paths, schemas);
  for (const name of firstReached) {
    if (!name.endsWith('Input')) continue;
    const base = name.slice(0, -'Input'.length);
    const same = JSON.stringify(schemas[base]) === JSON.stringify(schemas[name]);
    if (same || !firstReached.has(base)) alias.set(name, base);
  }
  const renamed = JSON.parse(
    JSON.stringify({
      paths: document.paths,
      schemas: Object.fromEntries(
        [...firstReached].map((name) => [alias.get(name) ?? name, schemas[name] as Json]),
      ),
    }),
    (_key, value: unknown) =>
      typeof value === 'string' && value.startsWith(SCHEMA_REF) && alias.has(value.slice(SCHEMA_REF.length))
        ? SCHEMA_REF + alias.get(value.slice(SCHEMA_REF.length))
        : value,
  ) as { paths: OpenApiDocument['paths']; schemas: Record<string, Json> };
  const reached = reachedFrom(renamed.paths, renamed.schemas);
  mapDiscriminators(renamed.schemas);
  // Objects stay open: an answer may gain fields (a client ignores those it does not know), and a
  // request's unknown fields are dropped, not refused.
  openObjects(renamed);
  // zod leaves out the examples of a schema read through a transform (money read exactly): they are
  // the registry's, as written.
  for (const name of reached) {
    const schema = renamed.schemas[name];
    const registered = z.globalRegistry._idmap.get(name);
    const examples = registered && z.globalRegistry.get(registered)?.examples;
    if (schema && schema.examples === undefined && Array.isArray(examples)) schema.examples = examples;
  }

  for (const operations of Object.values(renamed.paths)) {
    for (const operation of Object.values(operations)) {
      const responses = (operation.responses ?? {}) as Record<string, Json>;
      // A WebSocket (it refuses a plain GET with 426) opens with 101.
      if (responses['426'] && !responses['101']) {
        operation.responses = {
          '101': {
            description: 'Switching Protocols: the WebSocket is open (its messages: /api/asyncapi.json)',
          },
          ...responses,
        };
      }
      for (const [status, response] of Object.entries(responses)) {
        if (response.description === 'Default Response') {
          response.description = STATUS_MEANING[status] ?? 'The answer';
        }
        const content = response.content as Record<string, Json> | undefined;
        for (const media of Object.values(content ?? {})) {
          // The plain error answer gets the example of its status; any other, its schema's.
          const example =
            (media.schema as Json | undefined)?.$ref === `${SCHEMA_REF}Error`
              ? errorExample(status, (operation.tags as string[] | undefined) ?? [])
              : exampleOf(media.schema as Json | undefined, renamed.schemas);
          if (example !== undefined && media.example === undefined) media.example = example;
        }
      }
    }
  }
  return {
    ...document,
    paths: renamed.paths,
    components: {
      ...document.components,
      schemas: Object.fromEntries(Object.entries(renamed.schemas).filter(([name]) => reached.has(name))),
    },
  };
}

/** Removes `additionalProperties: false` from every schema of the document. */
function openObjects(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) openObjects(item);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const object = value as Json;
  if (object.additionalProperties === false) delete object.additionalProperties;
  for (const child of Object.values(object)) openObjects(child);
}

/** The components `paths` reach, through each other too. */
function reachedFrom(paths: unknown, schemas: Record<string, Json>): Set<string> {
  const reached = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_REF)) {
        const name = child.slice(SCHEMA_REF.length);
        if (!reached.has(name)) {
          reached.add(name);
          visit(schemas[name]);
        }
      } else visit(child);
    }
  };
  visit(paths);
  return reached;
}

/** The first example of `schema`, of the component it refers to, or of its first alternative that has one. */
function exampleOf(schema: Json | undefined, schemas: Record<string, Json>): unknown {
  if (!schema) return undefined;
  const named = typeof schema.$ref === 'string' ? schemas[schema.$ref.slice(SCHEMA_REF.length)] : schema;
  const examples = named?.examples;
  if (Array.isArray(examples)) return examples[0];
  const alternatives = (named?.anyOf ?? named?.oneOf) as Json[] | undefined;
  for (const alternative of alternatives ?? []) {
    const example = exampleOf(alternative, schemas);
    if (example !== undefined) return example;
  }
  return undefined;
}

/**
 * A discriminator's mapping from each value of its property to the component that has it (the
 * property's `const`), where the schema leaves it out: a value such as `player.join` is no name of a
 * component, so a reader cannot find the schema without it.
 */
function mapDiscriminators(schemas: Record<string, Json>): void {
  for (const schema of Object.values(schemas)) {
    const discriminator = schema.discriminator as { propertyName: string; mapping?: Record<string, string> };
    if (!discriminator || discriminator.mapping || !Array.isArray(schema.oneOf)) continue;
    const mapping: Record<string, string> = {};
    for (const branch of schema.oneOf as Json[]) {
      const ref = branch.$ref as string;
      const property = (
        schemas[ref.slice(SCHEMA_REF.length)]?.properties as Record<string, Json> | undefined
      )?.[discriminator.propertyName];
      if (typeof property?.const === 'string') mapping[property.const] = ref;
    }
    discriminator.mapping = mapping;
  }
}
