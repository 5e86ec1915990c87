import {
  createDocRequestSchema,
  DOC_CONTENT_MAX_BYTES,
  type Doc,
  docListSchema,
  docSchema,
} from '@prison/shared/docs';
import { errorSchema } from '@prison/shared/errors';
import { canEditDocs } from '@prison/shared/roles';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { bodyHeaders, encodedBody, preferredEncoding } from '../../live/encoded-body.ts';
import type { LiveHub } from '../../live/hub.ts';
import { authenticate, requireRoles } from '../../plugins/authenticate.ts';
import { type FastLane, laneAnswer } from '../../plugins/fast-lane.ts';
import type { HeaderSet } from '../../plugins/security.ts';
import type { AccessTokens } from '../auth/tokens.ts';
import { createDoc, DOCS_TOPIC, listDocs } from './service.ts';

export const DOC_CREATES_PER_MINUTE = 60;
const DOCS_REREAD_MS = 60_000;

const everyDoc = (list: Doc[]) => list;

export const docsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  hub: LiveHub;
  tokens: AccessTokens;
  lane: FastLane;
  /** The security headers of JSON answers, which the lane sends itself. */
  headers: HeaderSet;
}> = async (app, { db, hub, tokens, lane, headers }) => {
  // Docs change only when one is created: every reader gets the same snapshot's bytes, encoded once
  // (live/encoded-body.ts), with no query per request; the fast lane (plugins/fast-lane.ts) sends
  // them once the snapshot is built, and the route below whatever the lane leaves.
  // Read again every minute too, so that a doc changed in the database by hand shows up by itself.
  hub.define(DOCS_TOPIC, async () => ({ value: await listDocs(db), refreshInMs: DOCS_REREAD_MS }));
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
        tags: ['docs'],
        summary: 'Every doc, sorted by title (no sign-in needed)',
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

  app.post(
    '/api/docs',
    {
      // Both checks run before the body is read: a caller who may not write docs never has it parsed.
      onRequest: [authenticate(tokens), requireRoles(db, canEditDocs)],
      // Room for 100 KB of content however JSON escapes it; the service answers 413 above 100 KB.
      bodyLimit: DOC_CONTENT_MAX_BYTES * 6 + 4096,
      config: { rateLimit: { max: DOC_CREATES_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ['docs'],
        summary: 'Create a doc; its slug comes from the title (ADMIN, OWNER, WEB_ADMIN or DOCS_EDITOR)',
        security: [{ bearer: [] }],
        body: createDocRequestSchema,
        response: {
          201: docSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          409: errorSchema,
          413: errorSchema,
          429: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const doc = await createDoc(db, request.body, request.auth!.uuid);
      // This process's readers see the new doc as soon as its author does; the others within a
      // moment, when the NOTIFY arrives.
      await hub.refresh(DOCS_TOPIC);
      return reply.code(201).send(doc);
    },
  );
};
