// The admin console's server state (spec 2.12, 4 Admin dashboard, 7, 8): the dashboard, polled every
// 30 seconds; commands to the game server; the audit log of every command staff sent.
import {
  AUDIT_DEFAULT_LIMIT,
  type AuditEntry,
  auditLogSchema,
  type CommandResult,
  commandResultSchema,
  DASHBOARD_REFRESH_MS,
  type Dashboard,
  dashboardSchema,
} from '@prison/shared/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, isHttpError, jsonRequest } from '../../lib/api.ts';

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

function getAuditLog(): Promise<AuditEntry[]> {
  return apiJson(`/api/admin/commands?limit=${AUDIT_DEFAULT_LIMIT}`, auditLogSchema);
}

const auditLogQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'commands'], queryFn: getAuditLog, staleTime: 0 });

export function useAuditLog() {
  return useQuery(auditLogQueryOptions());
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
      void queryClient.invalidateQueries({ queryKey: auditLogQueryOptions().queryKey });
    },
  });
}
