// The server status page's server state: GET /api/status without authentication, polled every minute
// (the history gains one sample a minute). The live "Online now" comes from /ws/players instead.
import type { ServerStatus } from '@prison/shared/status';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from '../../lib/api.ts';
import { schemasOf } from '../../lib/lazy-schema.ts';

const serverStatusSchema = schemasOf(() => import('@prison/shared/status'))('serverStatusSchema');
const STATUS_REFRESH_MS = 60_000;

function fetchServerStatus(): Promise<ServerStatus> {
  return fetchJson('/api/status', serverStatusSchema);
}

export const serverStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['status'],
    queryFn: fetchServerStatus,
    refetchInterval: STATUS_REFRESH_MS,
  });

export function useServerStatus() {
  return useQuery(serverStatusQueryOptions());
}
