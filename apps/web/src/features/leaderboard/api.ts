// The leaderboard's server state (spec 7): GET /api/leaderboard?limit=50 without authentication,
// kept fresh by /ws/leaderboard, which pushes {entries} on connect and whenever the ranking changes.
import type { LeaderboardEntry } from '@prison/shared/leaderboard';
import {
  LEADERBOARD_DEFAULT_LIMIT,
  LEADERBOARD_METRICS,
  type LeaderboardMetric,
} from '@prison/shared/ranking';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchJson } from '../../lib/api.ts';
import { schemasOf } from '../../lib/lazy-schema.ts';
import { type LiveStatus, readLiveMessage } from '../../lib/live-socket.ts';
import { useLiveSocket } from '../../lib/use-live-socket.ts';

// Spec 9: the leaderboard shows the top 50.
export const LEADERBOARD_LIMIT = LEADERBOARD_DEFAULT_LIMIT;

const schema = schemasOf(() => import('@prison/shared/leaderboard'));
const leaderboardSchema = schema('leaderboardSchema');
const leaderboardMessageSchema = schema('leaderboardMessageSchema');

const query = (metric: LeaderboardMetric) => `limit=${LEADERBOARD_LIMIT}&metric=${metric}`;

function fetchLeaderboard(metric: LeaderboardMetric): Promise<LeaderboardEntry[]> {
  return fetchJson(`/api/leaderboard?${query(metric)}`, leaderboardSchema);
}

export const leaderboardQueryOptions = (metric: LeaderboardMetric) =>
  queryOptions({
    queryKey: ['leaderboard', metric, LEADERBOARD_LIMIT],
    queryFn: () => fetchLeaderboard(metric),
  });

export function useLeaderboard(metric: LeaderboardMetric) {
  return useQuery(leaderboardQueryOptions(metric));
}

export function isLeaderboardMetric(value: string | null): value is LeaderboardMetric {
  return (LEADERBOARD_METRICS as readonly (string | null)[]).includes(value);
}

/**
 * Keeps the metric's ranking live: each pushed ranking replaces the cached one, so the page shows it
 * at once. The socket reconnects by itself (spec 4); switching metric switches the feed.
 */
export function useLeaderboardFeed(metric: LeaderboardMetric): {
  status: LiveStatus;
  updatedAt: Date | null;
} {
  const queryClient = useQueryClient();
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const status = useLiveSocket(`/ws/leaderboard?${query(metric)}`, (data) => {
    readLiveMessage(leaderboardMessageSchema, data, (message) => {
      queryClient.setQueryData(leaderboardQueryOptions(metric).queryKey, message.entries);
      setUpdatedAt(new Date());
    });
  });
  return { status, updatedAt };
}
