// Players as the profile sees them (spec 2.7, 3 Profile data, Player stats response, GKit state,
// Activity item; 7 the players calls). Times are ISO strings; money is a JSON number.
import { z } from 'zod';

// Any 8-4-4-4-12 hex id, like the bridge's: Bedrock players joining through Floodgate have ids such
// as 00000000-0000-0000-0009-01f64f65c7c3, which are not RFC 4122 uuids.
export const playerUuidParamsSchema = z.object({
  uuid: z.guid({ error: 'Not a player id: expected a UUID' }).describe("The player's uuid"),
});

/** GET /api/players/{uuid}: the public profile. */
export const publicProfileSchema = z.object({
  uuid: z.string(),
  username: z.string(),
  rank: z.string(),
  level: z.int(),
  prestige: z.int(),
  balance: z.number(),
  /** Experience towards the levels of the current prestige (the level bar reads it). */
  xp: z.number(),
  lifetime_xp: z.number(),
  online: z.boolean(),
  last_seen_at: z.string().nullable(),
  gang_name: z.string().nullable(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const gkitStateSchema = z.object({
  unlocked: z.boolean(),
  level: z.int(),
  cooldown_ends_at: z.string().nullable(),
  last_claimed_at: z.string().nullable(),
});
export type GKitState = z.infer<typeof gkitStateSchema>;

/**
 * GET /api/players/{uuid}/stats. A stat's value is a number, or (from some game versions) an array
 * of numbers of which the last counts. MOMENTUM is left out.
 */
export const playerStatsSchema = z.object({
  level: z.int(),
  xp: z.number(),
  stats: z.record(z.string(), z.union([z.number(), z.array(z.number())])),
  gkits: z.record(z.string(), gkitStateSchema),
});
export type PlayerStats = z.infer<typeof playerStatsSchema>;

export const ACTIVITY_DEFAULT_LIMIT = 10;
export const ACTIVITY_MAX_LIMIT = 50;

export const activityQuerySchema = z.object({
  limit: clampedLimit(ACTIVITY_DEFAULT_LIMIT, ACTIVITY_MAX_LIMIT, 'entries, newest first'),
});

/**
 * A `?limit=` that is clamped to 1..max rather than refused; missing or empty means `fallback`;
 * anything that is not a whole number is a 400.
 */
export function clampedLimit(fallback: number, max: number, what: string) {
  return z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce
        .number({ error: 'limit must be a number' })
        .int({ error: 'limit must be a whole number' })
        .optional(),
    )
    .transform((value) => (value === undefined ? fallback : Math.min(max, Math.max(1, value))))
    .describe(`How many ${what}: ${fallback} by default, clamped to 1..${max}`);
}

export const activityItemSchema = z.object({
  id: z.number(),
  occurred_at: z.string(),
  actor_uuid: z.string(),
  actor_username: z.string().nullable(),
  target_uuid: z.string().nullable(),
  target_username: z.string().nullable(),
  activity_type: z.string(),
  activity_text: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;
export const activityListSchema = z.array(activityItemSchema);

/** Seen only by its two participants, whoever else asks for either player's feed. */
export const PRIVATE_MESSAGE = 'PRIVATE_MESSAGE';
