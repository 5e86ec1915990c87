// A gang's page: GET /api/gangs/{id} for the gang and its recent milestones, then the gang kept live
// by WS /api/gangs/ws, which pushes every gang ({gangs}) on connect and whenever one changes.
import { type Gang, type GangPage, gangPageSchema, gangsMessageSchema } from '@prison/shared/social';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchJson, isHttpError } from '../../lib/api.ts';
import type { LiveStatus } from '../../lib/live-socket.ts';
import { useLiveSocket } from '../../lib/use-live-socket.ts';

export function getGangPage(id: string): Promise<GangPage> {
  return fetchJson(`/api/gangs/${encodeURIComponent(id)}`, gangPageSchema);
}

export const isNotFound = (error: unknown) => isHttpError(error) && error.status === 404;

export const gangPageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['gang-page', id],
    queryFn: () => getGangPage(id),
    // An unknown gang stays unknown: no retry before saying so.
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });

export function useGangPage(id: string) {
  return useQuery(gangPageQueryOptions(id));
}

/** The gang `id` of a /api/gangs/ws message; undefined when it is not there or the message is malformed. */
export function pickGang(data: unknown, id: string): Gang | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const message = gangsMessageSchema.safeParse(JSON.parse(data));
    return message.success ? message.data.gangs.find((gang) => gang.id === id) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the gang's card and roster live while its page is open. A gang missing from one message
 * keeps what the page has: the feed's snapshot may lag behind a gang the page has just loaded.
 */
export function useGangFeed(id: string, enabled: boolean): LiveStatus {
  const queryClient = useQueryClient();
  const { queryKey } = gangPageQueryOptions(id);
  return useLiveSocket(enabled ? '/api/gangs/ws' : null, (data) => {
    const gang = pickGang(data, id);
    if (!gang) return;
    queryClient.setQueryData(queryKey, (page) => (page ? { ...page, gang } : page));
  });
}
