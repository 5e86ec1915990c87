// Issue 8: a bridge batch resent after a timeout applies nothing twice (DESIGN.md section 7: each
// event id is applied once, forever). The game server's plugin posts through a proxy that loses the
// answer, gives up, and sends the same batch again; or two copies of a batch race each other.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payout, query } from '../auction-fixtures.ts';
import { createTestApp, databaseKinds, newPlayer, type TestApp } from '../helpers.ts';
import { postBatch, startProxy, type TcpProxy } from './fault-kit.ts';

const BIG = '1234567890123.45';

/** Two players (and a gang) that exist already, and a batch of events touching every counter they have. */
function scene(label: string) {
  const ann = newPlayer({ username: `${label}Ann` });
  const ben = newPlayer({ username: `${label}Ben` });
  const gangId = `gang-${randomUUID()}`;
  const listingId = `listing-${randomUUID()}`;
  const setup = [
    ann.join,
    ben.join,
    { id: randomUUID(), type: 'gang.upsert', gang_id: gangId, name: `${label} Crew`, status: 'Open' },
  ];
  const batch = [
    ...[ann, ben].flatMap((p) => [
      payout(p.uuid, BIG, 'mine sale'),
      payout(p.uuid, '-0.45', 'tax'),
      { id: randomUUID(), type: 'player.progress', uuid: p.uuid, xp_delta: 1500 },
      { id: randomUUID(), type: 'player.stats', uuid: p.uuid, add: { BLOCKS_MINED: 250 } },
      {
        id: randomUUID(),
        type: 'activity',
        actor_uuid: p.uuid,
        activity_type: 'CHAT_MESSAGE',
        activity_text: 'gg',
      },
      { id: randomUUID(), type: 'activity', actor_uuid: p.uuid, activity_type: 'LEVEL_UP' },
    ]),
    { id: randomUUID(), type: 'gang.treasury', gang_id: gangId, delta: '1000000' },
    {
      id: randomUUID(),
      type: 'auction.listed',
      listing_id: listingId,
      seller_uuid: ann.uuid,
      category_key: 'resend',
      category_name: 'Resend',
      item: { name: 'Beacon', icon: 'beacon' },
      qty: 3,
      price: '99.99',
    },
  ];
  return { players: [ann.uuid, ben.uuid], gangId, listingId, setup, batch };
}

/** Every counter the batch moves, read from the database. */
async function tally(t: TestApp, s: ReturnType<typeof scene>) {
  const players = await query<Record<string, unknown>>(
    t.db,
    sql`select p.uuid::text as uuid, p.balance::text as balance, p.xp::text as xp, p.lifetime_xp::text as lifetime_xp,
          (select count(*)::int from ledger l where l.player_uuid = p.uuid) as ledger_rows,
          (select coalesce(sum(delta), 0)::text from ledger l where l.player_uuid = p.uuid) as ledger_sum,
          (select count(*)::int from activity a where a.actor_uuid = p.uuid) as activity_rows,
          (select value::text from player_stats s where s.player_uuid = p.uuid and s.name = 'BLOCKS_MINED') as mined
        from players p
        where p.uuid in (${sql.join(
          s.players.map((u) => sql`${u}::uuid`),
          sql`, `,
        )})
        order by p.uuid`,
  );
  const [shared] = await query<Record<string, unknown>>(
    t.db,
    sql`select (select balance::text from gangs where id = ${s.gangId}) as treasury,
               (select count(*)::int from auction_listings where id = ${s.listingId}) as listings,
               (select coalesce(sum(xp), 0)::bigint::text from xp_hourly) as hourly_xp`,
  );
  return { players, shared };
}

/** What the batch does when applied once. */
function expectAppliedOnce(
  after: Awaited<ReturnType<typeof tally>>,
  before: Awaited<ReturnType<typeof tally>>,
) {
  for (const player of after.players) {
    expect(player).toMatchObject({
      balance: '1234567890123.00',
      ledger_sum: '1234567890123.00',
      ledger_rows: 2,
      xp: '1500',
      lifetime_xp: '1500',
      activity_rows: 2,
      mined: '250',
    });
  }
  expect(after.shared).toEqual({
    treasury: '1000000.00',
    listings: 1,
    hourly_xp: String(BigInt(before.shared!.hourly_xp as string) + 3000n),
  });
}

describe.each(databaseKinds())('a bridge batch sent twice, on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let proxy: TcpProxy;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    url = `http://127.0.0.1:${port}`;
    proxy = await startProxy({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await proxy?.close();
    await t?.close();
  });

  it('resent after the game server gave up waiting, applies nothing twice', async () => {
    const s = scene('Resend');
    expect((await postBatch(url, s.setup)).status).toBe(200);
    const before = await tally(t, s);

    // The answer is lost on the way back; the game server gives up waiting for it.
    await proxy.setMode('swallow');
    const viaProxy = `http://127.0.0.1:${proxy.port}`;
    await expect(postBatch(viaProxy, s.batch, 1500)).rejects.toThrow(/abort|timeout/i);
    await proxy.setMode('open');
    // The server got the batch and applied it all the same.
    const ids = s.batch.map((e) => e.id);
    await expect
      .poll(
        async () =>
          (
            await query<{ n: number }>(
              t.db,
              sql`select count(*)::int as n from bridge_events where id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})`,
            )
          )[0]!.n,
        { timeout: 15_000, interval: 100 },
      )
      .toBe(ids.length);
    const applied = await tally(t, s);
    expectAppliedOnce(applied, before);

    // Sent again, by the same path and directly: every event is skipped as already applied.
    for (const base of [viaProxy, url]) {
      const again = await postBatch(base, s.batch);
      expect(again).toEqual({ status: 200, body: { applied: 0, skipped: s.batch.length } });
    }
    expect(await tally(t, s)).toEqual(applied);
  });

  // PGlite runs one transaction at a time: only PostgreSQL can have a first copy still in progress.
  it.skipIf(kind !== 'postgres')(
    'resent while the first copy is still being applied, waits for it and applies nothing twice',
    async () => {
      const s = scene('Overtake');
      expect((await postBatch(url, s.setup)).status).toBe(200);
      const before = await tally(t, s);
      const waiting = async () =>
        (
          await query<{ n: number }>(
            t.db,
            sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
          )
        )[0]!.n;
      // Another writer holds one of the batch's players: the first copy claims its ids, then waits.
      let release!: () => void;
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = t.db.transaction(async (tx) => {
        await tx.execute(sql`select uuid from players where uuid = ${s.players[0]}::uuid for update`);
        locked();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      await isLocked;
      let resent: ReturnType<typeof postBatch>;
      try {
        const first = postBatch(url, s.batch, 1000);
        await expect.poll(waiting, { timeout: 15_000, interval: 50 }).toBe(1);
        // The game server gives up on it and sends the batch again, which waits for the first copy.
        await expect(first).rejects.toThrow(/abort|timeout/i);
        resent = postBatch(url, s.batch);
        await expect.poll(waiting, { timeout: 15_000, interval: 50 }).toBe(2);
      } finally {
        release();
        await holder;
      }
      expect(await resent).toEqual({ status: 200, body: { applied: 0, skipped: s.batch.length } });
      expectAppliedOnce(await tally(t, s), before);
    },
  );

  it('sent twice at once, applies each event once', async () => {
    const s = scene('Twice');
    expect((await postBatch(url, s.setup)).status).toBe(200);
    const before = await tally(t, s);
    const answers = await Promise.all([
      postBatch(url, s.batch),
      postBatch(`http://127.0.0.1:${proxy.port}`, s.batch),
    ]);
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.applied! + answer.body.skipped!).toBe(s.batch.length);
    }
    // Between them, each event was applied by exactly one copy.
    expect(answers.reduce((sum, a) => sum + a.body.applied!, 0)).toBe(s.batch.length);
    expectAppliedOnce(await tally(t, s), before);
  });
});
