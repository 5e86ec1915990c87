// The social hub (spec 2.8, 3 Social overview, Friend, Gang; 7 the social calls and sockets).
import { z } from 'zod';
import { describedMoney } from './money.ts';
import { activityListSchema } from './players.ts';

/** GET /api/social/overview. The gang's fields are null for a player in no gang. */
export const socialOverviewSchema = z.object({
  friends: z.object({ online: z.int(), total: z.int() }),
  gang: z.object({
    name: z.string().nullable(),
    role: z.string().nullable(),
    online_count: z.int().nullable(),
    member_count: z.int().nullable(),
  }),
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

export const gangMemberSchema = z.object({
  uuid: z.string(),
  username: z.string().nullable(),
  role: z.string(),
  online: z.boolean(),
  last_activity_at: z.string().nullable(),
});
export type GangMember = z.infer<typeof gangMemberSchema>;

export const gangSchema = z.object({
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
});
export type Gang = z.infer<typeof gangSchema>;

/** WS /api/gangs/ws: every gang, largest treasury first, on connect and whenever one changes. */
export const gangsMessageSchema = z.object({ gangs: z.array(gangSchema) });
export type GangsMessage = z.infer<typeof gangsMessageSchema>;

/**
 * WS /api/social/ws?token=: three kinds of message, each on connect and whenever it changes.
 * `gang` is null for a player in no gang.
 */
export const socialMessageSchema = z.union([
  z.object({ friends: z.array(friendSchema) }),
  z.object({ overview: socialOverviewSchema }),
  z.object({ gang: gangSchema.nullable() }),
]);
export type SocialMessage = z.infer<typeof socialMessageSchema>;

/** The social socket's query: browsers cannot set an Authorization header on a WebSocket. */
export const socialSocketQuerySchema = z.object({
  token: z
    .string()
    .optional()
    .describe('The access token. Missing, invalid or expired: the socket is closed with 1008.'),
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
export const gangPageSchema = z.object({
  gang: gangSchema,
  milestones: activityListSchema,
});
export type GangPage = z.infer<typeof gangPageSchema>;
