import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bridgeTestApp } from '../../../test/bridge-fixtures.ts';
import { databaseKinds, eventId, newPlayer, postEvents, type TestApp } from '../../../test/helpers.ts';
import { bridgeEvents, gangs, ledger, xpHourly } from '../../db/schema.ts';
import { DomainError } from '../../errors.ts';
import { applyBatch, BATCH_RETRIES } from './service.ts';

describe.each(databaseKinds())('bridge batches on %s', (kind) => {
  const t = bridgeTestApp(kind);
  const { send, player, ledgerSum } = t;

  it('skips an event id it has already applied, in a later batch or the same one', async () => {
    const p = newPlayer();
    const pay = { id: eventId('pay'), type: 'player.balance', uuid: p.uuid, delta: 100, reason: 'quest' };
    expect(await send([p.join, pay, pay])).toEqual({ applied: 2, skipped: 1 });
    expect(await send([pay])).toEqual({ applied: 0, skipped: 1 });
    // Even with different contents, a known id is not applied again.
    expect(await send([{ ...pay, delta: 999 }])).toEqual({ applied: 0, skipped: 1 });
    expect((await player(p.uuid))!.balance).toBe('100.00');
    expect(await t.db.select().from(ledger).where(eq(ledger.playerUuid, p.uuid))).toHaveLength(1);
  });

  it('rejects a batch with one bad event with 400, naming it, and applies nothing', async () => {
    const p = newPlayer();
    const good = { id: eventId(), type: 'player.balance', uuid: p.uuid, delta: 50, reason: 'mine' };
    const res = await postEvents(t.app, [
      p.join,
      good,
      { id: eventId(), type: 'player.progress', uuid: p.uuid, xp_delta: -5 },
    ]);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.detail).toMatch(/nothing was applied/);
    expect(body.code).toBe('events_refused');
    expect(body.errors).toEqual([
      { index: 2, code: 'event_invalid', reason: expect.stringMatching(/xp_delta/) },
    ]);
    expect(await player(p.uuid)).toBeUndefined();
    // The ids of the good events were not used up: the corrected batch applies them.
    expect(await send([p.join, good])).toEqual({ applied: 2, skipped: 0 });
  });

  it('rejects events that name a player, gang or listing that does not exist, applying nothing', async () => {
    const p = newPlayer();
    const ghost = newPlayer();
    const res = await postEvents(t.app, [
      p.join,
      { id: eventId(), type: 'player.balance', uuid: ghost.uuid, delta: 5, reason: 'x' },
      { id: eventId(), type: 'gang.member', gang_id: 'no-such-gang', uuid: p.uuid, role: 'Member' },
      { id: eventId(), type: 'auction.cancelled', listing_id: 'no-such-listing' },
      { id: eventId(), type: 'friend.add', uuid: p.uuid, friend_uuid: p.uuid },
    ]);
    expect(res.statusCode).toBe(400);
    // Each bad event by its index, with its own code: a plugin can branch on it without the reason.
    expect(res.json()).toEqual({
      detail: '4 event(s) rejected; nothing was applied',
      code: 'events_refused',
      errors: [
        { index: 1, code: 'unknown_player', reason: expect.stringMatching(/unknown player/) },
        { index: 2, code: 'unknown_gang', reason: 'unknown gang no-such-gang' },
        { index: 3, code: 'unknown_listing', reason: 'unknown listing no-such-listing' },
        { index: 4, code: 'cannot_befriend_self', reason: 'a player cannot befriend themselves' },
      ],
    });
    expect(await player(p.uuid)).toBeUndefined();
  });

  it('records every applied event id', async () => {
    const p = newPlayer();
    await send([p.join]);
    const [row] = await t.db.select().from(bridgeEvents).where(eq(bridgeEvents.id, p.join.id));
    expect(row).toMatchObject({ type: 'player.join' });
  });

  it('answers a data error it cannot pin on one event with a plain 400 (B6)', async () => {
    const refusing = {
      transaction: async () => {
        throw Object.assign(new Error('Failed query'), {
          cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
            code: '22021',
          }),
        });
      },
    } as unknown as TestApp['db'];
    const error = await applyBatch(refusing, [newPlayer().join]).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      kind: 'invalid',
      detail: expect.stringMatching(/invalid byte sequence.*nothing was applied/),
    });
  });

  it('retries a batch that deadlocked, then answers 503 (B5)', async () => {
    const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
    let calls = 0;
    const once = {
      transaction: (fn: Parameters<TestApp['db']['transaction']>[0]) =>
        ++calls === 1 ? Promise.reject(deadlock()) : t.db.transaction(fn),
    } as unknown as TestApp['db'];
    const p = newPlayer();
    expect(await applyBatch(once, [p.join])).toEqual({ applied: 1, skipped: 0 });
    expect(calls).toBe(2);
    expect(await player(p.uuid)).toBeDefined();

    calls = 0;
    const always = {
      transaction: async () => {
        calls++;
        throw Object.assign(new Error('Failed query'), { cause: deadlock() });
      },
    } as unknown as TestApp['db'];
    const error = await applyBatch(always, [newPlayer().join]).catch((err: unknown) => err);
    expect(error).toMatchObject({
      kind: 'unavailable',
      detail: expect.stringMatching(/nothing was applied/),
    });
    expect(calls).toBe(1 + BATCH_RETRIES);
  });

  it.skipIf(kind === 'pglite')(
    'runs concurrent batches that touch the same rows in opposite orders without a 500, exactly (B5)',
    async () => {
      const ps = Array.from({ length: 30 }, () => newPlayer());
      const gangIds = Array.from({ length: 4 }, () => `g-${eventId()}`);
      await send([
        ...ps.map((p) => p.join),
        ...gangIds.map((id) => ({
          id: eventId(),
          type: 'gang.upsert',
          gang_id: id,
          name: 'Race',
          status: 'Open',
        })),
      ]);
      const hours = ['2026-03-01T10:30:00.000Z', '2026-03-01T11:30:00.000Z'];
      const batch = (reverse: boolean) => {
        const order = reverse ? [...ps].reverse() : ps;
        const gangOrder = reverse ? [...gangIds].reverse() : gangIds;
        return [
          ...order.flatMap((p) => [
            { id: eventId(), type: 'player.balance', uuid: p.uuid, delta: 1.01, reason: 'race' },
            { id: eventId(), type: 'player.progress', uuid: p.uuid, xp_delta: 1, at: hours[reverse ? 1 : 0] },
          ]),
          ...gangOrder.map((id) => ({ id: eventId(), type: 'gang.treasury', gang_id: id, delta: 0.5 })),
          {
            id: eventId(),
            type: 'player.progress',
            uuid: order[0]!.uuid,
            xp_delta: 1,
            at: hours[reverse ? 0 : 1],
          },
        ];
      };
      const runs = 24;
      const responses = await Promise.all(
        Array.from({ length: runs }, (_, i) => postEvents(t.app, batch(i % 2 === 1))),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(
        statuses.filter((s) => s !== 200 && s !== 503),
        responses.map((r) => r.body).join('\n'),
      ).toEqual([]);
      const ok = statuses.filter((s) => s === 200).length;
      expect(ok).toBeGreaterThan(0);
      for (const p of ps) {
        const row = await player(p.uuid);
        expect(row!.balance).toBe((ok * 1.01).toFixed(2));
        expect(await ledgerSum(p.uuid)).toBe((ok * 1.01).toFixed(2));
      }
      for (const id of gangIds) {
        expect((await t.db.select().from(gangs).where(eq(gangs.id, id)))[0]!.balance).toBe(
          (ok * 0.5).toFixed(2),
        );
      }
      const xp = await t.db.select().from(xpHourly);
      const total = xp
        .filter((r) => hours.some((h) => r.hour.getTime() === Math.floor(Date.parse(h) / 3.6e6) * 3.6e6))
        .reduce((sum, r) => sum + r.xp, 0);
      expect(total).toBe(ok * (ps.length + 1));
    },
  );
});
