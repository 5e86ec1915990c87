// Players as the profile sees them (spec 2.7, 3 Profile data, Player stats response, GKit state,
// Activity item; 7 the players calls). Times are ISO strings; money is an exact decimal string.
import { z } from 'zod';
import { ACTIVITY_DEFAULT_LIMIT, ACTIVITY_MAX_LIMIT } from './activity-limits.ts';
import { ALEX, EXAMPLE_TIME, NIGHT_SHIFT, STEVE } from './examples.ts';
import { LANGUAGES } from './languages.ts';
import { moneySchema } from './money.ts';
import { activeBanSchema } from './punishments.ts';

// The OpenAPI document's worked examples: Steve's page, figures and feed.
const STEVE_FIGURES = {
  uuid: STEVE,
  username: 'Steve',
  rank: 'SENTINEL',
  level: 42,
  prestige: 1,
  xp: 1850,
  lifetime_xp: 982_340,
  balance: '73410.25',
  online: true,
  last_seen_at: EXAMPLE_TIME,
};
const STEVE_STATS = {
  BLOCKS_BROKEN: 120_394,
  DIAMOND_ORE: 2311,
  FEED_ACTIVATIONS: 418,
  TIME_PLAYED: 1_339_200,
  FIRST_LOGIN: 1_768_478_400_000,
  PLAYER_KILLS: 57,
  QUESTS_COMPLETED: [212, 213],
};
const milestone = (id: number, occurred_at: string, activity_type: string, activity_text: string) => ({
  id,
  occurred_at,
  actor_uuid: STEVE,
  actor_username: 'Steve',
  target_uuid: null,
  target_username: null,
  activity_type,
  activity_text,
});
const STEVE_MILESTONES = [
  milestone(91_407, '2026-05-01T13:58:12.000Z', 'LEVEL_UP', '{"level":42}'),
  milestone(
    90_862,
    '2026-04-29T18:20:44.000Z',
    'GKIT_LEVEL_UP',
    '{"kitId":"miner","kitName":"Miner","level":5,"status":"upgrade"}',
  ),
  milestone(88_115, '2026-04-21T20:03:09.000Z', 'GANG_JOIN', 'Founded Night Shift'),
];

// Any 8-4-4-4-12 hex id, like the bridge's: Bedrock players joining through Floodgate have ids such
// as 00000000-0000-0000-0009-01f64f65c7c3, which are not RFC 4122 uuids.
export const playerUuidParamsSchema = z.object({
  uuid: z.guid({ error: 'Not a player id: expected a UUID' }).describe("The player's uuid"),
});

/** GET /api/players/{uuid}: the public profile. */
export const publicProfileSchema = z
  .object({
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
  })
  .meta({
    id: 'PublicProfile',
    description: "A player's public profile: rank, progress, balance, presence and gang.",
    examples: [{ ...STEVE_FIGURES, gang_name: NIGHT_SHIFT.name, gang_id: NIGHT_SHIFT.id }],
  });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const gkitStateSchema = z
  .object({
    unlocked: z.boolean(),
    level: z.int(),
    cooldown_ends_at: z.string().nullable(),
    last_claimed_at: z.string().nullable(),
  })
  .meta({ id: 'GKitState', description: "A player's state of one G-Kit." });
export type GKitState = z.infer<typeof gkitStateSchema>;

/**
 * GET /api/players/{uuid}/stats. A stat's value is a number, or (from some game versions) an array
 * of numbers of which the last counts. MOMENTUM is left out.
 */
export const playerStatsSchema = z
  .object({
    level: z.int(),
    xp: z.number(),
    stats: z.record(z.string(), z.union([z.number(), z.array(z.number())])),
    gkits: z.record(z.string(), gkitStateSchema),
  })
  .meta({
    id: 'PlayerStats',
    description: "A player's level, statistics by the game's names, and G-Kits by kit id.",
    examples: [
      {
        level: 42,
        xp: 1850,
        stats: STEVE_STATS,
        gkits: {
          ascendant: {
            unlocked: true,
            level: 1,
            cooldown_ends_at: '2026-05-05T09:00:00.000Z',
            last_claimed_at: '2026-04-28T09:00:00.000Z',
          },
          miner: {
            unlocked: true,
            level: 5,
            cooldown_ends_at: '2026-05-01T20:10:00.000Z',
            last_claimed_at: '2026-05-01T08:10:00.000Z',
          },
          warden: {
            unlocked: true,
            level: 2,
            cooldown_ends_at: null,
            last_claimed_at: '2026-04-27T19:00:00.000Z',
          },
        },
      },
    ],
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

export const activityItemSchema = z
  .object({
    id: z.number(),
    occurred_at: z.string(),
    actor_uuid: z.string(),
    actor_username: z.string().nullable(),
    target_uuid: z.string().nullable(),
    target_username: z.string().nullable(),
    activity_type: z.string(),
    activity_text: z.string().nullable(),
  })
  .meta({
    id: 'ActivityItem',
    description: 'Something a player did in game, as the game reported it (its text is JSON for some types).',
  });
export type ActivityItem = z.infer<typeof activityItemSchema>;
export const activityListSchema = z.array(activityItemSchema).meta({
  id: 'ActivityList',
  description: 'Activity, newest first.',
  examples: [
    [
      milestone(91_412, '2026-05-01T14:05:31.000Z', 'CHAT_MESSAGE', 'anyone selling diamond pickaxes?'),
      {
        id: 91_409,
        occurred_at: '2026-05-01T14:01:47.000Z',
        actor_uuid: STEVE,
        actor_username: 'Steve',
        target_uuid: ALEX,
        target_username: 'Alex',
        activity_type: 'TRADE_COMPLETED',
        activity_text: 'Traded 16x Diamond for $38,400',
      },
      STEVE_MILESTONES[0],
    ],
  ],
});

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
export const playerPageSchema = z
  .object({
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
    ban: activeBanSchema
      .nullable()
      .describe('The public ban in force, if any (silent ones are never shown); its `until` may pass'),
    punishments_hidden: z
      .boolean()
      .describe('The player keeps their punishment history off their page (a switch on /profile)'),
    discord: z
      .object({ name: z.string() })
      .nullable()
      .describe(
        'The Discord account the player linked from /profile, by its name (never its id); null when none',
      ),
  })
  .meta({
    id: 'PlayerPage',
    description: "What a player's public page shows.",
    examples: [
      {
        ...STEVE_FIGURES,
        gang: { ...NIGHT_SHIFT, role: 'Leader' },
        friends_count: 12,
        hidden: false,
        stats: STEVE_STATS,
        milestones: STEVE_MILESTONES,
        ban: null,
        punishments_hidden: false,
        discord: { name: 'Steve' },
      },
    ],
  });
export type PlayerPage = z.infer<typeof playerPageSchema>;

/** WS /api/players/{uuid}/ws pushes this on connect and whenever the page's figures change. */
export const playerPageMessageSchema = z.object({ player: playerPageSchema.nullable() });
export type PlayerPageMessage = z.infer<typeof playerPageMessageSchema>;

/** GET and PUT /api/players/me/privacy. */
export const privacySchema = z
  .object({
    hide_stats: z.boolean().describe('Hide statistics and milestones from the public player page'),
    hide_punishments: z.boolean().describe('Hide the punishment history section from the public player page'),
  })
  .meta({
    id: 'PrivacySettings',
    description: 'What the player shows the public.',
    examples: [{ hide_stats: false, hide_punishments: false }],
  });
export type Privacy = z.infer<typeof privacySchema>;
/** PUT /api/players/me/privacy: the settings to change (the others stay as they are). */
export const privacyChangeSchema = privacySchema
  .partial()
  .refine(
    (change) => Object.keys(change).length > 0,
    'Name at least one setting: hide_stats or hide_punishments',
  )
  .meta({
    id: 'PrivacyChange',
    description: 'The privacy settings to change; a setting left out stays as it is.',
    examples: [{ hide_punishments: true }],
  });
export type PrivacyChange = z.infer<typeof privacyChangeSchema>;

export const languageChoiceSchema = z
  .object({
    language: z
      .enum(LANGUAGES)
      .nullable()
      .describe(
        'The site language the player reads, on every device they sign in on; null forgets the choice.',
      ),
  })
  .meta({
    id: 'LanguageChoice',
    description: "The player's site language.",
    examples: [{ language: 'pl' }],
  });
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;
