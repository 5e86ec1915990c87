// A player's public page: GET /api/players/by-name/{name} (any case, or the uuid), then kept live by
// WS /api/players/{uuid}/ws, which pushes {player} on connect and whenever the page's figures change;
// and their latest punishments, GET /api/players/{uuid}/punishments.
// The bearer goes along when there is one: staff, and the player, see what a player hides.
import type { PlayerPage } from '@prison/shared/players';
import type { PlayerPunishments } from '@prison/shared/punishments';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiJson, httpError, isHttpError } from '../../lib/api.ts';
import { schemasOf } from '../../lib/lazy-schema.ts';
import { type LiveStatus, readLiveMessage } from '../../lib/live-socket.ts';
import { loaderQueryClient, queryForFirstRender, retryUnless } from '../../lib/query-client.ts';
import { useLiveSocket } from '../../lib/use-live-socket.ts';

const schema = schemasOf(() => import('@prison/shared/players'));
const playerPageSchema = schema('playerPageSchema');
const playerPageMessageSchema = schema('playerPageMessageSchema');
const playerPunishmentsSchema = schemasOf(() => import('@prison/shared/punishments'))(
  'playerPunishmentsSchema',
);

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

/** How many of a player's punishments their page shows: the newest; the list has the rest. */
export const HISTORY_LIMIT = 5;

function getPlayerPunishments(uuid: string): Promise<PlayerPunishments> {
  return apiJson(
    `/api/players/${encodeURIComponent(uuid)}/punishments?limit=${HISTORY_LIMIT}`,
    playerPunishmentsSchema,
  );
}

// By uuid: the history does not change with the name the page was opened by.
export const playerPunishmentsQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: ['player-punishments', uuid],
    queryFn: () => getPlayerPunishments(uuid),
    // A history kept private (403) stays private to this reader, and a player gone stays gone.
    retry: retryUnless(403, 404),
  });

/** The player's newest punishments; `enabled` false asks nothing (a history the reader may not see). */
export function usePlayerPunishments(uuid: string, enabled: boolean) {
  return useQuery({ ...playerPunishmentsQueryOptions(uuid), enabled });
}

/**
 * The route's loader's data: the page, then, unless the player hides it, their history, so that the
 * page renders once with both (and the server's HTML holds both).
 */
export async function loadPlayerPage(name: string): Promise<void> {
  const options = playerPageQueryOptions(name);
  await queryForFirstRender(options);
  const page = loaderQueryClient().getQueryData(options.queryKey);
  if (page && !page.punishments_hidden) await queryForFirstRender(playerPunishmentsQueryOptions(page.uuid));
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

/** Whether a live page tells of a change in the player's punishments: a ban issued or lifted, a history hidden or shown. */
export const punishmentsChanged = (before: PlayerPage | undefined, after: PlayerPage): boolean =>
  before !== undefined &&
  (before.ban?.id !== after.ban?.id || before.punishments_hidden !== after.punishments_hidden);

/**
 * Keeps the page at `name` live while it is open. Each message replaces the cached page, and asks
 * for the history again when the punishments changed; a message saying the player is gone calls
 * `onGone`. A null uuid opens nothing.
 */
export function usePlayerFeed(name: string, uuid: string | null, onGone: () => void): LiveStatus {
  const queryClient = useQueryClient();
  const { queryKey } = playerPageQueryOptions(name);
  return useLiveSocket(uuid === null ? null : `/api/players/${encodeURIComponent(uuid)}/ws`, (data) => {
    readLiveMessage(playerPageMessageSchema, data, ({ player }) => {
      if (player === null) return onGone();
      const before = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (current) => mergeLivePlayer(current, player));
      if (punishmentsChanged(before, player)) {
        void queryClient.invalidateQueries({ queryKey: playerPunishmentsQueryOptions(player.uuid).queryKey });
      }
    });
  });
}
