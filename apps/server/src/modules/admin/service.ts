// The admin console (spec 2.12, 3 Dashboard response, 4 Admin dashboard; DESIGN.md section 4 "Staff
// commands"): the live operations dashboard, staff commands over RCON, and the audit log of every
// staff action.
import {
  type AuditEntry,
  type AuditEvent,
  type AuditEvents,
  type AuditEventsQuery,
  type CommandResult,
  DASHBOARD_RECENT_ACTIVITY,
  DASHBOARD_TOP_GANGS,
  DASHBOARD_TOP_PLAYERS,
  DASHBOARD_XP_HOURS,
  type Dashboard,
  type DashboardSummary,
} from '@prison/shared/admin';
import { PRIVATE_MESSAGE } from '@prison/shared/players';
import { and, desc, eq, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  activity,
  auditLog,
  gangMembers,
  gangs,
  players,
  serverStatus,
  staffCommands,
  xpHourly,
} from '../../db/schema.ts';
import { forbidden, unavailable } from '../../errors.ts';
import type { TopicBuild, TopicBuilder } from '../../live/hub.ts';
import { TOPICS } from '../../live/topics.ts';
import { RconError } from '../../rcon/client.ts';
import { COMMAND_NOT_ALLOWED, type CommandSender, commandAllowed, rconFailure } from '../../rcon/commands.ts';
import { type AuditAction, recordAudit } from '../audit/service.ts';
import { STATUS_STALE_AFTER_MS } from '../online/service.ts';

/** The live topic the dashboard is answered from; the bridge notifies it (modules/bridge/service.ts). */
export const DASHBOARD_TOPIC = TOPICS.dashboard;
export const HOUR_MS = 3_600_000;
/**
 * How old the three counters may get: the player count, the sum of balances and the count of
 * players active in the last day. The first two read every row of players and no index answers
 * them (about 90 ms on PostgreSQL at a million players); the third is a range of
 * players_last_seen_idx that costs as much as there are players active that day (3 ms for 30,000,
 * 125 ms if all million were). The dashboard is rebuilt up to once a second while the game reports
 * anything, so the builder recomputes the counters at most every 30 seconds and reuses them in
 * between: the console polls every 30 seconds anyway (spec 9), and counters a few seconds old are
 * still right to the eye. Counters kept by the bridge in the same transactions would be exact, but
 * would add a write on one hot row to every join and payout, the busiest path of the site, and an
 * active-player count cannot be kept that way at all (players leave the window without any event).
 */
export const TOTALS_MAX_AGE_MS = 30_000;

export interface DashboardClock {
  /** The time the series and the totals' age are measured on; tests move it. */
  now?: () => number;
}

interface Totals {
  active_last_day: number;
  total_players: number;
  total_balance: string;
}

/** The 24 hourly points ending with the current hour, oldest first, 0 for an hour without XP. */
export function hourlySeries(rows: { hour: Date; xp: number }[], now: number) {
  const current = Math.floor(now / HOUR_MS) * HOUR_MS;
  const byHour = new Map(rows.map((row) => [row.hour.getTime(), Number(row.xp)]));
  return Array.from({ length: DASHBOARD_XP_HOURS }, (_, i) => {
    const hour = current - (DASHBOARD_XP_HOURS - 1 - i) * HOUR_MS;
    return { ts_hour: new Date(hour).toISOString(), xp_gained: byHour.get(hour) ?? 0 };
  });
}

/**
 * XP over the last 60 minutes from hourly buckets: all of the current hour plus the share of the
 * previous hour still inside the window, as if it had been gained evenly (the sliding-window
 * estimate rate limiters use). A plain "this hour" would fall to zero at every hour's start.
 */
export function xpLastHour(series: { xp_gained: number }[], now: number): number {
  const current = series.at(-1)?.xp_gained ?? 0;
  const previous = series.at(-2)?.xp_gained ?? 0;
  const elapsed = (now % HOUR_MS) / HOUR_MS;
  return current + Math.round(previous * (1 - elapsed));
}

/** The player count and the sum of balances: one pass over every row of players. */
export function totalsQuery(db: Db) {
  return db
    .select({
      total_players: sql<number>`count(*)::int`.mapWith(Number),
      // Exact text: the sum of numeric(40,2) keeps two decimals, and 0.00 does for no players.
      total_balance: sql<string>`coalesce(sum(${players.balance}), 0.00)::text`,
    })
    .from(players);
}

/** Players seen in game in the last day: a range of players_last_seen_idx. */
export function activeLastDayQuery(db: Db) {
  return db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(players)
    .where(sql`${players.lastSeenAt} > now() - interval '1 day'`);
}

async function readTotals(db: Db): Promise<Totals> {
  const [[totals], [active]] = await Promise.all([totalsQuery(db), activeLastDayQuery(db)]);
  return {
    active_last_day: active?.count ?? 0,
    total_players: totals?.total_players ?? 0,
    total_balance: totals?.total_balance ?? '0.00',
  };
}

/** The 6 richest: the first entries of players_balance_idx, in its exact order (as the leaderboard). */
export function richestPlayersQuery(db: Db) {
  return db
    .select({
      uuid: players.uuid,
      username: players.username,
      rank: players.rank,
      balance: players.balance,
      level: players.level,
    })
    .from(players)
    .orderBy(sql`${players.balance} desc nulls last, ${players.xp} desc nulls last, ${players.username}`)
    .limit(DASHBOARD_TOP_PLAYERS);
}

/** The 5 largest treasuries: the first rows of gangs_balance_idx, then their rosters counted. */
export function topGangsQuery(db: Db) {
  return (
    db
      .select({
        id: gangs.id,
        name: gangs.name,
        balance: gangs.balance,
        member_count:
          sql<number>`(select count(*) from ${gangMembers} where ${gangMembers.gangId} = ${gangs.id})::int`.mapWith(
            Number,
          ),
        online_count:
          sql<number>`(select count(*) from ${gangMembers} join ${players} on ${players.uuid} = ${gangMembers.playerUuid} where ${gangMembers.gangId} = ${gangs.id} and ${players.online})::int`.mapWith(
            Number,
          ),
      })
      .from(gangs)
      // The index's exact order (nulls last included), so PostgreSQL reads 5 entries and stops.
      .orderBy(sql`${gangs.balance} desc nulls last`, gangs.id)
      .limit(DASHBOARD_TOP_GANGS)
  );
}

/** The newest events by id (activity_pkey read backwards); private messages are never shown to staff. */
export function recentActivityQuery(db: Db) {
  return db
    .select({
      id: activity.id,
      occurredAt: activity.occurredAt,
      type: activity.activityType,
      player: players.username,
      text: activity.activityText,
    })
    .from(activity)
    .leftJoin(players, eq(players.uuid, activity.actorUuid))
    .where(ne(activity.activityType, PRIVATE_MESSAGE))
    .orderBy(desc(activity.id))
    .limit(DASHBOARD_RECENT_ACTIVITY);
}

async function readStatus(db: Db) {
  // The age is measured on the database's clock, the one that stamped the report (as online/service.ts).
  const [row] = await db
    .select({
      online: serverStatus.online,
      maxOnline: serverStatus.maxOnline,
      ageMs: sql<number>`(extract(epoch from (now() - ${serverStatus.reportedAt})) * 1000)::float8`,
    })
    .from(serverStatus)
    .where(eq(serverStatus.id, 1));
  if (!row || Number(row.ageMs) >= STATUS_STALE_AFTER_MS) return null;
  return {
    online: row.online,
    maxOnline: row.maxOnline,
    freshForMs: STATUS_STALE_AFTER_MS - Number(row.ageMs),
  };
}

/**
 * Builds the `dashboard` topic. Every part is an index read of a few rows (xp_hourly's 24, the
 * first entries of players_balance_idx, gangs_balance_idx and activity_pkey, one server_status
 * row), except the counters, which are reused for up to TOTALS_MAX_AGE_MS.
 */
export function dashboardBuilder(db: Db, clock: DashboardClock = {}): TopicBuilder<Dashboard> {
  const now = clock.now ?? Date.now;
  let totals: { value: Totals; at: number } | null = null;

  return async (): Promise<TopicBuild<Dashboard>> => {
    const at = now();
    const current = Math.floor(at / HOUR_MS) * HOUR_MS;
    const first = current - (DASHBOARD_XP_HOURS - 1) * HOUR_MS;
    const totalsDue = !totals || at - totals.at >= TOTALS_MAX_AGE_MS;
    const [status, hours, richest, treasuries, events, freshTotals] = await Promise.all([
      readStatus(db),
      db
        .select({ hour: xpHourly.hour, xp: xpHourly.xp })
        .from(xpHourly)
        .where(and(gte(xpHourly.hour, new Date(first)), lte(xpHourly.hour, new Date(current)))),
      richestPlayersQuery(db),
      topGangsQuery(db),
      recentActivityQuery(db),
      totalsDue ? readTotals(db) : null,
    ]);
    if (freshTotals) totals = { value: freshTotals, at };

    const series = hourlySeries(hours, at);
    const summary: DashboardSummary = {
      online: status?.online ?? null,
      max_online: status?.maxOnline ?? null,
      xp_last_hour: xpLastHour(series, at),
      xp_today: series.reduce((sum, point) => sum + point.xp_gained, 0),
      ...totals!.value,
    };
    const value: Dashboard = {
      summary,
      xp_series: series,
      recent_activity: events.map(({ occurredAt, ...event }) => ({
        ...event,
        time: occurredAt.toISOString(),
      })),
      top_players: richest,
      top_gangs: treasuries,
    };
    // Rebuilt without any event when the hour turns, when the totals are due, and the moment the
    // online count goes stale (even if the database is down by then).
    const untilNextHour = current + HOUR_MS - at;
    const refreshInMs = Math.min(untilNextHour, TOTALS_MAX_AGE_MS, status?.freshForMs ?? Infinity) + 50;
    return {
      value,
      refreshInMs,
      ...(status && {
        expires: {
          inMs: status.freshForMs + 50,
          value: { ...value, summary: { ...summary, online: null, max_online: null } },
        },
      }),
    };
  };
}

// ---- Staff commands ----

const COMMAND_ACTION = 'rcon.command' satisfies AuditAction;

type Log = { warn(obj: unknown, msg?: string): void };

/**
 * Runs a staff command over RCON. It is recorded before it is sent, so nothing reaches the game
 * server unrecorded (with the database down the command is refused): in one transaction, its
 * staff_commands row and its row of the audit log. What the game server answers is known only after
 * sending, and an audit row never changes, so the audit row holds what was decided before sending
 * ('ok': let through and sent, or 'refused' by RCON_ALLOW) with the command's id, and the
 * staff_commands row is completed with the output or the error; the audit log reads a command's
 * outcome from it (readAuditEvents). One row per command keeps the log readable, and who sent what
 * and when can never be changed or removed.
 */
export async function runCommand(
  db: Db,
  rcon: CommandSender,
  allow: readonly string[] | null,
  staffUuid: string,
  command: string,
  log?: Log,
): Promise<CommandResult> {
  const allowed = commandAllowed(allow, command);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffCommands)
      .values({ staffUuid, command, ...(!allowed && { error: COMMAND_NOT_ALLOWED }) })
      .returning({ id: staffCommands.id });
    await recordAudit(tx, {
      actor: staffUuid,
      action: COMMAND_ACTION,
      target: command,
      outcome: allowed ? 'ok' : 'refused',
      detail: { command_id: row!.id, ...(!allowed && { error: COMMAND_NOT_ALLOWED }) },
    });
    return row!.id;
  });
  if (!allowed) throw forbidden('command_not_allowed', COMMAND_NOT_ALLOWED);

  const outcome = await rcon.send(command).then(
    (output) => ({ output, error: null }),
    (error: unknown) => {
      if (!(error instanceof RconError)) throw error;
      log?.warn({ err: error, command }, 'staff command not delivered over RCON');
      return { output: null, error: error.message, code: rconFailure(error) };
    },
  );
  await db
    .update(staffCommands)
    .set({ output: outcome.output, error: outcome.error })
    .where(eq(staffCommands.id, id));
  if (outcome.output === null) throw unavailable(outcome.code, outcome.error);
  return { command, output: outcome.output };
}

/** The audit of staff commands, newest first (GET /api/admin/commands). */
export async function commandLog(db: Db, limit: number): Promise<AuditEntry[]> {
  const rows = await db
    .select({
      id: staffCommands.id,
      createdAt: staffCommands.createdAt,
      staff_uuid: staffCommands.staffUuid,
      staff_username: players.username,
      command: staffCommands.command,
      output: staffCommands.output,
      error: staffCommands.error,
    })
    .from(staffCommands)
    .leftJoin(players, eq(players.uuid, staffCommands.staffUuid))
    .orderBy(desc(staffCommands.id))
    .limit(limit);
  return rows.map(({ createdAt, ...entry }) => ({ ...entry, at: createdAt.toISOString() }));
}

// ---- The audit log of every staff action ----

/** Who acted: a uuid, else a name as it was recorded or as the player is called now, in any case. */
function actorIs(db: Db, actor: string): SQL {
  if (z.guid().safeParse(actor).success) return eq(auditLog.actorUuid, actor);
  const named = db
    .select({ uuid: players.uuid })
    .from(players)
    .where(sql`lower(${players.username}) = lower(${actor})`);
  return or(sql`lower(${auditLog.actorName}) = lower(${actor})`, inArray(auditLog.actorUuid, named))!;
}

/** A command as the log shows it: how it went, from its staff_commands row (see runCommand). */
function commandEvent(
  recorded: AuditEvent['outcome'],
  detail: AuditEvent['detail'],
  answered: boolean,
  error: string | null,
): Pick<AuditEvent, 'outcome' | 'detail'> {
  // The command's id links the two rows; it is not something the log says.
  const { command_id: _, ...rest } = detail ?? {};
  if (recorded !== 'ok') return { outcome: recorded, detail: rest };
  if (error !== null) return { outcome: 'failed', detail: { ...rest, error } };
  return { outcome: answered ? 'ok' : 'sent', detail: rest };
}

/**
 * A page of the audit log, newest first: by (at, id), the order of audit_log_at_idx. The cursor is
 * the last id of the previous page, whose (at, id) the next page continues below; rows are never
 * deleted, so an id answered stays a valid cursor (an unknown one answers an empty page).
 */
export async function readAuditEvents(db: Db, query: AuditEventsQuery): Promise<AuditEvents> {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actor_uuid: auditLog.actorUuid,
      actor_name: auditLog.actorName,
      action: sql<AuditEvent['action']>`${auditLog.action}`,
      target: auditLog.target,
      outcome: sql<AuditEvent['outcome']>`${auditLog.outcome}`,
      detail: sql<AuditEvent['detail']>`${auditLog.detail}`,
      // A command's answer (runCommand); nothing is joined for any other action.
      answered: sql<boolean>`${staffCommands.output} is not null`,
      error: staffCommands.error,
    })
    .from(auditLog)
    .leftJoin(
      staffCommands,
      and(
        eq(auditLog.action, COMMAND_ACTION),
        sql`${staffCommands.id} = (${auditLog.detail} ->> 'command_id')::bigint`,
      ),
    )
    .where(
      and(
        query.before === undefined
          ? undefined
          : sql`(${auditLog.at}, ${auditLog.id}) < (select at, id from audit_log where id = ${query.before})`,
        query.actor === undefined ? undefined : actorIs(db, query.actor),
        query.action === undefined ? undefined : eq(auditLog.action, query.action),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    events: page.map(({ at, answered, error, ...event }) => ({
      ...event,
      at: at.toISOString(),
      ...(event.action === COMMAND_ACTION && commandEvent(event.outcome, event.detail, answered, error)),
    })),
    next: rows.length > query.limit ? page.at(-1)!.id : null,
  };
}
