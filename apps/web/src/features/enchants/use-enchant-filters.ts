import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_FILTERS, type EnchantFilters, readFilters, writeFilters } from './enchant-query.ts';

interface UpdateOptions {
  /** Replace the current history entry instead of adding one (used while typing a search). */
  replace?: boolean;
}

/**
 * Spec 4 Enchants filter state, held in the URL query: a view can be shared as a link, and each filter
 * change is a history entry so Back and Forward step through them.
 */
export function useEnchantFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  // React Router hands a functional update the params of the last render, so two quick changes
  // (clear the search, then pick a rarity) would overwrite each other. Build on the last one
  // written instead; it follows the URL whenever that changes (Back, Forward, a link).
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  const update = useCallback(
    (patch: Partial<EnchantFilters>, { replace = false }: UpdateOptions = {}) => {
      const next = writeFilters({ ...readFilters(latest.current), ...patch });
      latest.current = next;
      setParams(next, { replace, preventScrollReset: true });
    },
    [setParams],
  );

  // Spec 2.4: Reset filters clears every filter and the search, and sorts by featured again.
  const reset = useCallback(() => update(DEFAULT_FILTERS), [update]);

  return { filters, update, reset };
}
