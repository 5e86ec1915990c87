// The public leaderboard (spec sections 2.9, 3 Leaderboard entry and Ranks, 7, 9).
import { z } from 'zod';
import { moneySchema } from './money.ts';

export const LEADERBOARD_METRICS = ['level', 'xp', 'prestige', 'balance'] as const;
export type LeaderboardMetric = (typeof LEADERBOARD_METRICS)[number];

// Spec 9: the site asks for 50; the server keeps (and answers at most) the top 100 of each metric.
export const LEADERBOARD_DEFAULT_LIMIT = 50;
export const LEADERBOARD_MAX_LIMIT = 100;

export const leaderboardMetricSchema = z.enum(LEADERBOARD_METRICS, {
  error: (issue) => `Unknown metric "${String(issue.input)}": use one of ${LEADERBOARD_METRICS.join(', ')}`,
});

/** A limit outside 1..100 is clamped rather than refused; a missing or empty one means 50. */
const limitSchema = z
  .union([z.literal(''), z.coerce.number({ error: 'limit must be a number' }).finite()])
  .optional()
  .transform((value) =>
    value === undefined || value === ''
      ? LEADERBOARD_DEFAULT_LIMIT
      : Math.min(LEADERBOARD_MAX_LIMIT, Math.max(1, Math.trunc(value))),
  )
  .describe('How many players: 50 by default, clamped to 1..100');

export const leaderboardQuerySchema = z.object({
  limit: limitSchema,
  metric: leaderboardMetricSchema
    .default('level')
    .describe('The ranking: level (default), xp, prestige or balance'),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

export const leaderboardEntrySchema = z.object({
  uuid: z.string(),
  username: z.string(),
  level: z.int(),
  xp: z.number(),
  prestige: z.int(),
  rank: z.string(),
  balance: moneySchema,
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardSchema = z.array(leaderboardEntrySchema);

/** What /ws/leaderboard pushes on connect and whenever the ranking changes. */
export const leaderboardMessageSchema = z.object({ entries: leaderboardSchema });
export type LeaderboardMessage = z.infer<typeof leaderboardMessageSchema>;

// Spec 3 Ranks, lowest first. Any other rank is shown with the default grey badge.
export const RANKS = ['ROOKIE', 'CADET', 'SENTINEL', 'COMMANDER', 'DOMINUS', 'ARCHON'] as const;
export type Rank = (typeof RANKS)[number];

export function isRank(value: string): value is Rank {
  return (RANKS as readonly string[]).includes(value);
}
