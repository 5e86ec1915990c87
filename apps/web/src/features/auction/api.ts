// The auction house's server state (spec 2.10, 2.11, 7): categories and listings are authenticated
// calls; categories refresh every few seconds. A purchase carries an Idempotency-Key so that a
// retried request can never buy twice.
import {
  type AuctionCategory,
  auctionCategoriesSchema,
  IDEMPOTENCY_HEADER,
  type Listing,
  type ListingSort,
  listingsSchema,
  type Purchase,
  purchaseSchema,
} from '@prison/shared/auction';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, apiJson, errorDetail, httpError } from '../../lib/api.ts';

// Spec 2.10: "prices refresh every few seconds".
export const CATEGORY_REFRESH_MS = 5000;

export function useCategories(enabled: boolean) {
  return useQuery({
    queryKey: ['auction', 'categories'],
    queryFn: async (): Promise<AuctionCategory[]> =>
      (await apiJson('/api/auction/categories', auctionCategoriesSchema)).categories,
    enabled,
    refetchInterval: CATEGORY_REFRESH_MS,
    staleTime: 0,
    // A 401 is an answer (the signed-out banner), not a failure to retry.
    retry: (count, error) => (error as { status?: number }).status !== 401 && count < 1,
  });
}

export const listingsQueryKey = (key: string, sort: ListingSort) =>
  ['auction', 'listings', key, sort] as const;

export function useListings(key: string, sort: ListingSort, enabled: boolean) {
  return useQuery({
    queryKey: listingsQueryKey(key, sort),
    queryFn: async (): Promise<{ listings: Listing[]; displayName: string }> =>
      apiJson(`/api/auction/categories/${encodeURIComponent(key)}/listings?sort=${sort}`, listingsSchema),
    enabled,
    staleTime: 0,
    retry: (count, error) => ![401, 404].includes((error as { status?: number }).status ?? 0) && count < 1,
  });
}

/** POST /api/auction/purchase; throws httpError with the server's detail on a refusal. */
export async function buyListing(id: string, qty: number, idempotencyKey: string): Promise<Purchase> {
  const response = await apiFetch('/api/auction/purchase', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: idempotencyKey },
    body: JSON.stringify({ id, qty }),
  });
  if (!response.ok) throw httpError(response.status, await errorDetail(response));
  return purchaseSchema.parse(await response.json());
}
