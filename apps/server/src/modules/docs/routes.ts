import {
  createDocRequestSchema,
  DOC_CONTENT_MAX_BYTES,
  type Doc,
  deletedDocListSchema,
  docListSchema,
  docRevisionListSchema,
  docRevisionParamsSchema,
  docRevisionTextSchema,
  docSchema,
  docSlugParamsSchema,
  editDocRequestSchema,
  restoreRevisionRequestSchema,
} from '@prison/shared/docs';
import { errorSchema } from '@prison/shared/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bodyHeaders, encodeAhead, encodedBody, preferredEncoding } from '../../live/encoded-body.ts';
import type { LiveHub } from '../../live/hub.ts';
import { authenticate, requireStaff } from '../../plugins/authenticate.ts';
import { type FastLane, laneAnswer } from '../../plugins/fast-lane.ts';
import type { HeaderSet } from '../../plugins/security.ts';
import { closeUnavailable, sameSiteOrigin, upgradeRequired } from '../../plugins/sockets.ts';
import type { AccessTokens } from '../auth/tokens.ts';
import {
  createDoc,
  DOCS_INDEX_TOPIC,
  DOCS_TOPIC,
  deleteDoc,
  docHistory,
  docRevision,
  docsIndex,
  editDoc,
  listDeletedDocs,
  listDocs,
  restoreDoc,
  restoreRevision,
} from './service.ts';

/** Creates, edits, deletions and restores a minute, per account (not per address). */
export const DOC_WRITES_PER_MINUTE = 60;
const DOCS_REREAD_MS = 60_000;

const everyDoc = (list: Doc[]) => list;

/** Who may write docs (spec 6), as each staff route's summary says. */
const STAFF_ONLY = '(ADMIN, OWNER, WEB_ADMIN or DOCS_EDITOR)';
/** The {detail} answers of a route: the statuses given, and 503 when the database is down. */
const errors = (...statuses: (400 | 401 | 403 | 404 | 409 | 413 | 429)[]) =>
  Object.fromEntries([...statuses, 503].map((status) => [status, errorSchema]));

export const docsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  hub: LiveHub;
  config: Config;
  tokens: AccessTokens;
  lane: FastLane;
  /** The security headers of JSON answers, which the lane sends itself. */
  headers: HeaderSet;
}> = async (app, { db, hub, config, tokens, lane, headers }) => {
  const limits = config.docLimits;
  const limitsText =
    `The site keeps at most ${limits.maxDocs} docs (DOCS_MAX_COUNT, 409 past it) holding at most ` +
    `${limits.maxTotalBytes / 1024} KB of text together (DOCS_MAX_TOTAL_KB, 413 past it); every revision ` +
    `ever saved, deleted docs' included, at most ${limits.maxHistoryBytes / (1024 * 1024)} MB ` +
    '(DOCS_MAX_HISTORY_MB, 413 past it).';

  // Every reader gets the same snapshot's bytes, encoded once (live/encoded-body.ts), with no query
  // per request; the fast lane (plugins/fast-lane.ts) sends them once the snapshot is built, and the
  // route below whatever the lane leaves. Each snapshot is compressed as it is built, on zlib's thread
  // pool, so no request waits on it and a big list does not hold up the server meanwhile. Read again
  // every minute too, so that a doc changed in the database by hand shows up by itself; a list that
  // did not change keeps its snapshot, and its encodings.
  let published: Doc[] | null = null;
  hub.define(DOCS_TOPIC, async () => {
    const list = await listDocs(db);
    const unchanged =
      published !== null &&
      encodedBody(published, 0, 'identity', everyDoc).bytes.equals(
        encodedBody(list, 0, 'identity', everyDoc).bytes,
      );
    if (!unchanged) {
      await encodeAhead(list, 0, everyDoc);
      published = list;
    }
    return { value: published!, refreshInMs: DOCS_REREAD_MS };
  });
  hub.define(DOCS_INDEX_TOPIC, async () => ({ value: await docsIndex(db), refreshInMs: DOCS_REREAD_MS }));

  lane.get('/api/docs', (_query, request) => {
    const list = hub.peek(DOCS_TOPIC);
    if (!list) return null;
    const body = encodedBody(list, 0, preferredEncoding(request.headers['accept-encoding']), everyDoc);
    return laneAnswer(body, body.bytes, () => ({ ...headers, ...bodyHeaders(body) }));
  });

  app.get(
    '/api/docs',
    {
      // The body is already compressed: the site-wide compressor would redo it.
      compress: false,
      decompress: false,
      schema: {
        operationId: 'listDocs',
        tags: ['docs'],
        security: [],
        summary: 'Every doc, sorted by title (no sign-in needed)',
        description: 'Deleted docs are not listed: staff find them at GET /api/docs/deleted.',
        response: { 200: docListSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const list = await hub.current(DOCS_TOPIC);
      const body = encodedBody(list, 0, preferredEncoding(request.headers['accept-encoding']), everyDoc);
      reply.headers(bodyHeaders(body));
      // Bytes that already are the 200 schema's JSON: the untyped reply sends them as they are.
      return (reply as FastifyReply).send(body.bytes);
    },
  );

  app.route({
    method: 'GET',
    url: '/api/docs/ws',
    preValidation: sameSiteOrigin(config),
    schema: {
      operationId: 'docsSocket',
      tags: ['live', 'docs'],
      security: [],
      summary: "WebSocket: each doc's revision, live (no sign-in needed)",
      description:
        'Pushes {"docs": [{"slug", "revision"}...]} for every listed doc on connect and whenever a doc ' +
        'is created, edited, deleted or restored, at most once a second. A page whose list differs ' +
        'reads GET /api/docs again. Clients send nothing.',
      response: { 403: errorSchema, 426: errorSchema },
    },
    handler: upgradeRequired,
    wsHandler: (socket) => {
      hub.subscribe(DOCS_INDEX_TOPIC, socket).catch(() => closeUnavailable(socket));
    },
  });

  // Staff only, both checks before the body is read: a caller who may not write docs never has it
  // parsed (with STAFF_2FA=required, also a session past a second factor: modules/auth/staff.ts).
  // Writes are limited per account, so that one editor cannot flood the server from many addresses,
  // nor hold up the others behind one address.
  const staff = [authenticate(tokens), requireStaff(db, 'docs', config.staffTwoFactorRequired)];
  const writer = [
    ...staff,
    app.rateLimit({
      max: DOC_WRITES_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => request.auth!.uuid.toLowerCase(),
    }),
  ];
  // Room for 100 KB of content however JSON escapes it; the service answers 413 above 100 KB.
  const bodyLimit = DOC_CONTENT_MAX_BYTES * 6 + 4096;
  const actor = (request: FastifyRequest) => request.auth!.uuid;

  app.get(
    '/api/docs/deleted',
    {
      onRequest: staff,
      schema: {
        operationId: 'listDeletedDocs',
        tags: ['docs'],
        summary: `The deleted docs, most recently deleted first ${STAFF_ONLY}`,
        description: 'Each can be put back with POST /api/docs/{slug}/restore.',
        security: [{ playerToken: [] }],
        response: { 200: deletedDocListSchema, ...errors(401, 403) },
      },
    },
    async () => listDeletedDocs(db),
  );

  app.post(
    '/api/docs',
    {
      onRequest: writer,
      bodyLimit,
      schema: {
        operationId: 'createDoc',
        tags: ['docs'],
        summary: `Create a doc; its slug comes from the title ${STAFF_ONLY}`,
        description: `It is the doc's revision 1. ${limitsText} At most ${DOC_WRITES_PER_MINUTE} writes a minute per account.`,
        security: [{ playerToken: [] }],
        body: createDocRequestSchema,
        response: { 201: docSchema, ...errors(400, 401, 403, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const doc = await createDoc(db, request.body, actor(request), limits);
      return reply.code(201).send(doc);
    },
  );

  app.put(
    '/api/docs/:slug',
    {
      onRequest: writer,
      bodyLimit,
      schema: {
        operationId: 'updateDoc',
        tags: ['docs'],
        summary: `Edit a doc's title and content; its slug stays ${STAFF_ONLY}`,
        description:
          'Answers the doc with its new revision. `revision` is the one the edit started from: if the ' +
          'doc was saved since, the answer is 409 and nothing changes. An edit that changes nothing ' +
          `makes no new revision. ${limitsText} At most ${DOC_WRITES_PER_MINUTE} writes a minute per account.`,
        security: [{ playerToken: [] }],
        params: docSlugParamsSchema,
        body: editDocRequestSchema,
        response: { 200: docSchema, ...errors(400, 401, 403, 404, 409, 413, 429) },
      },
    },
    async (request) => {
      const doc = await editDoc(db, request.params.slug, request.body, actor(request), limits);
      return doc;
    },
  );

  app.delete(
    '/api/docs/:slug',
    {
      onRequest: writer,
      schema: {
        operationId: 'deleteDoc',
        tags: ['docs'],
        summary: `Delete a doc: it leaves the list, and staff can restore it ${STAFF_ONLY}`,
        security: [{ playerToken: [] }],
        params: docSlugParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await deleteDoc(db, request.params.slug, actor(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/docs/:slug/restore',
    {
      onRequest: writer,
      schema: {
        operationId: 'restoreDoc',
        tags: ['docs'],
        summary: `Put a deleted doc back in the list, as it was ${STAFF_ONLY}`,
        description: `409 if the doc is not deleted. ${limitsText}`,
        security: [{ playerToken: [] }],
        params: docSlugParamsSchema,
        response: { 200: docSchema, ...errors(400, 401, 403, 404, 409, 413, 429) },
      },
    },
    async (request) => {
      const doc = await restoreDoc(db, request.params.slug, actor(request), limits);
      return doc;
    },
  );

  app.get(
    '/api/docs/:slug/revisions',
    {
      onRequest: staff,
      schema: {
        operationId: 'listDocRevisions',
        tags: ['docs'],
        summary: `Every revision of a doc, newest first ${STAFF_ONLY}`,
        description: "Each revision's text is at GET /api/docs/{slug}/revisions/{n}.",
        security: [{ playerToken: [] }],
        params: docSlugParamsSchema,
        response: { 200: docRevisionListSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => docHistory(db, request.params.slug),
  );

  app.get(
    '/api/docs/:slug/revisions/:n',
    {
      onRequest: staff,
      schema: {
        operationId: 'getDocRevision',
        tags: ['docs'],
        summary: `One revision of a doc, with its text ${STAFF_ONLY}`,
        security: [{ playerToken: [] }],
        params: docRevisionParamsSchema,
        response: { 200: docRevisionTextSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => docRevision(db, request.params.slug, request.params.n),
  );

  app.post(
    '/api/docs/:slug/revisions/:n/restore',
    {
      onRequest: writer,
      schema: {
        operationId: 'restoreDocRevision',
        tags: ['docs'],
        summary: `Save an old revision's title and text as the doc's new revision ${STAFF_ONLY}`,
        description:
          '`revision` is the current revision as the page showed it: if the doc was saved since, the ' +
          `answer is 409 and nothing changes. ${limitsText}`,
        security: [{ playerToken: [] }],
        params: docRevisionParamsSchema,
        body: restoreRevisionRequestSchema,
        response: { 200: docSchema, ...errors(400, 401, 403, 404, 409, 413, 429) },
      },
    },
    async (request) => {
      const { slug, n } = request.params;
      const doc = await restoreRevision(db, slug, n, request.body.revision, actor(request), limits);
      return doc;
    },
  );
};
