// The auction house's server state (spec 2.10, 2.11, 7): categories and listings are authenticated
// calls; categories refresh every few seconds. A purchase carries an Idempotency-Key so that a
// retried request can never buy twice.
import {
  type AuctionCategory,
  auctionCategoriesSchema,
  IDEMPOTENCY_HEADER,
  type Listing,
  type ListingSort,
  type Listings,
  listingsSchema,
  type Purchase,
  purchaseSchema,
} from '@prison/shared/auction';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiJson, jsonRequest } from '../../lib/api.ts';
import { retryUnless } from '../../lib/query-client.ts';
import { afterPurchase } from './auction-model.ts';

// Spec 2.10: "prices refresh every few seconds".
const CATEGORY_REFRESH_MS = 5000;

async function getCategories(): Promise<AuctionCategory[]> {
  return (await apiJson('/api/auction/categories', auctionCategoriesSchema)).categories;
}

const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['auction', 'categories'],
    queryFn: getCategories,
    refetchInterval: CATEGORY_REFRESH_MS,
    staleTime: 0,
    // A 401 is an answer (the signed-out banner), not a failure to retry.
    retry: retryUnless(401),
  });

export function useCategories(enabled: boolean) {
  return useQuery({ ...categoriesQueryOptions(), enabled });
}

function getListings(key: string, sort: ListingSort): Promise<Listings> {
  return apiJson(`/api/auction/categories/${encodeURIComponent(key)}/listings?sort=${sort}`, listingsSchema);
}

const listingsQueryOptions = (key: string, sort: ListingSort) =>
  queryOptions({
    queryKey: ['auction', 'listings', key, sort],
    queryFn: () => getListings(key, sort),
    staleTime: 0,
    retry: retryUnless(401, 404),
  });

export function useListings(key: string, sort: ListingSort, enabled: boolean) {
  return useQuery({ ...listingsQueryOptions(key, sort), enabled });
}

/** POST /api/auction/purchase; throws HttpError with the server's detail on a refusal. */
function buyListing(id: string, qty: number, idempotencyKey: string): Promise<Purchase> {
  return apiJson(
    '/api/auction/purchase',
    purchaseSchema,
    jsonRequest({ id, qty }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
  );
}

/**
 * Spec 2.11: buying from the category's listings. `begin` starts a purchase (the dialog opens): its
 * confirms share one idempotency key, so a retried confirm is the same purchase to the server. A
 * purchase leaves what remains of the listing in the cached listings and refreshes the categories.
 */
export function usePurchase(categoryKey: string, sort: ListingSort) {
  const queryClient = useQueryClient();
  const idempotencyKey = useRef('');
  const purchase = useMutation({
    mutationFn: ({ listing, qty }: { listing: Listing; qty: number }) =>
      buyListing(listing.id, qty, idempotencyKey.current),
    onSuccess: (bought, { listing }) => {
      queryClient.setQueryData(
        listingsQueryOptions(categoryKey, sort).queryKey,
        (current) =>
          current && { ...current, listings: afterPurchase(current.listings, listing.id, bought.remaining) },
      );
      void queryClient.invalidateQueries({ queryKey: categoriesQueryOptions().queryKey });
    },
  });
  return {
    begin: () => {
      idempotencyKey.current = crypto.randomUUID();
    },
    buy: (listing: Listing, qty: number) => purchase.mutateAsync({ listing, qty }),
  };
}
