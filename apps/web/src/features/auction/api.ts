// The auction house's server state (spec 2.10, 2.11, 7): categories and listings are authenticated
// calls; categories refresh every few seconds, and a category's listings come a page at a time
// (`next_cursor`), more as the player scrolls. A purchase carries an Idempotency-Key so that a
// retried request can never buy twice.
import type { AuctionCategory, Listing, Listings, Purchase } from '@prison/shared/auction';
import { IDEMPOTENCY_HEADER, type ListingSort } from '@prison/shared/auction-terms';
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiJson, jsonRequest } from '../../lib/api.ts';
import { schemasOf } from '../../lib/lazy-schema.ts';
import { retryUnless } from '../../lib/query-client.ts';
import { afterPurchase } from './auction-model.ts';

const schema = schemasOf(() => import('@prison/shared/auction'));
const auctionCategoriesSchema = schema('auctionCategoriesSchema');
const listingsSchema = schema('listingsSchema');
const purchaseSchema = schema('purchaseSchema');

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

// The minimum quantity is asked once typing pauses, not at every key press.
const MIN_QUANTITY_DEBOUNCE_MS = 300;

/** What the listings page asks for: the sort, and the minimum quantity (0 for any). */
export interface ListingsFilter {
  sort: ListingSort;
  minQty: number;
}

function getListings(
  key: string,
  { sort, minQty }: ListingsFilter,
  cursor: string | null,
): Promise<Listings> {
  const query = new URLSearchParams({ sort });
  if (minQty > 0) query.set('min_qty', String(minQty));
  if (cursor) query.set('cursor', cursor);
  return apiJson(`/api/auction/categories/${encodeURIComponent(key)}/listings?${query}`, listingsSchema);
}

/** Every cached page set of a category's listings, whatever its sort and filter. */
const categoryListingsKey = (key: string) => ['auction', 'listings', key] as const;

// A refetch (focus, a purchase) reloads every page shown, in order, each from the fresh page before
// it: the cursors are by value, so the pages stay whole and in order.
const listingsQueryOptions = (key: string, filter: ListingsFilter) =>
  infiniteQueryOptions({
    queryKey: [...categoryListingsKey(key), filter.sort, filter.minQty],
    queryFn: ({ pageParam }) => getListings(key, filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
    retry: retryUnless(401, 404),
  });

/**
 * A category's listings, a page at a time (`fetchNextPage` for more). A new sort or minimum starts
 * again from its first page, the category's previous pages staying on screen until it arrives.
 */
export function useListings(key: string, { sort, minQty: typed }: ListingsFilter, enabled: boolean) {
  const [minQty, setMinQty] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setMinQty(typed), MIN_QUANTITY_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return useInfiniteQuery({
    ...listingsQueryOptions(key, { sort, minQty }),
    enabled,
    // Never another category's pages under this one's name.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === key ? keepPreviousData(previous) : undefined,
  });
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
export function usePurchase(categoryKey: string) {
  const queryClient = useQueryClient();
  const idempotencyKey = useRef('');
  const purchase = useMutation({
    mutationFn: ({ listing, qty }: { listing: Listing; qty: number }) =>
      buyListing(listing.id, qty, idempotencyKey.current),
    onSuccess: (bought, { listing }) => {
      // At once, on whichever page holds it; then every page and the category's figures from the
      // server (the sold-out listing's place, the totals, the top sellers).
      queryClient.setQueriesData<InfiniteData<Listings, string | null>>(
        { queryKey: categoryListingsKey(categoryKey) },
        (current) =>
          current && {
            ...current,
            pages: current.pages.map((page) => ({
              ...page,
              listings: afterPurchase(page.listings, listing.id, bought.remaining),
            })),
          },
      );
      void queryClient.invalidateQueries({ queryKey: categoryListingsKey(categoryKey) });
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
