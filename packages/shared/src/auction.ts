// The auction house (spec 2.10, 2.11, 3 Auction category and Listing, 4 Purchase, 7, 8; DESIGN.md
// sections 3 and 7). Prices are unit prices; money is a JSON number on the wire and exact numeric in
// the database.
import { z } from 'zod';

export const auctionCategorySchema = z.object({
  key: z.string(),
  displayName: z.string().describe('Game colour codes (the section sign and one character) stripped'),
  icon: z.string(),
  count: z.int().describe('Active listings in the category'),
  lowest: z.number().nullable().describe('The lowest unit price listed; null with no listings'),
  highest: z.number().nullable().describe('The highest unit price listed; null with no listings'),
});
export type AuctionCategory = z.infer<typeof auctionCategorySchema>;
export const auctionCategoriesSchema = z.object({ categories: z.array(auctionCategorySchema) });

export const LISTING_SORTS = ['price_asc', 'price_desc', 'quantity_asc', 'quantity_desc'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const listingsQuerySchema = z.object({
  sort: z
    .enum(LISTING_SORTS, {
      error: (issue) => `Unknown sort "${String(issue.input)}": use one of ${LISTING_SORTS.join(', ')}`,
    })
    .default('price_asc'),
});
// PostgreSQL text cannot hold NUL: an id or key with one is refused here rather than failing the query.
const hasNoNul = (value: string) => !value.includes('\u0000');

export const categoryKeyParamsSchema = z.object({
  key: z.string().min(1).max(64).refine(hasNoNul, 'A category key cannot contain NUL characters'),
});

export const listingSchema = z.object({
  id: z.string(),
  item: z.object({ name: z.string(), icon: z.string() }),
  seller: z.string().describe("The seller's uuid"),
  sellerName: z.string(),
  qty: z.int().describe('Units left'),
  price: z.number().describe('Unit price'),
});
export type Listing = z.infer<typeof listingSchema>;
/** GET /api/auction/categories/:key/listings: a category's active listings and its name. */
export const listingsSchema = z.object({ listings: z.array(listingSchema), displayName: z.string() });
export type Listings = z.infer<typeof listingsSchema>;

/** POST /api/auction/purchase. */
export const purchaseRequestSchema = z.object({
  id: z
    .string()
    .min(1, 'Say which listing to buy')
    .max(64)
    .refine(hasNoNul, 'A listing id cannot contain NUL characters'),
  qty: z
    .number({ error: 'qty must be a whole number of at least 1' })
    .int({ error: 'qty must be a whole number of at least 1' })
    .min(1, 'qty must be a whole number of at least 1')
    // A listing holds at most 1,000,000 units (the bridge's auction.listed).
    .max(1_000_000, 'qty must be at most 1000000'),
});
export type PurchaseRequest = z.infer<typeof purchaseRequestSchema>;

export const purchaseSchema = z.object({
  id: z.string().describe('The purchase id'),
  listing_id: z.string(),
  qty: z.int(),
  price: z.number().describe('Unit price paid'),
  total: z.number(),
  remaining: z.int().describe('Units left on the listing after this purchase'),
  balance: z.number().describe("The buyer's balance after paying"),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/** A retried purchase with the same key answers the first result instead of buying twice. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;
export const idempotencyKeySchema = z
  .string()
  .regex(
    /^[\x20-\x7E]{1,128}$/,
    `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters`,
  )
  .describe('Any string you choose per purchase (a UUID is a good one); a retry sends the same one');
export const purchaseHeadersSchema = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema.optional() });

/** Spec 5: game colour codes (the section sign and the character after it) are stripped from names. */
export function stripColorCodes(name: string): string {
  return name.replace(/\u00a7./gu, '').replace(/\u00a7$/u, '');
}
