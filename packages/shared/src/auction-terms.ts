// The auction's listing orders, page sizes and purchase retry header, without zod: the pages that use
// them load no schema (auction.ts re-exports them with its schemas).

export const LISTING_SORTS = ['price_asc', 'price_desc', 'quantity_asc', 'quantity_desc'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
/**
 * A page of listings: 50 fill a tall screen (a row is about 250 bytes of JSON, so a page is about
 * 12 KB) and leave scrolling a request every few screens; 100 bounds what one request reads and sends.
 */
export const LISTINGS_DEFAULT_LIMIT = 50;
export const LISTINGS_MAX_LIMIT = 100;

/** A retried purchase with the same key answers the first result instead of buying twice. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;
