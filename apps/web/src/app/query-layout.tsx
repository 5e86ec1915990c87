import {
  type DehydratedState,
  hydrate,
  QueryClientContext,
  QueryClientProvider,
} from '@tanstack/react-query';
import { useContext } from 'react';
import { Outlet } from 'react-router';
import { httpError } from '../lib/api.ts';
import { keepHandedOverFailure, queryClient } from '../lib/query-client.ts';
import { type HandedOverError, serverState } from '../lib/server-state.ts';
import { readToken } from '../lib/session.ts';

// A page the server rendered brings the answers it was rendered from (lib/server-state.ts): they go
// into the cache before the page hydrates, so it renders the same content and asks for nothing. They
// count as fetched now: the server answered them with this page (the live feeds keep them current).
// The server renders as a guest: a signed-in visitor, who may be answered more (staff see what a
// player hides), asks again once the page has hydrated. A failed answer (a player who does not
// exist) comes back as the same error, and is not asked again when its page mounts.
const handedOver = serverState()?.queries as DehydratedState | undefined;
if (handedOver) {
  const now = readToken() ? 0 : Date.now();
  hydrate(queryClient, {
    ...handedOver,
    queries: handedOver.queries.map((query) => {
      const failed = query.state.error as HandedOverError | null;
      if (failed) keepHandedOverFailure(query.queryKey);
      return {
        ...query,
        state: {
          ...query.state,
          dataUpdatedAt: now,
          errorUpdatedAt: now,
          error: failed && handedBack(failed),
        },
      };
    }),
  });
}

function handedBack(failed: HandedOverError): Error {
  return typeof failed.status === 'number' ? httpError(failed.status, failed.body) : new Error('Failed');
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
