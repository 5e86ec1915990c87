// The public record of punishments: GET /api/punishments (a page of the list, newest first, with the
// counts per type on a first page) and GET /api/punishments/{id}. Anyone may read them: no sign-in.
import type { Punishment, PunishmentCounts, PunishmentsPage } from '@prison/shared/punishments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson, httpError, isHttpError } from '../../lib/api.ts';
import { schemasOf } from '../../lib/lazy-schema.ts';
import { retryUnless } from '../../lib/query-client.ts';
import { type ListFilters, listQuery } from './punishment-filters.ts';

const schema = schemasOf(() => import('@prison/shared/punishments'));
const punishmentsPageSchema = schema('punishmentsPageSchema');
const punishmentSchema = schema('punishmentSchema');

/** The address of a page of the list: `/api/punishments` alone for the first page of everything. */
export function punishmentsAddress(filters: ListFilters, limit?: number): string {
  const query = listQuery(filters, limit).toString();
  return query ? `/api/punishments?${query}` : '/api/punishments';
}

/** The counts per type of a status and a search (whatever the type), kept on their own. */
export const punishmentCountsQueryOptions = ({ status, q }: Pick<ListFilters, 'status' | 'q'>) =>
  queryOptions({
    queryKey: ['punishments', 'counts', status, q],
    // Only asked for on a later page, which has no counts of its own: a first page of one is enough.
    queryFn: async (): Promise<PunishmentCounts> => {
      const page = await fetchJson(
        punishmentsAddress({ type: null, status, q, after: null }, 1),
        punishmentsPageSchema,
      );
      return page.counts ?? { ban: 0, mute: 0, warning: 0, kick: 0 };
    },
  });

export const punishmentsPageQueryOptions = (filters: ListFilters) =>
  queryOptions({
    queryKey: ['punishments', 'list', filters.type ?? 'all', filters.status, filters.q, filters.after],
    queryFn: async ({ client }): Promise<PunishmentsPage> => {
      const page = await fetchJson(punishmentsAddress(filters), punishmentsPageSchema);
      // A first page brings the counts of its status and search: the tabs read them from there, and
      // keep them while another type's page loads.
      if (page.counts) client.setQueryData(punishmentCountsQueryOptions(filters).queryKey, page.counts);
      return page;
    },
    // A cursor from elsewhere that is not one of ours stays refused: no retry before saying so.
    retry: retryUnless(400),
  });

/** A page of the list; another tab, filter or page keeps the rows shown until its own arrive. */
export function usePunishmentsPage(filters: ListFilters) {
  return useQuery({ ...punishmentsPageQueryOptions(filters), placeholderData: keepPreviousData });
}

/**
 * The counts the tabs show. A first page fills them as it arrives; a later page, which comes without
 * them, asks for them once.
 */
export function usePunishmentCounts(filters: ListFilters) {
  return useQuery({ ...punishmentCountsQueryOptions(filters), enabled: filters.after !== null });
}

async function getPunishment(id: string): Promise<Punishment> {
  try {
    return await fetchJson(`/api/punishments/${encodeURIComponent(id)}`, punishmentSchema);
  } catch (error) {
    // The API refuses (400) an id that is not a whole number: no punishment has it, so the page is
    // not found (404), said at once, and sent by the server as a 404, not a failure to retry.
    throw isHttpError(error) && error.status === 400 ? httpError(404, error.body) : error;
  }
}

export const punishmentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['punishment', id],
    queryFn: () => getPunishment(id),
    retry: retryUnless(404),
  });

export function usePunishment(id: string) {
  return useQuery(punishmentQueryOptions(id));
}
