// The admin console's server state (spec 2.12, 4 Admin dashboard, 7, 8): the dashboard, polled every
// 30 seconds; commands to the game server; the audit log of every staff action; the staff accounts
// and an owner's clearing of a member's two-factor sign-in; the game servers' bridge and credentials;
// moderation (punishments as staff see them, pardons, what was sent to the game server, appeals); the
// owner's Discord webhooks.
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
import type {
  Appeal,
  AppealState,
  ModerationLiveMessage,
  StaffAction,
  StaffAppeal,
} from '@prison/shared/moderation';
import type { PunishmentType } from '@prison/shared/punishments';
import type {
  CreateWebhook,
  Webhook,
  WebhookEvent,
  WebhookList,
  WebhookTestResult,
} from '@prison/shared/webhooks';
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useIsFetching,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiJson, isHttpError, jsonRequest } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { translate } from '../../lib/i18n.ts';
import { schemasOf } from '../../lib/lazy-schema.ts';
import { readLiveMessage } from '../../lib/live-socket.ts';
import { retryUnless } from '../../lib/query-client.ts';
import { expireOnSessionClose, useSession } from '../../lib/session.ts';
import { useFreshToken } from '../../lib/use-fresh-token.ts';
import { useLiveSocket } from '../../lib/use-live-socket.ts';

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

// ---- Moderation: punishments, what was sent to the game server, appeals ----

const moderationSchema = schemasOf(() => import('@prison/shared/moderation'));
const staffPunishmentsPageSchema = moderationSchema('staffPunishmentsPageSchema');
const staffActionSchema = moderationSchema('staffActionSchema');
const staffActionsSchema = moderationSchema('staffActionsSchema');
const staffAppealsSchema = moderationSchema('staffAppealsSchema');
const appealSchema = moderationSchema('appealSchema');
const moderationLiveMessageSchema = moderationSchema('moderationLiveMessageSchema');

const MODERATION_KEY = ['admin', 'moderation'] as const;
const PUNISHMENTS_KEY = [...MODERATION_KEY, 'punishments'] as const;
const ACTIONS_KEY = [...MODERATION_KEY, 'actions'] as const;
const APPEALS_KEY = [...MODERATION_KEY, 'appeals'] as const;

/**
 * While their live feed is down (useModerationFeed), the moderation pages read their lists again this
 * often; while it is open, they read a list when the feed says it changed.
 */
export const MODERATION_REFRESH_MS = 30_000;
// A punishment or pardon sent is recorded when the game server reports it, a few seconds later:
// without the feed, for a while after one is sent, the lists are read far more often.
const AWAITING_REFRESH_MS = 3_000;
const AWAITING_FOR_MS = 45_000;
let awaitingReportUntil = 0;
/** How many moderation feeds of this page are open (one, on a moderation page). */
let feedsOpen = 0;
const moderationInterval = () =>
  feedsOpen > 0 ? false : Date.now() < awaitingReportUntil ? AWAITING_REFRESH_MS : MODERATION_REFRESH_MS;

type ModerationStamps = ModerationLiveMessage['moderation'];
/** The lists each stamp's change makes stale: a punishment shows its appeal, an appeal its punishment. */
const STALE_WITH: Record<keyof ModerationStamps, readonly (readonly string[])[]> = {
  punishments: [PUNISHMENTS_KEY, APPEALS_KEY],
  appeals: [APPEALS_KEY, PUNISHMENTS_KEY],
  actions: [ACTIONS_KEY],
};

/**
 * Follows the console's moderation feed while a moderation page is open (WS /api/admin/moderation/ws):
 * a list is read again the moment its stamp changes (a punishment recorded, an appeal made, the game
 * server's answer to an action). The stamps are the database's, so the first message after a
 * reconnection, to whichever server process, says what changed meanwhile. While the feed is down the
 * lists are read on a timer instead.
 */
export function useModerationFeed(): void {
  const queryClient = useQueryClient();
  const token = useSession()?.token ?? null;
  const last = useRef<ModerationStamps | null>(null);
  useFreshToken(token);
  const status = useLiveSocket(
    token ? `/api/admin/moderation/ws?token=${encodeURIComponent(token)}` : null,
    (data) =>
      readLiveMessage(moderationLiveMessageSchema, data, ({ moderation }) => {
        const before = last.current;
        last.current = moderation;
        if (!before) return;
        const stale = new Set<readonly string[]>();
        for (const list of Object.keys(STALE_WITH) as (keyof ModerationStamps)[]) {
          if (before[list] !== moderation[list]) for (const key of STALE_WITH[list]) stale.add(key);
        }
        for (const queryKey of stale) void queryClient.invalidateQueries({ queryKey });
      }),
    // Signed out or expired: the session ends as with every signed-in feed. Refused (no longer
    // staff): the lists' own reads answer 403, which the pages show.
    expireOnSessionClose,
  );
  const open = status === 'open';
  useEffect(() => {
    if (!open) return;
    feedsOpen++;
    return () => {
      feedsOpen--;
    };
  }, [open]);
}

/** The console's punishment filters: '' and 'all' are no filter. */
export interface StaffPunishmentFilters {
  type: PunishmentType | '';
  status: 'all' | 'active' | 'ended';
  q: string;
}

const STAFF_PUNISHMENTS_PAGE = 25;

function getStaffPunishments(
  filters: Partial<StaffPunishmentFilters> & { player?: string },
  cursor: string | null,
  limit = STAFF_PUNISHMENTS_PAGE,
) {
  const params = new URLSearchParams({ limit: String(limit) });
  if (filters.type) params.set('type', filters.type);
  if (filters.status && filters.status !== 'all') params.set('active', String(filters.status === 'active'));
  if (filters.q) params.set('q', filters.q);
  if (filters.player) params.set('player', filters.player);
  if (cursor) params.set('cursor', cursor);
  return apiJson(`/api/admin/punishments?${params}`, staffPunishmentsPageSchema);
}

const staffPunishmentsQueryOptions = (filters: StaffPunishmentFilters) =>
  infiniteQueryOptions({
    queryKey: [...PUNISHMENTS_KEY, 'list', filters],
    queryFn: ({ pageParam }) => getStaffPunishments(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    refetchInterval: moderationInterval,
    staleTime: 0,
    // A new filter keeps the rows on screen until its own arrive.
    placeholderData: keepPreviousData,
    retry: retryUnless(400, 401, 403),
  });

/** Every punishment, silent ones included, newest first, a page at a time (keyset: "Load more"). */
export function useStaffPunishments(filters: StaffPunishmentFilters) {
  return useInfiniteQuery(staffPunishmentsQueryOptions(filters));
}

/** How many of a player's punishments an appeal shows beside it. */
const PLAYER_HISTORY_LIMIT = 20;

const playerHistoryQueryOptions = (player: string) =>
  queryOptions({
    queryKey: [...PUNISHMENTS_KEY, 'player', player],
    queryFn: () => getStaffPunishments({ player }, null, PLAYER_HISTORY_LIMIT),
    refetchInterval: moderationInterval,
    retry: retryUnless(400, 401, 403),
  });

/** A player's punishments as staff see them, newest first (the appeals queue shows them). */
export function usePlayerPunishments(player: string) {
  return useQuery(playerHistoryQueryOptions(player));
}

/** How many of the newest actions the console lists. */
export const ACTIONS_SHOWN = 20;

async function getActions(): Promise<StaffAction[]> {
  return (await apiJson(`/api/admin/punishment-actions?limit=${ACTIONS_SHOWN}`, staffActionsSchema)).actions;
}

const actionsQueryOptions = () =>
  queryOptions({
    queryKey: ACTIONS_KEY,
    queryFn: getActions,
    refetchInterval: moderationInterval,
    staleTime: 0,
    retry: retryUnless(401, 403),
  });

/** The punishments and pardons staff sent to the game server, newest first, with how each went. */
export function usePunishmentActions() {
  return useQuery(actionsQueryOptions());
}

async function getAppeals(state: AppealState): Promise<StaffAppeal[]> {
  return (await apiJson(`/api/admin/appeals?state=${state}`, staffAppealsSchema)).appeals;
}

const appealsQueryOptions = (state: AppealState) =>
  queryOptions({
    queryKey: [...APPEALS_KEY, state],
    queryFn: () => getAppeals(state),
    refetchInterval: moderationInterval,
    staleTime: 0,
    retry: retryUnless(401, 403),
  });

/** The open appeals, oldest first: the queue. */
export function useOpenAppeals() {
  return useQuery(appealsQueryOptions('open'));
}

/** The accepted and the denied appeals together, the newest decision first. */
export function useDecidedAppeals() {
  return useQueries({
    queries: [appealsQueryOptions('accepted'), appealsQueryOptions('denied')],
    combine: ([accepted, denied]) => {
      const failed = accepted.error ?? denied.error;
      const data =
        accepted.data && denied.data
          ? [...accepted.data, ...denied.data].sort(
              (a, b) => Date.parse(b.decided_at ?? b.created_at) - Date.parse(a.decided_at ?? a.created_at),
            )
          : undefined;
      return { data, isPending: data === undefined && !failed, isError: Boolean(failed), error: failed };
    },
  });
}

/**
 * After a punishment, a pardon or an accepted appeal is sent: the lists are read at once, then often
 * for a while, so that what the game server reports shows without a reload.
 */
function awaitGameReport(queryClient: QueryClient): void {
  awaitingReportUntil = Date.now() + AWAITING_FOR_MS;
  void queryClient.invalidateQueries({ queryKey: MODERATION_KEY });
  void queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
}

/** "Refresh now" on the moderation pages: every moderation list read again. */
export function useRefreshModeration() {
  const queryClient = useQueryClient();
  const refreshing = useIsFetching({ queryKey: MODERATION_KEY }) > 0;
  const refresh = () => void queryClient.refetchQueries({ queryKey: MODERATION_KEY, type: 'active' });
  return { refresh, refreshing };
}

/** What the console does when the punish dialog has sent a punishment. */
export function useAwaitGameReport(): () => void {
  const queryClient = useQueryClient();
  return () => awaitGameReport(queryClient);
}

export interface PardonRequest {
  id: number;
  reason: string | null;
}

/** POST /api/admin/punishments/{id}/pardon: the unban, unmute or unwarn sent to the game server. */
function pardonPunishment({ id, reason }: PardonRequest): Promise<StaffAction> {
  return apiJson(
    `/api/admin/punishments/${id}/pardon`,
    staffActionSchema,
    jsonRequest(reason ? { reason } : {}),
  );
}

/** Sends a pardon; whatever the answer, the lists are read again (a 409 means they were out of date). */
export function usePardon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pardonPunishment,
    onSettled: () => awaitGameReport(queryClient),
  });
}

export interface AppealDecision {
  id: number;
  decision: 'accept' | 'deny';
  reply: string;
}

function decideAppeal({ id, decision, reply }: AppealDecision): Promise<Appeal> {
  return apiJson(`/api/admin/appeals/${id}/decision`, appealSchema, jsonRequest({ decision, reply }));
}

/**
 * Accepts (the punishment is lifted through the game server) or denies an appeal. The queue is read
 * again whatever the answer: a 409 means another staff member decided it first.
 */
export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAppeal,
    onSettled: () => awaitGameReport(queryClient),
  });
}

// ---- Discord webhooks (OWNER only): the addresses, the kinds each receives, their parked messages ----

const webhookSchemas = schemasOf(() => import('@prison/shared/webhooks'));
const webhookListSchema = webhookSchemas('webhookListSchema');
const webhookSchema = webhookSchemas('webhookSchema');
const webhookTestResultSchema = webhookSchemas('webhookTestResultSchema');

const WEBHOOKS_KEY = ['admin', 'webhooks'] as const;
/** The list is read again this often while the page is open, so that the waiting counts move. */
export const WEBHOOKS_REFRESH_MS = 10_000;

function getWebhooks(): Promise<WebhookList> {
  return apiJson('/api/admin/webhooks', webhookListSchema);
}

const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: WEBHOOKS_KEY,
    queryFn: getWebhooks,
    refetchInterval: WEBHOOKS_REFRESH_MS,
    staleTime: 0,
    retry: retryUnless(401, 403),
  });

/** Every webhook address (masked), oldest first, with its messages' state. */
export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}

/** An address's new state in the list, where it was. */
function putWebhook(queryClient: QueryClient, webhook: Webhook): void {
  queryClient.setQueryData<WebhookList>(
    WEBHOOKS_KEY,
    (list) => list && { ...list, webhooks: list.webhooks.map((w) => (w.id === webhook.id ? webhook : w)) },
  );
}

/** POST /api/admin/webhooks: a 400 names what is wrong with the address. */
function createWebhook(body: CreateWebhook): Promise<Webhook> {
  return apiJson('/api/admin/webhooks', webhookSchema, jsonRequest(body));
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}

/** PUT /api/admin/webhooks/{id}: the kinds of event it receives; the address stays. */
function updateWebhookEvents({ id, events }: { id: number; events: WebhookEvent[] }): Promise<Webhook> {
  return apiJson(`/api/admin/webhooks/${id}`, webhookSchema, jsonRequest({ events }, { method: 'PUT' }));
}

export function useUpdateWebhookEvents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhookEvents,
    onSuccess: (webhook) => putWebhook(queryClient, webhook),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}

/** DELETE /api/admin/webhooks/{id}: answers the list as it now is. */
function removeWebhook(id: number): Promise<WebhookList> {
  return apiJson(`/api/admin/webhooks/${id}`, webhookListSchema, { method: 'DELETE' });
}

export function useRemoveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWebhook,
    onSuccess: (list) => queryClient.setQueryData(WEBHOOKS_KEY, list),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}

/**
 * POST /api/admin/webhooks/{id}/test: sent at once, not through the outbox. A 502 carries Discord's
 * answer, a 429 its rate limit.
 */
function testWebhook(id: number): Promise<WebhookTestResult> {
  return apiJson(`/api/admin/webhooks/${id}/test`, webhookTestResultSchema, { method: 'POST' });
}

export function useTestWebhook() {
  return useMutation({ mutationFn: testWebhook });
}

/** POST /api/admin/webhooks/{id}/messages/{message}/retry: the parked message waits to be sent again. */
function retryWebhookMessage({ id, message }: { id: number; message: number }): Promise<Webhook> {
  return apiJson(`/api/admin/webhooks/${id}/messages/${message}/retry`, webhookSchema, { method: 'POST' });
}

export function useRetryWebhookMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryWebhookMessage,
    onSuccess: (webhook) => putWebhook(queryClient, webhook),
    // A 404 means another owner retried or removed it first: the list is read again either way.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    },
  });
}
