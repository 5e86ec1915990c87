// Test support for the auction house: bridge events that make players, money and listings, and the
// money invariants of DESIGN.md section 3 read straight from the database.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

let counter = 0;
/** An id no other test uses, even in another file running at once; fit for a category key too. */
export const unique = (label: string) => `${label}-${process.pid}-${Date.now().toString(36)}-${++counter}`;

/** A player.balance event; money as exact decimal text. */
export const payout = (uuid: string, delta: string, reason = 'test payout') => ({
  id: unique('pay'),
  type: 'player.balance',
  uuid,
  delta,
  reason,
});

export interface ListingOptions {
  id?: string;
  seller: string;
  category?: string;
  categoryName?: string;
  item?: { name: string; icon: string; data?: string; enchants?: { key: string; level: number }[] };
  qty?: number;
  price?: string;
}

/** An auction.listed event, and the listing's id. */
export function listing(options: ListingOptions) {
  const id = options.id ?? unique('listing');
  return {
    id,
    event: {
      id: unique('listed'),
      type: 'auction.listed',
      listing_id: id,
      seller_uuid: options.seller,
      category_key: options.category ?? 'blocks',
      category_name: options.categoryName ?? 'Blocks',
      item: options.item ?? { name: 'Diamond Block', icon: 'diamond_block' },
      qty: options.qty ?? 10,
      price: options.price ?? '100',
    },
  };
}

export const cancelled = (listingId: string) => ({
  id: unique('cancel'),
  type: 'auction.cancelled',
  listing_id: listingId,
});

type Rows<T> = { rows: T[] } | T[];
const rowsOf = <T>(result: Rows<T>): T[] => (Array.isArray(result) ? result : result.rows);

/** Runs a query and answers its rows, on either driver. */
export async function query<T>(db: Db, statement: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf((await db.execute(statement)) as unknown as Rows<T>);
}

/** Each player's balance as exact text. */
export async function balanceOf(db: Db, uuid: string): Promise<string> {
  const [row] = await query<{ balance: string }>(
    db,
    sql`select balance::text as balance from players where uuid = ${uuid}`,
  );
  return row!.balance;
}

/**
 * What must hold whatever happened (DESIGN.md section 3), for the given players and listings:
 * every broken rule as a sentence, so a failing test says what broke. Empty when all is well.
 */
export async function brokenInvariants(db: Db, uuids: string[], listingIds: string[]): Promise<string[]> {
  const broken: string[] = [];
  const uuidList = sql.join(
    uuids.map((u) => sql`${u}::uuid`),
    sql`, `,
  );
  // Compared in SQL, as numeric: exact.
  for (const row of await query<{ uuid: string; balance: string; ledger: string; matches: boolean }>(
    db,
    sql`select uuid, balance::text as balance, ledger::text as ledger, balance = ledger as matches
        from (select p.uuid, p.balance,
                coalesce((select sum(delta) from ledger l where l.player_uuid = p.uuid), 0) as ledger
              from players p where p.uuid in (${uuidList})) t`,
  )) {
    if (!row.matches)
      broken.push(`player ${row.uuid}: balance ${row.balance} but ledger sums to ${row.ledger}`);
  }
  // Only the game server may take a balance below zero (a player.balance event's delta may be
  // negative, DESIGN.md section 7); the site's own debits never do. A player's ledger rows, in the
  // order they were written (a balance's row lock orders its writers), sum to the balance after each.
  for (const row of await query<{ uuid: string; reference: string | null; after: string }>(
    db,
    sql`select player_uuid as uuid, reference, after::text as after
        from (select player_uuid, delta, reference,
                sum(delta) over (partition by player_uuid order by id) as after
              from ledger where player_uuid in (${uuidList})) moves
        where delta < 0 and after < 0 and coalesce(reference, '') not like 'bridge:%'`,
  )) {
    broken.push(
      `player ${row.uuid}: a debit of the site (${row.reference}) left a negative balance ${row.after}`,
    );
  }
  if (listingIds.length === 0) return broken;
  const idList = sql.join(
    listingIds.map((id) => sql`${id}`),
    sql`, `,
  );
  for (const row of await query<{ id: string; listed: number; left: number; sold: number }>(
    db,
    sql`select l.id, l.qty_listed as listed, l.qty_left as left,
          coalesce((select sum(qty) from auction_purchases p where p.listing_id = l.id), 0)::int as sold
        from auction_listings l where l.id in (${idList})`,
  )) {
    if (row.left < 0) broken.push(`listing ${row.id} has ${row.left} left`);
    if (row.sold !== row.listed - row.left) {
      broken.push(`listing ${row.id}: ${row.sold} sold but ${row.listed} listed and ${row.left} left`);
    }
  }
  for (const row of await query<{ id: string; deliveries: number; qty: number; delivered: number }>(
    db,
    sql`select p.id, count(d.id)::int as deliveries, p.qty, coalesce(sum(d.qty), 0)::int as delivered
        from auction_purchases p left join deliveries d on d.purchase_id = p.id
        where p.listing_id in (${idList}) group by p.id`,
  )) {
    if (row.deliveries !== 1 || row.delivered !== row.qty) {
      broken.push(`purchase ${row.id} of ${row.qty} has ${row.deliveries} deliveries of ${row.delivered}`);
    }
  }
  for (const row of await query<{ id: string; entries: number; sum: string; balanced: boolean }>(
    db,
    sql`select p.id, count(l.id)::int as entries, coalesce(sum(l.delta), 0)::text as sum,
          coalesce(sum(l.delta), 0) = 0 as balanced
        from auction_purchases p left join ledger l on l.reference = p.id::text
        where p.listing_id in (${idList}) group by p.id`,
  )) {
    if (row.entries !== 2 || !row.balanced) {
      broken.push(`purchase ${row.id} has ${row.entries} ledger rows summing to ${row.sum}`);
    }
  }
  return broken;
}

/** The sum of the players' balances, exact. */
export async function totalMoney(db: Db, uuids: string[]): Promise<string> {
  const uuidList = sql.join(
    uuids.map((u) => sql`${u}::uuid`),
    sql`, `,
  );
  const [row] = await query<{ total: string }>(
    db,
    sql`select coalesce(sum(balance), 0)::text as total from players where uuid in (${uuidList})`,
  );
  return row!.total;
}
