// The admin console (spec 2.12, 3 Dashboard response and Command result, 4 Admin dashboard, 5 Admin
// command, 7 the admin calls, 9 dashboard sizes; DESIGN.md section 4 "Staff commands").
import { z } from 'zod';
import { ALEX, NIGHT_SHIFT } from './examples.ts';
import { describedMoney, moneySchema } from './money.ts';
import { clampedLimit } from './players.ts';

// Spec 9: the dashboard shows 10 recent events, the top 6 balances, the top 5 gangs, 24 hours of XP.
export const DASHBOARD_RECENT_ACTIVITY = 10;
export const DASHBOARD_TOP_PLAYERS = 6;
export const DASHBOARD_TOP_GANGS = 5;
export const DASHBOARD_XP_HOURS = 24;
/** Spec 9: the console refetches the dashboard every 30 seconds. */
export const DASHBOARD_REFRESH_MS = 30_000;

// The OpenAPI document's worked examples: Alex is an admin, Jeb_ edits the docs.
const JEB = '0b6469ee-efeb-476a-a823-701f919683bc';
const NOTCH = '069a79f4-44e9-4726-a5be-fca90e38aaf5';
// XP gained per hour from 15:00 UTC yesterday to the current hour, 14:00 (32 minutes in).
const XP_BY_HOUR = [
  31_200, 35_800, 41_250, 48_900, 53_400, 55_100, 49_700, 40_300, 29_800, 21_400, 15_200, 11_800, 9400, 8700,
  9900, 12_600, 16_300, 19_800, 22_500, 24_900, 27_300, 29_600, 31_800, 17_650,
];
const XP_SERIES = XP_BY_HOUR.map((xp_gained, hour) => ({
  ts_hour: new Date(Date.UTC(2026, 3, 30, 15 + hour)).toISOString(),
  xp_gained,
}));

export const dashboardSummarySchema = z
  .object({
    /** null while unknown: no server.status report in the last 60 seconds. */
    online: z.int().min(0).nullable(),
    max_online: z.int().min(0).nullable(),
    /** XP gained over the last 60 minutes (estimated from the hourly series, see the server). */
    xp_last_hour: z.number(),
    /** XP gained over the last 24 hours: the sum of xp_series. */
    xp_today: z.number(),
    /** Players seen in game during the last 24 hours. */
    active_last_day: z.int(),
    total_players: z.int(),
    /** The sum of every player's balance, exact (money.ts). */
    total_balance: describedMoney("The sum of every player's balance"),
  })
  .meta({ id: 'DashboardSummary', description: 'The figures at the top of the admin dashboard.' });
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const xpPointSchema = z
  .object({
    /** The start of the hour, ISO. */
    ts_hour: z.string(),
    xp_gained: z.number(),
  })
  .meta({ id: 'XpPoint', description: 'The XP all players gained in one hour.' });
export type XpPoint = z.infer<typeof xpPointSchema>;

export const dashboardEventSchema = z
  .object({
    id: z.number(),
    /** When it happened in game, ISO. */
    time: z.string(),
    /** The activity type as the game sends it (PLAYER_JOIN, LEVEL_UP, ...). */
    type: z.string(),
    /** The acting player's name, null when unknown. */
    player: z.string().nullable(),
    /** The activity text as the game sent it (JSON for level-ups and G-Kits, see spec 3), or null. */
    text: z.string().nullable(),
  })
  .meta({ id: 'DashboardEvent', description: 'Something that happened in game, as the dashboard lists it.' });
export type DashboardEvent = z.infer<typeof dashboardEventSchema>;

// Spec 3: username, rank and a gang's balance are optional; the console falls back (uuid prefix, dash).
export const dashboardPlayerSchema = z
  .object({
    uuid: z.string(),
    username: z.string().nullable(),
    rank: z.string().nullable(),
    balance: moneySchema,
    level: z.int(),
  })
  .meta({ id: 'DashboardPlayer', description: 'One of the richest players.' });
export type DashboardPlayer = z.infer<typeof dashboardPlayerSchema>;

export const dashboardGangSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    member_count: z.int(),
    online_count: z.int(),
    balance: moneySchema.nullable(),
  })
  .meta({ id: 'DashboardGang', description: 'One of the gangs with the largest treasury.' });
export type DashboardGang = z.infer<typeof dashboardGangSchema>;

/** GET /api/admin/dashboard. */
export const dashboardSchema = z
  .object({
    summary: dashboardSummarySchema,
    /** Exactly 24 hourly points, oldest first, ending with the current hour; an hour without XP is 0. */
    xp_series: z.array(xpPointSchema).length(DASHBOARD_XP_HOURS),
    /** The 10 newest events, newest first (private messages are never shown). */
    recent_activity: z.array(dashboardEventSchema).max(DASHBOARD_RECENT_ACTIVITY),
    /** The 6 richest players, richest first. */
    top_players: z.array(dashboardPlayerSchema).max(DASHBOARD_TOP_PLAYERS),
    /** The 5 gangs with the largest treasury, largest first. */
    top_gangs: z.array(dashboardGangSchema).max(DASHBOARD_TOP_GANGS),
  })
  .meta({
    id: 'Dashboard',
    description:
      'The admin dashboard: who is online, the XP of the last 24 hours, recent events, the richest players and gangs.',
    examples: [
      {
        summary: {
          online: 87,
          max_online: 200,
          xp_last_hour: 32_446,
          xp_today: XP_BY_HOUR.reduce((sum, xp) => sum + xp, 0),
          active_last_day: 412,
          total_players: 5381,
          total_balance: '1893345120.75',
        },
        xp_series: XP_SERIES,
        recent_activity: [
          {
            id: 91_412,
            time: '2026-05-01T14:05:31.000Z',
            type: 'CHAT_MESSAGE',
            player: 'Steve',
            text: 'anyone selling diamond pickaxes?',
          },
          { id: 91_410, time: '2026-05-01T14:03:02.000Z', type: 'PLAYER_JOIN', player: 'Alex', text: null },
          {
            id: 91_407,
            time: '2026-05-01T13:58:12.000Z',
            type: 'LEVEL_UP',
            player: 'Steve',
            text: '{"level":42}',
          },
        ],
        top_players: [
          {
            uuid: '1f1e1429-1d59-4f0d-ae4a-e091e9bc376f',
            username: 'Nightcrawler',
            rank: 'DOMINUS',
            balance: '2417980.50',
            level: 88,
          },
          {
            uuid: '7043f5d4-3afb-4ed6-abff-036daebf5496',
            username: 'Nova',
            rank: 'COMMANDER',
            balance: '1904112.00',
            level: 61,
          },
          { uuid: NOTCH, username: 'Notch', rank: null, balance: '988000.00', level: 55 },
        ],
        top_gangs: [
          { id: 'iron-fists', name: 'Iron Fists', member_count: 9, online_count: 4, balance: '3120400.00' },
          {
            id: NIGHT_SHIFT.id,
            name: NIGHT_SHIFT.name,
            member_count: 3,
            online_count: 2,
            balance: '1250000.00',
          },
        ],
      },
    ],
  });
export type Dashboard = z.infer<typeof dashboardSchema>;

export const COMMAND_MAX_LENGTH = 1000;
/**
 * A vanilla server reads a request in one read of at most 1460 bytes and drops the connection when a
 * packet does not fit; 14 of them are the packet's frame.
 */
export const COMMAND_MAX_BYTES = 1446;
export const EMPTY_COMMAND = 'Enter a command';

/** UTF-8 length without platform APIs (this file runs in Node and in the browser). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** POST /api/admin/command. Spec 5: trimmed; an empty command is refused (400). */
export const commandRequestSchema = z
  .object({
    command: z
      .string({ error: EMPTY_COMMAND })
      .trim()
      .min(1, EMPTY_COMMAND)
      .max(COMMAND_MAX_LENGTH, `Keep the command to ${COMMAND_MAX_LENGTH} characters or fewer`)
      .refine((command) => !/[\p{Cc}\p{Cs}]/u.test(command), 'A command is a single line of text')
      .refine(
        (command) => utf8Length(command) <= COMMAND_MAX_BYTES,
        'That command is too long to send to the game server',
      )
      .describe('A server console command, with or without the leading slash'),
  })
  .meta({ id: 'CommandRequest', examples: [{ command: 'tps' }] });
export type CommandRequest = z.input<typeof commandRequestSchema>;

/** The answer to a command: what was sent and the game server's output. */
export const commandResultSchema = z
  .object({
    command: z.string(),
    output: z.string(),
  })
  .meta({
    id: 'CommandResult',
    description: "The command sent and the game server's output.",
    examples: [{ command: 'tps', output: 'TPS from last 1m, 5m, 15m: 19.8, 19.9, 20.0' }],
  });
export type CommandResult = z.infer<typeof commandResultSchema>;

/** One row of the audit log: every command staff sent, with its output or why it failed. */
export const auditEntrySchema = z
  .object({
    id: z.number(),
    at: z.string(),
    staff_uuid: z.string(),
    staff_username: z.string().nullable(),
    command: z.string(),
    output: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'CommandLogEntry', description: 'A command staff sent, with its output or why it failed.' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogSchema = z.array(auditEntrySchema).meta({
  id: 'CommandLog',
  description: 'The commands staff sent, newest first.',
  examples: [
    [
      {
        id: 318,
        at: '2026-05-01T14:20:11.000Z',
        staff_uuid: ALEX,
        staff_username: 'Alex',
        command: 'tps',
        output: 'TPS from last 1m, 5m, 15m: 19.8, 19.9, 20.0',
        error: null,
      },
      {
        id: 317,
        at: '2026-05-01T09:47:36.000Z',
        staff_uuid: ALEX,
        staff_username: 'Alex',
        command: 'eco give Steve 500',
        output: null,
        error: 'That command is not allowed from the site',
      },
    ],
  ],
});

export const AUDIT_DEFAULT_LIMIT = 50;
export const AUDIT_MAX_LIMIT = 200;

/** GET /api/admin/commands?limit=: a limit outside 1..200 is clamped; missing or empty means 50. */
export const auditQuerySchema = z.object({
  limit: clampedLimit(AUDIT_DEFAULT_LIMIT, AUDIT_MAX_LIMIT, 'entries, newest first'),
});

// ---- The audit log of every staff action (GET /api/admin/audit) ----

/** What the audit log records (the server's AuditAction, checked against this list by its tests). */
export const AUDIT_ACTIONS = [
  'doc.create',
  'doc.edit',
  'doc.delete',
  'doc.restore',
  'rcon.command',
  '2fa.enable',
  '2fa.disable',
  'auth.staff_login',
  'auth.second_factor_failed',
  '2fa.reset',
  'account.roles',
  'account.password',
  'bridge.credential_create',
  'bridge.credential_revoke',
  'punishment.issue',
  'punishment.pardon',
  'appeal.create',
  'appeal.accept',
  'appeal.deny',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.test',
  'webhook.retry',
  'discord.link',
  'discord.unlink',
] as const;
export type AuditActionName = (typeof AUDIT_ACTIONS)[number];

/**
 * How an action went. 'sent' is a command the game server has not answered yet, or whose answer was
 * never recorded (the server stopped while waiting).
 */
export const AUDIT_OUTCOMES = ['ok', 'refused', 'failed', 'sent'] as const;

/** A query parameter left empty counts as missing. */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** GET /api/admin/audit?limit=&before=&actor=&action=: every filter is optional. */
export const auditEventsQuerySchema = z.object({
  limit: clampedLimit(AUDIT_DEFAULT_LIMIT, AUDIT_MAX_LIMIT, 'entries, newest first'),
  before: optionalParam(
    z.coerce
      .number({ error: 'before must be the id of an entry' })
      .int({ error: 'before must be the id of an entry' })
      .positive({ error: 'before must be the id of an entry' }),
  ).describe(
    'The next page: the `next` of the previous answer (the id of its last entry); the entries older than it',
  ),
  actor: optionalParam(
    z.string().trim().max(64, 'actor is a player name or uuid (at most 64 characters)'),
  ).describe(
    'Who acted: a player name in any case (as recorded, or their current one), a uuid, "command line" or "game server"',
  ),
  action: optionalParam(z.enum(AUDIT_ACTIONS, { error: 'action is not one the audit log records' })).describe(
    'Only this action',
  ),
});
export type AuditEventsQuery = z.output<typeof auditEventsQuerySchema>;

/**
 * One staff action: who (a null uuid: the server's command line, the game server through the bridge,
 * or demo mode's set-up), when, what, to what, and how it went.
 */
export const auditEventSchema = z
  .object({
    id: z.number(),
    at: z.string(),
    actor_uuid: z.string().nullable(),
    /** The actor's name when it was recorded ('command line', 'game server' or 'demo mode' for those). */
    actor_name: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    /** What it was done to: a doc's slug, the command sent, an account's name. */
    target: z.string().nullable(),
    outcome: z.enum(AUDIT_OUTCOMES),
    /** More about it: the error, the roles set, the revision made. */
    detail: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'AuditEvent', description: 'One staff action: who, when, what, to what, and how it went.' });
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** A page of the audit log, newest first; `next` is the `before` of the following page, null at the end. */
export const auditEventsSchema = z
  .object({
    events: z.array(auditEventSchema),
    next: z.number().nullable(),
  })
  .meta({
    id: 'AuditEventPage',
    description:
      'A page of the audit log, newest first; `next` is the `before` of the following page, null at the end.',
    examples: [
      {
        events: [
          {
            id: 1204,
            at: '2026-05-01T14:20:11.000Z',
            actor_uuid: ALEX,
            actor_name: 'Alex',
            action: 'rcon.command',
            target: 'tps',
            outcome: 'ok',
            detail: {},
          },
          {
            id: 1203,
            at: '2026-04-28T16:05:12.000Z',
            actor_uuid: ALEX,
            actor_name: 'Alex',
            action: 'doc.edit',
            target: 'rules',
            outcome: 'ok',
            detail: { revision: 3 },
          },
          {
            id: 1202,
            at: '2026-02-20T11:00:00.000Z',
            actor_uuid: null,
            actor_name: 'command line',
            action: 'account.roles',
            target: 'Jeb_',
            outcome: 'ok',
            detail: { uuid: JEB, roles: ['DOCS_EDITOR'] },
          },
        ],
        next: 1202,
      },
    ],
  });
export type AuditEvents = z.infer<typeof auditEventsSchema>;

// ---- Staff accounts (GET /api/admin/staff, POST /api/admin/staff/{uuid}/2fa/reset) ----

/** An account holding a staff role, as the console lists them. */
export const staffMemberSchema = z
  .object({
    uuid: z.string(),
    username: z.string(),
    roles: z.array(z.string()),
    two_factor: z.boolean().describe('Whether two-factor sign-in is on'),
  })
  .meta({ id: 'StaffMember', description: 'An account holding a staff role.' });
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) }).meta({
  id: 'StaffList',
  description: 'Every account holding a staff role.',
  examples: [
    {
      staff: [
        { uuid: ALEX, username: 'Alex', roles: ['ADMIN'], two_factor: true },
        { uuid: JEB, username: 'Jeb_', roles: ['DOCS_EDITOR'], two_factor: false },
        { uuid: NOTCH, username: 'Notch', roles: ['OWNER'], two_factor: true },
      ],
    },
  ],
});
export type StaffList = z.infer<typeof staffListSchema>;
export const staffMemberParamsSchema = z.object({ uuid: z.guid({ error: 'Not a player uuid' }) });
