import { useCallback, useEffect, useMemo, useRef } from 'react';
import { type To, useLocation, useSearchParams } from 'react-router';
import { type ListFilters, readFilters, writeFilters } from './punishment-filters.ts';

/**
 * The pages walked through to reach the one shown, newest first, as the cursors that opened them
 * ('' for the first page): kept in the history entry, not the address. A shared link to a later
 * page has none, and offers the first page instead of the one before.
 */
interface Trail {
  trail: string[];
}

function readTrail(state: unknown): string[] {
  const trail = (state as Partial<Trail> | null)?.trail;
  return Array.isArray(trail) && trail.every((cursor) => typeof cursor === 'string') ? trail : [];
}

/** Where a pager link goes: the address, and the trail its history entry keeps. */
export interface PageLink {
  to: To;
  state: Trail;
}

const searchOf = (filters: ListFilters): To => {
  const query = writeFilters(filters).toString();
  return { search: query ? `?${query}` : '' };
};

/**
 * The punishments list's filters, read from and written to the address. A change of type, status or
 * search goes back to the first page; typing replaces the history entry rather than adding one per
 * letter. Paging adds one: Back returns to the page before.
 */
export function usePunishmentFilters() {
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const filters = useMemo(() => readFilters(params), [params]);
  const trail = useMemo(() => readTrail(state), [state]);
  // Two quick changes (a search written, then a tab) build on the last one written, not on the
  // params of the last render; the URL wins whenever it changes (Back, Forward, a link).
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  const update = useCallback(
    (patch: Partial<Omit<ListFilters, 'after'>>, { replace = false }: { replace?: boolean } = {}) => {
      const next = writeFilters({ ...readFilters(latest.current), ...patch, after: null });
      latest.current = next;
      setParams(next, { replace, preventScrollReset: true });
    },
    [setParams],
  );

  /** The page after this one, older. */
  const older = (cursor: string): PageLink => ({
    to: searchOf({ ...filters, after: cursor }),
    state: { trail: [...trail, filters.after ?? ''] },
  });
  /** The page before this one, newer: the first page when the trail does not say which it was. */
  const newer = (): PageLink => ({
    to: searchOf({ ...filters, after: trail.at(-1) || null }),
    state: { trail: trail.slice(0, -1) },
  });

  return { filters, update, older, newer, knowsNewer: trail.length > 0 };
}
