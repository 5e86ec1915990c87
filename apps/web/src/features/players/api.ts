// A player's public page: GET /api/players/by-name/{name} (any case, or the uuid), then kept live by
// WS /api/players/{uuid}/ws, which pushes {player} on connect and whenever the page's figures change.
// The bearer goes along when there is one: staff see what a player hides.
import type { PlayerPage } from '@prison/shared/players';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiJson, httpError, isHttpError } from '../../lib/api.ts';
import { schemasOf } from '../../lib/lazy-schema.ts';
import { type LiveStatus, readLiveMessage } from '../../lib/live-socket.ts';
import { retryUnless } from '../../lib/query-client.ts';
import { useLiveSocket } from '../../lib/use-live-socket.ts';

const schema = schemasOf(() => import('@prison/shared/players'));
const playerPageSchema = schema('playerPageSchema');
const playerPageMessageSchema = schema('playerPageMessageSchema');

async function getPlayerPage(name: string): Promise<PlayerPage> {
  try {
    return await apiJson(`/api/players/by-name/${encodeURIComponent(name)}`, playerPageSchema);
  } catch (error) {
    // The API refuses (400) an address no player can have: longer than 16 characters, a character
    // outside the game's rule, a broken uuid. Nobody has it, as nobody has an unknown name: the page
    // is not found (404), said at once, and sent by the server as a 404, not a failure to retry.
    throw isHttpError(error) && error.status === 400 ? httpError(404, error.body) : error;
  }
}

// Names are matched in any case, so /players/steve and /players/Steve share one entry.
export const playerPageQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['player-page', name.toLowerCase()],
    queryFn: () => getPlayerPage(name),
    // An unknown name stays unknown: no retry before saying so.
    retry: retryUnless(404),
  });

export function usePlayerPage(name: string) {
  return useQuery(playerPageQueryOptions(name));
}

/**
 * Puts a page already in hand in the cache under its player's name, so that the page at that name
 * does not load again.
 */
export function useSeedPlayerPage(): (player: PlayerPage) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (player) => queryClient.setQueryData(playerPageQueryOptions(player.username).queryKey, player),
    [queryClient],
  );
}

/**
 * The socket speaks to everyone as to a visitor. Staff, who were given what the player hides, keep
 * those statistics and milestones rather than lose them to the next live message.
 */
export function mergeLivePlayer(current: PlayerPage | undefined, live: PlayerPage): PlayerPage {
  // Hidden, yet with statistics: only staff are answered so.
  const staffView = current?.hidden === true && current.stats !== null && current.uuid === live.uuid;
  if (!staffView || !live.hidden || live.stats !== null) return live;
  return { ...live, stats: current.stats, milestones: current.milestones };
}

/**
 * Keeps the page at `name` live while it is open. Each message replaces the cached page; a message
 * saying the player is gone calls `onGone`. A null uuid opens nothing.
 */
export function usePlayerFeed(name: string, uuid: string | null, onGone: () => void): LiveStatus {
  const queryClient = useQueryClient();
  const { queryKey } = playerPageQueryOptions(name);
  return useLiveSocket(uuid === null ? null : `/api/players/${encodeURIComponent(uuid)}/ws`, (data) => {
    readLiveMessage(playerPageMessageSchema, data, ({ player }) => {
      if (player === null) onGone();
      else queryClient.setQueryData(queryKey, (current) => mergeLivePlayer(current, player));
    });
  });
}
