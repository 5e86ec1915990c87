// The admin console (spec 2.12, 3 Dashboard response and Command result, 4 Admin dashboard, 5 Admin
// command, 7 the admin calls, 9 dashboard sizes; DESIGN.md section 4 "Staff commands").
import { z } from 'zod';
import { describedMoney, moneySchema } from './money.ts';
import { clampedLimit } from './players.ts';

// Spec 9: the dashboard shows 10 recent events, the top 6 balances, the top 5 gangs, 24 hours of XP.
export const DASHBOARD_RECENT_ACTIVITY = 10;
export const DASHBOARD_TOP_PLAYERS = 6;
export const DASHBOARD_TOP_GANGS = 5;
export const DASHBOARD_XP_HOURS = 24;
/** Spec 9: the console refetches the dashboard every 30 seconds. */
export const DASHBOARD_REFRESH_MS = 30_000;

export const dashboardSummarySchema = z.object({
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
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const xpPointSchema = z.object({
  /** The start of the hour, ISO. */
  ts_hour: z.string(),
  xp_gained: z.number(),
});
export type XpPoint = z.infer<typeof xpPointSchema>;

export const dashboardEventSchema = z.object({
  id: z.number(),
  /** When it happened in game, ISO. */
  time: z.string(),
  /** The activity type as the game sends it (PLAYER_JOIN, LEVEL_UP, ...). */
  type: z.string(),
  /** The acting player's name, null when unknown. */
  player: z.string().nullable(),
  /** The activity text as the game sent it (JSON for level-ups and G-Kits, see spec 3), or null. */
  text: z.string().nullable(),
});
export type DashboardEvent = z.infer<typeof dashboardEventSchema>;

// Spec 3: username, rank and a gang's balance are optional; the console falls back (uuid prefix, dash).
export const dashboardPlayerSchema = z.object({
  uuid: z.string(),
  username: z.string().nullable(),
  rank: z.string().nullable(),
  balance: moneySchema,
  level: z.int(),
});
export type DashboardPlayer = z.infer<typeof dashboardPlayerSchema>;

export const dashboardGangSchema = z.object({
  id: z.string(),
  name: z.string(),
  member_count: z.int(),
  online_count: z.int(),
  balance: moneySchema.nullable(),
});
export type DashboardGang = z.infer<typeof dashboardGangSchema>;

/** GET /api/admin/dashboard. */
export const dashboardSchema = z.object({
  summary: dashboardSummarySchema,
  /** Exactly 24 hourly points, oldest first, ending with the current hour; an hour without XP is 0. */
  xp_series: z.array(xpPointSchema).length(DASHBOARD_XP_HOURS),
  /** The 10 newest events, newest first (private messages are never shown). */
  recent_activity: z.array(dashboardEventSchema).max(DASHBOARD_RECENT_ACTIVITY),
  /** The 6 richest players, richest first. */
  top_players: z.array(dashboardPlayerSchema).max(DASHBOARD_TOP_PLAYERS),
  /** The 5 gangs with the largest treasury, largest first. */
  top_gangs: z.array(dashboardGangSchema).max(DASHBOARD_TOP_GANGS),
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
export const commandRequestSchema = z.object({
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
});
export type CommandRequest = z.input<typeof commandRequestSchema>;

/** The answer to a command: what was sent and the game server's output. */
export const commandResultSchema = z.object({
  command: z.string(),
  output: z.string(),
});
export type CommandResult = z.infer<typeof commandResultSchema>;

/** One row of the audit log: every command staff sent, with its output or why it failed. */
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  staff_uuid: z.string(),
  staff_username: z.string().nullable(),
  command: z.string(),
  output: z.string().nullable(),
  error: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogSchema = z.array(auditEntrySchema);

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
export const auditEventSchema = z.object({
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
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** A page of the audit log, newest first; `next` is the `before` of the following page, null at the end. */
export const auditEventsSchema = z.object({
  events: z.array(auditEventSchema),
  next: z.number().nullable(),
});
export type AuditEvents = z.infer<typeof auditEventsSchema>;

// ---- Staff accounts (GET /api/admin/staff, POST /api/admin/staff/{uuid}/2fa/reset) ----

/** An account holding a staff role, as the console lists them. */
export const staffMemberSchema = z.object({
  uuid: z.string(),
  username: z.string(),
  roles: z.array(z.string()),
  two_factor: z.boolean().describe('Whether two-factor sign-in is on'),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });
export type StaffList = z.infer<typeof staffListSchema>;
export const staffMemberParamsSchema = z.object({ uuid: z.guid({ error: 'Not a player uuid' }) });
