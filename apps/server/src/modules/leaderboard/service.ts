// The leaderboard (spec 2.9, 7): the top players of each metric, read from the players table in the
// order of one index per metric, and kept by the live hub as snapshots that the bridge's
// notifications refresh.
import {
  LEADERBOARD_MAX_LIMIT,
  type LeaderboardEntry,
  type LeaderboardMessage,
  type LeaderboardMetric,
  leaderboardMetricSchema,
} from '@prison/shared/leaderboard';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { players } from '../../db/schema.ts';
import type { TopicBuild, TopicBuilder } from '../../live/hub.ts';
import { TOPICS } from '../../live/topics.ts';

/** The family of leaderboard topics; the bridge notifies it when levels, XP or balances change. */
export const LEADERBOARD_TOPICS = TOPICS.leaderboard;

/** The HTTP snapshot of a metric: its top 100, which every limit is a prefix of. */
export const snapshotTopic = (metric: LeaderboardMetric) => `${LEADERBOARD_TOPICS}${metric}` as const;

/** One live feed per (metric, limit), so each socket gets exactly its own frame from the hub. */
export const feedTopic = (metric: LeaderboardMetric, limit: number) =>
  `${LEADERBOARD_TOPICS}${metric}:${limit}` as const;

// Ties are broken by XP, then by name. Each order is exactly one index of players (schema.ts),
// nulls last included, so PostgreSQL reads the first rows of the index and stops.
const ORDER: Record<LeaderboardMetric, SQL> = {
  level: sql`${players.level} desc nulls last, ${players.xp} desc nulls last, ${players.username}`,
  xp: sql`${players.xp} desc nulls last, ${players.username}`,
  prestige: sql`${players.prestige} desc nulls last, ${players.xp} desc nulls last, ${players.username}`,
  balance: sql`${players.balance} desc nulls last, ${players.xp} desc nulls last, ${players.username}`,
};

export async function topPlayers(
  db: Db,
  metric: LeaderboardMetric,
  limit: number,
): Promise<LeaderboardEntry[]> {
  return db
    .select({
      uuid: players.uuid,
      username: players.username,
      level: players.level,
      xp: players.xp,
      prestige: players.prestige,
      rank: players.rank,
      balance: players.balance,
    })
    .from(players)
    .orderBy(ORDER[metric])
    .limit(limit);
}

function parseTopic(topic: string): { metric: LeaderboardMetric; limit: number | null } {
  const [, metricText, limitText] = topic.split(':');
  const metric = leaderboardMetricSchema.parse(metricText);
  if (limitText === undefined) return { metric, limit: null };
  const limit = Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > LEADERBOARD_MAX_LIMIT) {
    throw new Error(`bad leaderboard topic ${topic}`);
  }
  return { metric, limit };
}

/**
 * Builds both kinds of leaderboard topic: `leaderboard:<metric>` is the top 100 (an array) that the
 * HTTP answer slices; `leaderboard:<metric>:<limit>` is the `{entries}` message a socket receives.
 */
export function buildLeaderboard(db: Db): TopicBuilder<LeaderboardEntry[] | LeaderboardMessage> {
  return async (topic): Promise<TopicBuild<LeaderboardEntry[] | LeaderboardMessage>> => {
    const { metric, limit } = parseTopic(topic);
    const entries = await topPlayers(db, metric, limit ?? LEADERBOARD_MAX_LIMIT);
    return { value: limit === null ? entries : { entries } };
  };
}
