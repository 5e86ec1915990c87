// Notifications: what happened to a player, told to them on the site (the bell in the header, the
// list, the live unread count on their social socket). Each is written in the same transaction as
// the write that caused it, with the facts it is about (who bought, how many, the gang...); a page
// words it in the reader's language from its kind and data. A player turns each kind off on /profile.
import { z } from 'zod';

export const NOTIFICATION_KINDS = [
  'listing.sold',
  'purchase.delivered',
  'friend.added',
  'gang.changed',
  'appeal.answered',
  'appeal.new',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds only staff receive (ADMIN, OWNER or WEB_ADMIN): /profile offers them to staff alone. */
export const STAFF_NOTIFICATION_KINDS: readonly NotificationKind[] = ['appeal.new'];

/** How many notifications a page of the list holds at most, and by default. */
export const MAX_NOTIFICATIONS_PAGE = 100;
export const DEFAULT_NOTIFICATIONS_PAGE = 20;

const person = z.object({ uuid: z.guid(), name: z.string() });
const money = z.string().describe('An amount of money, exact decimal text');

/** Each kind's facts. */
export const NOTIFICATION_DATA = {
  'listing.sold': z.object({
    listing_id: z.string(),
    item_name: z.string().describe('As listed: may carry colour codes (§a)'),
    qty: z.int().min(1),
    total: money,
    buyer: person,
    purchase_id: z.guid(),
  }),
  'purchase.delivered': z.object({
    purchase_id: z.guid(),
    listing_id: z.string(),
    item_name: z.string(),
    qty: z.int().min(1),
  }),
  'friend.added': z.object({ friend: person }),
  'gang.changed': z.object({
    gang: z.object({ id: z.string(), name: z.string() }),
    change: z
      .enum(['joined', 'left', 'role'])
      .describe('joined the gang, left it, or given a new role in it'),
    role: z.string().nullable().describe('The role in the gang now (null after leaving)'),
  }),
  'appeal.answered': z.object({
    appeal_id: z.int().min(1),
    punishment_id: z.int().min(1),
    punishment_type: z.enum(['ban', 'mute']),
    state: z.enum(['accepted', 'denied']),
  }),
  'appeal.new': z.object({
    appeal_id: z.int().min(1),
    punishment_id: z.int().min(1),
    punishment_type: z.enum(['ban', 'mute']),
    player: person,
  }),
} as const satisfies Record<NotificationKind, z.ZodType>;
export type NotificationData<K extends NotificationKind> = z.infer<(typeof NOTIFICATION_DATA)[K]>;
/** A kind with its facts, the two kept together. */
export type NotificationFacts = {
  [K in NotificationKind]: { kind: K; data: NotificationData<K> };
}[NotificationKind];

const base = {
  id: z.int().min(1),
  created_at: z.iso.datetime(),
  read: z.boolean(),
  link: z.string().describe("The site's page the notification is about (a path)"),
};

const NOTIFICATION_EXAMPLE = {
  id: 5120,
  kind: 'listing.sold',
  created_at: '2026-11-27T18:40:00.000Z',
  read: false,
  link: '/auction',
  data: {
    listing_id: 'ah-5521',
    item_name: 'Diamond Pickaxe',
    qty: 2,
    total: '125000.00',
    buyer: { uuid: '8667ba71-b85a-4004-af54-457a9734eed7', name: 'Steve' },
    purchase_id: '5d2f7a90-13c4-4b8e-a1f0-7c6e2d9b4a15',
  },
} as const;

const member = <K extends NotificationKind>(kind: K) =>
  z.object({ ...base, kind: z.literal(kind), data: NOTIFICATION_DATA[kind] });

export const notificationSchema = z
  .discriminatedUnion('kind', [
    member('listing.sold'),
    member('purchase.delivered'),
    member('friend.added'),
    member('gang.changed'),
    member('appeal.answered'),
    member('appeal.new'),
  ])
  .meta({
    id: 'Notification',
    description: "Something that happened to the player, with its kind's facts in `data`.",
    examples: [NOTIFICATION_EXAMPLE],
  });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  cursor: z.string().max(40).optional().describe('next_cursor of the previous page'),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_NOTIFICATIONS_PAGE}` })
    .int(`limit must be a whole number from 1 to ${MAX_NOTIFICATIONS_PAGE}`)
    .min(1, `limit must be a whole number from 1 to ${MAX_NOTIFICATIONS_PAGE}`)
    .max(MAX_NOTIFICATIONS_PAGE, `limit must be a whole number from 1 to ${MAX_NOTIFICATIONS_PAGE}`)
    .default(DEFAULT_NOTIFICATIONS_PAGE),
});

export const notificationsPageSchema = z
  .object({
    unread: z.int().min(0).describe('How many of all the player’s notifications are unread'),
    notifications: z.array(notificationSchema).describe('Newest first'),
    next_cursor: z.string().nullable(),
  })
  .meta({
    id: 'NotificationsPage',
    examples: [{ unread: 1, notifications: [NOTIFICATION_EXAMPLE], next_cursor: null }],
  });
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const MAX_READ_IDS = 500;
export const markReadSchema = z
  .union([
    z.object({
      ids: z
        .array(z.int({ error: 'ids are whole numbers' }).min(1, 'ids are whole numbers'))
        .min(1, 'ids must name at least one notification')
        .max(MAX_READ_IDS, `at most ${MAX_READ_IDS} ids at a time`),
    }),
    z.object({ all: z.literal(true) }),
  ])
  .meta({
    id: 'MarkNotificationsRead',
    description: 'Marks the notifications named, or all of them, read.',
    examples: [{ ids: [5120] }, { all: true }],
  });

export const unreadCountSchema = z
  .object({ unread: z.int().min(0) })
  .meta({ id: 'UnreadNotifications', examples: [{ unread: 0 }] });

/** Which kinds the player receives: every kind, true unless turned off. */
export const notificationPreferencesSchema = z
  .strictObject(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<
      NotificationKind,
      z.ZodBoolean
    >,
  )
  .meta({
    id: 'NotificationPreferences',
    description: 'Each kind: true to receive it, false to turn it off.',
    examples: [Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, kind !== 'friend.added']))],
  });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT /api/notifications/preferences: the kinds to change, each on or off. */
export const notificationPreferencesUpdateSchema = notificationPreferencesSchema.partial().meta({
  id: 'NotificationPreferencesUpdate',
  examples: [{ 'friend.added': false }],
});

/** What the player's social socket sends of them: the unread count, on connect and on each change. */
export const notificationsMessageSchema = z
  .object({ notifications: unreadCountSchema })
  .describe('How many notifications are unread');
export type NotificationsMessage = z.infer<typeof notificationsMessageSchema>;

// Every kind has its member in the union: a kind added without one does not compile.
const everyKindListed: [Exclude<NotificationKind, Notification['kind']>] extends [never] ? true : false =
  true;
void everyKindListed;
