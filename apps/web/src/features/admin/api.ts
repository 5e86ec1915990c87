// The admin console's server state (spec 2.12, 4 Admin dashboard, 7, 8): the dashboard, polled every
// 30 seconds; commands to the game server; the audit log of every staff action; the staff accounts
// and an owner's clearing of a member's two-factor sign-in; the game servers' bridge and credentials.
import { msg } from '@lingui/core/macro';
import {
  type AuditActionName,
  type AuditEvents,
  type CommandResult,
  DASHBOARD_REFRESH_MS,
  type Dashboard,
  type StaffMember,
} from '@prison/shared/admin';
import type { CreatedBridgeCredential } from '@prison/shared/bridge-credentials';
import type { BridgeInspector } from '@prison/shared/bridge-inspector';
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
import { errorText } from '../../lib/error-text.ts';
import { translate } from '../../lib/i18n.ts';
import { schemasOf } from '../../lib/lazy-schema.ts';
import { retryUnless } from '../../lib/query-client.ts';

const schema = schemasOf(() => import('@prison/shared/admin'));
const auditEventsSchema = schema('auditEventsSchema');
const commandResultSchema = schema('commandResultSchema');
const dashboardSchema = schema('dashboardSchema');
const staffListSchema = schema('staffListSchema');

const DASHBOARD_ERROR = msg`Unable to load dashboard`;

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
  return errorText(error, translate(DASHBOARD_ERROR));
}

/**
 * What the admin API's refusal of a staff member asks them to do under STAFF_2FA=required: 'enrol'
 * (the account has no two-factor sign-in yet), 'sign-in-with-code' (this session was signed in with
 * the password alone), or null for any other error.
 */
export type SecondFactorStep = 'enrol' | 'sign-in-with-code';

export function secondFactorStep(error: unknown): SecondFactorStep | null {
  if (!isHttpError(error) || error.status !== 403) return null;
  if (error.code === 'staff_two_factor_required') return 'enrol';
  if (error.code === 'staff_sign_in_with_code') return 'sign-in-with-code';
  return null;
}

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

/**
 * Why a card of the console could not load. A second-factor refusal is said once, with what to do
 * about it, by the dashboard's notice (second-factor-alert.tsx); the cards point at it.
 */
export function consoleCardErrorText(error: unknown, fallback: string): string {
  if (secondFactorStep(error))
    return translate(msg`Waiting for two-factor sign-in: the notice at the top of the page says what to do.`);
  return errorText(error, fallback);
}

export const auditErrorText = (error: unknown): string =>
  consoleCardErrorText(error, translate(msg`The audit log could not be loaded.`));

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

// ---- Staff accounts ----

const STAFF_KEY = ['admin', 'staff'] as const;

async function getStaff(): Promise<StaffMember[]> {
  return (await apiJson('/api/admin/staff', staffListSchema)).staff;
}

const staffQueryOptions = () =>
  queryOptions({
    queryKey: STAFF_KEY,
    queryFn: getStaff,
    // A refusal (not staff, or a second factor wanted) says so at once.
    retry: retryUnless(401, 403),
  });

/** Every account holding a staff role, with whether two-factor sign-in is on. */
export function useStaff() {
  return useQuery(staffQueryOptions());
}

/** POST /api/admin/staff/{uuid}/2fa/reset (OWNER only): answers the staff list as it now is. */
async function clearTwoFactor(uuid: string): Promise<StaffMember[]> {
  const path = `/api/admin/staff/${encodeURIComponent(uuid)}/2fa/reset`;
  return (await apiJson(path, staffListSchema, { method: 'POST' })).staff;
}

/**
 * Clears a member's two-factor sign-in. The answer is the new list; a refusal (409: it was already
 * off) reads the list again, since it has changed under the page. Either way the audit log has a line.
 */
export function useClearTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearTwoFactor,
    onSuccess: (staff) => queryClient.setQueryData(STAFF_KEY, staff),
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: STAFF_KEY });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}

// ---- Game servers: the bridge inspector and the credentials ----

const bridgeSchema = schemasOf(() => import('@prison/shared/bridge-inspector'));
const bridgeInspectorSchema = bridgeSchema('bridgeInspectorSchema');
const credentialSchema = schemasOf(() => import('@prison/shared/bridge-credentials'));
const bridgeCredentialListSchema = credentialSchema('bridgeCredentialListSchema');
const createdBridgeCredentialSchema = credentialSchema('createdBridgeCredentialSchema');

const BRIDGE_KEY = ['admin', 'bridge'] as const;
/** The inspector is read again this often while the page is open. */
export const BRIDGE_REFRESH_MS = 15_000;

function getBridge(): Promise<BridgeInspector> {
  return apiJson('/api/admin/bridge', bridgeInspectorSchema);
}

const bridgeQueryOptions = () =>
  queryOptions({
    queryKey: BRIDGE_KEY,
    queryFn: getBridge,
    refetchInterval: BRIDGE_REFRESH_MS,
    staleTime: 0,
    retry: retryUnless(401, 403),
  });

/** The game servers, their sockets, the deliveries' state and the newest batches. */
export function useBridgeInspector() {
  return useQuery(bridgeQueryOptions());
}

/** POST /api/admin/bridge/credentials (OWNER only): the credential and its token, shown this once. */
function createCredential(name: string): Promise<CreatedBridgeCredential> {
  return apiJson('/api/admin/bridge/credentials', createdBridgeCredentialSchema, jsonRequest({ name }));
}

/** Makes a game server's credential; the inspector lists it, and the audit log has a line. */
export function useCreateCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCredential,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: BRIDGE_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}

/** DELETE /api/admin/bridge/credentials/{id} (OWNER only). */
async function revokeCredential(id: string): Promise<void> {
  await apiJson(`/api/admin/bridge/credentials/${encodeURIComponent(id)}`, bridgeCredentialListSchema, {
    method: 'DELETE',
  });
}

/** Revokes a credential: its game server is refused from its next request on. */
export function useRevokeCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCredential,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: BRIDGE_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}
