import { QueryClient } from '@tanstack/react-query';

// One cache for the whole page, shared by every route that fetches server state.
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});
