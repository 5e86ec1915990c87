// Players as the profile sees them (spec 2.7, 3 Profile data, Player stats response, GKit state,
// Activity item; 7 the players calls). Times are ISO strings; money is an exact decimal string.
import { z } from 'zod';
import { ACTIVITY_DEFAULT_LIMIT, ACTIVITY_MAX_LIMIT } from './activity-limits.ts';
import { moneySchema } from './money.ts';

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
  balance: moneySchema,
  /** Experience towards the levels of the current prestige (the level bar reads it). */
  xp: z.number(),
  lifetime_xp: z.number(),
  online: z.boolean(),
  last_seen_at: z.string().nullable(),
  gang_name: z.string().nullable(),
  /** The gang's id, for a link to its page; null in no gang. */
  gang_id: z.string().nullable(),
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

// The feed's limits (activity-limits.ts holds them without zod).
export { ACTIVITY_DEFAULT_LIMIT, ACTIVITY_MAX_LIMIT } from './activity-limits.ts';

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

/**
 * The activity types a public page may show: a player's milestones. Everything else (private
 * messages, chat, joins, trades, whatever the game adds) stays off public pages; a type is public
 * only when it is named here.
 */
export const MILESTONE_TYPES = [
  'LEVEL_UP',
  'PRESTIGE_UP',
  'GKIT_UNLOCK',
  'GKIT_LEVEL_UP',
  'GANG_JOIN',
] as const;
export const MILESTONE_LIMIT = 10;

/** A player page's address: the current in-game name (any case), or the uuid (which redirects). */
export const playerNameParamsSchema = z.object({
  name: z
    .string()
    // A name as the game allows it (see bridge.ts `username`), or a uuid.
    .regex(
      /^(?:[.*]?[A-Za-z0-9_]{1,16}|[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})$/,
      {
        error: 'Not a player name or id',
      },
    )
    .describe("The player's current name (any case) or uuid"),
});

/** GET /api/players/by-name/{name} and WS /api/players/{uuid}/ws: what a player's public page shows. */
export const playerPageSchema = z.object({
  uuid: z.string(),
  username: z.string(),
  rank: z.string(),
  level: z.int(),
  prestige: z.int(),
  xp: z.number(),
  lifetime_xp: z.number(),
  balance: moneySchema,
  online: z.boolean(),
  last_seen_at: z.string().nullable(),
  gang: z
    .object({ id: z.string(), name: z.string(), color: z.string().nullable(), role: z.string() })
    .nullable(),
  friends_count: z.int(),
  /** The player hides their statistics and milestones from the public (a switch on /profile). */
  hidden: z.boolean(),
  /** Null when hidden (staff still get them, with `hidden` true). MOMENTUM is left out. */
  stats: playerStatsSchema.shape.stats.nullable(),
  /** The newest milestones (MILESTONE_TYPES only), newest first; null when hidden. */
  milestones: activityListSchema.nullable(),
});
export type PlayerPage = z.infer<typeof playerPageSchema>;

/** WS /api/players/{uuid}/ws pushes this on connect and whenever the page's figures change. */
export const playerPageMessageSchema = z.object({ player: playerPageSchema.nullable() });
export type PlayerPageMessage = z.infer<typeof playerPageMessageSchema>;

/** GET and PUT /api/players/me/privacy. */
export const privacySchema = z.object({
  hide_stats: z.boolean().describe('Hide statistics and milestones from the public player page'),
});
export type Privacy = z.infer<typeof privacySchema>;
