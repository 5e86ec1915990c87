// The public leaderboard (spec sections 2.9, 3 Leaderboard entry and Ranks, 7, 9).
import { z } from 'zod';
import { ALEX, STEVE } from './examples.ts';
import { moneySchema } from './money.ts';
import { LEADERBOARD_DEFAULT_LIMIT, LEADERBOARD_MAX_LIMIT, LEADERBOARD_METRICS } from './ranking.ts';

// The metrics, limits and ranks (ranking.ts holds them without zod).
export {
  isRank,
  LEADERBOARD_DEFAULT_LIMIT,
  LEADERBOARD_MAX_LIMIT,
  LEADERBOARD_METRICS,
  type LeaderboardMetric,
  RANKS,
  type Rank,
} from './ranking.ts';

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

export const leaderboardEntrySchema = z
  .object({
    uuid: z.string(),
    username: z.string(),
    level: z.int(),
    xp: z.number(),
    prestige: z.int(),
    rank: z.string(),
    balance: moneySchema,
  })
  .meta({ id: 'LeaderboardEntry', description: 'A ranked player.' });
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardSchema = z.array(leaderboardEntrySchema).meta({
  id: 'Leaderboard',
  description: 'The top players of the metric asked for, best first.',
  examples: [
    [
      {
        uuid: '1f1e1429-1d59-4f0d-ae4a-e091e9bc376f',
        username: 'Nightcrawler',
        level: 88,
        xp: 40_215,
        prestige: 3,
        rank: 'DOMINUS',
        balance: '2417980.50',
      },
      {
        uuid: STEVE,
        username: 'Steve',
        level: 42,
        xp: 1850,
        prestige: 1,
        rank: 'SENTINEL',
        balance: '73410.25',
      },
      { uuid: ALEX, username: 'Alex', level: 17, xp: 6120, prestige: 0, rank: 'CADET', balance: '18250.00' },
    ],
  ],
});

/** What /ws/leaderboard pushes on connect and whenever the ranking changes. */
export const leaderboardMessageSchema = z.object({ entries: leaderboardSchema });
export type LeaderboardMessage = z.infer<typeof leaderboardMessageSchema>;
