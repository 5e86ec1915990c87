import {
  type DehydratedState,
  hydrate,
  QueryClientContext,
  QueryClientProvider,
} from '@tanstack/react-query';
import { useContext } from 'react';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
import { serverState } from '../lib/server-state.ts';

// A page the server rendered brings the answers it was rendered from (lib/server-state.ts): they go
// into the cache before the page hydrates, so it renders the same content and asks for nothing. They
// count as fetched now: the server answered them with this page (the live feeds keep them current).
const handedOver = serverState()?.queries as DehydratedState | undefined;
if (handedOver) {
  const now = Date.now();
  hydrate(queryClient, {
    ...handedOver,
    queries: handedOver.queries.map((query) => ({
      ...query,
      state: { ...query.state, dataUpdatedAt: now, errorUpdatedAt: now },
    })),
  });
}

/**
 * Wraps the routes that fetch server state. It is a lazy route of its own so that the home page, which
 * fetches nothing through the query cache, does not download TanStack Query (scripts/check-budget.mjs).
 * On the server, the render's own cache is provided above it (entry-server.tsx).
 */
export function QueryLayout() {
  const provided = useContext(QueryClientContext);
  return (
    <QueryClientProvider client={provided ?? queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
