import {
  bridgeBatchErrorSchema,
  bridgeBatchResultSchema,
  bridgeBatchSchema,
  documentedBridgeBatchSchema,
} from '@prison/shared/bridge';
import { errorSchema } from '@prison/shared/errors';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { GameAccountPolicy } from '../auth/game-accounts.ts';
import { bridgeAuth } from './auth.ts';
import { recordedBatch } from './batch-log.ts';
import type { BridgeCredentials } from './credentials.ts';
import { parseBridgeBody } from './json.ts';
import { applyBatch, type EventOutcomeListener } from './service.ts';

/**
 * The largest body a valid batch needs, with room to spare. The largest event the schema allows is
 * an auction.listed whose item carries 16 KB of data (16,384 bytes) written as \u0001-style escapes,
 * 6 characters each: 98,304 bytes, with a name of 128 characters that all need escaping, 32
 * enchantments and the rest, under 101 KB. Next come a player.stats with 200 statistics to add and
 * 200 to set (37,069 bytes written compactly) and an activity with 4000 characters of text, 24,394
 * bytes when every character is written as a \uXXXX escape. So 500 events take at most about 50.5
 * MB; 64 MiB leaves about 25% for indentation and other whitespace. (Only a bridge credential gets
 * this far: it is checked before the body is read.)
 */
export const BRIDGE_BODY_LIMIT = 64 * 1024 * 1024;

export const bridgeRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** BRIDGE_TOKEN and the game servers' credentials. */
  credentials: BridgeCredentials;
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
        onRequest: bridgeAuth(opts.credentials),
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
      async (request) => {
        const server = request.bridgeCredential?.name ?? null;
        // Recorded for the admin console's bridge inspector, applied or refused (batch-log.ts).
        return recordedBatch(opts.db, request.log, { server, events: request.body.events.length }, () =>
          applyBatch(opts.db, request.body.events, {
            onEvent: opts.onEvent,
            accounts: opts.accounts,
            server,
          }),
        );
      },
    );
  });
};
