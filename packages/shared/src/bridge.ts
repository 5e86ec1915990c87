// The bridge contract (DESIGN.md section 7): what the game server's plugin, and the simulator that
// plays it in demo mode, send to the site. Both sides validate with these schemas.
import { z } from 'zod';

export const MAX_EVENTS_PER_BATCH = 500;

export const uuid = z.uuid();
// Java names are 3–16 of [A-Za-z0-9_] (a few legacy ones are shorter); Bedrock players joining
// through a proxy carry a one-character prefix such as "." or "*".
export const username = z.string().regex(/^[.*]?[A-Za-z0-9_]{1,16}$/, 'not a valid player name');
// Money is stored as numeric(40,2) and sent as a JSON number; prison economies reach 1e15 and beyond.
export const MONEY_LIMIT = 1e36;
export const money = z
  .number()
  .refine((n) => Number.isFinite(n) && Math.abs(n) < MONEY_LIMIT, 'must be a finite amount below 1e36');
export const positiveMoney = money.refine((n) => n > 0, 'must be greater than 0');
const id = z.string().min(1).max(64);
const name = z.string().trim().min(1).max(64);
const statName = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'not a valid statistic name');
const statMap = z
  .record(statName, z.number().refine(Number.isFinite, 'must be finite'))
  .refine((m) => Object.keys(m).length <= 200, 'at most 200 statistics per event');
const isoTime = z.iso.datetime({ offset: true });

export const GANG_STATUSES = ['Open', 'InviteOnly', 'Closed'] as const;
export const gangStatus = z.enum(GANG_STATUSES);
export const itemSchema = z.object({
  name: z.string().trim().min(1).max(128),
  icon: z.string().regex(/^[a-z0-9_]{1,64}$/, 'icon is an item id such as diamond_pickaxe'),
});

const base = { id, at: isoTime.optional() };
const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ ...base, type: z.literal(type), ...shape });

export const bridgeEventSchema = z.discriminatedUnion('type', [
  event('player.join', { uuid, username }),
  event('player.quit', { uuid }),
  event('player.progress', {
    uuid,
    xp_delta: z.int().min(0).max(1e12),
    level: z.int().min(0).max(100_000).optional(),
    prestige: z.int().min(0).max(10_000).optional(),
    rank: z
      .string()
      .regex(/^[A-Za-z0-9_]{1,32}$/)
      .optional(),
  }),
  event('player.balance', { uuid, delta: money, reason: z.string().trim().min(1).max(64) }),
  event('player.stats', { uuid, add: statMap.optional(), set: statMap.optional() }),
  event('player.gkit', {
    uuid,
    kit_id: z.string().regex(/^[a-z0-9_-]{1,64}$/),
    unlocked: z.boolean(),
    level: z.int().min(0).max(1000),
    cooldown_ends_at: isoTime.nullable().optional(),
    last_claimed_at: isoTime.nullable().optional(),
  }),
  event('activity', {
    actor_uuid: uuid,
    activity_type: z.string().regex(/^[A-Z0-9_]{1,48}$/, 'activity types are UPPER_SNAKE_CASE'),
    activity_text: z.string().max(4000).nullable().optional(),
    target_uuid: uuid.nullable().optional(),
  }),
  event('gang.upsert', {
    gang_id: id,
    name: z.string().trim().min(1).max(32),
    status: gangStatus,
    color: z.string().trim().min(1).max(32).nullable().optional(),
    min_level: z.int().min(0).max(100_000).optional(),
  }),
  event('gang.treasury', { gang_id: id, delta: money }),
  event('gang.member', { gang_id: id, uuid, role: z.string().trim().min(1).max(32) }),
  event('gang.leave', { gang_id: id, uuid }),
  event('gang.disband', { gang_id: id }),
  event('friend.add', { uuid, friend_uuid: uuid }),
  event('friend.remove', { uuid, friend_uuid: uuid }),
  event('auction.listed', {
    listing_id: id,
    seller_uuid: uuid,
    category_key: z.string().regex(/^[a-z0-9_-]{1,48}$/),
    category_name: name,
    // Not in the minimal contract: a category's icon, else its first listing's item icon.
    category_icon: itemSchema.shape.icon.optional(),
    item: itemSchema,
    qty: z.int().min(1).max(1_000_000),
    price: positiveMoney,
  }),
  event('auction.cancelled', { listing_id: id }),
  event('server.status', {
    online: z.int().min(0).max(1_000_000),
    max_online: z.int().min(0).max(1_000_000).nullable(),
  }),
  event('account.password', { uuid, password: z.string().min(8).max(128) }),
  event('account.roles', {
    uuid,
    roles: z
      .array(
        z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9_-]{1,32}$/),
      )
      .max(32),
  }),
]);
export type BridgeEvent = z.infer<typeof bridgeEventSchema>;
export type BridgeEventType = BridgeEvent['type'];
export type BridgeEventOf<T extends BridgeEventType> = Extract<BridgeEvent, { type: T }>;

// The batch is checked event by event (so a bad one can be named by its index), not as one array.
export const bridgeBatchSchema = z.object({
  events: z.array(z.unknown()).min(1).max(MAX_EVENTS_PER_BATCH),
});
export const bridgeBatchResultSchema = z.object({ applied: z.int(), skipped: z.int() });
export const bridgeEventErrorSchema = z.object({ index: z.int(), reason: z.string() });
export const bridgeBatchErrorSchema = z.object({
  detail: z.string(),
  errors: z.array(bridgeEventErrorSchema),
});
export type BridgeBatchResult = z.infer<typeof bridgeBatchResultSchema>;

// Deliveries: the site's outbox to the game server, one per auction purchase.
export const deliverySchema = z.object({
  id: z.string(),
  player_uuid: z.string(),
  item: itemSchema,
  qty: z.int(),
  purchase_id: z.string(),
  created_at: z.string(),
});
export type Delivery = z.infer<typeof deliverySchema>;
