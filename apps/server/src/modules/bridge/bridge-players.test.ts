import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bridgeTestApp } from '../../../test/bridge-fixtures.ts';
import { databaseKinds, eventId, newPlayer } from '../../../test/helpers.ts';
import { activity, gkitStates, ledger, playerStats, xpHourly } from '../../db/schema.ts';

describe.each(databaseKinds())('bridge player events on %s', (kind) => {
  const t = bridgeTestApp(kind);
  const { send, player } = t;

  it('player.join creates the player on first sight and marks them online; player.quit marks them offline', async () => {
    const p = newPlayer({ username: 'CobbleKing42' });
    const at = '2026-01-02T03:04:05.000Z';
    expect(await send([{ ...p.join, at }])).toEqual({ applied: 1, skipped: 0 });
    let row = await player(p.uuid);
    expect(row).toMatchObject({
      username: 'CobbleKing42',
      online: true,
      level: 1,
      rank: 'ROOKIE',
      balance: '0.00',
    });
    expect(row!.firstLoginAt?.toISOString()).toBe(at);

    const later = '2026-01-03T00:00:00.000Z';
    await send([{ id: eventId(), type: 'player.join', uuid: p.uuid, username: 'CobbleQueen', at: later }]);
    await send([{ id: eventId(), type: 'player.quit', uuid: p.uuid, at: '2026-01-03T01:00:00.000Z' }]);
    row = await player(p.uuid);
    expect(row).toMatchObject({ username: 'CobbleQueen', online: false });
    expect(row!.firstLoginAt?.toISOString()).toBe(at); // Kept from the first sight.
    expect(row!.lastLoginAt?.toISOString()).toBe(later);
    expect(row!.lastLogoutAt?.toISOString()).toBe('2026-01-03T01:00:00.000Z');
  });

  it('player.progress adds XP to current, lifetime and the hourly series, and sets level, prestige and rank', async () => {
    const p = newPlayer();
    const at = '2026-02-01T10:15:00.000Z';
    await send([
      p.join,
      { id: eventId(), type: 'player.progress', uuid: p.uuid, xp_delta: 500, at },
      {
        id: eventId(),
        type: 'player.progress',
        uuid: p.uuid,
        xp_delta: 250,
        level: 7,
        prestige: 2,
        rank: 'cadet',
        at,
      },
    ]);
    expect(await player(p.uuid)).toMatchObject({
      xp: 750,
      lifetimeXp: 750,
      level: 7,
      prestige: 2,
      rank: 'CADET',
    });
    const [hour] = await t.db
      .select()
      .from(xpHourly)
      .where(eq(xpHourly.hour, new Date('2026-02-01T10:00:00.000Z')));
    expect(hour?.xp).toBe(750);
  });

  it('player.balance moves money through the ledger, exactly, at prison-economy sizes', async () => {
    const p = newPlayer();
    await send([
      p.join,
      { id: eventId(), type: 'player.balance', uuid: p.uuid, delta: 1e15, reason: 'mine' },
      { id: eventId(), type: 'player.balance', uuid: p.uuid, delta: 0.1, reason: 'sell' },
      { id: eventId(), type: 'player.balance', uuid: p.uuid, delta: 0.2, reason: 'sell' },
      { id: eventId(), type: 'player.balance', uuid: p.uuid, delta: -1234.56, reason: 'shop' },
    ]);
    expect((await player(p.uuid))!.balance).toBe('999999999998765.74');
    const [{ total }] = (await t.db
      .select({ total: sql<string>`sum(${ledger.delta})::text` })
      .from(ledger)
      .where(eq(ledger.playerUuid, p.uuid))) as [{ total: string }];
    expect(total).toBe('999999999998765.74');
    const rows = await t.db.select().from(ledger).where(eq(ledger.playerUuid, p.uuid));
    expect(rows.map((r) => r.reason).sort()).toEqual(['mine', 'sell', 'sell', 'shop']);
    expect(rows.every((r) => r.reference?.startsWith('bridge:'))).toBe(true);
  });

  it('player.stats adds to and sets statistics', async () => {
    const p = newPlayer();
    await send([
      p.join,
      { id: eventId(), type: 'player.stats', uuid: p.uuid, add: { BLOCKS_BROKEN: 10, COAL_ORE: 3 } },
      { id: eventId(), type: 'player.stats', uuid: p.uuid, add: { BLOCKS_BROKEN: 5 }, set: { MOMENTUM: 42 } },
      { id: eventId(), type: 'player.stats', uuid: p.uuid, set: { MOMENTUM: 7 } },
    ]);
    const rows = await t.db.select().from(playerStats).where(eq(playerStats.playerUuid, p.uuid));
    expect(Object.fromEntries(rows.map((r) => [r.name, r.value]))).toEqual({
      BLOCKS_BROKEN: 15,
      COAL_ORE: 3,
      MOMENTUM: 7,
    });
  });

  it('player.gkit sets a G-Kit state', async () => {
    const p = newPlayer();
    const cooldown = '2030-01-01T00:00:00.000Z';
    await send([
      p.join,
      { id: eventId(), type: 'player.gkit', uuid: p.uuid, kit_id: 'miner', unlocked: false, level: 1 },
      {
        id: eventId(),
        type: 'player.gkit',
        uuid: p.uuid,
        kit_id: 'miner',
        unlocked: true,
        level: 3,
        cooldown_ends_at: cooldown,
        last_claimed_at: '2029-12-31T00:00:00.000Z',
      },
    ]);
    const [kit] = await t.db.select().from(gkitStates).where(eq(gkitStates.playerUuid, p.uuid));
    expect(kit).toMatchObject({ kitId: 'miner', unlocked: true, level: 3 });
    expect(kit!.cooldownEndsAt?.toISOString()).toBe(cooldown);
  });

  it('activity appends to the feeds, with an optional target', async () => {
    const a = newPlayer();
    const b = newPlayer();
    await send([
      a.join,
      b.join,
      {
        id: eventId(),
        type: 'activity',
        actor_uuid: a.uuid,
        target_uuid: b.uuid,
        activity_type: 'PRIVATE_MESSAGE',
        activity_text: 'meet at the mine',
      },
      {
        id: eventId(),
        type: 'activity',
        actor_uuid: a.uuid,
        activity_type: 'LEVEL_UP',
        activity_text: '{"level":5}',
      },
    ]);
    const rows = await t.db.select().from(activity).where(eq(activity.actorUuid, a.uuid));
    expect(rows.map((r) => [r.activityType, r.targetUuid, r.activityText])).toEqual([
      ['PRIVATE_MESSAGE', b.uuid, 'meet at the mine'],
      ['LEVEL_UP', null, '{"level":5}'],
    ]);
  });

  it('accepts Bedrock (Floodgate) player ids, which are not RFC 4122 uuids (B4)', async () => {
    const p = newPlayer({ uuid: '00000000-0000-0000-0009-01f64f65c7c3', username: '.Bedrock_Steve' });
    await send([p.join, { id: eventId(), type: 'player.balance', uuid: p.uuid, delta: 5, reason: 'mine' }]);
    expect(await player(p.uuid)).toMatchObject({ username: '.Bedrock_Steve', balance: '5.00' });
  });

  it('takes a time in the future as now, and never moves login times the wrong way (B8)', async () => {
    const p = newPlayer();
    const before = Date.now();
    await send([
      { ...p.join, at: '2099-01-01T00:00:00.000Z' },
      { id: eventId(), type: 'player.progress', uuid: p.uuid, xp_delta: 3, at: '2099-01-01T00:00:00.000Z' },
    ]);
    let row = await player(p.uuid);
    expect(row!.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.lastLoginAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(row!.lastSeenAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(
      await t.db
        .select()
        .from(xpHourly)
        .where(eq(xpHourly.hour, new Date('2099-01-01T00:00:00.000Z'))),
    ).toEqual([]);

    const q = newPlayer();
    const t1 = '2026-05-01T10:00:00.000Z';
    const t2 = '2026-05-01T12:00:00.000Z';
    await send([
      { ...q.join, at: t2 },
      { id: eventId(), type: 'player.quit', uuid: q.uuid, at: '2026-05-01T13:00:00.000Z' },
    ]);
    // A join from before, delivered late: the times stay, the player stays offline.
    await send([{ id: eventId(), type: 'player.join', uuid: q.uuid, username: q.username, at: t1 }]);
    row = await player(q.uuid);
    expect(row!.online).toBe(false);
    expect(row!.firstLoginAt!.toISOString()).toBe(t1);
    expect(row!.lastLoginAt!.toISOString()).toBe(t2);
    expect(row!.lastSeenAt!.toISOString()).toBe('2026-05-01T13:00:00.000Z');
  });
});
