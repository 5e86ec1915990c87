import {
  type AuctionCategory,
  auctionCategoriesSchema,
  categoryKeyParamsSchema,
  IDEMPOTENCY_HEADER,
  listingsQuerySchema,
  listingsSchema,
  purchaseHeadersSchema,
  purchaseRequestSchema,
  purchaseSchema,
} from '@prison/shared/auction';
import { errorSchema } from '@prison/shared/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, serializerCompiler } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { bodyHeaders, encodedBody, preferredEncoding } from '../../live/encoded-body.ts';
import type { LiveHub } from '../../live/hub.ts';
import { authenticate } from '../../plugins/authenticate.ts';
import { clientKey } from '../../plugins/client-address.ts';
import type { AccessTokens } from '../auth/tokens.ts';
import { categoryListings, keepListings } from './listings.ts';
import { buildCategories, CATEGORIES_TOPIC, purchase } from './service.ts';

const inAnswer = (categories: AuctionCategory[]) => ({ categories });

/** Per signed-in player: far more than a person clicks, far less than a script hammering. */
export const PURCHASES_PER_MINUTE = 60;

// After authenticate (the route's own onRequest runs first), so this is the player's id: a player
// signed in on several devices or behind one address with others counts as one.
const perPlayer = (request: FastifyRequest) => request.auth?.uuid.toLowerCase() ?? clientKey(request.ip);

export const auctionRoutes: FastifyPluginAsyncZod<{
  db: Db;
  hub: LiveHub;
  tokens: AccessTokens;
  /** Listing pages a minute per player (LISTINGS_RATE_LIMIT). */
  listingsPerMinute: number;
}> = async (app, { db, hub, tokens, listingsPerMinute }) => {
  hub.define(CATEGORIES_TOPIC, buildCategories(db));
  keepListings(db);
  const signedIn = authenticate(tokens);

  app.get(
    '/api/auction/categories',
    {
      onRequest: signedIn,
      // The body is already compressed (live/encoded-body.ts): the site-wide compressor would redo it.
      compress: false,
      decompress: false,
      schema: {
        operationId: 'listAuctionCategories',
        tags: ['auction'],
        summary: 'Every auction category with its active listings’ count and price range',
        description:
          'Answered from a snapshot that follows new, cancelled and bought listings, refreshed at ' +
          'most once a second. Categories by display name (colour codes stripped), then key.',
        security: [{ playerToken: [] }],
        response: { 200: auctionCategoriesSchema, 401: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      // Every reader of a snapshot gets the same bytes, encoded once.
      const snapshot = await hub.current(CATEGORIES_TOPIC);
      const body = encodedBody(snapshot, 0, preferredEncoding(request.headers['accept-encoding']), inAnswer);
      reply.headers(bodyHeaders(body));
      // Bytes that already are the 200 schema's JSON: the untyped reply sends them as they are.
      return (reply as FastifyReply).send(body.bytes);
    },
  );

  app.get(
    '/api/auction/categories/:key/listings',
    {
      onRequest: signedIn,
      config: { rateLimit: { max: listingsPerMinute, timeWindow: 60_000, keyGenerator: perPlayer } },
      // A page is built by categoryListings in its schema's shape (its type is the schema's, and
      // listings-summary.test.ts checks answers against it), so it is sent without a second pass
      // through zod, whose check of 50 listings field by field cost a sixth of the request's CPU.
      // Errors keep the site's serializer (Fastify hands it the status's schema, typed as the
      // route's).
      serializerCompiler: (route) =>
        route.httpStatus === '200'
          ? JSON.stringify
          : serializerCompiler(route as unknown as Parameters<typeof serializerCompiler>[0]),
      schema: {
        operationId: 'listAuctionListings',
        tags: ['auction'],
        summary: 'A page of the active listings of a category',
        description:
          'Listings neither cancelled nor sold out, in the order asked (price_asc by default), ties ' +
          'by listing id (descending sorts mirror it: ties by id descending). `qty` is what is left; ' +
          '`price` is the unit price. A page holds `limit` listings (50 by default, at most 100); ' +
          "pass the answer's `next_cursor` as `cursor` (same sort) for the next one, until it is " +
          'null. Pages are by value, not by position: a listing bought or withdrawn meanwhile moves ' +
          'no other one to another page. The first page carries the figures of the whole category ' +
          '(`summary`). At most LISTINGS_RATE_LIMIT pages a minute per player (300 by default; 429 ' +
          'past it).',
        security: [{ playerToken: [] }],
        params: categoryKeyParamsSchema,
        querystring: listingsQuerySchema,
        response: {
          200: listingsSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          429: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => {
      const { sort, limit, cursor, min_qty: minQty } = request.query;
      const { key } = request.params;
      const shown = (await hub.current(CATEGORIES_TOPIC)).find((category) => category.key === key);
      return categoryListings(db, key, { sort, limit, cursor, minQty }, shown?.displayName);
    },
  );

  app.post(
    '/api/auction/purchase',
    {
      onRequest: signedIn,
      config: {
        rateLimit: {
          max: PURCHASES_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: perPlayer,
        },
      },
      schema: {
        operationId: 'buyListing',
        tags: ['auction'],
        summary: 'Buy units of a listing',
        description:
          'One transaction: the listing loses `qty` units, the buyer pays qty x unit price to the ' +
          'seller, and the items are queued for delivery in game. With an `Idempotency-Key` header, ' +
          'a retry with the same key answers the first purchase instead of buying again (a key used ' +
          `for a different listing or quantity answers 409). At most ${PURCHASES_PER_MINUTE} ` +
          'purchases a minute per player.',
        security: [{ playerToken: [] }],
        headers: purchaseHeadersSchema,
        body: purchaseRequestSchema,
        response: {
          200: purchaseSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          429: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => purchase(db, request.auth!.uuid, request.body, request.headers[IDEMPOTENCY_HEADER]),
  );
};
