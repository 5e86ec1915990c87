import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeTestApp } from '../../../test/bridge-fixtures.ts';
import {
  createTestApp,
  databaseKinds,
  eventId,
  grantRoles,
  newPlayer,
  postEvents,
  type TestApp,
} from '../../../test/helpers.ts';
import { accounts, auditLog } from '../../db/schema.ts';
import { verifyPassword } from '../auth/passwords.ts';

const password = (uuid: string, value = 'correct horse battery') => ({
  id: eventId(),
  type: 'account.password',
  uuid,
  password: value,
});
const roles = (uuid: string, value: string[]) => ({
  id: eventId(),
  type: 'account.roles',
  uuid,
  roles: value,
});

async function accountOf(t: TestApp, uuid: string) {
  const [account] = await t.db.select().from(accounts).where(eq(accounts.playerUuid, uuid));
  return account;
}

/** The audit rows written with the game server as actor about one account, oldest first. */
async function gameAudit(t: TestApp, username: string) {
  return t.db
    .select({ action: auditLog.action, outcome: auditLog.outcome, detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.actorName, 'game server'), eq(auditLog.target, username)))
    .orderBy(auditLog.id);
}

describe.each(databaseKinds())('bridge account events on %s', (kind) => {
  const t = bridgeTestApp(kind);
  const { send } = t;

  it('account.password stores an argon2id hash; account.roles sets upper-cased roles; both audited', async () => {
    const p = newPlayer();
    await send([p.join, password(p.uuid), roles(p.uuid, ['vip', 'MVP', 'Vip'])]);
    const account = await accountOf(t, p.uuid);
    expect(account!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(account!.passwordHash!, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(account!.passwordHash!, 'wrong')).toBe(false);
    expect(account!.roles).toEqual(['VIP', 'MVP']);
    // The same roles again change nothing, and write nothing.
    await send([roles(p.uuid, ['MVP', 'vip'])]);
    expect(await gameAudit(t, p.username)).toEqual([
      { action: 'account.password', outcome: 'ok', detail: { uuid: p.uuid } },
      { action: 'account.roles', outcome: 'ok', detail: { uuid: p.uuid, roles: ['VIP', 'MVP'] } },
    ]);
  });

  it('refuses staff roles from the game by default, applying nothing of the batch, and audits the attempt', async () => {
    // The review's request: the bridge token made anyone OWNER and WEB_ADMIN.
    const p = newPlayer();
    await send([p.join]);
    const res = await postEvents(t.app, [
      { id: eventId(), type: 'player.balance', uuid: p.uuid, delta: 5, reason: 'mined' },
      password(p.uuid),
      roles(p.uuid, ['OWNER', 'WEB_ADMIN']),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        index: 2,
        code: 'staff_account_refused',
        reason: expect.stringMatching(/may not grant the staff role OWNER, WEB_ADMIN \(BRIDGE_STAFF_ROLES/),
      },
    ]);
    expect(await accountOf(t, p.uuid)).toBeUndefined();
    expect((await t.player(p.uuid))!.balance).toBe('0.00');
    expect(await gameAudit(t, p.username)).toEqual([
      {
        action: 'account.roles',
        outcome: 'refused',
        detail: { uuid: p.uuid, roles: ['OWNER', 'WEB_ADMIN'], reason: expect.stringMatching(/OWNER/) },
      },
    ]);
    // Each staff role on its own, and a rank beside one, are refused alike.
    for (const role of ['admin', 'Web_Admin', 'DOCS_EDITOR']) {
      expect((await postEvents(t.app, [roles(p.uuid, ['VIP', role])])).statusCode, role).toBe(400);
    }
  });

  it("refuses to set a staff account's password or change its roles, and audits the attempt", async () => {
    // The review's request: account.password for DemoAdmin took the account over.
    const owner = newPlayer();
    await send([owner.join, password(owner.uuid, 'the owner password')]);
    await grantRoles(t.db, owner.uuid, ['OWNER']);
    const before = (await accountOf(t, owner.uuid))!.passwordHash!;

    const takeover = await postEvents(t.app, [password(owner.uuid, 'attacker-chosen')]);
    expect(takeover.statusCode).toBe(400);
    expect(takeover.json().errors).toEqual([
      {
        index: 0,
        code: 'staff_account_refused',
        reason: expect.stringMatching(
          new RegExp(`may not set the password of ${owner.username}, who holds the staff role OWNER`),
        ),
      },
    ]);
    const demote = await postEvents(t.app, [roles(owner.uuid, ['VIP'])]);
    expect(demote.statusCode).toBe(400);
    expect(demote.json().errors[0].reason).toMatch(/may not change the roles of .*staff role OWNER/);
    const account = (await accountOf(t, owner.uuid))!;
    expect(account.passwordHash).toBe(before);
    expect(account.roles).toEqual(['OWNER']);
    expect((await gameAudit(t, owner.username)).map((row) => `${row.action} ${row.outcome}`)).toEqual([
      'account.password ok',
      'account.password refused',
      'account.roles refused',
    ]);
  });

  it('judges each account event by the roles the events before it in the batch left', async () => {
    const p = newPlayer();
    await send([p.join]);
    // Ranks first, then a staff role: the second is refused, and so the first is not applied either.
    const res = await postEvents(t.app, [roles(p.uuid, ['VIP']), roles(p.uuid, ['VIP', 'OWNER'])]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { index: number }) => e.index)).toEqual([1]);
    expect(await accountOf(t, p.uuid)).toBeUndefined();
  });
});

describe.each(databaseKinds())('BRIDGE_STAFF_ROLES on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { BRIDGE_STAFF_ROLES: 'admin,DOCS_EDITOR' });
  });
  afterAll(() => t?.close());

  it('lets the game grant, remove and hold the roles it names, and no other', async () => {
    const mod = newPlayer();
    const ok = await postEvents(t.app, [mod.join, roles(mod.uuid, ['ADMIN', 'vip']), password(mod.uuid)]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await accountOf(t, mod.uuid))!.roles).toEqual(['ADMIN', 'VIP']);
    expect((await postEvents(t.app, [password(mod.uuid, 'a new password')])).statusCode).toBe(200);
    expect((await postEvents(t.app, [roles(mod.uuid, ['DOCS_EDITOR'])])).statusCode).toBe(200);
    expect((await gameAudit(t, mod.username)).map((row) => `${row.action} ${row.outcome}`)).toEqual([
      'account.roles ok',
      'account.password ok',
      'account.password ok',
      'account.roles ok',
    ]);

    const refused = await postEvents(t.app, [roles(mod.uuid, ['DOCS_EDITOR', 'OWNER'])]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].reason).toMatch(/may not grant the staff role OWNER/);
    const owner = newPlayer();
    await postEvents(t.app, [owner.join]);
    await grantRoles(t.db, owner.uuid, ['OWNER', 'ADMIN']);
    expect((await postEvents(t.app, [password(owner.uuid)])).statusCode).toBe(400);
  });
});
