// The admin console's server state (spec 2.12, 4 Admin dashboard, 7, 8): the dashboard, polled every
// 30 seconds; commands to the game server; the audit log of every staff action.
import {
  type AuditActionName,
  type AuditEvents,
  type CommandResult,
  DASHBOARD_REFRESH_MS,
  type Dashboard,
} from '@prison/shared/admin';
import { STAFF_TWO_FACTOR_REQUIRED } from '@prison/shared/two-factor';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiJson, isHttpError, jsonRequest } from '../../lib/api.ts';
import { schemasOf } from '../../lib/lazy-schema.ts';
import { retryUnless } from '../../lib/query-client.ts';

const schema = schemasOf(() => import('@prison/shared/admin'));
const auditEventsSchema = schema('auditEventsSchema');
const commandResultSchema = schema('commandResultSchema');
const dashboardSchema = schema('dashboardSchema');

const DASHBOARD_ERROR = 'Unable to load dashboard';

function getDashboard(): Promise<Dashboard> {
  return apiJson('/api/admin/dashboard', dashboardSchema);
}

const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'],
    queryFn: getDashboard,
    refetchInterval: DASHBOARD_REFRESH_MS,
    staleTime: 0,
    retry: false,
  });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}

/** Spec 8: the detail from the error body if there is one, else "Unable to load dashboard". */
export function dashboardErrorText(error: unknown): string {
  return (isHttpError(error) && error.detail) || DASHBOARD_ERROR;
}

/** The admin API's refusal of a staff account that has not turned on two-factor sign-in (STAFF_2FA). */
export const needsTwoFactor = (error: unknown): boolean =>
  isHttpError(error) && error.status === 403 && error.detail === STAFF_TWO_FACTOR_REQUIRED;

/** The audit log's filters as the console holds them: '' is no filter. */
export interface AuditFilters {
  actor: string;
  action: AuditActionName | '';
}

const AUDIT_PAGE_SIZE = 20;
const AUDIT_KEY = ['admin', 'audit'] as const;

/** One page of GET /api/admin/audit: the entries older than `before` (the previous page's `next`). */
function getAuditEvents(filters: AuditFilters, before: number | null): Promise<AuditEvents> {
  const params = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
  if (filters.actor) params.set('actor', filters.actor);
  if (filters.action) params.set('action', filters.action);
  if (before !== null) params.set('before', String(before));
  return apiJson(`/api/admin/audit?${params}`, auditEventsSchema);
}

const auditEventsQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: [...AUDIT_KEY, filters],
    queryFn: ({ pageParam }) => getAuditEvents(filters, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
    staleTime: 0,
    // A new filter keeps the entries on screen until its own arrive.
    placeholderData: keepPreviousData,
    // A refusal (not staff, or two-factor required) says so at once: retrying would only repeat it.
    retry: retryUnless(401, 403),
  });

/** The audit log, newest first, a page at a time (fetchNextPage for "Load more"). */
export function useAuditEvents(filters: AuditFilters) {
  return useInfiniteQuery(auditEventsQueryOptions(filters));
}

/** The server's detail if it gave one, else a sentence of our own. */
export function auditErrorText(error: unknown): string {
  return (isHttpError(error) && error.detail) || 'The audit log could not be loaded.';
}

/** POST /api/admin/command; throws HttpError carrying the server's detail when it refuses. */
function sendCommand(command: string): Promise<CommandResult> {
  return apiJson('/api/admin/command', commandResultSchema, jsonRequest({ command }));
}

/** Sends a command; whatever the answer, the audit log has a new line to show. */
export function useSendCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendCommand,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}
