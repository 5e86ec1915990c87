// The delivery outbox (DESIGN.md sections 3 and 7): one row per auction purchase, pending until the
// game server acknowledges it. A purchase NOTIFYs DELIVERIES_CHANNEL with the delivery's id when it
// commits, which PostgreSQL tells every server process (PGlite this one), so each bridge socket
// gets the delivery at once.
import type { Delivery } from '@prison/shared/bridge';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auctionListings, auctionPurchases, deliveries } from '../../db/schema.ts';

export const DELIVERIES_CHANNEL = 'deliveries';

/**
 * Queues purchases' items for the game server, as part of the purchase's statement
 * (auction/service.ts): one delivery for each row of `purchases` (purchase_id, player_uuid,
 * item_name, item_icon, qty), whose id every process's bridge sockets hear of on commit. Defines
 * the CTE `delivery`.
 */
export function queuedDeliveries(purchases: SQL): SQL {
  // The NOTIFY is in RETURNING: a data-modifying CTE runs whether or not the statement reads it,
  // so each row written sends its own, and a statement that writes none sends none.
  return sql`delivery as (
      insert into deliveries (purchase_id, player_uuid, item_name, item_icon, qty)
      select purchase_id, player_uuid, item_name, item_icon, qty from (${purchases}) d
      returning id, pg_notify(${DELIVERIES_CHANNEL}::text, id::text)
    )`;
}

const pending = isNull(deliveries.deliveredAt);
// A delivery as the game server gets it: the purchase it hands over (its listing, seller and
// prices), the listed item as the game described it, and the money the purchase moved on the site
// (its ledger rows, found by the purchase's id), so the game's economy can apply the same movements.
const columns = {
  id: deliveries.id,
  playerUuid: deliveries.playerUuid,
  itemName: deliveries.itemName,
  itemIcon: deliveries.itemIcon,
  itemData: auctionListings.itemData,
  itemEnchants: auctionListings.itemEnchants,
  qty: deliveries.qty,
  purchaseId: deliveries.purchaseId,
  listingId: auctionPurchases.listingId,
  sellerUuid: auctionPurchases.sellerUuid,
  unitPrice: sql<string>`${auctionPurchases.unitPrice}::text`,
  total: sql<string>`${auctionPurchases.total}::text`,
  money: sql<Delivery['money']>`coalesce((
    select json_agg(json_build_object('player_uuid', ledger.player_uuid, 'delta', ledger.delta::text,
      'ledger_id', ledger.id) order by ledger.id)
    from ledger
    where ledger.reference = ${deliveries.purchaseId}::text
      and ledger.reason in ('auction.purchase', 'auction.sale')
  ), '[]'::json)`,
  createdAt: deliveries.createdAt,
};
interface Row {
  id: string;
  playerUuid: string;
  itemName: string;
  itemIcon: string;
  itemData: string | null;
  itemEnchants: Delivery['item']['enchants'];
  qty: number;
  purchaseId: string;
  listingId: string;
  sellerUuid: string;
  unitPrice: string;
  total: string;
  money: Delivery['money'];
  createdAt: Date;
}

const toDelivery = (row: Row): Delivery => ({
  id: row.id,
  player_uuid: row.playerUuid,
  item: { name: row.itemName, icon: row.itemIcon, data: row.itemData, enchants: row.itemEnchants },
  qty: row.qty,
  purchase_id: row.purchaseId,
  listing_id: row.listingId,
  seller_uuid: row.sellerUuid,
  unit_price: row.unitPrice,
  total: row.total,
  money: row.money,
  created_at: row.createdAt.toISOString(),
});

/** Where a page of pending deliveries ended: its last row's time (in microseconds) and id. */
export interface DeliveryCursor {
  micros: string;
  id: string;
}

// Exact to the microsecond, which a JavaScript Date (milliseconds) is not.
const micros = sql<string>`(extract(epoch from ${deliveries.createdAt}) * 1000000)::bigint::text`;

/** The oldest pending deliveries, at most `limit`, after `after` (where the previous page ended). */
export async function pendingDeliveries(
  db: Db,
  limit: number,
  after?: DeliveryCursor,
): Promise<{ deliveries: Delivery[]; next: DeliveryCursor | null }> {
  const where: SQL | undefined = after
    ? and(
        pending,
        sql`(${deliveries.createdAt}, ${deliveries.id}) > (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id}::uuid)`,
      )
    : pending;
  const rows = await db
    .select({ ...columns, micros })
    .from(deliveries)
    .innerJoin(auctionPurchases, eq(auctionPurchases.id, deliveries.purchaseId))
    .innerJoin(auctionListings, eq(auctionListings.id, auctionPurchases.listingId))
    .where(where)
    .orderBy(asc(deliveries.createdAt), asc(deliveries.id))
    .limit(limit);
  const last = rows.at(-1);
  return {
    deliveries: rows.map(toDelivery),
    next: last && rows.length === limit ? { micros: last.micros, id: last.id } : null,
  };
}

/** How many deliveries are pending, and how long the oldest has waited (0 when none): for the metrics. */
export async function pendingBacklog(db: Db): Promise<{ pending: number; oldestAgeSeconds: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*)::int`,
      oldestAgeSeconds: sql<number>`coalesce(extract(epoch from now() - min(${deliveries.createdAt})), 0)::float8`,
    })
    .from(deliveries)
    .where(pending);
  return { pending: row?.pending ?? 0, oldestAgeSeconds: Math.max(0, row?.oldestAgeSeconds ?? 0) };
}

/** Those of `ids` still pending, oldest first. */
export async function pendingDeliveriesById(db: Db, ids: string[]): Promise<Delivery[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(deliveries)
    .innerJoin(auctionPurchases, eq(auctionPurchases.id, deliveries.purchaseId))
    .innerJoin(auctionListings, eq(auctionListings.id, auctionPurchases.listingId))
    .where(and(pending, inArray(deliveries.id, ids)))
    .orderBy(asc(deliveries.createdAt), asc(deliveries.id));
  return rows.map(toDelivery);
}

/** Marks deliveries delivered; answers how many were pending (acknowledging again is harmless). */
export async function acknowledgeDeliveries(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const marked = await db
    .update(deliveries)
    .set({ deliveredAt: sql`now()` })
    .where(and(pending, inArray(deliveries.id, unique)))
    .returning({ id: deliveries.id });
  return marked.length;
}
