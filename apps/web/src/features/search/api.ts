// The header search's server state: GET /api/search?q= without authentication, players by name
// prefix and gangs by name, at most 8 of each, best first (packages/shared/src/search.ts).
import type { SearchResult } from '@prison/shared/search';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchJson } from '../../lib/api.ts';
import { schemasOf } from '../../lib/lazy-schema.ts';

const searchResultSchema = schemasOf(() => import('@prison/shared/search'))('searchResultSchema');

/** Typing pauses this long before a search goes out: one request per word, not per key. */
const SEARCH_DEBOUNCE_MS = 150;

function fetchSearch(text: string, signal?: AbortSignal): Promise<SearchResult> {
  return fetchJson(`/api/search?q=${encodeURIComponent(text)}`, searchResultSchema, { signal });
}

const searchQueryOptions = (text: string) =>
  queryOptions({
    queryKey: ['search', text],
    queryFn: ({ signal }) => fetchSearch(text, signal),
    // A 400 (blank, too long) or 429 (too fast) answers the same on a retry; the next key press asks again.
    retry: false,
  });

/**
 * The results for what is typed, asked once typing pauses. The last answer stays on screen while the
 * next is on its way (placeholderData), so the list does not flash empty between key presses.
 */
export function useSearch(typed: string) {
  const queryClient = useQueryClient();
  const wanted = typed.trim();
  // An answer already cached (the list reopened on the same text) shows at once; new text waits.
  const [text, setText] = useState(() =>
    queryClient.getQueryData(searchQueryOptions(wanted).queryKey) ? wanted : '',
  );
  useEffect(() => {
    const timer = setTimeout(() => setText(wanted), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [wanted]);
  return useQuery({
    ...searchQueryOptions(text),
    enabled: text !== '',
    placeholderData: keepPreviousData,
  });
}
