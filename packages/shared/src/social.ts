// The social hub (spec 2.8, 3 Social overview, Friend, Gang; 7 the social calls and sockets).
import { z } from 'zod';
import { socketTokenQuerySchema } from './auth.ts';
import { ALEX, EXAMPLE_TIME, NIGHT_SHIFT, STEVE } from './examples.ts';
import { ownPunishmentsSchema } from './moderation.ts';
import { describedMoney } from './money.ts';
import { notificationsMessageSchema } from './notifications.ts';
import { activityListSchema } from './players.ts';

/** GET /api/social/overview. The gang's fields are null for a player in no gang. */
export const socialOverviewSchema = z
  .object({
    friends: z.object({ online: z.int(), total: z.int() }),
    gang: z.object({
      name: z.string().nullable(),
      role: z.string().nullable(),
      online_count: z.int().nullable(),
      member_count: z.int().nullable(),
    }),
  })
  .meta({
    id: 'SocialOverview',
    description: "The signed-in player's friends online and their gang.",
    examples: [
      {
        friends: { online: 3, total: 12 },
        gang: { name: NIGHT_SHIFT.name, role: 'Leader', online_count: 2, member_count: 3 },
      },
    ],
  });
export type SocialOverview = z.infer<typeof socialOverviewSchema>;

export const friendSchema = z.object({
  uuid: z.string(),
  username: z.string(),
  online: z.boolean(),
  rank: z.string(),
  level: z.int(),
  last_activity_at: z.string().nullable(),
  friends_since: z.string(),
});
export type Friend = z.infer<typeof friendSchema>;

export const gangMemberSchema = z
  .object({
    uuid: z.string(),
    username: z.string().nullable(),
    role: z.string(),
    online: z.boolean(),
    last_activity_at: z.string().nullable(),
  })
  .meta({ id: 'GangMember', description: "A gang's member and their role in it." });
export type GangMember = z.infer<typeof gangMemberSchema>;

export const gangSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Open, InviteOnly or Closed as the game sends them; shown neutral when anything else. */
    status: z.string(),
    color: z.string().nullable(),
    balance: describedMoney('The treasury'),
    member_count: z.int(),
    online_count: z.int(),
    min_level: z.int(),
    /** Leader first, then by role, then by name. */
    members: z.array(gangMemberSchema),
  })
  .meta({ id: 'Gang', description: 'A gang: its treasury, who may join, and its roster.' });
export type Gang = z.infer<typeof gangSchema>;

/** WS /api/gangs/ws: every gang, largest treasury first, on connect and whenever one changes. */
export const gangsMessageSchema = z.object({ gangs: z.array(gangSchema) });
export type GangsMessage = z.infer<typeof gangsMessageSchema>;

/**
 * WS /api/social/ws?token=: four kinds of message, each on connect and whenever it changes.
 * `gang` is null for a player in no gang.
 */
export const socialMessageSchema = z.union([
  z.object({ friends: z.array(friendSchema) }),
  z.object({ overview: socialOverviewSchema }),
  z.object({ gang: gangSchema.nullable() }),
  // The player's own punishments with their appeals (their profile shows an answer as it comes).
  ownPunishmentsSchema,
  // How many of their notifications are unread (the bell in the header).
  notificationsMessageSchema,
]);
export type SocialMessage = z.infer<typeof socialMessageSchema>;

/** The social socket's query: the access token, and whether to follow the unread count alone. */
export const socialSocketQuerySchema = socketTokenQuerySchema.extend({
  only: z
    .enum(['notifications'])
    .optional()
    .describe(
      'notifications: send only the unread notifications count (what the bell in the header needs), ' +
        'not the friends, overview, gang and punishments',
    ),
});

/** A gang page's address. */
export const gangIdParamsSchema = z.object({
  // Gang ids are the bridge's ids: 1 to 64 printable ASCII characters.
  id: z
    .string()
    .regex(/^[\x21-\x7E]{1,64}$/, { error: 'Not a gang id' })
    .describe("The gang's id"),
});

/** GET /api/gangs/{id}: the gang with its roster, and its members' newest public milestones. */
export const gangPageSchema = z
  .object({
    gang: gangSchema,
    milestones: activityListSchema,
  })
  .meta({
    id: 'GangPage',
    description: "What a gang's public page shows.",
    examples: [
      {
        gang: {
          ...NIGHT_SHIFT,
          status: 'InviteOnly',
          balance: '1250000.00',
          member_count: 3,
          online_count: 2,
          min_level: 20,
          members: [
            { uuid: STEVE, username: 'Steve', role: 'Leader', online: true, last_activity_at: EXAMPLE_TIME },
            {
              uuid: ALEX,
              username: 'Alex',
              role: 'Officer',
              online: true,
              last_activity_at: '2026-05-01T14:29:48.000Z',
            },
            {
              uuid: '0b6469ee-efeb-476a-a823-701f919683bc',
              username: 'Jeb_',
              role: 'Recruit',
              online: false,
              last_activity_at: '2026-04-30T22:41:03.000Z',
            },
          ],
        },
        milestones: [
          {
            id: 91_407,
            occurred_at: '2026-05-01T13:58:12.000Z',
            actor_uuid: STEVE,
            actor_username: 'Steve',
            target_uuid: null,
            target_username: null,
            activity_type: 'LEVEL_UP',
            activity_text: '{"level":42}',
          },
          {
            id: 91_133,
            occurred_at: '2026-04-30T17:44:20.000Z',
            actor_uuid: '0b6469ee-efeb-476a-a823-701f919683bc',
            actor_username: 'Jeb_',
            target_uuid: null,
            target_username: null,
            activity_type: 'GANG_JOIN',
            activity_text: 'Joined Night Shift',
          },
        ],
      },
    ],
  });
export type GangPage = z.infer<typeof gangPageSchema>;
