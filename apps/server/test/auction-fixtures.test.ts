// The checker the purchase, fault and fuzz tests trust: it must see what it is there to see.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { brokenInvariants } from './auction-fixtures.ts';
import { createPlayer } from './backup/backup-kit.ts';
import { openTestDatabase } from './helpers.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase('pglite');
});
afterAll(async () => {
  await database.close();
});

/** Moves a balance by `delta` with its ledger row, as the site's writes do. */
async function move(uuid: string, delta: string, reference: string) {
  await database.db.execute(
    sql`update players set balance = balance + ${delta}::numeric where uuid = ${uuid}`,
  );
  await database.db.execute(
    sql`insert into ledger (player_uuid, delta, reason, reference) values (${uuid}, ${delta}, 'test', ${reference})`,
  );
}

describe('brokenInvariants on balances', () => {
  it('lets the game server take a balance below zero', async () => {
    const player = await createPlayer(database.db, '10.00');
    await move(player, '-25.00', 'bridge:3f1c');
    await move(player, '5.00', 'purchase-1');
    expect(await brokenInvariants(database.db, [player], [])).toEqual([]);
  });

  it('names a debit of the site that took a balance below zero, even when the game paid it back', async () => {
    const player = await createPlayer(database.db, '10.00');
    await move(player, '-12.50', 'purchase-2');
    await move(player, '100.00', 'bridge:77aa');
    expect(await brokenInvariants(database.db, [player], [])).toEqual([
      `player ${player}: a debit of the site (purchase-2) left a negative balance -2.50`,
    ]);
  });

  it('names a balance its ledger does not sum to', async () => {
    const player = await createPlayer(database.db, '10.00');
    await database.db.execute(sql`update players set balance = 11 where uuid = ${player}`);
    expect(await brokenInvariants(database.db, [player], [])).toEqual([
      `player ${player}: balance 11.00 but ledger sums to 10.00`,
    ]);
  });
});
