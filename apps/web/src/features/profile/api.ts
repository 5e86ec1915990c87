// The profile's server state (spec 2.7, 4 Profile, 7, 8): the public profile and the stats with G-Kits
// (both needed before the page leaves its skeletons), the social overview (undefined while loading,
// null on failure) and the activity feed (empty on failure).
import {
  ACTIVITY_DEFAULT_LIMIT,
  type ActivityItem,
  activityListSchema,
  type PlayerStats,
  type PublicProfile,
  playerStatsSchema,
  publicProfileSchema,
} from '@prison/shared/players';
import { type SocialOverview, socialOverviewSchema } from '@prison/shared/social';
import { useQuery } from '@tanstack/react-query';
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
