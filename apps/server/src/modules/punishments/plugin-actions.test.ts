// Staff actions through the game server's plugin (PUNISH_VIA=plugin): a punishment or pardon staff ask
// for waits in the outbox, is handed to one delivery socket of the network on a real WebSocket (and
// listed for polling), and is confirmed by the plugin's acknowledgement or by the punishment event
// that names it; a socket that closes without confirming gives it to the next; an accepted appeal
// queues its pardon; nothing goes over RCON (none is configured). The console's live feed tells open
// moderation pages as each of their lists changes.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type BridgeAction, bridgeActionMessageSchema } from '@prison/shared/bridge-actions';
import type { StaffAction, StaffAppeal } from '@prison/shared/moderation';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  BRIDGE_TOKEN,
  createTestApp,
  databaseKinds,
  eventId,
  grantRoles,
  newPlayer,
  postEvents,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';
import { connect as connectFeed } from '../../../test/live-socket.ts';
import { rowsOf } from '../../db/client.ts';
import { createCredential } from '../bridge/credentials.ts';

const APPEAL = 'I was not flying: it was an ender pearl and a slime block. The recording shows it.';

/** A game server's delivery socket that keeps the staff actions it is sent (and every message, raw). */
function plugin(url: string, token: string) {
  const socket = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } });
  const actions: BridgeAction[] = [];
  const raw: unknown[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    raw.push(message);
    if ('action' in message) actions.push(bridgeActionMessageSchema.parse(message).action);
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, actions, raw, opened, closed };
}

describe.each(databaseKinds())('staff actions through the plugin on %s', (kind) => {
  let t: TestApp;
  let wsUrl: string;
  const mod = newPlayer({ username: 'PluginMod' });
  const target = newPlayer({ username: 'Flyer_7' });
  const appellant = newPlayer({ username: 'Pearler' });
  const token = {} as Record<'mod' | 'appellant', string>;
  const open: WebSocket[] = [];

  const call = (method: 'GET' | 'POST', url: string, as: string | null, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: as ? { authorization: `Bearer ${as}` } : {},
      ...(payload && { payload: payload as Record<string, unknown> }),
    });
  const bridge = (method: 'GET' | 'POST', url: string, payload?: object, as = BRIDGE_TOKEN) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${as}` },
      ...(payload && { payload: payload as Record<string, unknown> }),
    });
  const connect = async (as = BRIDGE_TOKEN) => {
    const p = plugin(wsUrl, as);
    open.push(p.socket);
    await p.opened;
    return p;
  };
  const waiting = async () => (await bridge('GET', '/api/bridge/actions?limit=500')).json() as BridgeAction[];
  const staffAction = async (id: number) =>
    ((await call('GET', '/api/admin/punishment-actions', token.mod)).json().actions as StaffAction[]).find(
      (a) => a.id === id,
    );
  const punish = async (body: Record<string, unknown>) => {
    const res = await call('POST', '/api/admin/punishments', token.mod, {
      player: target.uuid,
      reason: 'Fly',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(202);
    return res.json() as StaffAction;
  };
  /** The plugin carries a ban out and reports it, naming the action: answers the punishment's game id. */
  const report = async (action: BridgeAction, overrides: Record<string, unknown> = {}) => {
    const punishmentId = `plugin-${randomUUID()}`;
    const res = await postEvents(t.app, [
      {
        id: eventId('issued'),
        type: 'punishment.issued',
        punishment_id: punishmentId,
        punishment_type: action.kind,
        uuid: action.player.uuid,
        username: action.player.username,
        staff: action.staff,
        reason: action.reason,
        action_id: action.id,
        ...overrides,
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    return punishmentId;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { PUNISH_VIA: 'plugin' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/bridge/ws`;
    const res = await postEvents(t.app, [mod.join, target.join, appellant.join]);
    expect(res.statusCode, res.body).toBe(200);
    await grantRoles(t.db, mod.uuid, ['ADMIN']);
    token.mod = await signIn(t.db, mod.uuid);
    token.appellant = await signIn(t.db, appellant.uuid);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    for (const socket of open.splice(0)) socket.terminate();
    // Each test starts from an empty outbox.
    const left = await waiting();
    if (left.length > 0) {
      await bridge('POST', '/api/bridge/actions/ack', {
        results: left.map((a) => ({ id: a.id, outcome: 'refused', message: 'test over' })),
      });
    }
  });

  it('queues a punishment for the plugin, hands it over on the socket, and records its confirmation', async () => {
    const game = await connect();
    const action = await punish({ type: 'ban', duration_seconds: 86_400 });
    expect(action).toMatchObject({
      via: 'plugin',
      state: 'sending',
      output: null,
      command: 'tempban Flyer_7 1d Fly',
    });
    // Audited before anything leaves, naming the road.
    const [audit] = rowsOf<{ actor_name: string; detail: Record<string, unknown> }>(
      await t.db.execute(
        sql`select actor_name, detail from audit_log where action = 'punishment.issue' order by id desc limit 1`,
      ),
    );
    expect(audit).toMatchObject({ actor_name: 'PluginMod', detail: { action_id: action.id, via: 'plugin' } });

    await expect.poll(() => game.actions.map((a) => a.id), { timeout: 10_000 }).toEqual([action.id]);
    const handed = game.actions[0]!;
    expect(handed).toEqual({
      id: action.id,
      kind: 'ban',
      player: { uuid: target.uuid, username: 'Flyer_7' },
      staff: { uuid: mod.uuid, username: 'PluginMod' },
      reason: 'Fly',
      duration_seconds: 86_400,
      punishment: null,
      command: 'tempban Flyer_7 1d Fly',
      created_at: action.created_at,
    });
    // Listed for polling until it is confirmed.
    expect((await waiting()).map((a) => a.id)).toEqual([action.id]);

    // The game reports the ban naming the action: the action is confirmed and linked to it.
    const gameId = await report(handed, { until: new Date(Date.now() + 86_400_000).toISOString() });
    const [{ id: punishmentId }] = rowsOf<{ id: string | number }>(
      await t.db.execute(sql`select id from punishments where source_id = ${gameId}`),
    ) as [{ id: string | number }];
    expect(await staffAction(action.id)).toMatchObject({
      state: 'sent',
      punishment_id: Number(punishmentId),
    });
    expect(await waiting()).toEqual([]);
    // The acknowledgement that follows adds the game's answer; it confirms nothing new.
    const ack = await bridge('POST', '/api/bridge/actions/ack', {
      results: [{ id: action.id, outcome: 'done', message: 'Flyer_7 was banned for 1 day.' }],
    });
    expect(ack.json()).toEqual({ acknowledged: 0 });
    expect(await staffAction(action.id)).toMatchObject({
      state: 'sent',
      output: 'Flyer_7 was banned for 1 day.',
    });
    // Nothing is sent twice on the socket.
    expect(game.raw).toHaveLength(1);
  });

  it('records a refusal, keeps the first outcome, and refuses bad acknowledgements and unknown actions', async () => {
    const action = await punish({ type: 'kick' });
    expect((await waiting()).map((a) => a.id)).toEqual([action.id]);
    const refused = await bridge('POST', '/api/bridge/actions/ack', {
      results: [
        { id: action.id, outcome: 'refused', message: 'Flyer_7 is not online.' },
        { id: action.id, outcome: 'done' },
        { id: 999_999_999, outcome: 'done' },
      ],
    });
    expect(refused.json()).toEqual({ acknowledged: 1 });
    expect(await staffAction(action.id)).toMatchObject({ state: 'failed', error: 'Flyer_7 is not online.' });
    const again = await bridge('POST', '/api/bridge/actions/ack', {
      results: [{ id: action.id, outcome: 'done' }],
    });
    expect(again.json()).toEqual({ acknowledged: 0 });
    expect(await staffAction(action.id)).toMatchObject({ state: 'failed' });

    for (const bad of [
      {},
      { results: [] },
      { results: [{ id: action.id, outcome: 'maybe' }] },
      { results: [{ id: 'x', outcome: 'done' }] },
      { results: [{ id: action.id, outcome: 'done', message: 'x'.repeat(2001) }] },
    ]) {
      const res = await bridge('POST', '/api/bridge/actions/ack', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    expect((await t.app.inject({ url: '/api/bridge/actions' })).statusCode).toBe(401);
    expect((await bridge('GET', '/api/bridge/actions?limit=0')).statusCode).toBe(400);

    // An event naming an action the site never handed out is refused, and nothing is recorded.
    const res = await postEvents(t.app, [
      {
        id: eventId('issued'),
        type: 'punishment.issued',
        punishment_id: `never-${randomUUID()}`,
        punishment_type: 'kick',
        uuid: target.uuid,
        username: target.username,
        staff: null,
        action_id: 999_999_999,
      },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ index: 0, code: 'unknown_action' })]);
  });

  it('gives an action a socket held and did not confirm to the next socket when it closes', async () => {
    const { token: lobby } = await createCredential(t.db, `lobby-${randomUUID().slice(0, 8)}`, {
      uuid: null,
    });
    const first = await connect(lobby);
    const action = await punish({ type: 'warning' });
    await expect.poll(() => first.actions.map((a) => a.id), { timeout: 10_000 }).toEqual([action.id]);
    // Held by the first socket's lease: a second socket is not handed it while the first is open.
    const second = await connect();
    first.socket.close(1001);
    await first.closed;
    await expect.poll(() => second.actions.map((a) => a.id), { timeout: 10_000 }).toEqual([action.id]);
    expect(
      (
        await bridge('POST', '/api/bridge/actions/ack', { results: [{ id: action.id, outcome: 'done' }] })
      ).json(),
    ).toEqual({
      acknowledged: 1,
    });
  });

  it("tells the console's open pages as each list changes, and opens only for staff", async () => {
    const feedUrl = wsUrl.replace('/api/bridge/ws', '/api/admin/moderation/ws');
    const feed = connectFeed(`${feedUrl}?token=${token.mod}`);
    type Stamps = { punishments: string; appeals: string; actions: string };
    const stamps = () => feed.messages.map((m) => m.moderation as Stamps);
    const changed = async (list: keyof Stamps, from: Stamps) => {
      await expect.poll(() => stamps().at(-1)?.[list], { timeout: 10_000 }).not.toBe(from[list]);
      return stamps().at(-1)!;
    };
    await expect.poll(() => stamps().length, { timeout: 10_000 }).toBe(1);
    const first = stamps()[0]!;

    // Staff send an action; the game server answers it; the game reports the punishment.
    const action = await punish({ type: 'warning', reason: 'Spam' });
    const sent = await changed('actions', first);
    expect(sent.punishments).toBe(first.punishments);
    await bridge('POST', '/api/bridge/actions/ack', {
      results: [{ id: action.id, outcome: 'done', message: 'Flyer_7 was warned.' }],
    });
    const answered = await changed('actions', sent);
    const [handed] = (await waiting()).filter((a) => a.id === action.id);
    expect(handed).toBeUndefined();
    const reportedAction = (await staffAction(action.id))!;
    await report({
      id: reportedAction.id,
      kind: 'warning',
      player: { uuid: target.uuid, username: target.username },
      staff: { uuid: mod.uuid, username: mod.username },
      reason: 'Spam',
      duration_seconds: null,
      punishment: null,
      command: reportedAction.command,
      created_at: reportedAction.created_at,
    });
    await changed('punishments', answered);
    feed.socket.close();
    await feed.closed;

    // Signed out: 1008, as every signed-in feed. Signed in without a staff role: 4403.
    expect((await connectFeed(feedUrl).closed).code).toBe(1008);
    expect(await connectFeed(`${feedUrl}?token=${token.appellant}`).closed).toEqual({
      code: 4403,
      reason: 'You do not have permission to do that',
    });
  });

  it('pardons through the plugin with the punishment named, and an accepted appeal queues its pardon', async () => {
    // A ban the game issued before, then appealed.
    const gameId = `ban-${randomUUID()}`;
    const issued = await postEvents(t.app, [
      {
        id: eventId('issued'),
        type: 'punishment.issued',
        punishment_id: gameId,
        punishment_type: 'ban',
        uuid: appellant.uuid,
        username: appellant.username,
        staff: null,
        reason: 'Fly',
      },
    ]);
    expect(issued.statusCode, issued.body).toBe(200);
    const [{ id }] = rowsOf<{ id: string | number }>(
      await t.db.execute(sql`select id from punishments where source_id = ${gameId}`),
    ) as [{ id: string | number }];
    const appeal = await call('POST', `/api/punishments/${id}/appeal`, token.appellant, { text: APPEAL });
    expect(appeal.statusCode, appeal.body).toBe(201);

    const game = await connect();
    const queue = (await call('GET', '/api/admin/appeals', token.mod)).json().appeals as StaffAppeal[];
    const open = queue.find((a) => a.punishment_id === Number(id))!;
    const decided = await call('POST', `/api/admin/appeals/${open.id}/decision`, token.mod, {
      decision: 'accept',
      reply: 'The recording shows a pearl.',
    });
    // Accepted at once: the outbox keeps the pardon until a game server carries it out.
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ state: 'accepted' });
    await expect.poll(() => game.actions.length, { timeout: 10_000 }).toBe(1);
    const pardon = game.actions[0]!;
    expect(pardon).toMatchObject({
      kind: 'pardon',
      player: { uuid: appellant.uuid, username: 'Pearler' },
      punishment: { source: 'game', id: gameId, type: 'ban' },
      command: 'unban Pearler',
    });
    const [decision] = rowsOf<{ detail: Record<string, unknown> }>(
      await t.db.execute(
        sql`select detail from audit_log where action = 'appeal.accept' order by id desc limit 1`,
      ),
    );
    expect(decision!.detail).toMatchObject({ action_id: pardon.id });

    // The game lifts the ban and says which action it carried out.
    const revoked = await postEvents(t.app, [
      {
        id: eventId('revoked'),
        type: 'punishment.revoked',
        punishment_id: gameId,
        staff: pardon.staff,
        reason: pardon.reason,
        action_id: pardon.id,
      },
    ]);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await staffAction(pardon.id)).toMatchObject({ state: 'sent', punishment_id: Number(id) });
    const page = (await call('GET', `/api/players/${appellant.uuid}/punishments`, null)).json();
    expect(page.punishments[0]).toMatchObject({ active: false, revoked: { by: { name: 'PluginMod' } } });
  });
});
