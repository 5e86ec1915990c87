// The profile's server state (spec 2.7, 4 Profile, 7, 8): the public profile and the stats with G-Kits
// (both needed before the page leaves its skeletons), the social overview (undefined while loading,
// null on failure), the activity feed (empty on failure), the player's gang (for its page's address)
// and the privacy switch of the public player page.
import {
  ACTIVITY_DEFAULT_LIMIT,
  type ActivityItem,
  activityListSchema,
  type PlayerStats,
  type Privacy,
  type PublicProfile,
  playerStatsSchema,
  privacySchema,
  publicProfileSchema,
} from '@prison/shared/players';
import { type SocialOverview, socialOverviewSchema } from '@prison/shared/social';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api.ts';

// The hero and stats are refreshed while the page is open; the header says when they last were.
const PROFILE_REFRESH_MS = 30_000;

export function useProfileData(uuid: string) {
  const profile = useQuery({
    queryKey: ['players', uuid],
    queryFn: (): Promise<PublicProfile> => apiJson(`/api/players/${uuid}`, publicProfileSchema),
    refetchInterval: PROFILE_REFRESH_MS,
  });
  const stats = useQuery({
    queryKey: ['players', uuid, 'stats'],
    queryFn: (): Promise<PlayerStats> => apiJson(`/api/players/${uuid}/stats`, playerStatsSchema),
    refetchInterval: PROFILE_REFRESH_MS,
  });
  return { profile, stats };
}

/** Spec 4: undefined while loading, null on failure (silently, spec 8). */
export function useSocialOverview(): SocialOverview | null | undefined {
  const overview = useQuery({
    queryKey: ['social', 'overview'],
    queryFn: async (): Promise<SocialOverview | null> => {
      try {
        return await apiJson('/api/social/overview', socialOverviewSchema);
      } catch {
        return null;
      }
    },
    refetchInterval: PROFILE_REFRESH_MS,
  });
  return overview.data;
}

/** Spec 4: null while loading; a failure or a non-OK answer is an empty list (spec 8). */
export function useActivity(uuid: string): ActivityItem[] | null {
  const activity = useQuery({
    queryKey: ['players', uuid, 'activity', ACTIVITY_DEFAULT_LIMIT],
    queryFn: async (): Promise<ActivityItem[]> => {
      try {
        return await apiJson(
          `/api/players/${uuid}/activity?limit=${ACTIVITY_DEFAULT_LIMIT}`,
          activityListSchema,
        );
      } catch {
        return [];
      }
    },
    refetchInterval: PROFILE_REFRESH_MS,
  });
  return activity.data ?? null;
}

/** The player's gang, by id and name, for links to its page. */
export interface PlayerGang {
  id: string;
  name: string;
}

const PRIVACY_PATH = '/api/players/me/privacy';

export function getPrivacy(): Promise<Privacy> {
  return apiJson(PRIVACY_PATH, privacySchema);
}

export const privacyQueryOptions = () =>
  queryOptions({ queryKey: ['players', 'me', 'privacy'], queryFn: getPrivacy });

export function usePrivacy() {
  return useQuery(privacyQueryOptions());
}

export function savePrivacy(privacy: Privacy): Promise<Privacy> {
  return apiJson(PRIVACY_PATH, privacySchema, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(privacy),
  });
}

/** The switch moves at once; a refused save puts it back, and the server's answer is the last word. */
export function useSavePrivacy() {
  const queryClient = useQueryClient();
  const { queryKey } = privacyQueryOptions();
  return useMutation({
    mutationFn: savePrivacy,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, next);
      return { previous };
    },
    onError: (_error, _next, context) => {
      queryClient.setQueryData(queryKey, context?.previous);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
    },
  });
}
