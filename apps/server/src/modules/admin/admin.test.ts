import { randomUUID } from 'node:crypto';
import type { AuditEntry, Dashboard } from '@prison/shared/admin';
import { fromCents, toCents } from '@prison/shared/money-format';
import { LiveState } from '@prison/simulator/live-state';
import { createCommandHandler } from '@prison/simulator/rcon-commands';
import { HELP_LINES } from '@prison/simulator/rcon-help';
import { type RconServer, startRconServer } from '@prison/simulator/rcon-server';
import { generateWorld } from '@prison/simulator/world';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  eventId,
  newPlayer,
  postEvents,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';
import { accounts, players, staffCommands, xpHourly } from '../../db/schema.ts';
import { COMMANDS_PER_MINUTE } from './routes.ts';
import {
  activeLastDayQuery,
  dashboardBuilder,
  HOUR_MS,
  recentActivityQuery,
  richestPlayersQuery,
  TOTALS_MAX_AGE_MS,
  topGangsQuery,
  xpLastHour,
} from './service.ts';

const RCON_PASSWORD = 'admin-test-rcon-password';
const HELP = HELP_LINES.join('\n');

const world = new LiveState(generateWorld({ players: 30, now: Date.UTC(2025, 5, 1) }));
for (const player of world.players.slice(0, 2)) world.online.add(player.uuid);
const simulated = createCommandHandler(world);
const LIST = `There are 2 of a max of 500 players online: ${world.players
  .slice(0, 2)
  .map((p) => p.username)
  .join(', ')}`;
const handle = (command: string) => (command === 'hang' ? new Promise<string>(() => {}) : simulated(command));

const hourIso = (ms: number) => new Date(Math.floor(ms / HOUR_MS) * HOUR_MS).toISOString();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function planOf(t: TestApp, query: SQL | { getSQL(): SQL }): Promise<string> {
  const plan = await t.db.execute(sql`explain ${query}`);
  return (plan as unknown as { rows: Record<string, string>[] }).rows
    .map((row) => Object.values(row)[0])
    .join('\n');
}

describe.each(databaseKinds())('the admin console on %s', (kind) => {
  let t: TestApp;
  let rcon: RconServer;
  const staff = {
    admin: newPlayer({ username: 'AdminAda' }),
    owner: newPlayer({ username: 'OwnerOz' }),
    webAdmin: newPlayer({ username: 'WebWanda' }),
    player: newPlayer({ username: 'JustMiner' }),
    busy: newPlayer({ username: 'BusyBea' }),
    calm: newPlayer({ username: 'CalmCal' }),
  };
  // Stored as the game might send them: the check ignores case (spec 6).
  const roles: Record<keyof typeof staff, string[]> = {
    admin: ['admin'],
    owner: ['vip', 'Owner'],
    webAdmin: ['web_admin'],
    player: ['VIP', 'MODERATOR'],
    busy: ['ADMIN'],
    calm: ['ADMIN'],
  };
  const token = {} as Record<keyof typeof staff | 'stranger', string>;

  // The dashboard's world: 8 rich players (one with a prison-sized fortune), 7 gangs, events.
  const rich = Array.from({ length: 8 }, (_, i) => newPlayer({ username: `Rich${i}` }));
  const away = newPlayer({ username: 'LongGone' });
  const demoted = newPlayer({ username: 'Demoted' });
  const gangIds = Array.from({ length: 7 }, (_, i) => `gang-${kind}-${i}`);
  const now = Date.now();

  const get = (url: string, as: string | null) =>
    t.app.inject({ url, headers: as ? { authorization: `Bearer ${as}` } : {} });
  const command = (payload: unknown, as: string | null = token.admin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/command',
      headers: as ? { authorization: `Bearer ${as}` } : {},
      payload: payload as Record<string, unknown>,
    });
  const dashboard = async (on = t, as = token.admin) => {
    const res = await on.app.inject({
      url: '/api/admin/dashboard',
      headers: { authorization: `Bearer ${as}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Dashboard;
  };
  const auditLog = async (query = '') => {
    const res = await get(`/api/admin/commands${query}`, token.admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AuditEntry[];
  };
  /** Runs `send` with the site's RCON settings changed, and puts them back. */
  async function withRcon<T>(change: Partial<TestApp['config']['rcon']>, send: () => Promise<T>) {
    const saved = { ...t.config.rcon };
    Object.assign(t.config.rcon, change);
    try {
      return await send();
    } finally {
      Object.assign(t.config.rcon, saved);
    }
  }
  /** Runs `send` while the game server is down, and brings it back. */
  async function whileRconDown<T>(send: () => Promise<T>) {
    const port = rcon.port;
    await rcon.close();
    try {
      return await send();
    } finally {
      rcon = await startRconServer({ port, password: RCON_PASSWORD, handle });
    }
  }

  beforeAll(async () => {
    rcon = await startRconServer({ port: 0, password: RCON_PASSWORD, handle });
    t = await createTestApp(kind, { RCON_PORT: String(rcon.port), RCON_PASSWORD: RCON_PASSWORD });

    const all = [...Object.values(staff), ...rich, demoted];
    // The richest is above 2^53 with cents: a double would send 4000000000000007.5.
    const balances = ['100', '200', '300', '400', '500', '600', '700', '4000000000000007.35'];
    const activity = (i: number, type = 'CHAT_MESSAGE', actor = rich[i % 8]!.uuid) => ({
      id: eventId('act'),
      type: 'activity',
      at: new Date(now - (20 - i) * 1000).toISOString(),
      actor_uuid: actor,
      activity_type: type,
      activity_text: `message ${i}`,
    });
    const res = await postEvents(t.app, [
      ...all.map((p) => p.join),
      { ...away.join, at: new Date(now - 3 * 24 * HOUR_MS).toISOString() },
      ...rich.map((p, i) => ({
        id: eventId('pay'),
        type: 'player.balance',
        uuid: p.uuid,
        delta: balances[i],
        reason: 'test',
      })),
      { id: eventId('quit'), type: 'player.quit', uuid: rich[1]!.uuid },
      ...gangIds.flatMap((id, i) => [
        { id: eventId('gang'), type: 'gang.upsert', gang_id: id, name: `Gang ${i}`, status: 'Open' },
        { id: eventId('vault'), type: 'gang.treasury', gang_id: id, delta: String((i + 1) * 1000) },
      ]),
      // The richest gang (6) has three members, one of them offline.
      ...[0, 1, 2].map((i) => ({
        id: eventId('member'),
        type: 'gang.member',
        gang_id: gangIds[6],
        uuid: rich[i]!.uuid,
        role: 'MEMBER',
      })),
      ...Array.from({ length: 12 }, (_, i) => activity(i)),
      // The newest event is a private message: staff never see those.
      {
        ...activity(12, 'PRIVATE_MESSAGE'),
        target_uuid: rich[3]!.uuid,
        activity_text: 'a secret',
      },
      {
        id: eventId('xp'),
        type: 'player.progress',
        at: new Date(now).toISOString(),
        uuid: rich[0]!.uuid,
        xp_delta: 40,
      },
      { id: eventId('status'), type: 'server.status', online: 3, max_online: 500 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    // XP in earlier hours: 3 hours ago, 23 hours ago (the oldest point), and 24 (outside the window).
    await t.db
      .insert(xpHourly)
      .values(
        [3, 23, 24].map((h, i) => ({ hour: new Date(hourIso(now - h * HOUR_MS)), xp: [500, 7, 999][i]! })),
      );
    for (const [name, player] of Object.entries(staff)) {
      await t.db
        .insert(accounts)
        .values({ playerUuid: player.uuid, roles: roles[name as keyof typeof staff] });
      token[name as keyof typeof staff] = await signIn(t.db, player.uuid);
    }
    await t.db.insert(accounts).values({ playerUuid: demoted.uuid, roles: ['OWNER'] });
    // Signed in, but with no account row at all (no roles).
    token.stranger = await signIn(t.db, rich[7]!.uuid);
  });
  afterAll(async () => {
    await t?.close();
    await rcon?.close();
  });

  describe('permissions', () => {
    const endpoints = [
      { name: 'the dashboard', send: (as: string | null) => get('/api/admin/dashboard', as) },
      { name: 'a command', send: (as: string | null) => command({ command: 'tps' }, as) },
      { name: 'the audit log', send: (as: string | null) => get('/api/admin/commands', as) },
    ];

    it.each(endpoints)(
      'refuses $name to a visitor (401) and to a player without a staff role (403)',
      async ({ send }) => {
        const visitor = await send(null);
        expect(visitor.statusCode).toBe(401);
        expect(visitor.json()).toEqual({ detail: 'Not signed in', code: 'not_signed_in' });
        for (const as of [token.player, token.stranger]) {
          const player = await send(as);
          expect(player.statusCode).toBe(403);
          expect(player.json()).toEqual({
            detail: 'You do not have permission to do that',
            code: 'not_permitted',
          });
        }
      },
    );

    it.each(endpoints)(
      'lets ADMIN, OWNER and WEB_ADMIN in, whatever their case, to $name',
      async ({ send }) => {
        for (const as of [token.admin, token.owner, token.webAdmin]) {
          const res = await send(as);
          expect(res.statusCode, res.body).toBe(200);
        }
      },
    );

    it('takes a role away at once, without waiting for the token to expire', async () => {
      const as = await signIn(t.db, demoted.uuid);
      expect((await get('/api/admin/dashboard', as)).statusCode).toBe(200);
      await t.db
        .update(accounts)
        .set({ roles: ['VIP'] })
        .where(eq(accounts.playerUuid, demoted.uuid));
      expect((await get('/api/admin/dashboard', as)).statusCode).toBe(403);
    });
  });

  describe('the dashboard', () => {
    it('has 24 hourly points, oldest first, ending with this hour, 0 where no XP was gained', async () => {
      const { xp_series: series, summary } = await dashboard();
      expect(series).toHaveLength(24);
      const current = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
      expect(series.map((p) => p.ts_hour)).toEqual(
        Array.from({ length: 24 }, (_, i) => new Date(current - (23 - i) * HOUR_MS).toISOString()),
      );
      const gained = new Map([
        [hourIso(now), 40],
        [hourIso(now - 3 * HOUR_MS), 500],
        [hourIso(now - 23 * HOUR_MS), 7],
      ]);
      for (const point of series) expect(point.xp_gained).toBe(gained.get(point.ts_hour) ?? 0);
      expect(series.filter((p) => p.xp_gained === 0).length).toBeGreaterThanOrEqual(21);
      // "Today" is the chart's 24 hours; 24 hours ago is outside it.
      expect(summary.xp_today).toBe(series.reduce((sum, p) => sum + p.xp_gained, 0));
      expect(summary.xp_today).toBeLessThan(999);
      const [previous, latest] = series.slice(-2).map((p) => p.xp_gained) as [number, number];
      expect(summary.xp_last_hour).toBeGreaterThanOrEqual(latest);
      expect(summary.xp_last_hour).toBeLessThanOrEqual(latest + previous);
    });

    it('sums up the server: online and capacity, active and total players, the economy', async () => {
      // A fresh report: the count is forgotten a minute after the last one.
      await postEvents(t.app, [{ id: eventId('status'), type: 'server.status', online: 3, max_online: 500 }]);
      await expect
        .poll(async () => (await dashboard()).summary, { timeout: 5000 })
        .toMatchObject({ online: 3, max_online: 500 });
      const { summary } = await dashboard();
      // Everyone joined just now except the one last seen three days ago.
      const everyone = Object.keys(staff).length + rich.length + 2;
      expect(summary.total_players).toBe(everyone);
      expect(summary.active_last_day).toBe(everyone - 1);
      expect(summary.total_balance).toBe('4000000000002807.35');
    });

    it('lists the 6 richest players, richest first', async () => {
      const { top_players: top } = await dashboard();
      expect(top.map((p) => p.username)).toEqual(['Rich7', 'Rich6', 'Rich5', 'Rich4', 'Rich3', 'Rich2']);
      expect(top[0]).toEqual({
        uuid: rich[7]!.uuid,
        username: 'Rich7',
        rank: 'ROOKIE',
        balance: '4000000000000007.35',
        level: 1,
      });
    });

    it('lists the 5 largest gang treasuries with their members online and in all', async () => {
      const { top_gangs: top } = await dashboard();
      expect(top.map((g) => g.name)).toEqual(['Gang 6', 'Gang 5', 'Gang 4', 'Gang 3', 'Gang 2']);
      expect(top[0]).toEqual({
        id: gangIds[6],
        name: 'Gang 6',
        member_count: 3,
        online_count: 2,
        balance: '7000.00',
      });
      expect(top[1]).toMatchObject({ member_count: 0, online_count: 0, balance: '6000.00' });
    });

    it('shows the 10 newest events, newest first, without private messages', async () => {
      const { recent_activity: events } = await dashboard();
      expect(events.map((e) => e.text)).toEqual(Array.from({ length: 10 }, (_, i) => `message ${11 - i}`));
      expect(events[0]).toEqual({
        id: expect.any(Number),
        time: new Date(now - 9000).toISOString(),
        type: 'CHAT_MESSAGE',
        player: 'Rich3',
        text: 'message 11',
      });
    });
  });

  describe('commands', () => {
    it('sends a trimmed command over RCON and answers the game server’s output', async () => {
      const res = await command({ command: '   list  ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ command: 'list', output: LIST });
      expect((await command({ command: '/say Mine reset soon' })).json()).toEqual({
        command: '/say Mine reset soon',
        output: '[Server] Mine reset soon',
      });
      expect((await command({ command: 'fly' })).json().output).toBe(
        'Unknown or incomplete command, see below for error\nfly<--[HERE]',
      );
    });

    it('answers the whole of an output that spans several RCON packets', async () => {
      const res = await command({ command: 'help' }, token.owner);
      expect(res.statusCode).toBe(200);
      expect(res.json().output).toBe(HELP);
    });

    it.each([
      [{ command: '' }, 'Enter a command'],
      [{ command: '  \t ' }, 'Enter a command'],
      [{}, 'Enter a command'],
      [{ command: 'say one\nop me' }, 'A command is a single line of text'],
      [{ command: 'x'.repeat(1001) }, 'Keep the command to 1000 characters or fewer'],
      [{ command: `say ${'€'.repeat(600)}` }, 'That command is too long to send to the game server'],
    ])('refuses %j with 400', async (payload, detail) => {
      const res = await command(payload, token.webAdmin);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail, code: 'invalid_request' });
    });

    it('sends only the commands RCON_ALLOW lists, when it is set', async () => {
      await withRcon({ allow: ['list', 'say'] }, async () => {
        expect((await command({ command: 'LIST' })).statusCode).toBe(200);
        expect((await command({ command: '/Say hello' })).json().output).toBe('[Server] hello');
        const refused = await command({ command: 'op AdminAda' });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({
          detail: 'That command is not allowed from the site',
          code: 'command_not_allowed',
        });
        expect((await command({ command: 'sayonara' })).statusCode).toBe(403);
      });
    });

    it('answers 503 with a clear detail when RCON is not configured', async () => {
      const res = await withRcon({ port: null }, () => command({ command: 'list' }));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: 'RCON is not configured', code: 'rcon_not_configured' });
    });

    it('answers 503 when the game server refuses the password', async () => {
      const res = await withRcon({ password: 'not-the-rcon-password' }, () => command({ command: 'list' }));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        detail: 'The game server refused the RCON password',
        code: 'rcon_password_refused',
      });
      expect((await command({ command: 'list' })).statusCode).toBe(200);
    });

    it('answers 503 while the game server is down, and works again once it is back', async () => {
      const down = await whileRconDown(() => command({ command: 'list' }));
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        detail: 'The game server is not reachable over RCON',
        code: 'game_server_unavailable',
      });
      const back = await command({ command: 'list' });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json().output).toBe(LIST);
    });

    it('answers 503 when the game server does not answer in time', async () => {
      const res = await command({ command: 'hang' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        detail: 'The game server did not answer in time',
        code: 'game_server_timeout',
      });
      expect((await command({ command: 'tps' })).statusCode).toBe(200);
    });

    it(`allows ${COMMANDS_PER_MINUTE} commands a minute per staff member`, async () => {
      for (let i = 0; i < COMMANDS_PER_MINUTE; i++) {
        const res = await command({ command: `say ${i}` }, token.busy);
        expect(res.statusCode, res.body).toBe(200);
      }
      const limited = await command({ command: 'say one too many' }, token.busy);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().detail).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
      // Another staff member is not held back by it.
      expect((await command({ command: 'say hi' }, token.calm)).statusCode).toBe(200);
      // What was never sent is not in the audit log.
      const sent = await t.db
        .select({ command: staffCommands.command })
        .from(staffCommands)
        .where(eq(staffCommands.staffUuid, staff.busy.uuid));
      expect(sent).toHaveLength(COMMANDS_PER_MINUTE);
    });
  });

  describe('the audit log', () => {
    it('keeps every command, newest first, with who sent it and its output or error', async () => {
      // One command of each outcome, sent here: the first by the admin, the others by the owner.
      const owner = (payload: unknown) => command(payload, token.owner);
      await command({ command: 'list' });
      await owner({ command: 'help' });
      await withRcon({ allow: ['list'] }, () => owner({ command: 'op AdminAda' }));
      await withRcon({ port: null }, () => owner({ command: 'list' }));
      await withRcon({ password: 'not-the-rcon-password' }, () => owner({ command: 'list' }));
      await whileRconDown(() => owner({ command: 'list' }));
      await owner({ command: 'hang' });
      await owner({ command: '' });
      await owner({ command: 'say one\nop me' });
      const log = await auditLog('?limit=200');
      expect(log.map((e) => e.id)).toEqual([...log.map((e) => e.id)].sort((a, b) => b - a));
      const find = (command: string, error: string | null = null, by = staff.owner) =>
        log.find((e) => e.staff_uuid === by.uuid && e.command === command && e.error === error);
      expect(find('list', null, staff.admin)).toMatchObject({
        staff_uuid: staff.admin.uuid,
        staff_username: 'AdminAda',
        output: LIST,
        error: null,
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(find('help')).toMatchObject({ staff_username: 'OwnerOz', output: HELP });
      expect(find('op AdminAda', 'That command is not allowed from the site')).toMatchObject({
        staff_username: 'OwnerOz',
        output: null,
      });
      for (const error of [
        'RCON is not configured',
        'The game server refused the RCON password',
        'The game server is not reachable over RCON',
      ]) {
        expect(find('list', error)).toMatchObject({ output: null });
      }
      expect(find('hang', 'The game server did not answer in time')).toBeDefined();
      // Refused as bad input (400) or signed out, nothing reached the log.
      expect(log.some((e) => e.command === '' || e.command.startsWith('say one\n'))).toBe(false);
    });

    it('answers 50 entries by default and honours a limit', async () => {
      // Older entries enough to fill a page, then 15 commands sent now.
      await t.db.insert(staffCommands).values(
        Array.from({ length: 50 }, (_, i) => ({
          staffUuid: staff.calm.uuid,
          command: `say earlier ${i}`,
          output: `[Server] earlier ${i}`,
        })),
      );
      for (let i = 0; i < 15; i++)
        expect((await command({ command: `say ${i}` }, token.calm)).statusCode).toBe(200);
      expect((await auditLog('?limit=200')).length).toBeGreaterThan(50);
      const page = await auditLog();
      expect(page).toHaveLength(50);
      expect(page[0]).toMatchObject({ staff_username: 'CalmCal', command: 'say 14', output: '[Server] 14' });
      const two = await auditLog('?limit=2');
      expect(two).toHaveLength(2);
      expect(two[0]!.id).toBeGreaterThan(two[1]!.id);
      expect((await get('/api/admin/commands?limit=many', token.admin)).statusCode).toBe(400);
    });
  });

  it('documents the admin calls in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const [path, method] of [
      ['/api/admin/dashboard', 'get'],
      ['/api/admin/command', 'post'],
      ['/api/admin/commands', 'get'],
    ] as const) {
      const operation = doc.paths[path][method];
      expect(operation.tags).toEqual(['admin']);
      expect(operation.summary).toEqual(expect.any(String));
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '503']));
    }
    expect(doc.paths['/api/admin/command'].post.responses).toHaveProperty('429');
  });

  // What these change would show in the dashboard the tests above read: a server of their own.
  describe('the dashboard builder', () => {
    let live: TestApp;
    let liveAdmin: string;
    beforeAll(async () => {
      live = await createTestApp(kind);
      const res = await postEvents(live.app, [staff.admin.join, rich[0]!.join, rich[5]!.join]);
      expect(res.statusCode, res.body).toBe(200);
      await live.db.insert(accounts).values({ playerUuid: staff.admin.uuid, roles: roles.admin });
      liveAdmin = await signIn(live.db, staff.admin.uuid);
    });
    afterAll(async () => {
      await live?.close();
    });

    it('follows the game: a new event shows within moments, without asking twice', async () => {
      await postEvents(live.app, [
        {
          id: eventId('act'),
          type: 'activity',
          actor_uuid: rich[5]!.uuid,
          activity_type: 'LEVEL_UP',
          activity_text: '{"level":12}',
        },
      ]);
      let newest: Dashboard['recent_activity'][number] | undefined;
      for (let tries = 0; tries < 50 && newest?.type !== 'LEVEL_UP'; tries++) {
        await pause(100);
        newest = (await dashboard(live, liveAdmin)).recent_activity[0];
      }
      expect(newest).toMatchObject({ type: 'LEVEL_UP', player: 'Rich5', text: '{"level":12}' });
    });

    it('recomputes the counters at most every 30 seconds, and rolls the series over with the hour', async () => {
      let clock = Date.now();
      const build = dashboardBuilder(live.db, { now: () => clock });
      const first = await build('dashboard');
      const { summary } = first.value;
      await live.db
        .insert(players)
        .values({ uuid: randomUUID(), username: 'Newcomer', balance: '5', lastSeenAt: new Date() });

      clock += TOTALS_MAX_AGE_MS - 1000;
      const cached = (await build('dashboard')).value.summary;
      expect(cached).toMatchObject({
        total_players: summary.total_players,
        total_balance: summary.total_balance,
        active_last_day: summary.active_last_day,
      });

      clock += 1000;
      const fresh = await build('dashboard');
      expect(fresh.value.summary).toMatchObject({
        total_players: summary.total_players + 1,
        total_balance: fromCents(toCents(summary.total_balance) + 500n),
        active_last_day: summary.active_last_day + 1,
      });
      // Rebuilt without events at least as often as the counters are due.
      expect(fresh.refreshInMs).toBeLessThanOrEqual(TOTALS_MAX_AGE_MS + 50);

      // One second before the hour turns, the next build is due with it.
      const hourEnd = (Math.floor(clock / HOUR_MS) + 1) * HOUR_MS;
      clock = hourEnd - 1000;
      const late = await build('dashboard');
      expect(late.refreshInMs).toBeLessThanOrEqual(1050);
      clock = hourEnd;
      const next = (await build('dashboard')).value.xp_series;
      expect(next.at(-1)).toEqual({ ts_hour: new Date(hourEnd).toISOString(), xp_gained: 0 });
      expect(next.at(-2)!.ts_hour).toBe(late.value.xp_series.at(-1)!.ts_hour);
      expect(next.at(-2)!.xp_gained).toBe(late.value.xp_series.at(-1)!.xp_gained);
    });

    it('estimates the last 60 minutes from this hour and the part of the previous one still inside them', () => {
      const hour = Date.UTC(2025, 5, 1, 10);
      const series = [{ xp_gained: 999 }, { xp_gained: 600 }, { xp_gained: 60 }];
      expect(xpLastHour(series, hour)).toBe(660);
      expect(xpLastHour(series, hour + 15 * 60_000)).toBe(60 + 450);
      expect(xpLastHour(series, hour + HOUR_MS - 1)).toBe(60);
    });

    it('forgets the online count once the game server has been silent for 60 seconds', async () => {
      await postEvents(live.app, [
        { id: eventId('status'), type: 'server.status', online: 3, max_online: 500 },
      ]);
      const build = await dashboardBuilder(live.db)('dashboard');
      expect(build.value.summary.online).toBe(3);
      expect(build.expires?.inMs).toBeLessThanOrEqual(60_050);
      expect(build.expires?.value.summary).toMatchObject({ online: null, max_online: null });
      await live.db.execute(sql`update server_status set reported_at = now() - interval '61 seconds'`);
      const stale = await dashboardBuilder(live.db)('dashboard');
      expect(stale.value.summary).toMatchObject({ online: null, max_online: null });
      expect(stale.expires).toBeUndefined();
    });

    it('reads the lists from their indexes', async () => {
      await live.db.execute(sql`
        insert into players (uuid, username, balance, last_seen_at)
        select gen_random_uuid(), 'Crowd' || n, n * 10, now() - n * interval '1 hour'
        from generate_series(1, 4000) as n`);
      await live.db.execute(sql`
        insert into gangs (id, name, status, balance)
        select 'crowd-' || n, 'Crowd ' || n, 'Open', n from generate_series(1, 2000) as n`);
      await live.db.execute(sql`
        insert into activity (occurred_at, actor_uuid, activity_type, activity_text)
        select now(), ${rich[0]!.uuid}, 'CHAT_MESSAGE', 'x' from generate_series(1, 4000)`);
      await live.db.execute(sql`analyze`);
      expect(await planOf(live, richestPlayersQuery(live.db))).toMatch(
        /Index Scan using players_balance_idx/,
      );
      expect(await planOf(live, topGangsQuery(live.db))).toMatch(/Index Scan using gangs_balance_idx/);
      expect(await planOf(live, recentActivityQuery(live.db))).toMatch(
        /Index Scan Backward using activity_pkey/,
      );
      expect(await planOf(live, activeLastDayQuery(live.db))).toMatch(/players_last_seen_idx/);
    });
  });
});
