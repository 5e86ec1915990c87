// Punishments from the game server's events, and the public record of them: the events and their
// idempotency, the refusals (an unknown or a kick's revocation, one dated before its issue, an id
// used twice), the list with its filters, search and pages, one punishment, a player's history and
// the ban on their page; and what never leaves the console (silent ones, addresses, staff notes).
import { randomUUID } from 'node:crypto';
import type { Punishment, PunishmentsPage } from '@prison/shared/punishments';
import { describe, expect, it } from 'vitest';
import { bridgeTestApp } from '../../../test/bridge-fixtures.ts';
import { databaseKinds, eventId, grantRoles, newPlayer, postEvents, signIn } from '../../../test/helpers.ts';

const STAFF = { uuid: '8667ba71-b85a-4004-af54-457a9734eed7', username: 'ModSteve' };
const HOUR = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A punishment.issued event; `overrides` may set any field. */
function issued(player: { uuid: string; username: string }, overrides: Record<string, unknown> = {}) {
  const punishmentId = `p-${randomUUID()}`;
  return {
    id: eventId('punish'),
    type: 'punishment.issued',
    punishment_id: punishmentId,
    punishment_type: 'ban',
    uuid: player.uuid,
    username: player.username,
    staff: STAFF,
    reason: 'X-ray',
    ...overrides,
  };
}

describe.each(databaseKinds())('punishments on %s', (kind) => {
  const t = bridgeTestApp(kind);
  const get = async <T>(url: string, token?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.statusCode, body: res.json() as T };
  };
  const list = async (query: string) => {
    const res = await get<PunishmentsPage>(`/api/punishments?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  /** The public punishment of a game id, found through the player's history. */
  const publicOf = async (player: { uuid: string }) =>
    (await get<{ punishments: Punishment[] }>(`/api/players/${player.uuid}/punishments`)).body.punishments;

  it('records a punishment of a player the site never saw, once however often it is sent', async () => {
    const stranger = newPlayer({ username: 'Griefer_01' });
    const event = issued(stranger, { until: iso(Date.now() + 24 * HOUR), at: iso(Date.now() - HOUR) });
    expect(await t.send([event])).toEqual({ applied: 1, skipped: 0 });
    expect(await t.send([event])).toEqual({ applied: 0, skipped: 1 });
    const [p] = await publicOf(stranger);
    expect(p).toMatchObject({
      type: 'ban',
      player: { uuid: stranger.uuid, name: 'Griefer_01' },
      staff: { uuid: STAFF.uuid, name: STAFF.username },
      reason: 'X-ray',
      active: true,
      revoked: null,
      source: 'game',
    });
    expect(await publicOf(stranger)).toHaveLength(1);
    // The one punishment by its id, and its player is still not a player of the site.
    expect((await get<Punishment>(`/api/punishments/${p!.id}`)).body).toEqual(p);
    expect(await t.player(stranger.uuid)).toBeUndefined();
  });

  it('lifts a punishment once, keeps the first revocation, and shows the console as null', async () => {
    const p = newPlayer();
    const ban = issued(p, { staff: null, reason: null, at: iso(Date.now() - 2 * HOUR) });
    await t.send([p.join, ban]);
    const revoke = (reason: string) => ({
      id: eventId('unban'),
      type: 'punishment.revoked',
      punishment_id: ban.punishment_id,
      staff: STAFF,
      reason,
    });
    await t.send([revoke('Appeal accepted')]);
    await t.send([revoke('Again')]);
    const [shown] = await publicOf(p);
    expect(shown).toMatchObject({ staff: null, reason: null, active: false });
    expect(shown!.revoked).toMatchObject({ by: { name: STAFF.username }, reason: 'Appeal accepted' });
  });

  it('applies an issue and its revocation in one batch, in order', async () => {
    const p = newPlayer();
    const mute = issued(p, { punishment_type: 'mute', at: iso(Date.now() - 60_000) });
    await t.send([
      mute,
      { id: eventId(), type: 'punishment.revoked', punishment_id: mute.punishment_id, staff: null },
    ]);
    const [shown] = await publicOf(p);
    expect(shown).toMatchObject({ type: 'mute', active: false, revoked: { by: null, reason: null } });
  });

  it('refuses an unknown id, a kick, a revocation before the issue and an id issued twice, and applies nothing', async () => {
    const p = newPlayer();
    const kick = issued(p, { punishment_type: 'kick', until: iso(Date.now() + HOUR) });
    const ban = issued(p, { at: iso(Date.now() - HOUR) });
    await t.send([kick, ban]);
    const res = await postEvents(t.app, [
      { id: eventId(), type: 'punishment.revoked', punishment_id: 'never-issued', staff: null },
      { id: eventId(), type: 'punishment.revoked', punishment_id: kick.punishment_id, staff: null },
      {
        id: eventId(),
        type: 'punishment.revoked',
        punishment_id: ban.punishment_id,
        staff: null,
        at: iso(Date.now() - 2 * HOUR),
      },
      { ...issued(p), punishment_id: ban.punishment_id },
      issued(p, { punishment_type: 'warning' }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { index: number; code: string }) => [e.index, e.code])).toEqual([
      [0, 'unknown_punishment'],
      [1, 'punishment_not_revocable'],
      [2, 'revoked_before_issued'],
      [3, 'punishment_exists'],
    ]);
    // Nothing of the batch: the warning is not there, the ban is not lifted.
    const shown = await publicOf(p);
    expect(shown.map((s) => s.type).sort()).toEqual(['ban', 'kick']);
    expect(shown.find((s) => s.type === 'ban')).toMatchObject({ active: true, revoked: null });
    // A kick has no end, whatever was sent, and is never in force.
    expect(shown.find((s) => s.type === 'kick')).toMatchObject({ until: null, active: false });
  });

  it('refuses a malformed punishment with its reason', async () => {
    const p = newPlayer();
    const res = await postEvents(t.app, [
      issued(p, { punishment_type: 'jail' }),
      issued(p, { address: 'not an address' }),
      issued(p, { username: 'has space' }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { code: string }) => e.code)).toEqual([
      'event_invalid',
      'event_invalid',
      'event_invalid',
    ]);
  });

  it('never shows a silent punishment, an address or a staff note in public', async () => {
    const p = newPlayer({ username: 'QuietOne' });
    const loud = issued(p, {
      by_address: true,
      address: '203.0.113.77',
      note: 'alt of Griefer_01, see ticket 991',
      at: iso(Date.now() - HOUR),
    });
    const silent = issued(p, { punishment_type: 'mute', silent: true, reason: 'silent reason' });
    await t.send([p.join, loud, silent]);
    const shown = await publicOf(p);
    expect(shown).toHaveLength(1);
    const everything = [
      JSON.stringify(shown),
      JSON.stringify(await list('q=quietone')),
      JSON.stringify(await list('type=mute&limit=100')),
      JSON.stringify((await get(`/api/punishments/${shown[0]!.id}`)).body),
      JSON.stringify((await get(`/api/players/by-name/${p.username}`)).body),
    ].join('\n');
    for (const secret of ['203.0.113.77', 'ticket 991', 'silent reason'])
      expect(everything).not.toContain(secret);
    // A silent punishment's id answers as one that does not exist.
    const ids = (await list('q=quietone&limit=100')).punishments.map((x) => x.id);
    expect(ids).toEqual([shown[0]!.id]);
    const hiddenId = shown[0]!.id + 1;
    const missing = await get<{ code: string }>(`/api/punishments/${hiddenId}`);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('unknown_punishment');
  });

  it('lists by type and state, finds by a player’s or a staff member’s name, and pages without gaps or repeats', async () => {
    const target = newPlayer({ username: 'Pager_Target' });
    const judge = { uuid: randomUUID(), username: 'Judge_Dredd' };
    const base = Date.now() - 100 * HOUR;
    const events = [];
    for (let i = 0; i < 12; i++) {
      events.push(
        issued(target, {
          punishment_type: ['ban', 'mute', 'warning', 'kick'][i % 4],
          staff: judge,
          // Two at each time: the pages must break ties by id.
          at: iso(base + Math.floor(i / 2) * HOUR),
          until: i % 3 === 0 ? iso(base + HOUR) : null,
        }),
      );
    }
    await t.send(events);
    for (const q of ['pager_', 'PAGER_T', 'judge_d']) {
      const first = await list(`q=${q}&limit=5`);
      expect(first.counts).toEqual({ ban: 3, mute: 3, warning: 3, kick: 3 });
      const seen: Punishment[] = [...first.punishments];
      let cursor = first.next_cursor;
      while (cursor) {
        const next = await list(`q=${q}&limit=5&cursor=${encodeURIComponent(cursor)}`);
        expect(next.counts).toBeNull();
        seen.push(...next.punishments);
        cursor = next.next_cursor;
      }
      expect(seen).toHaveLength(12);
      expect(new Set(seen.map((s) => s.id)).size).toBe(12);
      const order = seen.map((s) => [Date.parse(s.issued_at), s.id] as const);
      expect(order).toEqual([...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]));
    }
    const bans = await list('q=pager_&type=ban&limit=100');
    expect(bans.punishments.every((s) => s.type === 'ban')).toBe(true);
    // Ended (their until has passed) and kicks are not in force; the permanent others are.
    const active = await list('q=pager_&active=true&limit=100');
    expect(active.punishments.map((s) => s.type).sort()).toEqual([
      'ban',
      'ban',
      'mute',
      'mute',
      'warning',
      'warning',
    ]);
    expect(active.counts).toEqual({ ban: 2, mute: 2, warning: 2, kick: 0 });
    const ended = await list('q=pager_&active=false&limit=100');
    expect(ended.punishments).toHaveLength(12 - active.punishments.length);
    expect(ended.punishments.every((s) => !s.active)).toBe(true);
    // A name no player can have matches nothing.
    expect((await list('q=%25')).punishments).toEqual([]);
  });

  it('answers bad filters and cursors with 400, an unknown punishment or player with 404', async () => {
    for (const query of [
      'type=jail',
      'active=yes',
      'limit=0',
      'limit=101',
      'cursor=nonsense',
      `q=${'a'.repeat(33)}`,
    ]) {
      const res = await get<{ code: string }>(`/api/punishments?${query}`);
      expect(res.status, query).toBe(400);
    }
    expect((await get<{ code: string }>('/api/punishments?cursor=bm9wZQ')).body.code).toBe('invalid_cursor');
    expect((await get<{ code: string }>('/api/punishments/0')).status).toBe(400);
    expect((await get<{ code: string }>('/api/punishments/abc')).status).toBe(400);
    expect((await get<{ code: string }>('/api/punishments/999999999')).body.code).toBe('unknown_punishment');
    const nobody = await get<{ code: string }>(`/api/players/${randomUUID()}/punishments`);
    expect(nobody.status).toBe(404);
    expect(nobody.body.code).toBe('unknown_player');
    // A player the site knows, never punished: an empty history.
    const clean = newPlayer();
    await t.send([clean.join]);
    expect((await get(`/api/players/${clean.uuid}/punishments`)).body).toEqual({
      punishments: [],
      next_cursor: null,
    });
  });

  it('says on a player’s page that they are banned, live, until the ban is lifted', async () => {
    const p = newPlayer({ username: 'BannedBob' });
    await t.send([p.join]);
    const page = async () => (await get<{ ban: unknown }>(`/api/players/by-name/${p.username}`)).body.ban;
    expect(await page()).toBeNull();
    // The live page (its sockets' snapshot) follows, rebuilt on the change.
    const topic = `player:${p.uuid.toLowerCase()}` as const;
    expect((await t.hub.current(topic)).player?.ban).toBeNull();
    const until = iso(Date.now() + 48 * HOUR);
    const ban = issued(p, { until });
    await t.send([ban]);
    expect(await page()).toMatchObject({ reason: 'X-ray', until });
    await expect
      .poll(() => t.hub.peek(topic)?.player?.ban, { timeout: 10_000 })
      .toMatchObject({ reason: 'X-ray' });
    await t.send([
      { id: eventId(), type: 'punishment.revoked', punishment_id: ban.punishment_id, staff: STAFF },
    ]);
    expect(await page()).toBeNull();
    // A mute, a silent ban or an ended one says nothing.
    await t.send([
      issued(p, { punishment_type: 'mute' }),
      issued(p, { silent: true }),
      issued(p, { at: iso(Date.now() - 3 * HOUR), until: iso(Date.now() - HOUR) }),
    ]);
    expect(await page()).toBeNull();
  });

  it('lets a player keep their history off their page, but not from themselves or staff', async () => {
    const p = newPlayer();
    const staff = newPlayer();
    const stranger = newPlayer();
    await t.send([p.join, staff.join, stranger.join, issued(p)]);
    await grantRoles(t.db, staff.uuid, ['ADMIN']);
    const own = await signIn(t.db, p.uuid);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/players/me/privacy',
      headers: { authorization: `Bearer ${own}` },
      payload: { hide_punishments: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    // Only that setting changed.
    expect(put.json()).toEqual({ hide_stats: false, hide_punishments: true });
    const url = `/api/players/${p.uuid}/punishments`;
    const visitor = await get<{ code: string }>(url);
    expect(visitor.status).toBe(403);
    expect(visitor.body.code).toBe('punishment_history_private');
    expect((await get(url, await signIn(t.db, stranger.uuid))).status).toBe(403);
    expect((await get<{ punishments: unknown[] }>(url, own)).body.punishments).toHaveLength(1);
    expect(
      (await get<{ punishments: unknown[] }>(url, await signIn(t.db, staff.uuid))).body.punishments,
    ).toHaveLength(1);
    expect(
      (await get<{ punishments_hidden: boolean }>(`/api/players/by-name/${p.username}`)).body,
    ).toMatchObject({
      punishments_hidden: true,
    });
    const empty = await t.app.inject({
      method: 'PUT',
      url: '/api/players/me/privacy',
      headers: { authorization: `Bearer ${own}` },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });
});
