// The leaderboard's metrics and limits and the ranks (spec 3 Leaderboard entry and Ranks, 9), without
// zod: the pages that show them load no schema (leaderboard.ts re-exports them with its schemas).

export const LEADERBOARD_METRICS = ['level', 'xp', 'prestige', 'balance'] as const;
export type LeaderboardMetric = (typeof LEADERBOARD_METRICS)[number];

// Spec 9: the site asks for 50; the server keeps (and answers at most) the top 100 of each metric.
export const LEADERBOARD_DEFAULT_LIMIT = 50;
export const LEADERBOARD_MAX_LIMIT = 100;

// Spec 3 Ranks, lowest first. Any other rank is shown with the default grey badge.
export const RANKS = ['ROOKIE', 'CADET', 'SENTINEL', 'COMMANDER', 'DOMINUS', 'ARCHON'] as const;
export type Rank = (typeof RANKS)[number];

export function isRank(value: string): value is Rank {
  return (RANKS as readonly string[]).includes(value);
}
