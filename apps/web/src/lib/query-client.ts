import { type FetchQueryOptions, hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { isHttpError } from './api.ts';

// A failed query is asked again once before its page shows the error.
const RETRIES = 1;

const QUERY_DEFAULTS = { staleTime: 30_000, retry: RETRIES, refetchOnWindowFocus: false } as const;

// One cache for the whole page, shared by every route that fetches server state.
export const queryClient = new QueryClient({ defaultOptions: { queries: QUERY_DEFAULTS } });

/**
 * A cache for one server render (entry-server.tsx): it fills with that request's answers alone, and
 * a failing answer is not asked again, since the page's HTML waits for it (and shows the failure).
 */
export const serverRenderQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { ...QUERY_DEFAULTS, retry: false, retryOnMount: false } } });

let currentClient = (): QueryClient => queryClient;

/**
 * The cache route loaders fill: the page's one cache in a browser. The server renders many requests
 * at once, each with a cache of its own, and tells loaders which through this (entry-server.tsx).
 */
export const loaderQueryClient = (): QueryClient => currentClient();

export function setLoaderQueryClient(current: () => QueryClient): void {
  currentClient = current;
}

/** A query's retry: the usual one, except for the answers a retry would only repeat. */
export const retryUnless =
  (...statuses: number[]) =>
  (failures: number, error: Error): boolean =>
    !(isHttpError(error) && statuses.includes(error.status)) && failures < RETRIES;

/** How long a page's first render waits for what it shows at once before showing placeholders. */
export const FIRST_RENDER_WAIT_MS = 1500;

// The failed answers a server-rendered page came with (a player who does not exist).
const keptFailures = new Set<string>();

/**
 * Keeps a failed answer the server rendered the page with (query-layout.tsx): the page shows it as the
 * server did, rather than asking again as it mounts.
 */
export function keepHandedOverFailure(queryKey: QueryKey): void {
  keptFailures.add(hashKey(queryKey));
  queryClient.setQueryDefaults(queryKey, { retryOnMount: false });
}

/**
 * A query a page shows at once, for its route loader: settles when the data is in the cache. Data
 * already cached is used at once (and refreshed in the background when stale), so coming back to a
 * page, or changing its query string, never waits on the network.
 */
export function queryForFirstRender<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<void> {
  const client = loaderQueryClient();
  if (
    client.getQueryState(options.queryKey)?.status === 'error' &&
    keptFailures.has(hashKey(options.queryKey))
  ) {
    return Promise.resolve();
  }
  const fetched = client.prefetchQuery(options);
  return client.getQueryData(options.queryKey) === undefined ? fetched : Promise.resolve();
}

/**
 * For a route loader: waits for `work` (queries from queryForFirstRender, lazy code), at most
 * FIRST_RENDER_WAIT_MS, so that the page usually renders once with its content instead of
 * placeholders that the content then replaces (the server also names the page's data and code in
 * its HTML, so on a first visit they are often there already). Never fails: an error or a slow
 * answer is left to the page, which shows it as it always does.
 */
export async function waitForFirstRender(...work: Promise<unknown>[]): Promise<null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_RENDER_WAIT_MS);
  });
  await Promise.race([Promise.allSettled(work), waited]);
  clearTimeout(timer);
  return null;
}
