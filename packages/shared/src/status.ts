// The server status page (GET /api/status): how many are online now, today's peak, the game
// server's health figures and the history of players online.
import { z } from 'zod';

// The chart ranges (status-ranges.ts holds them without zod).
export { STATUS_RANGES, STATUS_SERIES, type StatusRange } from './status-ranges.ts';

/** One point of a chart: the start of its bucket (epoch seconds) and the most players online in it. */
export const statusPointSchema = z.tuple([z.int(), z.int().nullable()]);

export const statusSeriesSchema = z.object({
  /** Bucket width in seconds. */
  step: z.int(),
  /** Oldest first; a bucket with no report from the game server has null. */
  points: z.array(statusPointSchema),
});
export type StatusSeries = z.infer<typeof statusSeriesSchema>;

export const serverStatusSchema = z.object({
  /** False once the game server has been silent for 60 seconds; the figures below are then its last. */
  reporting: z.boolean(),
  online: z.int().nullable(),
  max_online: z.int().nullable(),
  /** The most players online since midnight UTC. */
  peak_today: z.int().nullable(),
  /** Ticks per second and milliseconds per tick, when the game server reports them. */
  tps: z.number().nullable(),
  mspt: z.number().nullable(),
  reported_at: z.string().nullable(),
  /** The last 24 hours in 5-minute buckets, 7 days in hours, 30 days in 4-hour buckets. */
  history: z.object({ day: statusSeriesSchema, week: statusSeriesSchema, month: statusSeriesSchema }),
});
export type ServerStatus = z.infer<typeof serverStatusSchema>;
