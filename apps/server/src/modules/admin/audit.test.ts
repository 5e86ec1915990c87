import { AUDIT_ACTIONS, type AuditActionName, type AuditEvent, type AuditEvents } from '@prison/shared/admin';
import { type RconServer, startRconServer } from '@prison/simulator/rcon-server';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createTestApp, databaseKinds, newPlayer, postEvents, type TestApp } from '../../../test/helpers.ts';
import { auditLog } from '../../db/schema.ts';
import { type AuditAction, COMMAND_LINE, recordAudit } from '../audit/service.ts';
import { createAccount, setRoles } from '../auth/accounts.ts';

const RCON_PASSWORD = 'audit-test-rcon-password';
const PASSWORD = 'audit-test-password';
// What migration 0003's trigger answers.
const APPEND_ONLY = 'the audit log is append-only';

it('lists every action the server records, and only those', () => {
  expectTypeOf<AuditAction>().toEqualTypeOf<AuditActionName>();
  expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
});

describe.each(databaseKinds())('the audit log on %s', (kind) => {
  let t: TestApp;
  let rcon: RconServer;
  const staff = {
    admin: newPlayer({ username: 'AuditAda' }),
    owner: newPlayer({ username: 'AuditOz' }),
    webAdmin: newPlayer({ username: 'AuditWanda' }),
    player: newPlayer({ username: 'AuditMiner' }),
    nobody: newPlayer({ username: 'AuditNobody' }),
  };
  // Set as the command line sets them; the check ignores case (spec 6).
  const roles: Record<keyof typeof staff, string[]> = {
    admin: ['admin'],
    owner: ['Owner'],
    webAdmin: ['WEB_ADMIN'],
    player: ['VIP', 'DOCS_EDITOR', 'MODERATOR'],
    nobody: [],
  };
  const token = {} as Record<keyof typeof staff, string>;

  // The game server's side: whether each command's audit row existed when the command arrived, and
  // for one command what the log showed staff then, looked at before the command is answered.
  const seen = new Map<string, number>();
  const UNANSWERED = 'say unanswered yet';
  let shownUnanswered: AuditEvent | undefined;
  const handle = async (command: string) => {
    const [row] = await t.db
      .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(auditLog)
      .where(eq(auditLog.target, command));
    seen.set(command, row!.count);
    if (command === UNANSWERED) shownUnanswered = await latest(command);
    return `echo ${command}`;
  };

  const get = (url: string, as: string | null = token.admin) =>
    t.app.inject({ url, headers: as ? { authorization: `Bearer ${as}` } : {} });
  const audit = async (query: string): Promise<AuditEvents> => {
    const res = await get(`/api/admin/audit?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const command = (text: string, as = token.admin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/command',
      headers: { authorization: `Bearer ${as}` },
      payload: { command: text },
    });
  /** The newest command row about `target`. */
  const latest = async (target: string) =>
    (await audit('action=rcon.command&limit=200')).events.find((event) => event.target === target);

  beforeAll(async () => {
    rcon = await startRconServer({ port: 0, password: RCON_PASSWORD, handle });
    t = await createTestApp(kind, { RCON_PORT: String(rcon.port), RCON_PASSWORD });
    // Accounts made with the command line's operation, signed in for real.
    for (const [name, player] of Object.entries(staff) as [keyof typeof staff, typeof staff.admin][]) {
      const { username, uuid } = player;
      await createAccount(t.db, { username, uuid, password: PASSWORD, roles: roles[name] });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/player-login',
        payload: { username, password: PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
      token[name] = res.json().access_token;
    }
  });
  afterAll(async () => {
    await t?.close();
    await rcon?.close();
  });

  it('cannot be changed by the app: an UPDATE, a DELETE and a TRUNCATE all fail', async () => {
    await recordAudit(t.db, { actor: staff.admin.uuid, action: 'doc.edit', target: 'kept', outcome: 'ok' });
    const where = eq(auditLog.target, 'kept');
    /** The database's reason for refusing a statement (the query builder wraps it). */
    const refusal = (statement: PromiseLike<unknown>) =>
      Promise.resolve(statement).then(
        () => 'done',
        (err: Error) => (err.cause instanceof Error ? err.cause : err).message,
      );
    expect(await refusal(t.db.update(auditLog).set({ outcome: 'failed' }).where(where))).toBe(APPEND_ONLY);
    expect(await refusal(t.db.delete(auditLog).where(where))).toBe(APPEND_ONLY);
    expect(await refusal(t.db.execute(sql`truncate ${auditLog}`))).toBe(APPEND_ONLY);
    const rows = await t.db.select().from(auditLog).where(where);
    expect(rows).toEqual([expect.objectContaining({ actorName: 'AuditAda', outcome: 'ok' })]);
  });

  describe('who may read it', () => {
    it('refuses a visitor (401) and anyone without ADMIN, OWNER or WEB_ADMIN (403)', async () => {
      const visitor = await get('/api/admin/audit', null);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual({ detail: 'Not signed in', code: 'not_signed_in' });
      for (const as of [token.player, token.nobody]) {
        const res = await get('/api/admin/audit', as);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          detail: 'You do not have permission to do that',
          code: 'not_permitted',
        });
      }
    });

    it('answers ADMIN, OWNER and WEB_ADMIN, whatever their case', async () => {
      for (const as of [token.admin, token.owner, token.webAdmin]) {
        expect((await get('/api/admin/audit', as)).statusCode).toBe(200);
      }
    });
  });

  describe('RCON commands', () => {
    it('are recorded before they are sent, with who sent them, and answered ones are ok', async () => {
      expect((await command('say recorded first')).statusCode).toBe(200);
      expect(seen.get('say recorded first')).toBe(1);
      expect(await latest('say recorded first')).toEqual({
        id: expect.any(Number),
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        actor_uuid: staff.admin.uuid,
        actor_name: 'AuditAda',
        action: 'rcon.command',
        target: 'say recorded first',
        outcome: 'ok',
        detail: {},
      } satisfies AuditEvent);
    });

    it('are "sent" while the game server has not answered', async () => {
      // The game server looks with the command in hand and answers after: what comes first is not
      // left to the clock.
      expect((await command(UNANSWERED, token.owner)).statusCode).toBe(200);
      expect(shownUnanswered).toMatchObject({ actor_name: 'AuditOz', outcome: 'sent' });
      expect(await latest(UNANSWERED)).toMatchObject({ actor_name: 'AuditOz', outcome: 'ok' });
    });

    it('are "refused" when RCON_ALLOW does not list them, and never sent', async () => {
      t.config.rcon.allow = ['list'];
      try {
        expect((await command('op AuditAda')).statusCode).toBe(403);
      } finally {
        t.config.rcon.allow = null;
      }
      expect(seen.has('op AuditAda')).toBe(false);
      expect(await latest('op AuditAda')).toMatchObject({
        outcome: 'refused',
        detail: { error: 'That command is not allowed from the site' },
      });
    });

    it('are "failed" with the reason when they could not be delivered', async () => {
      const port = t.config.rcon.port;
      t.config.rcon.port = null;
      try {
        expect((await command('tps')).statusCode).toBe(503);
      } finally {
        t.config.rcon.port = port;
      }
      expect(await latest('tps')).toMatchObject({
        outcome: 'failed',
        detail: { error: 'RCON is not configured' },
      });
    });
  });

  it('records roles set from the command line, with no actor', async () => {
    const rolesSet = async () => (await audit('action=account.roles&limit=200')).events;
    // The accounts made above: one row each.
    expect((await rolesSet()).map((event) => event.target)).toEqual(
      Object.values(staff)
        .map((player) => player.username)
        .reverse(),
    );
    const before = (await rolesSet()).length;
    expect(await setRoles(t.db, 'auditnobody', ['admin', 'Vip'])).toEqual(['ADMIN', 'VIP']);
    expect((await rolesSet())[0]).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      actor_uuid: null,
      actor_name: COMMAND_LINE,
      action: 'account.roles',
      target: 'AuditNobody',
      outcome: 'ok',
      detail: { uuid: staff.nobody.uuid, roles: ['ADMIN', 'VIP'] },
    } satisfies AuditEvent);
    // A player name that does not exist changes nothing and records nothing.
    await expect(setRoles(t.db, 'NobodyAtAll', ['OWNER'])).rejects.toThrow(/No player named/);
    expect(await rolesSet()).toHaveLength(before + 1);
    await setRoles(t.db, 'AuditNobody', []);
  });

  describe('filters and pages', () => {
    const pageSize = 3;
    // Rows of their own: one actor's seven, four of them in one transaction (the same `at`, so the
    // id breaks the tie), among other actors' rows.
    const actor = newPlayer({ username: 'PagedPat' });
    const write = (target: string, action: AuditAction = 'doc.edit') =>
      ({ actor: actor.uuid, action, target, outcome: 'ok' }) as const;

    beforeAll(async () => {
      expect((await postEvents(t.app, [actor.join])).statusCode).toBe(200);
      await recordAudit(t.db, write('page-0', 'doc.create'));
      await recordAudit(t.db, { ...write('other'), actor: staff.owner.uuid });
      await t.db.transaction(async (tx) => {
        for (const target of ['page-1', 'page-2', 'page-3', 'page-4']) await recordAudit(tx, write(target));
      });
      await recordAudit(t.db, write('page-5', 'doc.delete'));
      await recordAudit(t.db, { ...write('other'), actor: staff.webAdmin.uuid });
      await recordAudit(t.db, write('page-6', 'doc.restore'));
    });

    it('filters by actor: a name in any case, a uuid, or the command line', async () => {
      const targets = (events: AuditEvent[]) => events.map((event) => event.target);
      const newestFirst = ['page-6', 'page-5', 'page-4', 'page-3', 'page-2', 'page-1', 'page-0'];
      expect(targets((await audit('actor=pagedpat')).events)).toEqual(newestFirst);
      expect(targets((await audit(`actor=${actor.uuid.toUpperCase()}`)).events)).toEqual(newestFirst);
      const commandLine = (await audit(`actor=${encodeURIComponent(COMMAND_LINE)}`)).events;
      expect(commandLine.length).toBeGreaterThanOrEqual(2);
      expect(commandLine.every((event) => event.actor_uuid === null)).toBe(true);
      expect((await audit('actor=NobodyAtAll')).events).toEqual([]);
    });

    it('finds a renamed player by their new name as well as by the name recorded', async () => {
      const renamed = newPlayer({ uuid: actor.uuid, username: 'RenamedPat' });
      expect((await postEvents(t.app, [renamed.join])).statusCode).toBe(200);
      const events = (await audit('actor=RenamedPat')).events;
      expect(events).toHaveLength(7);
      expect(events.every((event) => event.actor_name === 'PagedPat')).toBe(true);
    });

    it('filters by action, alone or with the actor', async () => {
      const deleted = (await audit('action=doc.delete')).events;
      expect(deleted.map((event) => event.target)).toContain('page-5');
      expect(deleted.every((event) => event.action === 'doc.delete')).toBe(true);
      expect((await audit(`action=doc.edit&actor=${actor.uuid}`)).events.map((e) => e.target)).toEqual([
        'page-4',
        'page-3',
        'page-2',
        'page-1',
      ]);
    });

    it('pages newest first by time then id, each entry once, with next null on the last page', async () => {
      const pages: AuditEvent[][] = [];
      let before: number | null | undefined;
      do {
        const page = await audit(
          `actor=${actor.uuid}&limit=${pageSize}${before === undefined ? '' : `&before=${before}`}`,
        );
        pages.push(page.events);
        before = page.next;
        if (before !== null) expect(before).toBe(page.events.at(-1)!.id);
      } while (before !== null && pages.length < 10);
      expect(pages.map((page) => page.map((event) => event.target))).toEqual([
        ['page-6', 'page-5', 'page-4'],
        ['page-3', 'page-2', 'page-1'],
        ['page-0'],
      ]);
      const all = pages.flat();
      for (let i = 1; i < all.length; i++) {
        const [newer, older] = [all[i - 1]!, all[i]!];
        expect(newer.at > older.at || (newer.at === older.at && newer.id > older.id)).toBe(true);
      }
      // Unfiltered, the first page is the newest entries, and an unknown cursor is an empty page.
      const first = await audit('limit=2');
      expect(first.events.map((event) => event.target)).toEqual(['page-6', 'other']);
      expect(first.next).toBe(first.events[1]!.id);
      expect(await audit('before=999999999')).toEqual({ events: [], next: null });
    });

    it('answers 50 by default and clamps the limit to 1..200', async () => {
      await recordAudit(t.db, write('filler'));
      for (let i = 0; i < 50; i++) await recordAudit(t.db, write(`filler-${i}`));
      expect((await audit('')).events).toHaveLength(50);
      expect((await audit('limit=0')).events).toHaveLength(1);
      expect((await audit('limit=500')).events.length).toBeGreaterThan(50);
    });

    it.each([
      ['limit=many', /limit/],
      ['before=abc', /before must be the id of an entry/],
      ['before=-4', /before must be the id of an entry/],
      ['action=doc.burn', /action is not one the audit log records/],
      [`actor=${'x'.repeat(65)}`, /actor is a player name or uuid/],
    ])('refuses %s with 400 {detail}', async (query, detail) => {
      const res = await get(`/api/admin/audit?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: expect.stringMatching(detail), code: 'invalid_request' });
    });
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const operation = doc.paths['/api/admin/audit'].get;
    expect(operation.tags).toEqual(['admin']);
    expect(operation.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'action',
      'actor',
      'before',
      'limit',
    ]);
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '503']),
    );
  });
});
