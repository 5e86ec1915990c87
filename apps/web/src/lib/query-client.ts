import { type FetchQueryOptions, QueryClient, type QueryKey } from '@tanstack/react-query';

// One cache for the whole page, shared by every route that fetches server state.
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

/** How long a page's first render waits for the data it shows at once before showing placeholders. */
export const FIRST_RENDER_WAIT_MS = 1500;

/**
 * For a route loader: starts fetching what the page shows at once and waits for it, at most
 * FIRST_RENDER_WAIT_MS, so that the page usually renders once with its data instead of placeholders
 * that the data then replaces (the server also announces the request in the page's HTML, so on a
 * first visit it is often there already). Never fails: an error or a slow answer is left to the page,
 * which shows it as it always does. Data fetched in the last 30 seconds is used as it is.
 */
export async function dataForFirstRender<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_RENDER_WAIT_MS);
  });
  // No retries here: after a failure the page mounts at once, and its own query tries again.
  await Promise.race([queryClient.prefetchQuery({ ...options, retry: false }), waited]);
  clearTimeout(timer);
  return null;
}
