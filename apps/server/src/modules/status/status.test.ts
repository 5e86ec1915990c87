import type { ServerStatus } from '@prison/shared/status';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, databaseKinds, eventId, postEvents, type TestApp } from '../../../test/helpers.ts';
import { statusHourly, statusSamples } from '../../db/schema.ts';
import { foldOldSamples, STATUS_HISTORY_TOPIC, STATUS_TOPIC } from './service.ts';

const status = (online: number, at: Date, extra: Record<string, unknown> = {}) => ({
  id: eventId('status'),
  type: 'server.status',
  online,
  max_online: 200,
  at: at.toISOString(),
  ...extra,
});
const ago = (ms: number) => new Date(Date.now() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe.each(databaseKinds())('server status on %s', (kind) => {
  let t: TestApp;
  /** The answer once both snapshots have caught up with what was posted (they follow a NOTIFY). */
  const get = async () => {
    await t.hub.refresh(STATUS_TOPIC);
    await t.hub.refresh(STATUS_HISTORY_TOPIC);
    return (await t.app.inject({ method: 'GET', url: '/api/status' })).json<ServerStatus>();
  };

  // The status is one row and its samples one series: each test starts from a server of its own,
  // which has never had a report.
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t?.close());

  it('says the game server is not reporting before its first report, with empty charts', async () => {
    const body = await get();
    expect(body).toMatchObject({ reporting: false, online: null, peak_today: null, tps: null, mspt: null });
    expect(body.history.day.step).toBe(300);
    expect(body.history.day.points).toHaveLength(288);
    expect(body.history.week.points).toHaveLength(168);
    expect(body.history.month.points).toHaveLength(180);
    expect(body.history.day.points.every(([, online]) => online === null)).toBe(true);
  });

  it('keeps one sample a minute from each report’s own time, and the current one from the newest', async () => {
    const res = await postEvents(t.app, [
      // Three hours ago: two reports in one minute (the peak is kept), and one half an hour later.
      status(40, new Date(Math.floor(ago(3 * HOUR).getTime() / MINUTE) * MINUTE + 1000)),
      status(55, new Date(Math.floor(ago(3 * HOUR).getTime() / MINUTE) * MINUTE + 30_000)),
      status(20, ago(3 * HOUR - 30 * MINUTE)),
      // Eight days ago: only the month chart reaches it.
      status(90, ago(8 * DAY)),
      status(61, ago(1000), { tps: 19.8, mspt: 12.5 }),
    ]);
    expect(res.statusCode).toBe(200);
    const samples = await t.db.select().from(statusSamples).orderBy(statusSamples.minute);
    expect(samples.map((s) => [s.online, s.peak])).toEqual([
      [90, 90],
      [55, 55],
      [20, 20],
      [61, 61],
    ]);
    const body = await get();
    expect(body).toMatchObject({ reporting: true, online: 61, max_online: 200, tps: 19.8, mspt: 12.5 });
    expect(body.peak_today).toBeGreaterThanOrEqual(61);
    const peaks = (points: ServerStatus['history']['day']['points']) =>
      points.flatMap(([, online]) => (online === null ? [] : [online]));
    expect(peaks(body.history.day.points)).toEqual([55, 20, 61]);
    expect(Math.max(...peaks(body.history.week.points))).toBe(61);
    expect(Math.max(...peaks(body.history.month.points))).toBe(90);
    // Buckets are consecutive and end with the one that holds now.
    const { points, step } = body.history.week;
    for (let i = 1; i < points.length; i++) expect(points[i]![0] - points[i - 1]![0]).toBe(step);
    expect(points.at(-1)![0]).toBeLessThanOrEqual(Date.now() / 1000);
    expect(points.at(-1)![0] + step).toBeGreaterThan(Date.now() / 1000);
  });

  it('rebuilds the charts at once when reports from the past arrive', async () => {
    await get();
    await postEvents(t.app, [status(150, ago(6 * HOUR))]);
    // No refresh by hand: the NOTIFY of the backfill rebuilds the history within a second or so.
    await vi.waitFor(
      async () => {
        const body = (await t.app.inject({ method: 'GET', url: '/api/status' })).json<ServerStatus>();
        expect(body.history.day.points.some(([, online]) => online === 150)).toBe(true);
      },
      { timeout: 5000, interval: 100 },
    );
  });

  it('an old report never replaces the current one', async () => {
    await postEvents(t.app, [status(61, ago(1000))]);
    await postEvents(t.app, [status(5, ago(2 * HOUR))]);
    expect((await get()).online).toBe(61);
  });

  it('folds samples older than the retention into hourly rows, once', async () => {
    await postEvents(t.app, [
      status(10, new Date(Date.UTC(2020, 0, 1, 10, 5))),
      status(30, new Date(Date.UTC(2020, 0, 1, 10, 40))),
      status(7, new Date(Date.UTC(2020, 0, 1, 11, 0))),
    ]);
    expect(await foldOldSamples(t.db)).toBe(3);
    expect(await foldOldSamples(t.db)).toBe(0);
    const hours = await t.db.select().from(statusHourly).orderBy(statusHourly.hour);
    expect(hours.map((h) => [h.hour.toISOString(), h.online, h.peak, h.samples])).toEqual([
      ['2020-01-01T10:00:00.000Z', 20, 30, 2],
      ['2020-01-01T11:00:00.000Z', 7, 7, 1],
    ]);
    const [left] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(statusSamples)
      .where(sql`${statusSamples.minute} < now() - interval '90 days'`);
    expect(left?.n).toBe(0);
  });

  it('refuses a report with impossible health figures, and applies nothing', async () => {
    await postEvents(t.app, [status(61, ago(1000))]);
    const res = await postEvents(t.app, [status(3, new Date(), { tps: -1 })]);
    expect(res.statusCode).toBe(400);
    expect((await get()).online).toBe(61);
  });
});
