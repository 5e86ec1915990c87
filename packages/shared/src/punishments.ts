// Punishments (bans, mutes, warnings and kicks) as the public site shows them: GET /api/punishments,
// GET /api/punishments/{id} and GET /api/players/{uuid}/punishments. They come from the game
// server's punishment.issued and punishment.revoked events, or from a LiteBans database the site
// follows. What is for staff only (silent punishments, the address of an address ban, staff notes)
// is never part of these answers.
import { z } from 'zod';
import { isStorableText } from './storable.ts';

export const PUNISHMENT_TYPES = ['ban', 'mute', 'warning', 'kick'] as const;
export type PunishmentType = (typeof PUNISHMENT_TYPES)[number];
export const punishmentTypeSchema = z.enum(PUNISHMENT_TYPES, {
  error: (issue) => `Unknown type "${String(issue.input)}": use one of ${PUNISHMENT_TYPES.join(', ')}`,
});

/** Where a punishment came from: the game server's events, or a LiteBans database. */
export const PUNISHMENT_SOURCES = ['game', 'litebans'] as const;
export type PunishmentSource = (typeof PUNISHMENT_SOURCES)[number];

/** The longest reason kept (LiteBans' own column is 2048 characters). */
export const MAX_PUNISHMENT_REASON = 2048;

export const PUNISHMENTS_DEFAULT_LIMIT = 25;
export const PUNISHMENTS_MAX_LIMIT = 100;
/** The longest name searched for (a player name is at most 16 characters, 17 with a Bedrock prefix). */
export const MAX_PUNISHMENT_QUERY = 32;

const person = z.object({
  uuid: z.guid().nullable().describe('Null when the punishment named no uuid'),
  name: z.string(),
});

/** A worked example, for the documents. */
export const PUNISHMENT_EXAMPLE = {
  id: 1204,
  type: 'ban',
  player: { uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5', name: 'Notch' },
  staff: { uuid: '8667ba71-b85a-4004-af54-457a9734eed7', name: 'Steve' },
  reason: 'X-ray',
  issued_at: '2026-11-20T18:02:11.000Z',
  until: '2026-12-20T18:02:11.000Z',
  active: true,
  revoked: null,
  source: 'game',
} as const;

export const punishmentSchema = z
  .object({
    id: z.int().min(1).describe("The site's id of the punishment (its page is /punishments/{id})"),
    type: punishmentTypeSchema,
    player: z.object({ uuid: z.guid(), name: z.string() }).describe('Who was punished, by their name then'),
    staff: person.nullable().describe('Who punished: null for the console'),
    reason: z.string().nullable(),
    issued_at: z.iso.datetime(),
    until: z.iso
      .datetime()
      .nullable()
      .describe('When it ends; null for a permanent one, and always for a kick'),
    active: z
      .boolean()
      .describe('In force now: a ban, mute or warning neither revoked nor ended (a kick never is)'),
    revoked: z
      .object({
        at: z.iso.datetime(),
        by: person.nullable().describe('Who revoked it: null for the console'),
        reason: z.string().nullable(),
      })
      .nullable()
      .describe('Lifted before its end (a pardon, an unban, an accepted appeal); null otherwise'),
    source: z.enum(PUNISHMENT_SOURCES).describe("The game server's events, or the LiteBans database"),
  })
  .meta({
    id: 'Punishment',
    description: 'A ban, mute, warning or kick, as anyone may see it.',
    examples: [PUNISHMENT_EXAMPLE],
  });
export type Punishment = z.infer<typeof punishmentSchema>;

const LIMIT_RANGE = `limit must be a whole number from 1 to ${PUNISHMENTS_MAX_LIMIT}`;
const pageLimit = z.coerce
  .number({ error: LIMIT_RANGE })
  .int({ error: LIMIT_RANGE })
  .min(1, LIMIT_RANGE)
  .max(PUNISHMENTS_MAX_LIMIT, LIMIT_RANGE)
  .default(PUNISHMENTS_DEFAULT_LIMIT)
  .describe(
    `Punishments per page: ${PUNISHMENTS_DEFAULT_LIMIT} by default, at most ${PUNISHMENTS_MAX_LIMIT}`,
  );
const pageCursor = z
  .string()
  .min(1, 'cursor must not be empty')
  .max(64, 'This cursor is not one of ours: start again from the first page')
  .optional()
  .describe("The previous page's `next_cursor`, as it was; none for the first page");

export const punishmentsQuerySchema = z.object({
  type: punishmentTypeSchema.optional().describe('Only this type (all types when absent)'),
  active: z
    .enum(['true', 'false'], { error: 'active must be true or false' })
    .transform((value) => value === 'true')
    .optional()
    .describe('true: only those in force now; false: only those that ended or were revoked (and kicks)'),
  q: z
    .string()
    .trim()
    .min(1, 'q must not be empty')
    .max(MAX_PUNISHMENT_QUERY, `q must be at most ${MAX_PUNISHMENT_QUERY} characters`)
    .refine(isStorableText, 'q cannot contain NUL characters or unpaired surrogates')
    .optional()
    .describe("The start of a player's or a staff member's name (case does not matter)"),
  cursor: pageCursor,
  limit: pageLimit,
});
export type PunishmentsQuery = z.input<typeof punishmentsQuerySchema>;

/** How many there are of each type, with the same filters (the first page only). */
export const punishmentCountsSchema = z
  .object({ ban: z.int(), mute: z.int(), warning: z.int(), kick: z.int() })
  .meta({ id: 'PunishmentCounts', examples: [{ ban: 120, mute: 48, warning: 301, kick: 77 }] });
export type PunishmentCounts = z.infer<typeof punishmentCountsSchema>;

export const punishmentsPageSchema = z
  .object({
    punishments: z.array(punishmentSchema).describe('Newest first'),
    next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
    counts: punishmentCountsSchema
      .nullable()
      .describe('How many of each type match `active` and `q`: on the first page only (no cursor)'),
  })
  .meta({
    id: 'PunishmentsPage',
    description: 'A page of punishments, newest first.',
    examples: [
      {
        punishments: [PUNISHMENT_EXAMPLE],
        next_cursor: 'MjAyNi0xMS0yMFQxODowMjoxMS4wMDBafDEyMDQ',
        counts: { ban: 120, mute: 48, warning: 301, kick: 77 },
      },
    ],
  });
export type PunishmentsPage = z.infer<typeof punishmentsPageSchema>;

export const punishmentIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'A punishment id is a whole number' })
    .int({ error: 'A punishment id is a whole number' })
    .min(1, 'A punishment id is a whole number')
    .max(Number.MAX_SAFE_INTEGER, 'A punishment id is a whole number'),
});

export const playerPunishmentsQuerySchema = z.object({ cursor: pageCursor, limit: pageLimit });

/** A player's own history (GET /api/players/{uuid}/punishments). */
export const playerPunishmentsSchema = z
  .object({
    punishments: z.array(punishmentSchema).describe('Newest first'),
    next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
  })
  .meta({
    id: 'PlayerPunishments',
    description: "A player's punishments, newest first.",
    examples: [{ punishments: [PUNISHMENT_EXAMPLE], next_cursor: null }],
  });
export type PlayerPunishments = z.infer<typeof playerPunishmentsSchema>;

/** The ban a player page says is in force (null when none is). */
export const activeBanSchema = z
  .object({
    id: z.int(),
    until: z.iso.datetime().nullable().describe('Null: permanent'),
    reason: z.string().nullable(),
  })
  .meta({
    id: 'ActiveBan',
    examples: [
      { id: PUNISHMENT_EXAMPLE.id, until: PUNISHMENT_EXAMPLE.until, reason: PUNISHMENT_EXAMPLE.reason },
    ],
  });
export type ActiveBan = z.infer<typeof activeBanSchema>;
