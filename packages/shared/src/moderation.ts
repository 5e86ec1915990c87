// Moderation: what staff see and do in the admin console (every punishment with what is theirs only,
// punishing and pardoning through the game server), and appeals (a player's, once per ban or mute of
// theirs; staff accept, which lifts the punishment through the game, or deny with a reply).
import { z } from 'zod';
import {
  PUNISHMENT_EXAMPLE,
  PUNISHMENT_TYPES,
  punishmentSchema,
  punishmentsQuerySchema,
} from './punishments.ts';
import { isStorableText } from './storable.ts';

const storable = 'must not contain NUL characters or unpaired surrogates';
/** Text a person writes: trimmed, within `min` and `max` characters, storable. */
const written = (min: number, max: number, what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(min, `${what} must be at least ${min} characters`)
    .max(max, `${what} must be at most ${max} characters`)
    .refine(isStorableText, `${what} ${storable}`);

// ---- Appeals ----

/** The shortest and the longest text of an appeal (about a page of text). */
export const APPEAL_MIN_TEXT = 20;
export const APPEAL_MAX_TEXT = 2000;
/** The longest reply of staff to an appeal. */
export const APPEAL_MAX_REPLY = 1000;
/** Appeals a player may send per hour, all punishments together. */
export const APPEALS_PER_HOUR = 3;

export const APPEAL_STATES = ['open', 'accepted', 'denied'] as const;
export type AppealState = (typeof APPEAL_STATES)[number];

export const appealRequestSchema = z
  .object({ text: written(APPEAL_MIN_TEXT, APPEAL_MAX_TEXT, 'The appeal') })
  .meta({
    id: 'AppealRequest',
    description: `Why the punishment should be lifted: ${APPEAL_MIN_TEXT} to ${APPEAL_MAX_TEXT} characters.`,
    examples: [
      { text: 'I was not using X-ray: I found the diamonds with a branch mine. Happy to share a recording.' },
    ],
  });

const person = z.object({ uuid: z.guid().nullable(), name: z.string() });

/** A worked example, for the documents. */
export const APPEAL_EXAMPLE = {
  id: 17,
  punishment_id: PUNISHMENT_EXAMPLE.id,
  state: 'denied',
  text: 'I was not using X-ray: I found the diamonds with a branch mine.',
  reply: 'The recording shows the tunnels going straight to each vein. The ban stands.',
  created_at: '2026-11-21T10:00:00.000Z',
  decided_at: '2026-11-21T18:30:00.000Z',
  decided_by: { uuid: '8667ba71-b85a-4004-af54-457a9734eed7', name: 'Steve' },
} as const;

export const appealSchema = z
  .object({
    id: z.int().min(1),
    punishment_id: z.int().min(1),
    state: z.enum(APPEAL_STATES),
    text: z.string(),
    reply: z.string().nullable().describe("Staff's reply once decided (required when denied)"),
    created_at: z.iso.datetime(),
    decided_at: z.iso.datetime().nullable(),
    decided_by: person.nullable(),
  })
  .meta({
    id: 'Appeal',
    description: "A player's appeal of one of their bans or mutes.",
    examples: [APPEAL_EXAMPLE],
  });
export type Appeal = z.infer<typeof appealSchema>;

/** One of the signed-in player's own punishments, with its appeal (silent ones included: they are theirs). */
export const ownPunishmentSchema = punishmentSchema
  .extend({
    appeal: appealSchema.nullable(),
    appealable: z.boolean().describe('A ban or mute in force with no appeal yet: the player may appeal it'),
  })
  .meta({ id: 'OwnPunishment' });
export type OwnPunishment = z.infer<typeof ownPunishmentSchema>;

/** GET /api/players/me/punishments; also what the player's social socket sends as `punishments`. */
export const ownPunishmentsSchema = z
  .object({ punishments: z.array(ownPunishmentSchema).describe('Newest first, at most 50') })
  .meta({
    id: 'OwnPunishments',
    description: "The signed-in player's punishments, newest first, with their appeals.",
    examples: [{ punishments: [{ ...PUNISHMENT_EXAMPLE, appeal: null, appealable: true }] }],
  });
export type OwnPunishments = z.infer<typeof ownPunishmentsSchema>;

// ---- The console ----

/** A punishment as staff see it: with what is theirs only. */
export const staffPunishmentSchema = punishmentSchema
  .extend({
    silent: z.boolean(),
    by_address: z.boolean(),
    address: z.string().nullable().describe('The address of an address ban, if the game sent it'),
    note: z.string().nullable(),
    server: z.string().nullable().describe('The game server (its credential) that reported it'),
    appeal: appealSchema.pick({ id: true, state: true }).nullable(),
  })
  .meta({ id: 'StaffPunishment', description: 'A punishment as the admin console shows it.' });
export type StaffPunishment = z.infer<typeof staffPunishmentSchema>;

const STAFF_PUNISHMENT_EXAMPLE = {
  ...PUNISHMENT_EXAMPLE,
  silent: false,
  by_address: false,
  address: null,
  note: null,
  server: 'lobby',
  appeal: { id: APPEAL_EXAMPLE.id, state: APPEAL_EXAMPLE.state },
} as const;

export const staffPunishmentsQuerySchema = punishmentsQuerySchema.extend({
  player: z.guid({ error: 'player must be a uuid' }).optional().describe("Only this player's punishments"),
});
export const staffPunishmentsPageSchema = z
  .object({
    punishments: z.array(staffPunishmentSchema),
    next_cursor: z.string().nullable(),
  })
  .meta({
    id: 'StaffPunishmentsPage',
    examples: [
      {
        punishments: [STAFF_PUNISHMENT_EXAMPLE],
        next_cursor: null,
      },
    ],
  });

/** The longest reason staff give (LiteBans keeps 2048; commands are shorter). */
export const MAX_ACTION_REASON = 256;
/** The longest punishment a duration may set: ten years (longer is permanent). */
export const MAX_PUNISHMENT_SECONDS = 10 * 365 * 24 * 3600;

export const punishRequestSchema = z
  .object({
    type: z.enum(PUNISHMENT_TYPES),
    player: z.guid({ error: 'player must be a uuid' }).describe('The player to punish (known to the site)'),
    reason: written(1, MAX_ACTION_REASON, 'The reason'),
    duration_seconds: z
      .int()
      .min(60, 'duration_seconds must be at least 60')
      .max(MAX_PUNISHMENT_SECONDS, `duration_seconds must be at most ${MAX_PUNISHMENT_SECONDS}`)
      .nullable()
      .optional()
      .describe('How long a ban or mute lasts; absent or null: permanent (ignored for warnings and kicks)'),
  })
  .meta({
    id: 'PunishRequest',
    description: 'A punishment staff issue: sent to the game server, which executes and reports it.',
    examples: [
      {
        type: 'ban',
        player: '069a79f4-44e9-4726-a5be-fca90e38aaf5',
        reason: 'X-ray',
        duration_seconds: 604800,
      },
    ],
  });
export type PunishRequest = z.infer<typeof punishRequestSchema>;

export const pardonRequestSchema = z
  .object({ reason: written(1, MAX_ACTION_REASON, 'The reason').optional() })
  .meta({ id: 'PardonRequest', examples: [{ reason: 'Appeal accepted' }] });

export const ACTION_KINDS = [...PUNISHMENT_TYPES, 'pardon'] as const;
/** How staff actions reach the game server (PUNISH_VIA). */
export const ACTION_ROADS = ['rcon', 'plugin'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

const STAFF_ACTION_EXAMPLE = {
  id: 88,
  kind: 'ban',
  player: { uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5', name: 'Notch' },
  staff: { uuid: '8667ba71-b85a-4004-af54-457a9734eed7', name: 'Steve' },
  reason: 'X-ray',
  duration_seconds: 604800,
  punishment_id: null,
  command: 'tempban Notch 7d X-ray',
  via: 'rcon',
  state: 'sent',
  output: 'Notch was banned for 7 days.',
  error: null,
  created_at: '2026-11-20T18:02:10.000Z',
} as const;

/** What staff asked of the game server, and how it went. */
export const staffActionSchema = z
  .object({
    id: z.int().min(1),
    kind: z.enum(ACTION_KINDS),
    player: z.object({ uuid: z.guid(), name: z.string() }),
    staff: z.object({ uuid: z.guid(), name: z.string() }),
    reason: z.string().nullable(),
    duration_seconds: z.int().nullable(),
    punishment_id: z.int().nullable().describe('For a pardon: the punishment lifted'),
    command: z
      .string()
      .describe('The console command: sent over RCON, or handed to the plugin with the action'),
    via: z
      .enum(ACTION_ROADS)
      .describe("rcon: sent at once over RCON; plugin: handed to the game server's plugin (PUNISH_VIA)"),
    state: z
      .enum(['sending', 'sent', 'failed'])
      .describe(
        'sent: the game server ran the command, or its plugin carried the action out (the output says ' +
          'how it went); failed: it did not get it, or the plugin refused (the error says why); ' +
          'sending: no answer yet (for the plugin: waiting for a game server to carry it out)',
      ),
    output: z.string().nullable(),
    error: z.string().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({
    id: 'StaffAction',
    description:
      'A punishment or pardon staff sent to the game server. The punishment itself is recorded when the game reports it.',
    examples: [STAFF_ACTION_EXAMPLE],
  });
export type StaffAction = z.infer<typeof staffActionSchema>;
export const staffActionsSchema = z
  .object({ actions: z.array(staffActionSchema).describe('Newest first') })
  .meta({ id: 'StaffActions', examples: [{ actions: [STAFF_ACTION_EXAMPLE] }] });

/** The appeals queue: each appeal with its punishment as staff see it. */
export const staffAppealSchema = appealSchema
  .extend({ punishment: staffPunishmentSchema })
  .meta({ id: 'StaffAppeal' });
export type StaffAppeal = z.infer<typeof staffAppealSchema>;
export const staffAppealsQuerySchema = z.object({
  state: z
    .enum(APPEAL_STATES)
    .default('open')
    .describe('open (the queue, oldest first) or decided ones (newest first)'),
});
export const staffAppealsSchema = z.object({ appeals: z.array(staffAppealSchema) }).meta({
  id: 'StaffAppeals',
  examples: [{ appeals: [{ ...APPEAL_EXAMPLE, punishment: STAFF_PUNISHMENT_EXAMPLE }] }],
});

export const appealDecisionSchema = z
  .object({
    decision: z.enum(['accept', 'deny']),
    reply: written(1, APPEAL_MAX_REPLY, 'The reply'),
  })
  .meta({
    id: 'AppealDecision',
    description:
      'Accept (the punishment is lifted through the game server) or deny, with a reply the player reads.',
    examples: [{ decision: 'deny', reply: 'The recording shows the tunnels going straight to each vein.' }],
  });

export const idParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'An id is a whole number' })
    .int({ error: 'An id is a whole number' })
    .min(1, 'An id is a whole number')
    .max(Number.MAX_SAFE_INTEGER, 'An id is a whole number'),
});

// ---- The console's live feed ----

/**
 * What WS /api/admin/moderation/ws sends: a stamp of each list the moderation pages show, sent on
 * connect and whenever one changes. A page whose stamp differs from the one it last had reads that
 * list again.
 */
export const moderationLiveMessageSchema = z
  .object({
    moderation: z.object({
      punishments: z.string().describe('Changes when a punishment is recorded, lifted or edited'),
      appeals: z.string().describe('Changes when an appeal is made or decided'),
      actions: z.string().describe('Changes when staff send an action, or the game server answers one'),
    }),
  })
  .describe('Stamps of the moderation lists: read a list again when its stamp changes');
export type ModerationLiveMessage = z.infer<typeof moderationLiveMessageSchema>;
