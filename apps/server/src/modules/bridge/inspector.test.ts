// The admin console's bridge inspector: every batch the events route answers is recorded, applied or
// refused, with its server's name, counts and refusals; the inspector shows them with each server's
// last contact, its sockets and the deliveries' state; staff alone may read it.
import { randomUUID } from 'node:crypto';
import type { BridgeInspector } from '@prison/shared/bridge-inspector';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listing, payout } from '../../../test/auction-fixtures.ts';
import {
  createTestApp,
  databaseKinds,
  eventId,
  newPlayer,
  playerAccount,
  postEvents,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';
import { rowsOf } from '../../db/client.ts';
import { bridgeBatches, bridgeConnections } from '../../db/schema.ts';
import { KEPT_BATCHES, recordBatch } from './batch-log.ts';
import { createCredential, revokeCredential } from './credentials.ts';

const password = 'inspector-test-password';
const URL = '/api/admin/bridge';

describe.each(databaseKinds())('the bridge inspector on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let player: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const a = await playerAccount(t, { username: 'InspAdmin', password, roles: ['ADMIN'] });
    const p = await playerAccount(t, { username: 'InspPlayer', password });
    admin = await signIn(t.db, a.uuid);
    player = await signIn(t.db, p.uuid);
  });
  afterAll(async () => {
    await t?.close();
  });

  const inspect = async (): Promise<BridgeInspector> => {
    const res = await t.app.inject({ url: URL, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const credential = async (name: string) => (await createCredential(t.db, name, { uuid: null })).token;

  it("records each batch with its server's name, applied and skipped counts, and every refusal", async () => {
    const token = await credential('rec-lobby');
    const p = newPlayer();
    const pay = { id: eventId('pay'), type: 'player.balance', uuid: p.uuid, delta: 5, reason: 'quest' };
    expect((await postEvents(t.app, [p.join, pay], token)).statusCode).toBe(200);
    expect((await postEvents(t.app, [pay], token)).statusCode).toBe(200);
    const ghost = newPlayer();
    const refused = await postEvents(
      t.app,
      [
        { id: eventId(), type: 'player.balance', uuid: p.uuid, delta: 1, reason: 'ok' },
        { id: eventId(), type: 'player.progress', uuid: p.uuid, xp_delta: -5 },
        { id: eventId(), type: 'player.balance', uuid: ghost.uuid, delta: 5, reason: 'x' },
      ],
      token,
    );
    expect(refused.statusCode).toBe(400);

    const { batches } = await inspect();
    const mine = batches.filter((b) => b.server === 'rec-lobby');
    // Newest first.
    expect(mine).toEqual([
      {
        id: expect.any(Number),
        received_at: expect.any(String),
        server: 'rec-lobby',
        applied: 0,
        skipped: 0,
        refused: 1,
        errors: [{ index: 1, code: 'event_invalid', reason: expect.stringMatching(/xp_delta/) }],
      },
      {
        id: expect.any(Number),
        received_at: expect.any(String),
        server: 'rec-lobby',
        applied: 0,
        skipped: 1,
        refused: 0,
        errors: [],
      },
      {
        id: expect.any(Number),
        received_at: expect.any(String),
        server: 'rec-lobby',
        applied: 2,
        skipped: 0,
        refused: 0,
        errors: [],
      },
    ]);
    // A batch whose events are well formed but name what does not exist: each by its index and code.
    const unknown = await postEvents(
      t.app,
      [{ id: eventId(), type: 'player.balance', uuid: ghost.uuid, delta: 5, reason: 'x' }],
      token,
    );
    expect(unknown.statusCode).toBe(400);
    expect((await inspect()).batches[0]).toMatchObject({
      server: 'rec-lobby',
      refused: 1,
      errors: [{ index: 0, code: 'unknown_player', reason: expect.stringMatching(/unknown player/) }],
    });
  });

  it('names BRIDGE_TOKEN\'s batches "default", and lists it first with every credential', async () => {
    const p = newPlayer();
    expect((await postEvents(t.app, [p.join])).statusCode).toBe(200);
    const token = await credential('list-mines');
    expect((await postEvents(t.app, [newPlayer().join], token)).statusCode).toBe(200);
    await credential('list-gone');
    await revokeCredential(t.db, { name: 'list-gone' }, { uuid: null });

    const { servers, batches } = await inspect();
    expect(batches.find((b) => b.server === 'default')).toMatchObject({ applied: 1, refused: 0 });
    expect(servers[0]).toMatchObject({ name: 'default', credential_id: null, revoked: false });
    expect(servers[0]!.last_used_at).not.toBeNull();
    const mines = servers.find((s) => s.name === 'list-mines')!;
    expect(mines).toMatchObject({ revoked: false, sockets: 0, deliveries_taken: 0 });
    expect(mines.credential_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(mines.last_used_at).not.toBeNull();
    expect(servers.find((s) => s.name === 'list-gone')).toMatchObject({ revoked: true, last_used_at: null });
  });

  it("counts the deliveries waiting, taken and acknowledged, and each server's sockets", async () => {
    const token = await credential('dlv-lobby');
    const seller = newPlayer();
    const buyer = newPlayer();
    const goods = listing({ seller: seller.uuid, category: 'inspect', qty: 10, price: '1' });
    expect(
      (await postEvents(t.app, [seller.join, buyer.join, payout(buyer.uuid, '100'), goods.event], token))
        .statusCode,
    ).toBe(200);
    const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, ...headers },
        payload: payload as Record<string, unknown>,
      });
    const bought: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await post(
        '/api/bridge/purchases',
        { listing_id: goods.id, buyer_uuid: buyer.uuid, qty: 1 },
        { 'idempotency-key': randomUUID() },
      );
      expect(res.statusCode, res.body).toBe(200);
      bought.push(res.json().id);
    }
    const before = (await inspect()).deliveries;
    const ids = rowsOf<{ id: string }>(
      await t.db.execute(sql`
        select id from deliveries
        where purchase_id in (${sql.join(
          bought.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        order by created_at, id`),
    );
    const [first, second] = ids.map((r) => r.id);
    // A socket of this server, open now, holds one; another is acknowledged.
    const connection = randomUUID();
    await t.db.insert(bridgeConnections).values({ id: connection, server: 'dlv-lobby' });
    await t.db.execute(sql`
      update deliveries set taken_by = ${connection}::uuid, lease_until = now() + interval '1 minute'
      where id = ${first}::uuid`);
    expect((await post('/api/bridge/deliveries/ack', { ids: [second] })).statusCode).toBe(200);

    const after = await inspect();
    expect(after.deliveries).toEqual({
      waiting: before.waiting - 2,
      taken: before.taken + 1,
      acknowledged_last_24h: before.acknowledged_last_24h + 1,
    });
    expect(after.servers.find((s) => s.name === 'dlv-lobby')).toMatchObject({
      sockets: 1,
      deliveries_taken: 1,
    });
    await t.db.execute(sql`delete from bridge_connections where id = ${connection}::uuid`);
  });

  it(`keeps the newest ${KEPT_BATCHES} batches`, async () => {
    await t.db.execute(sql`
      insert into bridge_batches (server, applied, skipped, refused)
      select 'prune', 1, 0, 0 from generate_series(1, ${KEPT_BATCHES + 20})`);
    await recordBatch(t.db, { server: 'prune-last', applied: 3, skipped: 0, refused: 0, errors: [] });
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(bridgeBatches);
    expect(row!.n).toBe(KEPT_BATCHES);
    expect((await inspect()).batches[0]).toMatchObject({ server: 'prune-last', applied: 3 });
  });

  it('answers the batch even when it cannot be recorded', async () => {
    await t.db.execute(sql`alter table bridge_batches rename to bridge_batches_away`);
    try {
      const res = await postEvents(t.app, [newPlayer().join]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ applied: 1, skipped: 0 });
    } finally {
      await t.db.execute(sql`alter table bridge_batches_away rename to bridge_batches`);
    }
  });

  it('is for staff alone: 401 signed out, 403 for a player', async () => {
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
    const res = await t.app.inject({ url: URL, headers: { authorization: `Bearer ${player}` } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBeTypeOf('string');
  });
});
