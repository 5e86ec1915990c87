// The bridge contract (DESIGN.md section 7): what the game server's plugin, and the simulator that
// plays it in demo mode, send to the site. Both sides validate with these schemas: clients with
// `bridgeEventSchema`, the site with `receivedBridgeEventSchema` (the same rules, but it reads money
// exactly, as decimal text, instead of as a JavaScript number).
import { z } from 'zod';
import { bridgeEventErrorCodeSchema, type ErrorCode } from './errors.ts';
import { itemEnchantSchema } from './item-enchants.ts';
import { describedMoney } from './money.ts';
import { MAX_PUNISHMENT_REASON, PUNISHMENT_TYPES } from './punishments.ts';
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

/** The largest `item.data` a listing may carry, in bytes of UTF-8. */
export const MAX_ITEM_DATA_BYTES = 16 * 1024;
/** The most enchantments a listed item may carry. */
export const MAX_ITEM_ENCHANTS = 32;
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const point = character.codePointAt(0)!;
    bytes += point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** A listed item: what the site shows, and the game's own form of it, which the site hands back. */
export const listedItemSchema = itemSchema.extend({
  data: z
    .string()
    .refine((text) => utf8Bytes(text) <= MAX_ITEM_DATA_BYTES, `at most ${MAX_ITEM_DATA_BYTES} bytes`)
    .refine(isStorableText, storable)
    .optional()
    .describe(
      "The game's own form of the item (e.g. its serialized ItemStack), at most 16 KB of text: never " +
        'shown on the site, handed back byte for byte with each delivery of the listing',
    ),
  enchants: z
    .array(itemEnchantSchema)
    .max(MAX_ITEM_ENCHANTS)
    .optional()
    .describe("The item's enchantments by the enchant catalogue's keys, shown on the listing"),
});

// `at` is when it happened on the game server (default: when the site receives it). The site
// takes a time in the future as now.
const base = {
  id: id.describe(
    "The event's own id, unique per game server: an event sent again with an id the site has seen is skipped",
  ),
  at: isoTime.optional().describe('When it happened in game (default: when the site receives it)'),
};

// Who punished or lifted a punishment: a player, or null for the console.
const staffMember = z
  .object({ uuid, username })
  .nullable()
  .describe('The staff member, by uuid and name; null for the console');

// A punishment carried out for a staff action of the site (GET /api/bridge/actions) names it.
const actionId = z
  .int()
  .min(1)
  .optional()
  .describe(
    "The site's staff action this carries out (the action's `id`), if any: the action is confirmed " +
      'by it. An id the site never handed out is refused',
  );

/** What the OpenAPI document says of an event type: its component name, meaning and a worked example. */
interface EventDocs {
  id: string;
  description: string;
  example: Record<string, unknown>;
}

function eventSchema<M extends z.ZodType, P extends z.ZodType>(delta: M, price: P, documented = false) {
  // Only the site's reading of an event is documented (and registered: a component name is taken once).
  const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S, docs: EventDocs) => {
    const schema = z.object({ ...base, type: z.literal(type), ...shape });
    return documented
      ? schema.meta({ id: docs.id, description: docs.description, examples: [{ ...docs.example, type }] })
      : schema;
  };
  return z.discriminatedUnion('type', [
    event(
      'player.join',
      { uuid, username },
      {
        id: 'PlayerJoinEvent',
        description: 'A player joined the game server: the site records their name and shows them online.',
        example: {
          id: 'join-8667ba71-1764259445',
          at: '2026-11-27T16:04:05Z',
          uuid: '8667ba71-b85a-4004-af54-457a9734eed7',
          username: 'Steve',
        },
      },
    ),
    event(
      'player.quit',
      { uuid },
      {
        id: 'PlayerQuitEvent',
        description: 'A player left the game server.',
        example: { id: 'quit-8667ba71-1764263045', uuid: '8667ba71-b85a-4004-af54-457a9734eed7' },
      },
    ),
    event(
      'player.progress',
      {
        uuid,
        xp_delta: z.int().min(0).max(1e12),
        level: z.int().min(0).max(100_000).optional(),
        prestige: z.int().min(0).max(10_000).optional(),
        rank: z
          .string()
          .regex(/^[A-Za-z0-9_]{1,32}$/)
          .optional(),
      },
      {
        id: 'PlayerProgressEvent',
        description:
          'XP gained (added to the total), and the level, prestige and rank the player now has where they changed.',
        example: {
          id: 'progress-4411',
          uuid: '8667ba71-b85a-4004-af54-457a9734eed7',
          xp_delta: 1250,
          level: 42,
          prestige: 1,
          rank: 'C',
        },
      },
    ),
    event(
      'player.balance',
      { uuid, delta, reason: trimmedText(64) },
      {
        id: 'PlayerBalanceEvent',
        description:
          "A change of a player's balance in game (delta may be negative), with its reason: each is one ledger row.",
        example: {
          id: 'balance-90211',
          uuid: '8667ba71-b85a-4004-af54-457a9734eed7',
          delta: '1500.25',
          reason: 'Mine sell',
        },
      },
    ),
    event(
      'player.stats',
      { uuid, add: statMap.optional(), set: statMap.optional() },
      {
        id: 'PlayerStatsEvent',
        description:
          'Statistics by name: `add` adds to the totals, `set` replaces them (at most 200 of each per event).',
        example: {
          id: 'stats-77102',
          uuid: '8667ba71-b85a-4004-af54-457a9734eed7',
          add: { BLOCKS_MINED: 640 },
          set: { MOMENTUM: 3 },
        },
      },
    ),
    event(
      'player.gkit',
      {
        uuid,
        kit_id: z.string().regex(/^[a-z0-9_-]{1,64}$/),
        unlocked: z.boolean(),
        level: z.int().min(0).max(1000),
        cooldown_ends_at: isoTime.nullable().optional(),
        last_claimed_at: isoTime.nullable().optional(),
      },
      {
        id: 'PlayerGkitEvent',
        description:
          "A G-Kit's state for a player: unlocked or not, its level and cooldown. Kit ids are the site's catalogue's (e.g. miner, excavator).",
        example: {
          id: 'gkit-5521',
          uuid: '8667ba71-b85a-4004-af54-457a9734eed7',
          kit_id: 'miner',
          unlocked: true,
          level: 2,
          cooldown_ends_at: '2026-11-28T04:04:05Z',
          last_claimed_at: '2026-11-27T16:04:05Z',
        },
      },
    ),
    event(
      'activity',
      {
        actor_uuid: uuid,
        activity_type: z.string().regex(/^[A-Z0-9_]{1,48}$/, 'activity types are UPPER_SNAKE_CASE'),
        activity_text: text(4000).nullable().optional(),
        target_uuid: uuid.nullable().optional(),
      },
      {
        id: 'ActivityEvent',
        description:
          "A line of a player's activity feed: a type in UPPER_SNAKE_CASE, an optional text, an optional other player.",
        example: {
          id: 'activity-33019',
          actor_uuid: '8667ba71-b85a-4004-af54-457a9734eed7',
          activity_type: 'LEVEL_UP',
          activity_text: 'Reached level 42',
          target_uuid: null,
        },
      },
    ),
    event(
      'gang.upsert',
      {
        gang_id: id,
        name: trimmedText(32),
        status: gangStatus,
        color: trimmedText(32).nullable().optional(),
        min_level: z.int().min(0).max(100_000).optional(),
      },
      {
        id: 'GangUpsertEvent',
        description: 'A gang was created or changed: its name, who may join, its colour and minimum level.',
        example: {
          id: 'gang-night-shift-1',
          gang_id: 'night-shift',
          name: 'Night Shift',
          status: 'Open',
          min_level: 10,
        },
      },
    ),
    event(
      'gang.treasury',
      { gang_id: id, delta },
      {
        id: 'GangTreasuryEvent',
        description: "A change of a gang's treasury (delta may be negative).",
        example: { id: 'treasury-881', gang_id: 'night-shift', delta: 25000 },
      },
    ),
    event(
      'gang.member',
      { gang_id: id, uuid, role: trimmedText(32) },
      {
        id: 'GangMemberEvent',
        description: 'A player joined a gang or took another role in it (a player is in one gang at most).',
        example: {
          id: 'member-9913',
          gang_id: 'night-shift',
          uuid: '8667ba71-b85a-4004-af54-457a9734eed7',
          role: 'Leader',
        },
      },
    ),
    // Leaving or disbanding a gang the site does not know is a no-op.
    event(
      'gang.leave',
      { gang_id: id, uuid },
      {
        id: 'GangLeaveEvent',
        description: 'A player left a gang (or was removed). A gang the site does not know is no change.',
        example: { id: 'leave-9914', gang_id: 'night-shift', uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5' },
      },
    ),
    event(
      'gang.disband',
      { gang_id: id },
      {
        id: 'GangDisbandEvent',
        description: 'A gang was disbanded. A gang the site does not know is no change.',
        example: { id: 'disband-77', gang_id: 'night-shift' },
      },
    ),
    event(
      'friend.add',
      { uuid, friend_uuid: uuid },
      {
        id: 'FriendAddEvent',
        description: 'Two players became friends (both ways).',
        example: {
          id: 'friend-1201',
          uuid: '8667ba71-b85a-4004-af54-457a9734eed7',
          friend_uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5',
        },
      },
    ),
    event(
      'friend.remove',
      { uuid, friend_uuid: uuid },
      {
        id: 'FriendRemoveEvent',
        description: 'Two players are friends no more (both ways).',
        example: {
          id: 'unfriend-1202',
          uuid: '8667ba71-b85a-4004-af54-457a9734eed7',
          friend_uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5',
        },
      },
    ),
    event(
      'auction.listed',
      {
        listing_id: id,
        seller_uuid: uuid,
        category_key: z.string().regex(/^[a-z0-9_-]{1,48}$/),
        category_name: name,
        // Not in the minimal contract: a category's icon, else its first listing's item icon.
        category_icon: itemSchema.shape.icon.optional(),
        item: listedItemSchema,
        qty: z.int().min(1).max(1_000_000),
        price,
      },
      {
        id: 'AuctionListedEvent',
        description:
          'A listing was put up in game, under an id the site has not seen (a known id is refused). `price` is per unit.',
        example: {
          id: 'listed-ah-5521',
          listing_id: 'ah-5521',
          seller_uuid: '8667ba71-b85a-4004-af54-457a9734eed7',
          category_key: 'pickaxes',
          category_name: 'Pickaxes',
          item: {
            name: 'Efficiency V Pickaxe',
            icon: 'diamond_pickaxe',
            data: 'H4sIAAAAAAAA/+NiYGBmYGBhYGBgAAB4Xh3lDAAAAA==',
            enchants: [
              { key: 'efficiency', level: 5 },
              { key: 'fortune', level: 3 },
            ],
          },
          qty: 1,
          price: '125000',
        },
      },
    ),
    event(
      'auction.cancelled',
      { listing_id: id },
      {
        id: 'AuctionCancelledEvent',
        description: 'A listing was taken down in game: it can no longer be bought on the site.',
        example: { id: 'cancelled-ah-5521', listing_id: 'ah-5521' },
      },
    ),
    event(
      'server.status',
      {
        online: z.int().min(0).max(1_000_000),
        max_online: z.int().min(0).max(1_000_000).nullable(),
        // Optional health figures: ticks per second (20 is a healthy server) and milliseconds per tick.
        tps: z.number().min(0).max(1000).optional(),
        mspt: z.number().min(0).max(1_000_000).optional(),
      },
      {
        id: 'ServerStatusEvent',
        description:
          'How the game server is: players online, its slots, and optionally ticks per second and milliseconds per tick.',
        example: { id: 'status-1764259445', online: 87, max_online: 200, tps: 19.8, mspt: 31.5 },
      },
    ),
    event(
      'account.password',
      { uuid, password: text(128).min(8) },
      {
        id: 'AccountPasswordEvent',
        description:
          'A player set their site password in game (e.g. with /password): the site stores only its hash. Refused for an account with a staff role unless the site allows it (BRIDGE_STAFF_ROLES).',
        example: {
          id: 'password-8667ba71-3',
          uuid: '8667ba71-b85a-4004-af54-457a9734eed7',
          password: 'correct horse battery',
        },
      },
    ),
    event(
      'account.roles',
      {
        uuid,
        roles: z
          .array(
            z
              .string()
              .trim()
              .regex(/^[A-Za-z0-9_-]{1,32}$/),
          )
          .max(32),
      },
      {
        id: 'AccountRolesEvent',
        description:
          "A player's site roles, all of them (the list replaces the old one). Staff roles (ADMIN, OWNER, WEB_ADMIN, DOCS_EDITOR) are refused unless the site names the ones the game may manage (BRIDGE_STAFF_ROLES).",
        example: { id: 'roles-8667ba71-7', uuid: '8667ba71-b85a-4004-af54-457a9734eed7', roles: ['VIP'] },
      },
    ),
    event(
      'punishment.issued',
      {
        punishment_id: id.describe(
          "The punishment's own id in game (unique): punishment.revoked names it. A known id is refused.",
        ),
        punishment_type: z.enum(PUNISHMENT_TYPES).describe('ban, mute, warning or kick'),
        uuid: uuid.describe('The punished player (the site need not know them yet)'),
        username: username.describe("The punished player's name"),
        staff: staffMember,
        reason: text(MAX_PUNISHMENT_REASON).nullable().optional(),
        until: isoTime
          .nullable()
          .optional()
          .describe('When it ends; absent or null: permanent (a kick has no end, and this is ignored)'),
        silent: z
          .boolean()
          .optional()
          .describe('Issued silently in game: shown only in the admin console, never in public'),
        by_address: z
          .boolean()
          .optional()
          .describe('An address ban or mute (the address itself is never public)'),
        address: z
          .union([z.ipv4(), z.ipv6()])
          .optional()
          .describe('The address of an address ban, for the admin console only'),
        note: text(1000).optional().describe('A note for staff, shown only in the admin console'),
        action_id: actionId,
      },
      {
        id: 'PunishmentIssuedEvent',
        description:
          'A player was banned, muted, warned or kicked in game (`at` is when). The public site lists it unless it is silent.',
        example: {
          id: 'punish-ban-1204',
          at: '2026-11-20T18:02:11Z',
          punishment_id: 'ban-1204',
          punishment_type: 'ban',
          uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5',
          username: 'Notch',
          staff: { uuid: '8667ba71-b85a-4004-af54-457a9734eed7', username: 'Steve' },
          reason: 'X-ray',
          until: '2026-12-20T18:02:11Z',
          silent: false,
        },
      },
    ),
    event(
      'punishment.revoked',
      {
        punishment_id: id.describe('The id punishment.issued gave (refused if the site has not seen it)'),
        staff: staffMember,
        reason: text(MAX_PUNISHMENT_REASON).nullable().optional(),
        action_id: actionId,
      },
      {
        id: 'PunishmentRevokedEvent',
        description:
          'A punishment was lifted in game before its end (an unban, unmute or pardon; `at` is when). A kick cannot be revoked; revoking twice keeps the first.',
        example: {
          id: 'unban-1204',
          at: '2026-11-22T09:15:00Z',
          punishment_id: 'ban-1204',
          staff: null,
          reason: 'Appeal accepted',
        },
      },
    ),
  ]);
}

/** An event as a client builds and sends it (money as numbers). */
export const bridgeEventSchema = eventSchema(money, positiveMoney);
export type BridgeEvent = z.infer<typeof bridgeEventSchema>;
export type BridgeEventType = BridgeEvent['type'];
export type BridgeEventOf<T extends BridgeEventType> = Extract<BridgeEvent, { type: T }>;

/** An event as the site reads it: money is exact plain decimal text ("1234567890123456.78"). */
export const receivedBridgeEventSchema = eventSchema(receivedMoney, receivedPositiveMoney, true).meta({
  id: 'BridgeEvent',
  description: 'One event reported by the game server, by its `type`.',
  discriminator: { propertyName: 'type' },
});
export type ReceivedBridgeEvent = z.infer<typeof receivedBridgeEventSchema>;
export type ReceivedBridgeEventOf<T extends BridgeEventType> = Extract<ReceivedBridgeEvent, { type: T }>;

// The batch is checked event by event (so a bad one can be named by its index), not as one array.
export const bridgeBatchSchema = z.object({
  events: z.array(z.unknown()).min(1).max(MAX_EVENTS_PER_BATCH),
});
/**
 * The batch as the OpenAPI document shows it, every event type by its `type`. The route reads
 * `bridgeBatchSchema` and checks each event itself, to name a bad one by its index.
 */
export const documentedBridgeBatchSchema = z
  .object({ events: z.array(receivedBridgeEventSchema).min(1).max(MAX_EVENTS_PER_BATCH) })
  .meta({
    id: 'BridgeBatch',
    description:
      'Events in the order they happened, applied in one transaction: all of them, or none when one is refused.',
    examples: [
      {
        events: [
          {
            type: 'player.join',
            id: 'join-8667ba71-1764259445',
            uuid: '8667ba71-b85a-4004-af54-457a9734eed7',
            username: 'Steve',
          },
          { type: 'server.status', id: 'status-1764259445', online: 87, max_online: 200, tps: 19.8 },
        ],
      },
    ],
  });
export const bridgeBatchResultSchema = z.object({ applied: z.int(), skipped: z.int() }).meta({
  id: 'BridgeBatchResult',
  description:
    'How many events of the batch were applied, and how many skipped as already seen (by their id).',
  examples: [{ applied: 2, skipped: 0 }],
});
export const bridgeEventErrorSchema = z.object({
  index: z.int(),
  code: bridgeEventErrorCodeSchema,
  reason: z.string(),
});
export const bridgeBatchErrorSchema = z
  .object({
    detail: z.string(),
    code: z.literal('events_refused' satisfies ErrorCode),
    errors: z.array(bridgeEventErrorSchema),
  })
  .meta({
    id: 'EventsRefused',
    description:
      'A batch refused as a whole, nothing of it applied: each refused event by its index, code and reason.',
    examples: [
      {
        detail: '1 event(s) refused; nothing was applied',
        code: 'events_refused',
        errors: [
          {
            index: 0,
            code: 'unknown_player',
            reason: 'unknown player 8667ba71-b85a-4004-af54-457a9734eed7 (send player.join first)',
          },
        ],
      },
    ],
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
    item: itemSchema
      .extend({
        data: z
          .string()
          .nullable()
          .describe(
            "The game's own form of the item, byte for byte as its listing sent it; null if it sent none",
          ),
        enchants: z.array(itemEnchantSchema).describe("The item's enchantments, as its listing sent them"),
      })
      .describe('The item bought, as its listing described it'),
    qty: z.int().min(1).describe('How many of the item to hand over'),
    purchase_id: z
      .guid()
      .describe('The auction purchase this delivery hands over (one delivery per purchase)'),
    listing_id: z.string().describe('The listing bought from, as auction.listed named it'),
    seller_uuid: uuid.describe('Who listed the item'),
    unit_price: describedMoney('The price of one unit'),
    total: describedMoney('What the buyer paid in all (unit_price x qty)'),
    money: z
      .array(
        z.object({
          player_uuid: uuid,
          delta: describedMoney('The change of the balance (negative: a debit)'),
          ledger_id: z.int().min(1).describe("The site's ledger row: apply each movement once, by this id"),
        }),
      )
      .describe(
        "The money the purchase moved on the site: the buyer's debit and the seller's credit. The game " +
          "server's economy applies each once (by ledger_id) so that balances agree on both sides.",
      ),
    created_at: z.iso.datetime().describe('When the purchase committed (ISO 8601, UTC)'),
  })
  .describe("Items bought on the site's auction, for the game server to hand over to the buyer")
  .meta({ id: 'Delivery' });
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
/** A worked example of a delivery, for the documents. */
export const DELIVERY_EXAMPLE: Delivery = {
  id: '0b9f6c1e-6a47-4e8e-9d0c-2f1d4c8e7a31',
  player_uuid: '8667ba71-b85a-4004-af54-457a9734eed7',
  item: {
    name: 'Diamond Pickaxe',
    icon: 'diamond_pickaxe',
    data: 'H4sIAAAAAAAA/+NiYGBmYGBhYGBgAAB4Xh3lDAAAAA==',
    enchants: [{ key: 'efficiency', level: 5 }],
  },
  qty: 2,
  purchase_id: '5d2f7a90-13c4-4b8e-a1f0-7c6e2d9b4a15',
  listing_id: 'ah-5521',
  seller_uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5',
  unit_price: '62500.00',
  total: '125000.00',
  money: [
    { player_uuid: '8667ba71-b85a-4004-af54-457a9734eed7', delta: '-125000.00', ledger_id: 90311 },
    { player_uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5', delta: '125000.00', ledger_id: 90312 },
  ],
  created_at: '2026-05-01T14:30:12.000Z',
};
export const deliveriesSchema = z.array(deliverySchema).meta({
  id: 'DeliveryList',
  description: 'The deliveries not yet acknowledged, oldest first.',
  examples: [[DELIVERY_EXAMPLE]],
});
export const deliveriesAckSchema = z
  .object({
    ids: z
      .array(z.guid({ error: 'delivery ids are UUIDs' }))
      .max(MAX_DELIVERIES, `at most ${MAX_DELIVERIES} ids at a time`),
  })
  .meta({
    id: 'DeliveryAck',
    description: 'The deliveries handed over in game.',
    examples: [{ ids: [DELIVERY_EXAMPLE.id] }],
  });
export const deliveriesAckResultSchema = z
  .object({
    acknowledged: z
      .int()
      .describe('Deliveries newly marked delivered (already acknowledged or unknown ids do not count)'),
  })
  .meta({ id: 'DeliveryAckResult', examples: [{ acknowledged: 1 }] });
/** What WS /api/bridge/ws sends, one message per delivery. */
export const deliveryMessageSchema = z
  .object({ delivery: deliverySchema })
  .describe('One delivery, sent once per connection, oldest first');
export type DeliveryMessage = z.infer<typeof deliveryMessageSchema>;

/**
 * POST /api/bridge/purchases: a purchase made in game, through the site's stock, so that a listing is
 * never sold twice (the same rules, answer and delivery as a purchase on the site). The header
 * Idempotency-Key is required: the game server retries with the same key until it has an answer.
 */
export const bridgePurchaseRequestSchema = z
  .object({
    listing_id: id.describe('The listing to buy from, as auction.listed named it'),
    buyer_uuid: uuid.describe('The player buying in game (known to the site: send player.join first)'),
    qty: z.int().min(1).max(1_000_000).describe('How many units to buy'),
  })
  .meta({
    id: 'BridgePurchaseRequest',
    description: 'A purchase a player made in game.',
    examples: [{ listing_id: 'ah-5521', buyer_uuid: '8667ba71-b85a-4004-af54-457a9734eed7', qty: 1 }],
  });
export type BridgePurchaseRequest = z.infer<typeof bridgePurchaseRequestSchema>;
