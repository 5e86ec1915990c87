// The server status page: the game server's last report, today's peak, and the history of players
// online. The bridge records one sample per minute of reports (by each report's own time, so a
// game server's queued or seeded reports land in their minute); samples are kept 90 days, then
// folded into hourly rows. Two live snapshots answer the page: the current figures, rebuilt when a
// report arrives (at most once a second), and the history, rebuilt once a minute.
import { type ServerStatus, STATUS_SERIES, type StatusRange, type StatusSeries } from '@prison/shared/status';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { serverStatus, statusHourly, statusSamples } from '../../db/schema.ts';
import type { Write } from '../../live/changes.ts';
import type { TopicBuild, TopicBuilder } from '../../live/hub.ts';
import { TOPICS } from '../../live/topics.ts';
import { STATUS_STALE_AFTER_MS } from '../online/service.ts';
import { queuedFrom } from '../webhooks/events.ts';

/** The current figures; the bridge notifies it with every server.status. */
export const STATUS_TOPIC = TOPICS.status;
/** The charts' history; rebuilt every minute, and when reports from the past arrive. */
export const STATUS_HISTORY_TOPIC = TOPICS.statusHistory;
export const HISTORY_REBUILD_MS = 60_000;
/** A report older than this, arriving now, rebuilds the history at once (the bridge notifies it). */
export const BACKFILL_AFTER_MS = 5 * 60_000;
/** Minute samples older than this are folded into hourly rows. */
export const SAMPLE_RETENTION_DAYS = 90;

/**
 * How far behind the site's clock the game server's may run before its server.status reports
 * count as older than when they arrived (see `storeCurrentStatus`).
 */
export const STATUS_CLOCK_SKEW_MS = 10_000;

export interface StatusReport {
  online: number;
  max_online: number | null;
  tps?: number | undefined;
  mspt?: number | undefined;
  /** When it was made: its own time, or when it arrived; never later than that. */
  at: Date;
  /** Whether the game server sent `at` (a report without one counts as heard when it arrived). */
  atSent: boolean;
}

/**
 * Records a batch's reports: a sample per minute, the newest report as the current status, and the
 * change that moves the live pages. Called once per batch, after its other events, so that these
 * rows are locked last and in order.
 */
export async function recordReports(w: Write, reports: StatusReport[]): Promise<void> {
  if (reports.length === 0) return;
  // The newest report of the batch wins (the later one of two with the same time).
  const newest = reports.reduce((a, b) => (b.at.getTime() >= a.at.getTime() ? b : a));
  await recordStatusSamples(w.tx, reports);
  await storeCurrentStatus(w.tx, newest);
  // Reports from the past (a backfill after an outage, a seeded history) change the charts,
  // which otherwise follow new reports once a minute.
  const backfill = reports.some((r) => Date.now() - r.at.getTime() > BACKFILL_AFTER_MS);
  w.changes.push({ type: 'server.reported', backfill });
}

/**
 * Records the online count. `reported_at` is when the site heard the report, on the database's
 * clock (the live count goes unknown 60 s after it), so a game server clock that is off does not
 * matter; but a report whose `at` says it is older than that (queued during an outage) counts as
 * heard at `at` + STATUS_CLOCK_SKEW_MS. A report is applied only if that time is not before the
 * stored report's: a queued report neither overwrites a newer one nor looks fresh. Within the
 * skew allowance (10 s) the order in which reports arrive decides.
 */
async function storeCurrentStatus(tx: Tx, report: StatusReport): Promise<void> {
  const heard: SQL = report.atSent
    ? sql`least(now(), ${new Date(report.at.getTime() + STATUS_CLOCK_SKEW_MS).toISOString()}::timestamptz)`
    : sql`now()`;
  await tx
    .insert(serverStatus)
    .values({
      id: 1,
      online: report.online,
      maxOnline: report.max_online,
      tps: report.tps ?? null,
      mspt: report.mspt ?? null,
      reportedAt: heard,
    })
    .onConflictDoUpdate({
      target: serverStatus.id,
      set: {
        online: sql`excluded.online`,
        maxOnline: sql`excluded.max_online`,
        tps: sql`excluded.tps`,
        mspt: sql`excluded.mspt`,
        reportedAt: sql`excluded.reported_at`,
      },
      setWhere: sql`excluded.reported_at >= ${serverStatus.reportedAt}`,
    });
  await tellBackUp(tx, report.online);
}

/**
 * The first report after the game server went quiet (webhooks/sender.ts queueServerQuiet) tells the
 * webhooks it is back, once, and clears the mark; a report from before the quiet does not.
 */
async function tellBackUp(tx: Tx, online: number): Promise<void> {
  await tx.execute(sql`
    with back as (
      update server_status s set quiet_since = null
      from (select quiet_since from server_status where id = 1 for update) old
      where s.id = 1 and old.quiet_since is not null and s.reported_at > old.quiet_since
      returning old.quiet_since
    )
    ${queuedFrom(
      'server',
      sql`
        select jsonb_build_object('change', 'up', 'since', to_json(quiet_since), 'online', ${online}::int)
            as data,
          'server.up:' || extract(epoch from quiet_since)::text as key
        from back`,
    )}`);
}

const MINUTE_MS = 60_000;

/**
 * Records a batch's reports, one row per minute: the minute's last report, and the most players
 * any report of it counted. Rows are written in order of their minutes, so batches never deadlock.
 */
async function recordStatusSamples(tx: Tx, reports: StatusReport[]): Promise<void> {
  const byMinute = new Map<number, { last: StatusReport; peak: number }>();
  for (const report of reports) {
    const minute = Math.floor(report.at.getTime() / MINUTE_MS) * MINUTE_MS;
    const seen = byMinute.get(minute);
    if (!seen) byMinute.set(minute, { last: report, peak: report.online });
    else {
      if (report.at.getTime() >= seen.last.at.getTime()) seen.last = report;
      seen.peak = Math.max(seen.peak, report.online);
    }
  }
  if (byMinute.size === 0) return;
  const rows = [...byMinute]
    .sort(([a], [b]) => a - b)
    .map(([minute, { last, peak }]) => ({
      minute: new Date(minute),
      online: last.online,
      peak,
      maxOnline: last.max_online,
      tps: last.tps ?? null,
      mspt: last.mspt ?? null,
    }));
  await tx
    .insert(statusSamples)
    .values(rows)
    .onConflictDoUpdate({
      target: statusSamples.minute,
      set: {
        online: sql`excluded.online`,
        peak: sql`greatest(${statusSamples.peak}, excluded.peak)`,
        maxOnline: sql`excluded.max_online`,
        tps: sql`coalesce(excluded.tps, ${statusSamples.tps})`,
        mspt: sql`coalesce(excluded.mspt, ${statusSamples.mspt})`,
      },
    });
}

/**
 * Folds minute samples older than the retention into hourly rows (the mean of the hour and its
 * peak) and deletes them, in one statement: two processes doing it at once fold each row once.
 */
export async function foldOldSamples(db: Db, retentionDays = SAMPLE_RETENTION_DAYS): Promise<number> {
  const result = await db.execute(sql`
    with old as (
      delete from ${statusSamples}
      where minute < now() - make_interval(days => ${retentionDays})
      returning minute, online, peak
    ), folded as (
      insert into ${statusHourly} (hour, online, peak, samples)
      select date_trunc('hour', minute), round(avg(online))::int, max(peak), count(*)::int
      from old group by 1
      on conflict (hour) do update set
        online = round((${statusHourly.online}::numeric * ${statusHourly.samples} + excluded.online::numeric * excluded.samples)
                       / (${statusHourly.samples} + excluded.samples))::int,
        peak = greatest(${statusHourly.peak}, excluded.peak),
        samples = ${statusHourly.samples} + excluded.samples
      returning 1
    )
    select (select count(*) from old)::int as folded`);
  return Number(rowsOf<{ folded: number }>(result)[0]?.folded ?? 0);
}

export type CurrentStatus = Omit<ServerStatus, 'history'>;
export type StatusHistory = ServerStatus['history'];

const NOT_REPORTED: CurrentStatus = {
  reporting: false,
  online: null,
  max_online: null,
  peak_today: null,
  tps: null,
  mspt: null,
  reported_at: null,
};

/** The game server's last report and today's peak (since midnight UTC). */
export function buildCurrentStatus(db: Db): TopicBuilder<CurrentStatus> {
  return async (): Promise<TopicBuild<CurrentStatus>> => {
    const [row] = await db
      .select({
        online: serverStatus.online,
        maxOnline: serverStatus.maxOnline,
        tps: serverStatus.tps,
        mspt: serverStatus.mspt,
        reportedAt: serverStatus.reportedAt,
        // On the database's clock, the one that stamped the report (as the online count does).
        ageMs: sql<number>`(extract(epoch from (now() - ${serverStatus.reportedAt})) * 1000)::float8`.mapWith(
          Number,
        ),
        peakToday: sql<number | null>`(select max(${statusSamples.peak}) from ${statusSamples}
          where ${statusSamples.minute} >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')`,
      })
      .from(serverStatus)
      .where(eq(serverStatus.id, 1));
    if (!row) return { value: NOT_REPORTED };
    const status: CurrentStatus = {
      reporting: row.ageMs < STATUS_STALE_AFTER_MS,
      online: row.online,
      max_online: row.maxOnline,
      peak_today: row.peakToday === null ? null : Number(row.peakToday),
      tps: row.tps,
      mspt: row.mspt,
      reported_at: row.reportedAt.toISOString(),
    };
    if (!status.reporting) return { value: status };
    // "Game server not reporting" the moment the report goes stale, even if nothing else happens.
    const left = STATUS_STALE_AFTER_MS - row.ageMs + 50;
    return {
      value: status,
      refreshInMs: left,
      expires: { inMs: left, value: { ...status, reporting: false } },
    };
  };
}

/** Each chart's buckets, oldest first, ending with the one that holds now; null where nobody reported. */
export function buildStatusHistory(db: Db): TopicBuilder<StatusHistory> {
  return async () => {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const series = async (range: StatusRange): Promise<StatusSeries> => {
      const { spanSeconds, step } = STATUS_SERIES[range];
      const last = Math.floor(nowSeconds / step) * step;
      const first = last - spanSeconds + step;
      const result = await db.execute(sql`
        select (floor(extract(epoch from minute) / ${step}) * ${step})::bigint as bucket, max(peak)::int as peak
        from ${statusSamples}
        where minute >= to_timestamp(${first})
        group by 1`);
      const rows = rowsOf<{ bucket: string | number; peak: number }>(result);
      const peaks = new Map(rows.map((row) => [Number(row.bucket), Number(row.peak)]));
      const points: StatusSeries['points'] = [];
      for (let bucket = first; bucket <= last; bucket += step)
        points.push([bucket, peaks.get(bucket) ?? null]);
      return { step, points };
    };
    return {
      value: { day: await series('day'), week: await series('week'), month: await series('month') },
      refreshInMs: HISTORY_REBUILD_MS,
    };
  };
}
