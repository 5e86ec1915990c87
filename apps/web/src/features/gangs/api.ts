// A gang's page: GET /api/gangs/{id} for the gang and its recent milestones, then the gang kept live
// by WS /api/gangs/ws, which pushes every gang ({gangs}) on connect and whenever one changes.
import type { GangPage } from '@prison/shared/social';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchJson } from '../../lib/api.ts';
import { schemasOf } from '../../lib/lazy-schema.ts';
import { type LiveStatus, readLiveMessage } from '../../lib/live-socket.ts';
import { retryUnless } from '../../lib/query-client.ts';
import { useLiveSocket } from '../../lib/use-live-socket.ts';

const schema = schemasOf(() => import('@prison/shared/social'));
const gangPageSchema = schema('gangPageSchema');
const gangsMessageSchema = schema('gangsMessageSchema');

function getGangPage(id: string): Promise<GangPage> {
  return fetchJson(`/api/gangs/${encodeURIComponent(id)}`, gangPageSchema);
}

export const gangPageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['gang-page', id],
    queryFn: () => getGangPage(id),
    // An unknown gang stays unknown: no retry before saying so.
    retry: retryUnless(404),
  });

export function useGangPage(id: string) {
  return useQuery(gangPageQueryOptions(id));
}

/**
 * Keeps the gang's card and roster live while its page is open. A gang missing from one message
 * keeps what the page has: the feed's snapshot may lag behind a gang the page has just loaded.
 */
export function useGangFeed(id: string, enabled: boolean): LiveStatus {
  const queryClient = useQueryClient();
  const { queryKey } = gangPageQueryOptions(id);
  return useLiveSocket(enabled ? '/api/gangs/ws' : null, (data) => {
    readLiveMessage(gangsMessageSchema, data, (message) => {
      const gang = message.gangs.find((each) => each.id === id);
      if (gang) queryClient.setQueryData(queryKey, (page) => (page ? { ...page, gang } : page));
    });
  });
}
