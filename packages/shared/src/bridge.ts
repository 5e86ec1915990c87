// The bridge contract (DESIGN.md section 7): what the game server's plugin, and the simulator that
// plays it in demo mode, send to the site. Both sides validate with these schemas: clients with
// `bridgeEventSchema`, the site with `receivedBridgeEventSchema` (the same rules, but it reads money
// exactly, as decimal text, instead of as a JavaScript number).
import { z } from 'zod';
import { isStorableText } from './storable.ts';

export const MAX_EVENTS_PER_BATCH = 500;

// Any 8-4-4-4-12 hex id, not only RFC 4122 uuids: Bedrock players joining through Floodgate get
// ids such as 00000000-0000-0000-0009-01f64f65c7c3.
export const uuid = z.guid();
// Java names are 3–16 of [A-Za-z0-9_] (a few legacy ones are shorter); Bedrock players joining
// through a proxy carry a one-character prefix such as "." or "*".
export const username = z.string().regex(/^[.*]?[A-Za-z0-9_]{1,16}$/, 'not a valid player name');

// Free text (names, reasons, chat): any Unicode PostgreSQL can store (storable.ts).
const storable = { message: 'must not contain NUL characters or unpaired surrogates' };
const text = (max: number) => z.string().max(max).refine(isStorableText, storable);
const trimmedText = (max: number) => z.string().trim().min(1).max(max).refine(isStorableText, storable);

// Event, gang and listing ids: 1 to 64 printable ASCII characters, so that every id is stored and
// compared exactly as sent.
const id = z.string().regex(/^[\x21-\x7E]{1,64}$/, 'ids are 1 to 64 printable ASCII characters, no spaces');
const name = trimmedText(64);
const statName = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'not a valid statistic name');
const statMap = z
  .record(statName, z.number().refine(Number.isFinite, 'must be finite'))
  .refine((m) => Object.keys(m).length <= 200, 'at most 200 statistics per event');
// The longest useful form is 2026-01-02T03:04:05.123456789+05:30 (35 characters).
const isoTime = z.iso.datetime({ offset: true }).max(40);

// Money (a player's delta, a gang's delta, a listing's price) is stored as numeric(40,2).
// On the wire it is a JSON number. The site reads its digits exactly as written, never through a
// double, so 1234567890123456.78 arrives as 1234567890123456.78; a client that cannot write such
// a number exactly may send the same text as a JSON string ("1234567890123456.78"). Amounts must
// be below 1e36 in size; more than 2 decimals are rounded half away from zero, once, by the site
// (the ledger row and the balance get the same rounded amount). Both forms stay accepted: what the
// site answers carries money as decimal strings (money.ts), but a plugin that sends numbers keeps
// working unchanged.
export const MONEY_LIMIT = 1e36;
/** Decimal places an amount may be written with (all but 2 are rounded away; this bounds the work). */
export const MAX_MONEY_DECIMALS = 1000;
const JSON_NUMBER = /^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/;

/**
 * Reads a JSON number's text exactly and answers it as plain decimal text ("1.5e3" -> "1500",
 * "-0.50" -> "-0.5", "-0" -> "0"), or the reason it is not an acceptable amount of money.
 * `positive` amounts must be at least 0.01 once rounded to cents.
 */
export function readMoney(source: string, positive = false): { value: string } | { problem: string } {
  const match = JSON_NUMBER.exec(source);
  if (!match) return { problem: 'must be a number such as 1234.56' };
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  // value = digits x 10^scale, with digits free of leading and trailing zeros.
  let digits = (whole! + fraction).replace(/^0+/, '');
  let scale = Number(exponent) - fraction.length;
  const significant = digits.replace(/0+$/, '');
  scale += digits.length - significant.length;
  digits = significant;
  if (digits === '') return positive ? { problem: 'must be greater than 0' } : { value: '0' };
  const magnitude = digits.length - 1 + scale; // The power of ten of the leading digit.
  if (magnitude >= 36) return { problem: 'must be a finite amount below 1e36' };
  if (-scale > MAX_MONEY_DECIMALS) return { problem: `must have at most ${MAX_MONEY_DECIMALS} decimals` };
  if (positive) {
    if (sign === '-') return { problem: 'must be greater than 0' };
    // Below 0.005 it would round to 0.00.
    if (magnitude < -3 || (magnitude === -3 && digits[0]! < '5')) {
      return { problem: 'must be at least 0.01 once rounded to cents' };
    }
  }
  let plain: string;
  if (scale >= 0) plain = digits + '0'.repeat(scale);
  else {
    const point = digits.length + scale;
    plain =
      point > 0 ? `${digits.slice(0, point)}.${digits.slice(point)}` : `0.${'0'.repeat(-point)}${digits}`;
  }
  return { value: sign + plain };
}

function numberMoney(positive: boolean) {
  return z.number().superRefine((n, ctx) => {
    const read = Number.isFinite(n) ? readMoney(String(n), positive) : { problem: 'must be finite' };
    if ('problem' in read) ctx.addIssue({ code: 'custom', message: read.problem });
  });
}
function exactMoney(positive: boolean) {
  return z
    .union([z.number(), z.string()], { error: 'must be a number such as 1234.56' })
    .transform((input, ctx) => {
      const read =
        typeof input === 'number' && !Number.isFinite(input)
          ? { problem: 'must be finite' }
          : readMoney(String(input), positive);
      if ('value' in read) return read.value;
      ctx.addIssue({ code: 'custom', message: read.problem });
      return z.NEVER;
    });
}
/** Money as clients send it: a JSON number. */
export const money = numberMoney(false);
export const positiveMoney = numberMoney(true);
/** Money as the site reads it: a number or decimal string, answered as exact plain decimal text. */
export const receivedMoney = exactMoney(false);
export const receivedPositiveMoney = exactMoney(true);

export const GANG_STATUSES = ['Open', 'InviteOnly', 'Closed'] as const;
export const gangStatus = z.enum(GANG_STATUSES);
export const itemSchema = z.object({
  name: trimmedText(128),
  icon: z.string().regex(/^[a-z0-9_]{1,64}$/, 'icon is an item id such as diamond_pickaxe'),
});

// `at` is when it happened on the game server (default: when the site receives it). The site
// takes a time in the future as now.
const base = { id, at: isoTime.optional() };
const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ ...base, type: z.literal(type), ...shape });

function eventSchema<M extends z.ZodType, P extends z.ZodType>(delta: M, price: P) {
  return z.discriminatedUnion('type', [
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
    event('player.balance', { uuid, delta, reason: trimmedText(64) }),
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
      activity_text: text(4000).nullable().optional(),
      target_uuid: uuid.nullable().optional(),
    }),
    event('gang.upsert', {
      gang_id: id,
      name: trimmedText(32),
      status: gangStatus,
      color: trimmedText(32).nullable().optional(),
      min_level: z.int().min(0).max(100_000).optional(),
    }),
    event('gang.treasury', { gang_id: id, delta }),
    event('gang.member', { gang_id: id, uuid, role: trimmedText(32) }),
    // Leaving or disbanding a gang the site does not know is a no-op.
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
      price,
    }),
    event('auction.cancelled', { listing_id: id }),
    event('server.status', {
      online: z.int().min(0).max(1_000_000),
      max_online: z.int().min(0).max(1_000_000).nullable(),
      // Optional health figures: ticks per second (20 is a healthy server) and milliseconds per tick.
      tps: z.number().min(0).max(1000).optional(),
      mspt: z.number().min(0).max(1_000_000).optional(),
    }),
    event('account.password', { uuid, password: text(128).min(8) }),
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
}

/** An event as a client builds and sends it (money as numbers). */
export const bridgeEventSchema = eventSchema(money, positiveMoney);
export type BridgeEvent = z.infer<typeof bridgeEventSchema>;
export type BridgeEventType = BridgeEvent['type'];
export type BridgeEventOf<T extends BridgeEventType> = Extract<BridgeEvent, { type: T }>;

/** An event as the site reads it: money is exact plain decimal text ("1234567890123456.78"). */
export const receivedBridgeEventSchema = eventSchema(receivedMoney, receivedPositiveMoney);
export type ReceivedBridgeEvent = z.infer<typeof receivedBridgeEventSchema>;
export type ReceivedBridgeEventOf<T extends BridgeEventType> = Extract<ReceivedBridgeEvent, { type: T }>;

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
export const deliverySchema = z
  .object({
    id: z
      .guid()
      .describe(
        "The delivery's id: acknowledge it with POST /api/bridge/deliveries/ack, and apply a delivery " +
          'seen twice (on the socket and in the list, or after a reconnection) once',
      ),
    player_uuid: uuid.describe('The buyer, who receives the items in game'),
    item: itemSchema.describe('The item bought, as its listing named it'),
    qty: z.int().min(1).describe('How many of the item to hand over'),
    purchase_id: z
      .guid()
      .describe('The auction purchase this delivery hands over (one delivery per purchase)'),
    created_at: z.iso.datetime().describe('When the purchase committed (ISO 8601, UTC)'),
  })
  .describe("Items bought on the site's auction, for the game server to hand over to the buyer");
export type Delivery = z.infer<typeof deliverySchema>;

// GET /api/bridge/deliveries, POST /api/bridge/deliveries/ack and WS /api/bridge/ws: the game server
// lists pending deliveries or receives them on its socket, hands them over, then acknowledges them.
export const MAX_DELIVERIES = 500;
const LIMIT_PROBLEM = `limit must be a whole number from 1 to ${MAX_DELIVERIES}`;
export const deliveriesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: LIMIT_PROBLEM })
    .int(LIMIT_PROBLEM)
    .min(1, LIMIT_PROBLEM)
    .max(MAX_DELIVERIES, LIMIT_PROBLEM)
    .default(100),
});
export const deliveriesSchema = z.array(deliverySchema);
export const deliveriesAckSchema = z.object({
  ids: z
    .array(z.guid({ error: 'delivery ids are UUIDs' }))
    .max(MAX_DELIVERIES, `at most ${MAX_DELIVERIES} ids at a time`),
});
export const deliveriesAckResultSchema = z.object({
  acknowledged: z
    .int()
    .describe('Deliveries newly marked delivered (already acknowledged or unknown ids do not count)'),
});
/** What WS /api/bridge/ws sends, one message per delivery. */
export const deliveryMessageSchema = z
  .object({ delivery: deliverySchema })
  .describe('One delivery, sent once per connection, oldest first');
export type DeliveryMessage = z.infer<typeof deliveryMessageSchema>;
