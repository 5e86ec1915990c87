import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client.ts';

/**
 * Wraps the routes that fetch server state. It is a lazy route of its own so that the home page, which
 * fetches nothing through the query cache, does not download TanStack Query (scripts/check-budget.mjs).
 */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
