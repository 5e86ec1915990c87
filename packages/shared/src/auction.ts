// The auction house (spec 2.10, 2.11, 3 Auction category and Listing, 4 Purchase, 7, 8; DESIGN.md
// sections 3, 7 and 8). Prices are unit prices; money is exact: numeric in the database, a decimal
// string on the wire (money.ts).

import { z } from 'zod';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  LISTING_SORTS,
  LISTINGS_DEFAULT_LIMIT,
  LISTINGS_MAX_LIMIT,
} from './auction-terms.ts';
import { ALEX, STEVE } from './examples.ts';
import { itemEnchantSchema } from './item-enchants.ts';
import { describedMoney } from './money.ts';
import { isStorableText } from './storable.ts';

// The listing orders, page sizes and retry header (auction-terms.ts holds them without zod).
export {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  LISTING_SORTS,
  LISTINGS_DEFAULT_LIMIT,
  LISTINGS_MAX_LIMIT,
  type ListingSort,
} from './auction-terms.ts';

export const auctionCategorySchema = z
  .object({
    key: z.string(),
    displayName: z.string().describe('Game colour codes (the section sign and one character) stripped'),
    icon: z.string(),
    count: z.int().describe('Active listings in the category'),
    lowest: describedMoney('The lowest unit price listed (null with no listings)').nullable(),
    highest: describedMoney('The highest unit price listed (null with no listings)').nullable(),
  })
  .meta({ id: 'AuctionCategory', description: 'A category of the auction house and its active listings.' });
export type AuctionCategory = z.infer<typeof auctionCategorySchema>;
export const auctionCategoriesSchema = z.object({ categories: z.array(auctionCategorySchema) }).meta({
  id: 'AuctionCategoryList',
  description: "The auction house's categories.",
  examples: [
    {
      categories: [
        {
          key: 'ores',
          displayName: 'Ores',
          icon: 'diamond',
          count: 214,
          lowest: '14.50',
          highest: '176000.00',
        },
        {
          key: 'pickaxes',
          displayName: 'Pickaxes',
          icon: 'diamond_pickaxe',
          count: 3,
          lowest: '4200.00',
          highest: '125000.00',
        },
        { key: 'spawners', displayName: 'Spawners', icon: 'spawner', count: 0, lowest: null, highest: null },
      ],
    },
  ],
});

/** Far longer than any cursor the server writes (a sort, a price of 40 digits and a listing id). */
const CURSOR_MAX_LENGTH = 512;
const LIMIT_RANGE = `limit must be a whole number from 1 to ${LISTINGS_MAX_LIMIT}`;

export const listingsQuerySchema = z.object({
  sort: z
    .enum(LISTING_SORTS, {
      error: (issue) => `Unknown sort "${String(issue.input)}": use one of ${LISTING_SORTS.join(', ')}`,
    })
    .default('price_asc'),
  limit: z.coerce
    .number({ error: LIMIT_RANGE })
    .int({ error: LIMIT_RANGE })
    .min(1, LIMIT_RANGE)
    .max(LISTINGS_MAX_LIMIT, LIMIT_RANGE)
    .default(LISTINGS_DEFAULT_LIMIT)
    .describe(`Listings per page: ${LISTINGS_DEFAULT_LIMIT} by default, at most ${LISTINGS_MAX_LIMIT}`),
  cursor: z
    .string()
    .min(1, 'cursor must not be empty')
    .max(CURSOR_MAX_LENGTH, 'This cursor is not one of ours: start again from the first page')
    .optional()
    .describe(
      "The previous page's `next_cursor`, as it was (it belongs to that sort); none for the first page",
    ),
  min_qty: z.coerce
    .number({ error: 'min_qty must be a whole number from 0 to 1000000' })
    .int({ error: 'min_qty must be a whole number from 0 to 1000000' })
    .min(0, 'min_qty must be a whole number from 0 to 1000000')
    .max(1_000_000, 'min_qty must be a whole number from 0 to 1000000')
    .default(0)
    .describe('Only listings with at least this many units left (spec 2.11 minimum quantity); 0 by default'),
});
export type ListingsQuery = z.input<typeof listingsQuerySchema>;
// An id or key PostgreSQL could not store (storable.ts) is refused here rather than failing the query.
const UNSTORABLE = 'cannot contain NUL characters or unpaired surrogates';

export const categoryKeyParamsSchema = z.object({
  key: z.string().min(1).max(64).refine(isStorableText, `A category key ${UNSTORABLE}`),
});

export const listingSchema = z
  .object({
    id: z.string(),
    item: z.object({
      name: z.string(),
      icon: z.string(),
      enchants: z.array(itemEnchantSchema).describe("The item's enchantments, as the game listed them"),
    }),
    seller: z.string().describe("The seller's uuid"),
    sellerName: z.string(),
    qty: z.int().describe('Units left'),
    price: describedMoney('Unit price'),
  })
  .meta({ id: 'AuctionListing', description: 'A listing: units of one item at a unit price.' });
export type Listing = z.infer<typeof listingSchema>;

/**
 * Spec 2.11's summary, market recap and top sellers, over every active listing of the category (not
 * one page's, and whatever min_qty asks).
 */
export const listingsSummarySchema = z
  .object({
    listings: z.int().describe('Active listings'),
    sellers: z.int().describe('Players with an active listing'),
    totalQuantity: z.int().describe('Units left, summed'),
    totalValue: describedMoney('Units left times their unit price, summed'),
    floor: describedMoney('The lowest unit price (null with no listings)').nullable(),
    ceiling: describedMoney('The highest unit price (null with no listings)').nullable(),
    averagePrice: describedMoney(
      'The unit price weighted by units left, rounded to cents (null with no listings)',
    ).nullable(),
    cheapestSeller: z
      .string()
      .nullable()
      .describe('The name of the seller of the first listing by price_asc'),
    topSellers: z
      .array(
        z.object({
          seller: z.string().describe("The seller's uuid"),
          sellerName: z.string(),
          quantity: z.int().describe('Units left over their active listings'),
          listings: z.int(),
        }),
      )
      .describe('The top 3 by units left, then by name'),
  })
  .meta({ id: 'AuctionListingsSummary', description: "A category's market recap." });
export type ListingsSummary = z.infer<typeof listingsSummarySchema>;

/**
 * GET /api/auction/categories/:key/listings: one page of a category's active listings and its name.
 * The first page (no cursor) carries the summary; the others have null.
 */
export const listingsSchema = z
  .object({
    listings: z.array(listingSchema),
    displayName: z.string(),
    next_cursor: z
      .string()
      .nullable()
      .describe('Pass as `cursor` for the next page, with the same sort; null on the last page'),
    summary: listingsSummarySchema.nullable().describe('On the first page only (no cursor)'),
  })
  .meta({
    id: 'AuctionListingPage',
    description: "One page of a category's active listings, in the order asked for.",
    examples: [
      {
        listings: [
          {
            id: 'ah-5498',
            item: { name: 'Diamond Pickaxe', icon: 'diamond_pickaxe', enchants: [] },
            seller: ALEX,
            sellerName: 'Alex',
            qty: 6,
            price: '4200.00',
          },
          {
            id: 'ah-5530',
            item: {
              name: 'Fortune III Pickaxe',
              icon: 'diamond_pickaxe',
              enchants: [{ key: 'fortune', level: 3 }],
            },
            seller: '1f1e1429-1d59-4f0d-ae4a-e091e9bc376f',
            sellerName: 'Nightcrawler',
            qty: 2,
            price: '98000.00',
          },
          {
            id: 'ah-5521',
            item: {
              name: 'Efficiency V Pickaxe',
              icon: 'diamond_pickaxe',
              enchants: [
                { key: 'efficiency', level: 5 },
                { key: 'unbreaking', level: 3 },
              ],
            },
            seller: STEVE,
            sellerName: 'Steve',
            qty: 1,
            price: '125000.00',
          },
        ],
        displayName: 'Pickaxes',
        next_cursor: null,
        summary: {
          listings: 3,
          sellers: 3,
          totalQuantity: 9,
          totalValue: '346200.00',
          floor: '4200.00',
          ceiling: '125000.00',
          averagePrice: '38466.67',
          cheapestSeller: 'Alex',
          topSellers: [
            { seller: ALEX, sellerName: 'Alex', quantity: 6, listings: 1 },
            {
              seller: '1f1e1429-1d59-4f0d-ae4a-e091e9bc376f',
              sellerName: 'Nightcrawler',
              quantity: 2,
              listings: 1,
            },
            { seller: STEVE, sellerName: 'Steve', quantity: 1, listings: 1 },
          ],
        },
      },
    ],
  });
export type Listings = z.infer<typeof listingsSchema>;

/** POST /api/auction/purchase. */
export const purchaseRequestSchema = z
  .object({
    id: z
      .string()
      .min(1, 'Say which listing to buy')
      .max(64)
      .refine(isStorableText, `A listing id ${UNSTORABLE}`),
    qty: z
      .number({ error: 'qty must be a whole number of at least 1' })
      .int({ error: 'qty must be a whole number of at least 1' })
      .min(1, 'qty must be a whole number of at least 1')
      // A listing holds at most 1,000,000 units (the bridge's auction.listed).
      .max(1_000_000, 'qty must be at most 1000000'),
  })
  .meta({ id: 'PurchaseRequest', examples: [{ id: 'ah-5498', qty: 2 }] });
export type PurchaseRequest = z.infer<typeof purchaseRequestSchema>;

export const purchaseSchema = z
  .object({
    id: z.string().describe('The purchase id'),
    listing_id: z.string(),
    qty: z.int(),
    price: describedMoney('Unit price paid'),
    total: describedMoney('What the buyer paid'),
    remaining: z.int().describe('Units left on the listing after this purchase'),
    balance: describedMoney("The buyer's balance after paying"),
  })
  .meta({
    id: 'PurchaseResult',
    description:
      'A purchase made: what it cost and what is left. The items reach the buyer in game as a delivery.',
    examples: [
      {
        id: '5d2f7a90-13c4-4b8e-a1f0-7c6e2d9b4a15',
        listing_id: 'ah-5498',
        qty: 2,
        price: '4200.00',
        total: '8400.00',
        remaining: 4,
        balance: '65010.25',
      },
    ],
  });
export type Purchase = z.infer<typeof purchaseSchema>;

export const idempotencyKeySchema = z
  .string()
  .regex(
    /^[\x20-\x7E]{1,128}$/,
    `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters`,
  )
  .describe('Any string you choose per purchase (a UUID is a good one); a retry sends the same one');
export const purchaseHeadersSchema = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema.optional() });
/** A game server's purchase always names its key: it retries until it has an answer. */
export const requiredKeyHeadersSchema = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema });

/** Spec 5: game colour codes (the section sign and the character after it) are stripped from names. */
export function stripColorCodes(name: string): string {
  return name.replace(/\u00a7./gu, '').replace(/\u00a7$/u, '');
}
