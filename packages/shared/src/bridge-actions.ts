// Staff actions the game server's plugin carries out (PUNISH_VIA=plugin; docs/plugin-guide.md,
// "Staff actions"): a ban, mute, warning, kick or pardon staff asked for in the admin console, handed
// to one game server on its delivery socket (WS /api/bridge/ws, beside the deliveries) and listed by
// GET /api/bridge/actions. The plugin carries it out once, then confirms it: POST
// /api/bridge/actions/ack with the outcome, and the punishment.issued or punishment.revoked event it
// reports names the action (`action_id`).
import { z } from 'zod';
import { deliveriesQuerySchema, MAX_DELIVERIES, username, uuid } from './bridge.ts';
import { ACTION_KINDS } from './moderation.ts';
import { PUNISHMENT_SOURCES, PUNISHMENT_TYPES } from './punishments.ts';
import { isStorableText } from './storable.ts';

/** The most actions one list answers, or one acknowledgement carries: as many as deliveries. */
export const MAX_BRIDGE_ACTIONS = MAX_DELIVERIES;
/** The longest message an acknowledgement carries back (the game's answer, or why it refused). */
export const MAX_ACTION_MESSAGE = 2000;

const person = z.object({ uuid, username });

/** A worked example, for the documents. */
export const BRIDGE_ACTION_EXAMPLE = {
  id: 88,
  kind: 'ban',
  player: { uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5', username: 'Notch' },
  staff: { uuid: '8667ba71-b85a-4004-af54-457a9734eed7', username: 'Steve' },
  reason: 'X-ray',
  duration_seconds: 604800,
  punishment: null,
  command: 'tempban Notch 7d X-ray',
  created_at: '2026-11-20T18:02:10.000Z',
} as const;

const PARDON_EXAMPLE = {
  id: 91,
  kind: 'pardon',
  player: { uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5', username: 'Notch' },
  staff: { uuid: '8667ba71-b85a-4004-af54-457a9734eed7', username: 'Steve' },
  reason: 'Appeal accepted: the recording shows a branch mine',
  duration_seconds: null,
  punishment: { source: 'game', id: 'ban-1204', type: 'ban' },
  command: 'unban Notch Appeal accepted: the recording shows a branch mine',
  created_at: '2026-11-22T09:14:58.000Z',
} as const;

export const bridgeActionSchema = z
  .object({
    id: z
      .int()
      .min(1)
      .describe(
        "The action's id: carry it out once per id, name it as `action_id` in the punishment event " +
          'that reports it, and acknowledge it with POST /api/bridge/actions/ack',
      ),
    kind: z
      .enum(ACTION_KINDS)
      .describe('ban, mute, warning or kick the player; or pardon: lift `punishment`'),
    player: person.describe('The player to punish, or whose punishment to lift'),
    staff: person.describe('The staff member who asked, to name as the issuer in game'),
    reason: z.string().nullable().describe('The reason staff gave (null for a pardon without one)'),
    duration_seconds: z
      .int()
      .min(1)
      .nullable()
      .describe(
        'How long a ban or mute lasts from when it is carried out; null: permanent (and always for a ' +
          'warning, a kick or a pardon)',
      ),
    punishment: z
      .object({
        source: z
          .enum(PUNISHMENT_SOURCES)
          .describe('game: reported by punishment.issued; litebans: read from the LiteBans database'),
        id: z
          .string()
          .describe(
            "The punishment's own id: punishment.issued's punishment_id, or LiteBans' <table>:<id> (e.g. bans:1204)",
          ),
        type: z
          .enum(PUNISHMENT_TYPES)
          .describe('What is lifted: a ban (unban), a mute (unmute) or a warning'),
      })
      .nullable()
      .describe('For a pardon: the punishment to lift; null otherwise'),
    command: z
      .string()
      .describe(
        "The same action as the console command the owner's templates make of it (PUNISH_COMMAND_*): " +
          'a plugin may simply run it as the console',
      ),
    created_at: z.iso.datetime().describe('When staff asked'),
  })
  .meta({
    id: 'BridgeAction',
    description:
      'A punishment or pardon staff asked for in the admin console, for the game server to carry out.',
    examples: [BRIDGE_ACTION_EXAMPLE, PARDON_EXAMPLE],
  });
export type BridgeAction = z.infer<typeof bridgeActionSchema>;

/** GET /api/bridge/actions's `limit`: as the deliveries' list's (1 to 500, 100 by default). */
export const bridgeActionsQuerySchema = deliveriesQuerySchema;

export const bridgeActionsSchema = z.array(bridgeActionSchema).meta({
  id: 'BridgeActionList',
  description: 'The staff actions waiting for the game server, oldest first.',
  examples: [[BRIDGE_ACTION_EXAMPLE]],
});

export const ACTION_OUTCOMES = ['done', 'refused'] as const;

export const bridgeActionsAckSchema = z
  .object({
    results: z
      .array(
        z.object({
          id: z.int({ error: 'action ids are whole numbers' }).min(1, 'action ids are whole numbers'),
          outcome: z
            .enum(ACTION_OUTCOMES)
            .describe(
              'done: carried out in game; refused: the game would not (the player is not banned, the ' +
                'punishment plugin said no): staff see the message and may try again',
            ),
          message: z
            .string()
            .max(MAX_ACTION_MESSAGE, `a message is at most ${MAX_ACTION_MESSAGE} characters`)
            .refine(isStorableText, 'a message must not contain NUL characters or unpaired surrogates')
            .optional()
            .describe('What the game answered, or why it refused, as staff should read it'),
        }),
      )
      .min(1, 'results must name at least one action')
      .max(MAX_BRIDGE_ACTIONS, `at most ${MAX_BRIDGE_ACTIONS} results at a time`),
  })
  .meta({
    id: 'BridgeActionAck',
    description: 'How the game server carried out the actions it was handed.',
    examples: [
      { results: [{ id: 88, outcome: 'done', message: 'Notch was banned for 7 days.' }] },
      { results: [{ id: 91, outcome: 'refused', message: 'Notch is not banned.' }] },
    ],
  });
export type BridgeActionsAck = z.infer<typeof bridgeActionsAckSchema>;

export const bridgeActionsAckResultSchema = z
  .object({
    acknowledged: z
      .int()
      .describe(
        'Actions newly marked carried out or refused (one already confirmed, or unknown, does not count)',
      ),
  })
  .meta({ id: 'BridgeActionAckResult', examples: [{ acknowledged: 1 }] });

/** What WS /api/bridge/ws sends for a staff action (PUNISH_VIA=plugin), beside the deliveries. */
export const bridgeActionMessageSchema = z
  .object({ action: bridgeActionSchema })
  .describe('One staff action, sent once per connection, oldest first');
export type BridgeActionMessage = z.infer<typeof bridgeActionMessageSchema>;
