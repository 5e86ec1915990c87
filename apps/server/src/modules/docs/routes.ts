import { createDocRequestSchema, DOC_CONTENT_MAX_BYTES, docListSchema, docSchema } from '@prison/shared/docs';
import { errorSchema } from '@prison/shared/errors';
import { canEditDocs } from '@prison/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { authenticate, requireRoles } from '../../plugins/authenticate.ts';
import type { AccessTokens } from '../auth/tokens.ts';
import { createDoc, listDocs } from './service.ts';

export const DOC_CREATES_PER_MINUTE = 60;

export const docsRoutes: FastifyPluginAsyncZod<{ db: Db; tokens: AccessTokens }> = async (
  app,
  { db, tokens },
) => {
  app.get(
    '/api/docs',
    {
      schema: {
        tags: ['docs'],
        summary: 'Every doc, sorted by title (no sign-in needed)',
        response: { 200: docListSchema, 503: errorSchema },
      },
    },
    async () => listDocs(db),
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
    async (request, reply) => reply.code(201).send(await createDoc(db, request.body, request.auth!.uuid)),
  );
};
