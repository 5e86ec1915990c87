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
import { useQuery } from '@tanstack/react-query';
import { apiFetch, apiJson, errorDetail, httpError, isHttpError } from '../../lib/api.ts';

export const DASHBOARD_ERROR = 'Unable to load dashboard';

export function useDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: (): Promise<Dashboard> => apiJson('/api/admin/dashboard', dashboardSchema),
    refetchInterval: DASHBOARD_REFRESH_MS,
    staleTime: 0,
    retry: false,
  });
}

/** Spec 8: the detail from the error body if there is one, else "Unable to load dashboard". */
export function dashboardErrorText(error: unknown): string {
  return (isHttpError(error) && error.detail) || DASHBOARD_ERROR;
}

export function useAuditLog() {
  return useQuery({
    queryKey: ['admin', 'commands'],
    queryFn: (): Promise<AuditEntry[]> =>
      apiJson(`/api/admin/commands?limit=${AUDIT_DEFAULT_LIMIT}`, auditLogSchema),
    staleTime: 0,
  });
}

/** POST /api/admin/command; throws httpError carrying the server's detail when it refuses. */
export async function sendCommand(command: string): Promise<CommandResult> {
  const response = await apiFetch('/api/admin/command', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ command }),
  });
  if (!response.ok) throw httpError(response.status, await errorDetail(response));
  return commandResultSchema.parse(await response.json());
}
