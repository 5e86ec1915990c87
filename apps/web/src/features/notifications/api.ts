// The signed-in player's notifications (the bell's panel): the list a page at a time, and marking
// read. The unread count comes live on the player's social socket (lib/use-unread-notifications.ts);
// marking read changes it there too.
import type { NotificationsPage } from '@prison/shared/notifications';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, jsonRequest } from '../../lib/api.ts';
import { schemasOf } from '../../lib/lazy-schema.ts';
import { retryUnless } from '../../lib/query-client.ts';

const schema = schemasOf(() => import('@prison/shared/notifications'));
const notificationsPageSchema = schema('notificationsPageSchema');
const unreadCountSchema = schema('unreadCountSchema');

const NOTIFICATIONS_KEY = ['notifications'] as const;
const PAGE = 20;

function getPage(cursor: string | null): Promise<NotificationsPage> {
  const params = new URLSearchParams({ limit: String(PAGE) });
  if (cursor) params.set('cursor', cursor);
  return apiJson(`/api/notifications?${params}`, notificationsPageSchema);
}

const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: ({ pageParam }) => getPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    staleTime: 0,
    retry: retryUnless(401),
  });

/** The list, read each time the panel opens (and kept while it is open). */
export function useNotifications(open: boolean) {
  return useInfiniteQuery({ ...notificationsQueryOptions(), enabled: open, refetchOnMount: 'always' });
}

/** Marks notifications read (some, or all), then reads the list again. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { ids: number[] } | { all: true }) =>
      apiJson('/api/notifications/read', unreadCountSchema, jsonRequest(which)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
