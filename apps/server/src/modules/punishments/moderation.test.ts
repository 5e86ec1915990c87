// Moderation from the site, against a game server on the real RCON wire protocol that answers as a
// punishment plugin would and records what it was sent: staff punish and pardon (the command as the
// templates spell it, audited, refused by RCON_ALLOW, failing clearly while the game server is down),
// players appeal their own bans and mutes once, staff deny and accept (the punishment lifted through
// the game server first), and the player's socket carries each answer as it is given.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { OwnPunishments, StaffAction, StaffAppeal } from '@prison/shared/moderation';
import { type RconServer, startRconServer } from '@prison/simulator/rcon-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  eventId,
  grantRoles,
  newPlayer,
  postEvents,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';
import { connect } from '../../../test/live-socket.ts';
import { rowsOf } from '../../db/client.ts';

const RCON_PASSWORD = 'moderation-test-rcon';
const HOUR = 3600_000;
const APPEAL = 'I did not use X-ray, I was branch mining with my gang all evening. Ask Kuro.';

describe.each(databaseKinds())('moderation on %s', (kind) => {
  let t: TestApp;
  let rcon: RconServer;
  /** What the game server was sent, in order. */
  const sent: string[] = [];
  const mod = newPlayer({ username: 'ModMia' });
  const member = newPlayer({ username: 'JustMiner' });
  const target = newPlayer({ username: 'Cheater_9' });
  const token = {} as Record<'mod' | 'member' | 'target', string>;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, as: string | null, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: as ? { authorization: `Bearer ${as}` } : {},
      ...(payload && { payload: payload as Record<string, unknown> }),
    });
  /** A punishment reported by the game server; answers its site id. */
  async function reported(
    player: { uuid: string; username: string },
    overrides: Record<string, unknown> = {},
  ) {
    const punishmentId = `p-${randomUUID()}`;
    const res = await postEvents(t.app, [
      {
        id: eventId('punish'),
        type: 'punishment.issued',
        punishment_id: punishmentId,
        punishment_type: 'ban',
        uuid: player.uuid,
        username: player.username,
        staff: null,
        reason: 'X-ray',
        at: new Date(Date.now() - HOUR).toISOString(),
        ...overrides,
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = rowsOf<{ id: string | number }>(
      await t.db.execute(sql`select id from punishments where source_id = ${punishmentId}`),
    );
    return { id: Number(row!.id), punishmentId };
  }
  const audit = async (action: string) =>
    rowsOf<{ actor_name: string; target: string; outcome: string; detail: Record<string, unknown> }>(
      await t.db.execute(
        sql`select actor_name, target, outcome, detail from audit_log where action = ${action} order by id`,
      ),
    );

  beforeAll(async () => {
    rcon = await startRconServer({
      port: 0,
      password: RCON_PASSWORD,
      handle: (command) => {
        sent.push(command);
        return `done: ${command}`;
      },
    });
    t = await createTestApp(kind, {
      RCON_PORT: String(rcon.port),
      RCON_PASSWORD,
      PUNISH_COMMAND_TEMPBAN: '/tempban {player} {duration} {reason} -s',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await postEvents(t.app, [mod.join, member.join, target.join]);
    expect(res.statusCode, res.body).toBe(200);
    await grantRoles(t.db, mod.uuid, ['ADMIN']);
    token.mod = await signIn(t.db, mod.uuid);
    token.member = await signIn(t.db, member.uuid);
    token.target = await signIn(t.db, target.uuid);
  });
  afterAll(async () => {
    await t?.close();
    await rcon?.close();
  });

  it('sends a staff punishment as the templates spell it, audited, and lists what was sent', async () => {
    sent.length = 0;
    const res = await call('POST', '/api/admin/punishments', token.mod, {
      type: 'ban',
      player: target.uuid,
      reason: 'Kill aura\nand fly',
      duration_seconds: 7 * 86_400,
    });
    expect(res.statusCode, res.body).toBe(202);
    const action = res.json() as StaffAction;
    // One line, whatever the reason held; the owner's template with its own flag.
    expect(sent).toEqual(['tempban Cheater_9 7d Kill aura and fly -s']);
    expect(action).toMatchObject({
      kind: 'ban',
      player: { uuid: target.uuid, name: 'Cheater_9' },
      staff: { uuid: mod.uuid, name: 'ModMia' },
      state: 'sent',
      output: 'done: tempban Cheater_9 7d Kill aura and fly -s',
      duration_seconds: 604_800,
    });
    // A warning and a kick have no duration; a permanent mute uses the permanent command.
    for (const [type, expected] of [
      ['warning', 'warn Cheater_9 Spam'],
      ['kick', 'kick Cheater_9 Spam'],
      ['mute', 'mute Cheater_9 Spam'],
    ] as const) {
      const r = await call('POST', '/api/admin/punishments', token.mod, {
        type,
        player: target.uuid,
        reason: 'Spam',
        duration_seconds: type === 'mute' ? null : 3600,
      });
      expect(r.statusCode, r.body).toBe(202);
      expect(sent.at(-1)).toBe(expected);
    }
    const [issued] = await audit('punishment.issue');
    expect(issued).toMatchObject({ actor_name: 'ModMia', target: 'Cheater_9', outcome: 'ok' });
    expect(issued!.detail).toMatchObject({ kind: 'ban', command: sent[0] });
    const list = await call('GET', '/api/admin/punishment-actions', token.mod);
    expect((list.json().actions as StaffAction[]).map((a) => a.command)).toEqual([...sent].reverse());
    // Nothing is recorded as a punishment until the game reports it.
    expect((await call('GET', `/api/players/${target.uuid}/punishments`, null)).json().punishments).toEqual(
      [],
    );
  });

  it('refuses players, strangers and bad input, and keeps working while the game server is down', async () => {
    const ban = { type: 'ban', player: target.uuid, reason: 'X-ray' };
    expect((await call('POST', '/api/admin/punishments', null, ban)).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/punishments', token.member, ban)).statusCode).toBe(403);
    for (const bad of [
      { ...ban, type: 'jail' },
      { ...ban, reason: '   ' },
      { ...ban, duration_seconds: 5 },
      { ...ban, player: 'nobody' },
    ]) {
      expect((await call('POST', '/api/admin/punishments', token.mod, bad)).statusCode).toBe(400);
    }
    const unknown = await call('POST', '/api/admin/punishments', token.mod, { ...ban, player: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('unknown_player');

    const port = rcon.port;
    await rcon.close();
    try {
      const down = await call('POST', '/api/admin/punishments', token.mod, ban);
      expect(down.statusCode).toBe(503);
      expect(down.json().code).toBe('game_server_unavailable');
    } finally {
      rcon = await startRconServer({
        port,
        password: RCON_PASSWORD,
        handle: (command) => {
          sent.push(command);
          return `done: ${command}`;
        },
      });
    }
    const [failed] = (await call('GET', '/api/admin/punishment-actions?limit=1', token.mod)).json()
      .actions as StaffAction[];
    expect(failed).toMatchObject({ state: 'failed', command: 'ban Cheater_9 X-ray' });
    expect(failed!.error).toBeTruthy();
  });

  it('pardons a punishment in force through the game server, and refuses a kick or one that ended', async () => {
    const ban = await reported(target);
    const res = await call('POST', `/api/admin/punishments/${ban.id}/pardon`, token.mod, {
      reason: 'Wrong player',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(sent.at(-1)).toBe('unban Cheater_9');
    expect(res.json()).toMatchObject({ kind: 'pardon', punishment_id: ban.id, reason: 'Wrong player' });
    expect((await audit('punishment.pardon')).at(-1)).toMatchObject({ actor_name: 'ModMia', outcome: 'ok' });

    const kick = await reported(target, { punishment_type: 'kick' });
    expect((await call('POST', `/api/admin/punishments/${kick.id}/pardon`, token.mod, {})).json().code).toBe(
      'punishment_not_revocable',
    );
    const ended = await reported(target, {
      punishment_type: 'mute',
      until: new Date(Date.now() - 60_000).toISOString(),
    });
    const over = await call('POST', `/api/admin/punishments/${ended.id}/pardon`, token.mod, {});
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('punishment_not_in_force');
    expect((await call('POST', '/api/admin/punishments/999999/pardon', token.mod, {})).statusCode).toBe(404);
  });

  it('shows staff the silent punishments, addresses and notes the public never sees', async () => {
    const quiet = newPlayer({ username: 'QuietQuinn' });
    await postEvents(t.app, [quiet.join]);
    await reported(quiet, { silent: true, address: '198.51.100.7', note: 'alt account', by_address: true });
    const res = await call('GET', `/api/admin/punishments?player=${quiet.uuid}`, token.mod);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().punishments[0]).toMatchObject({
      silent: true,
      by_address: true,
      address: '198.51.100.7',
      note: 'alt account',
    });
    expect((await call('GET', `/api/admin/punishments?player=${quiet.uuid}`, token.member)).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/api/players/${quiet.uuid}/punishments`, null)).json().punishments).toEqual(
      [],
    );
    // By the start of a name, as the public list finds them (silent ones too, for staff).
    const found = await call('GET', '/api/admin/punishments?q=QUIETQ', token.mod);
    expect(found.json().punishments.map((p: { player: { name: string } }) => p.player.name)).toEqual([
      'QuietQuinn',
    ]);
    expect((await call('GET', '/api/admin/punishments?q=%25', token.mod)).json().punishments).toEqual([]);
  });

  it('lets a player appeal a ban or mute of their own once, within the limits, and tells staff', async () => {
    const appellant = newPlayer({ username: 'Appellant' });
    await postEvents(t.app, [appellant.join]);
    const own = await signIn(t.db, appellant.uuid);
    const ban = await reported(appellant);
    const warning = await reported(appellant, { punishment_type: 'warning' });
    const other = await reported(target);
    const appeal = (id: number, text = APPEAL, as: string | null = own) =>
      call('POST', `/api/punishments/${id}/appeal`, as, { text });

    expect((await appeal(ban.id, APPEAL, null)).statusCode).toBe(401);
    expect((await appeal(ban.id, 'too short')).statusCode).toBe(400);
    expect((await appeal(ban.id, 'x'.repeat(2001))).statusCode).toBe(400);
    expect((await appeal(other.id)).json().code).toBe('not_your_punishment');
    expect((await appeal(warning.id)).json().code).toBe('punishment_not_appealable');
    expect((await appeal(999_999)).statusCode).toBe(404);
    const made = await appeal(ban.id);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ punishment_id: ban.id, state: 'open', text: APPEAL, reply: null });
    const again = await appeal(ban.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('appeal_exists');
    expect((await audit('appeal.create')).at(-1)).toMatchObject({ actor_name: 'Appellant', outcome: 'ok' });

    // Their own list says it is appealed; the queue holds it with the punishment as staff see it.
    const mine = (await call('GET', '/api/players/me/punishments', own)).json() as OwnPunishments;
    expect(mine.punishments.find((p) => p.id === ban.id)).toMatchObject({
      appealable: false,
      appeal: { state: 'open' },
    });
    expect(mine.punishments.find((p) => p.id === warning.id)).toMatchObject({
      appealable: false,
      appeal: null,
    });
    const queue = (await call('GET', '/api/admin/appeals', token.mod)).json().appeals as StaffAppeal[];
    expect(queue.find((a) => a.punishment_id === ban.id)).toMatchObject({
      text: APPEAL,
      punishment: { player: { name: 'Appellant' }, appeal: { state: 'open' } },
    });
    expect((await call('GET', '/api/admin/appeals', token.member)).statusCode).toBe(403);

    // At most three appeals an hour per player.
    const more = await Promise.all(
      [1, 2, 3].map(async () => (await reported(appellant, { punishment_type: 'mute' })).id),
    );
    const answers = [];
    for (const id of more) answers.push((await appeal(id)).statusCode);
    expect(answers).toEqual([201, 201, 429]);
  });

  it('denies one appeal and accepts another, lifting through the game server, and the player sees each at once', async () => {
    const player = newPlayer({ username: 'Hopeful' });
    await postEvents(t.app, [player.join]);
    const own = await signIn(t.db, player.uuid);
    const first = await reported(player);
    const second = await reported(player, { punishment_type: 'mute' });
    const ids: Record<number, number> = {};
    for (const p of [first, second]) {
      const res = await call('POST', `/api/punishments/${p.id}/appeal`, own, { text: APPEAL });
      ids[p.id] = res.json().id;
    }
    const { port } = t.app.server.address() as AddressInfo;
    const socket = connect(`ws://127.0.0.1:${port}/api/social/ws?token=${own}`);
    await socket.next((m) => 'punishments' in m);
    const appealOf = (id: number) => (message: unknown) =>
      (message as Partial<OwnPunishments>).punishments?.find((p) => p.id === id)?.appeal;
    try {
      const deny = await call('POST', `/api/admin/appeals/${ids[first.id]}/decision`, token.mod, {
        decision: 'deny',
        reply: 'The logs show you going straight to each vein.',
      });
      expect(deny.statusCode, deny.body).toBe(200);
      expect(deny.json()).toMatchObject({ state: 'denied', decided_by: { name: 'ModMia' } });
      await expect
        .poll(() => socket.messages.map(appealOf(first.id)).findLast(Boolean), { timeout: 10_000 })
        .toMatchObject({ state: 'denied', reply: 'The logs show you going straight to each vein.' });

      const before = sent.length;
      const accept = await call('POST', `/api/admin/appeals/${ids[second.id]}/decision`, token.mod, {
        decision: 'accept',
        reply: 'Fair enough, unmuted.',
      });
      expect(accept.statusCode, accept.body).toBe(200);
      expect(sent.slice(before)).toEqual(['unmute Hopeful']);
      await expect
        .poll(() => socket.messages.map(appealOf(second.id)).findLast(Boolean), { timeout: 10_000 })
        .toMatchObject({ state: 'accepted', reply: 'Fair enough, unmuted.' });
    } finally {
      socket.socket.close();
    }
    const decidedAgain = await call('POST', `/api/admin/appeals/${ids[first.id]}/decision`, token.mod, {
      decision: 'accept',
      reply: 'Changed my mind',
    });
    expect(decidedAgain.statusCode).toBe(409);
    expect(decidedAgain.json().code).toBe('appeal_decided');
    expect((await audit('appeal.deny')).at(-1)).toMatchObject({ actor_name: 'ModMia' });
    expect((await audit('appeal.accept')).at(-1)!.detail).toMatchObject({ punishment_id: second.id });
  });

  it('keeps an appeal open when accepting it cannot reach the game server', async () => {
    const player = newPlayer({ username: 'Patient' });
    await postEvents(t.app, [player.join]);
    const own = await signIn(t.db, player.uuid);
    const ban = await reported(player);
    const appeal = (await call('POST', `/api/punishments/${ban.id}/appeal`, own, { text: APPEAL })).json();
    const port = rcon.port;
    await rcon.close();
    try {
      const res = await call('POST', `/api/admin/appeals/${appeal.id}/decision`, token.mod, {
        decision: 'accept',
        reply: 'Lifted',
      });
      expect(res.statusCode).toBe(503);
    } finally {
      rcon = await startRconServer({ port, password: RCON_PASSWORD, handle: (c) => `done: ${c}` });
    }
    const queue = (await call('GET', '/api/admin/appeals', token.mod)).json().appeals as StaffAppeal[];
    expect(queue.find((a) => a.id === appeal.id)?.state).toBe('open');
  });
});
