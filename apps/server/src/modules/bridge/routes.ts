import { createHash, timingSafeEqual } from 'node:crypto';
import {
  bridgeBatchErrorSchema,
  bridgeBatchResultSchema,
  bridgeBatchSchema,
  documentedBridgeBatchSchema,
} from '@prison/shared/bridge';
import { errorSchema } from '@prison/shared/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { unauthenticated } from '../../errors.ts';
import type { GameAccountPolicy } from '../auth/game-accounts.ts';
import { parseBridgeBody } from './json.ts';
import { applyBatch, type EventOutcomeListener } from './service.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Checks `Authorization: Bearer BRIDGE_TOKEN` in constant time. */
export function bridgeAuth(token: string) {
  const expected = digest(token);
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const presented = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!presented || !timingSafeEqual(digest(presented), expected)) {
      throw unauthenticated('invalid_token', 'A valid bridge token is required');
    }
  };
}

/**
 * The largest body a valid batch needs, with room to spare. The largest event the schema allows is
 * a player.stats with 200 statistics to add and 200 to set (64-character names, 24-character
 * numbers such as -2.2250738585072014e-308): 37,069 bytes written compactly, with an id of 64
 * characters that all need escaping and a 40-character `at`. Next come an activity with 4000
 * characters of text, 24,394 bytes when every character is written as a \uXXXX escape, and an
 * auction.listed, under 3 KB. So 500 events take at most 500 x 37,069 = 18.5 MB; 24 MiB leaves
 * about 35% for indentation and other whitespace. (Only the bridge token gets this far: the token
 * is checked before the body is read.)
 */
export const BRIDGE_BODY_LIMIT = 24 * 1024 * 1024;

export const bridgeRoutes: FastifyPluginAsyncZod<{
  db: Db;
  bridgeToken: string;
  /** Counts each event applied or refused (the metrics). */
  onEvent?: EventOutcomeListener;
  /** What the game server may do to accounts (BRIDGE_STAFF_ROLES). */
  accounts: GameAccountPolicy;
}> = async (app, opts) => {
  // Its own scope, for its own JSON parser: money must keep the exact digits that were sent.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, parseBridgeBody(body as string));
      } catch (err) {
        done(err as Error, undefined);
      }
    });
    scope.post(
      '/api/bridge/events',
      {
        onRequest: bridgeAuth(opts.bridgeToken),
        bodyLimit: BRIDGE_BODY_LIMIT,
        schema: {
          operationId: 'postBridgeEvents',
          tags: ['bridge'],
          summary: 'Report what happened in game (idempotent by event id; one transaction per batch)',
          description:
            'Money (`delta`, `price`) is read exactly as written, as a JSON number or a decimal string, ' +
            'and rounded once to cents. `account.password` and `account.roles` may touch only accounts ' +
            'without staff roles and grant or remove no staff role (ADMIN, OWNER, WEB_ADMIN, ' +
            'DOCS_EDITOR) unless the site names the ones the game may manage (BRIDGE_STAFF_ROLES): a ' +
            'refused one is refused with its index and reason like any invalid event, nothing of the ' +
            'batch is applied, and the attempt is audited.',
          security: [{ bridgeToken: [] }],
          body: bridgeBatchSchema,
          documentedBody: documentedBridgeBatchSchema,
          response: {
            200: bridgeBatchResultSchema,
            400: bridgeBatchErrorSchema.or(errorSchema),
            401: errorSchema,
            503: errorSchema,
          },
        },
      },
      async (request) =>
        applyBatch(opts.db, request.body.events, { onEvent: opts.onEvent, accounts: opts.accounts }),
    );
  });
};
