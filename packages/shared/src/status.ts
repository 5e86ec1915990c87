// The server status page (GET /api/status): how many are online now, today's peak, the game
// server's health figures and the history of players online.
import { z } from 'zod';

// The chart ranges (status-ranges.ts holds them without zod).
export { STATUS_RANGES, STATUS_SERIES, type StatusRange } from './status-ranges.ts';

/** One point of a chart: the start of its bucket (epoch seconds) and the most players online in it. */
export const statusPointSchema = z.tuple([z.int(), z.int().nullable()]);

export const statusSeriesSchema = z
  .object({
    /** Bucket width in seconds. */
    step: z.int(),
    /** Oldest first; a bucket with no report from the game server has null. */
    points: z.array(statusPointSchema),
  })
  .meta({
    id: 'StatusSeries',
    description:
      'Players online over time: buckets of `step` seconds, oldest first, each [start in epoch seconds, the most online in it or null with no report].',
  });
export type StatusSeries = z.infer<typeof statusSeriesSchema>;

export const serverStatusSchema = z
  .object({
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
  })
  .meta({
    id: 'ServerStatus',
    description:
      "The game server's figures now, today's peak, and the players online over a day, a week and a month.",
    // The series are cut to their last buckets here: a day has 288, a week 168, a month 180.
    examples: [
      {
        reporting: true,
        online: 87,
        max_online: 200,
        peak_today: 112,
        tps: 19.8,
        mspt: 31.4,
        reported_at: '2026-05-01T14:32:01.000Z',
        history: {
          day: {
            step: 300,
            points: [
              [1_777_645_200, 84],
              [1_777_645_500, 86],
              [1_777_645_800, 87],
            ],
          },
          week: {
            step: 3600,
            points: [
              [1_777_636_800, null],
              [1_777_640_400, 79],
              [1_777_644_000, 91],
            ],
          },
          month: {
            step: 14_400,
            points: [
              [1_777_608_000, 41],
              [1_777_622_400, 96],
              [1_777_636_800, 112],
            ],
          },
        },
      },
    ],
  });
export type ServerStatus = z.infer<typeof serverStatusSchema>;
