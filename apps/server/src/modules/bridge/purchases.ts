// Purchases made in game (the issue of one stock): the game server buys a listing on behalf of a
// player through the site's own purchase (auction/service.ts), so a listing is sold once whether its
// buyers are on the site or in game. Same rules, answer and delivery as a purchase on the site; the
// Idempotency-Key is required, so the game server can retry until it has an answer.
import { IDEMPOTENCY_HEADER, purchaseSchema, requiredKeyHeadersSchema } from '@prison/shared/auction';
import { bridgePurchaseRequestSchema } from '@prison/shared/bridge';
import { errorSchema } from '@prison/shared/errors';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { players } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { purchase } from '../auction/service.ts';
import { NO_SUCH_PLAYER } from '../players/service.ts';
import { bridgeAuth } from './auth.ts';
import type { BridgeCredentials } from './credentials.ts';

export const bridgePurchaseRoutes: FastifyPluginAsyncZod<{ db: Db; credentials: BridgeCredentials }> = async (
  app,
  { db, credentials },
) => {
  app.post(
    '/api/bridge/purchases',
    {
      onRequest: bridgeAuth(credentials),
      schema: {
        operationId: 'buyListingInGame',
        tags: ['bridge'],
        summary: 'Buy units of a listing for a player in game, through the site’s stock',
        description:
          'The purchase a player makes in game, made on the site as POST /api/auction/purchase makes ' +
          "it: the listing loses `qty` units, the buyer's balance pays the seller (both ledger rows), " +
          'and a delivery is queued, which the game server receives and acknowledges like any other. ' +
          'The `Idempotency-Key` header is required: a retry with the same key answers the first ' +
          'purchase instead of buying again (a key reused for another listing or quantity answers 409 ' +
          '`idempotency_key_reused`). Refusals: 404 `unknown_player` or `unknown_listing`, 403 ' +
          '`cannot_buy_own_listing`, 409 `listing_sold_out`, `not_enough_left` or `not_enough_money`.',
        security: [{ bridgeToken: [] }],
        headers: requiredKeyHeadersSchema,
        body: bridgePurchaseRequestSchema,
        response: {
          200: purchaseSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => {
      const { listing_id, buyer_uuid, qty } = request.body;
      const buyer = buyer_uuid.toLowerCase();
      const [known] = await db.select({ uuid: players.uuid }).from(players).where(eq(players.uuid, buyer));
      if (!known) throw notFound('unknown_player', NO_SUCH_PLAYER);
      return purchase(db, buyer, { id: listing_id, qty }, request.headers[IDEMPOTENCY_HEADER]);
    },
  );
};
