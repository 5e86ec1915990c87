// A gang's page: GET /api/gangs/{id} for the gang and its recent milestones, then the gang kept live
// by WS /api/gangs/ws, which pushes every gang ({gangs}) on connect and whenever one changes.
import type { GangPage } from '@prison/shared/social';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchJson, httpError, isHttpError } from '../../lib/api.ts';
import { schemasOf } from '../../lib/lazy-schema.ts';
import { type LiveStatus, readLiveMessage } from '../../lib/live-socket.ts';
import { retryUnless } from '../../lib/query-client.ts';
import { useLiveSocket } from '../../lib/use-live-socket.ts';

const schema = schemasOf(() => import('@prison/shared/social'));
const gangPageSchema = schema('gangPageSchema');
const gangsMessageSchema = schema('gangsMessageSchema');

async function getGangPage(id: string): Promise<GangPage> {
  try {
    return await fetchJson(`/api/gangs/${encodeURIComponent(id)}`, gangPageSchema);
  } catch (error) {
    // The API refuses (400) an address no gang can have: gang ids are 1 to 64 printable ASCII
    // characters (the bridge's rule), so a longer one, a space or any other character is nobody's.
    // Like an unknown id, the page is not found (404): said at once, and sent by the server as a 404,
    // not a failure to retry.
    throw isHttpError(error) && error.status === 400 ? httpError(404, error.body) : error;
  }
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
