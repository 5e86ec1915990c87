// The punish dialog's server state: players found by name (GET /api/search, as the header's search
// finds them) and the punishment sent to the game server (POST /api/admin/punishments, staff only).
import type { PunishRequest, StaffAction } from '@prison/shared/moderation';
import type { SearchPlayer } from '@prison/shared/search';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiJson, fetchJson, jsonRequest } from '../../lib/api.ts';
import { schemasOf } from '../../lib/lazy-schema.ts';

const searchResultSchema = schemasOf(() => import('@prison/shared/search'))('searchResultSchema');
const staffActionSchema = schemasOf(() => import('@prison/shared/moderation'))('staffActionSchema');

/** Typing pauses this long before a name is looked up: one request per word, not per key. */
const LOOKUP_DELAY_MS = 200;

async function findPlayers(text: string, signal?: AbortSignal): Promise<SearchPlayer[]> {
  return (await fetchJson(`/api/search?q=${encodeURIComponent(text)}`, searchResultSchema, { signal }))
    .players;
}

const playerLookupQueryOptions = (text: string) =>
  queryOptions({
    queryKey: ['moderation', 'players', text],
    queryFn: ({ signal }) => findPlayers(text, signal),
    // A 400 or 429 answers the same on a retry; the next key press asks again.
    retry: false,
  });

/**
 * The players whose name starts with what is typed (at most 8, the exact name first), asked once
 * typing pauses; the last answer stays while the next is on its way. `text` is what was asked.
 */
export function usePlayerLookup(typed: string) {
  const wanted = typed.trim();
  const [text, setText] = useState(wanted);
  useEffect(() => {
    const timer = setTimeout(() => setText(wanted), LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted]);
  const query = useQuery({
    ...playerLookupQueryOptions(text),
    enabled: text !== '',
    placeholderData: keepPreviousData,
  });
  return { ...query, text };
}

function punish(request: PunishRequest): Promise<StaffAction> {
  return apiJson('/api/admin/punishments', staffActionSchema, jsonRequest(request));
}

/** Sends a punishment to the game server: the answer is the command and how the game server took it. */
export function usePunish() {
  return useMutation({ mutationFn: punish });
}
