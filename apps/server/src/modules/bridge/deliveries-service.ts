// The delivery outbox (DESIGN.md sections 3 and 7): one row per auction purchase, pending until the
// game server acknowledges it. A purchase NOTIFYs BRIDGE_CHANNEL with the delivery's id when it
// commits, which PostgreSQL tells every server process (PGlite this one), so each bridge socket
// gets the delivery at once.
import type { Delivery } from '@prison/shared/bridge';
import { PING_INTERVAL_MS } from '@prison/shared/sockets';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { BRIDGE_CHANNEL, type Db, rowsOf } from '../../db/client.ts';
import { auctionListings, auctionPurchases, bridgeConnections, deliveries } from '../../db/schema.ts';
import { committedHere, notifyChanges, writeIn } from '../../live/changes.ts';
import { addNotifications } from '../notifications/writes.ts';

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
      returning id, pg_notify(${BRIDGE_CHANNEL}::text, id::text)
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

/**
 * Marks deliveries delivered; answers how many were pending (acknowledging again is harmless). Each
 * buyer is notified that their purchase was handed over in game, in the same transaction.
 */
export async function acknowledgeDeliveries(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const { count, changes } = await db.transaction(async (tx) => {
    const w = writeIn(tx);
    const marked = rowsOf<{ player: string; purchase: string; listing: string; item: string; qty: number }>(
      await tx.execute(sql`
        update deliveries d set delivered_at = now()
        from auction_purchases ap
        where d.delivered_at is null and d.id = any(${`{${unique.join(',')}}`}::uuid[]) and ap.id = d.purchase_id
        returning d.player_uuid::text as player, d.purchase_id::text as purchase, ap.listing_id as listing,
          d.item_name as item, d.qty`),
    );
    await addNotifications(
      w,
      marked.map((row) => ({
        player: row.player,
        kind: 'purchase.delivered',
        data: {
          purchase_id: row.purchase,
          listing_id: row.listing,
          item_name: row.item,
          qty: Number(row.qty),
        },
      })),
    );
    await notifyChanges(tx, w.changes);
    return { count: marked.length, changes: w.changes };
  });
  await committedHere(db, changes);
  return count;
}

// Several game servers (a network) each hold a delivery socket, in any of the site's processes: each
// delivery is handed to exactly one of them (delivery-feed.ts). A delivery is taken by one socket's
// connection for a lease; it goes to the server its buyer is on when that server has a live socket,
// else to any, and is held while none is connected. A lease that ends unacknowledged, or a connection
// that closes, offers it again.

/** How long a connection keeps a delivery it was handed, unacknowledged, before it is offered again. */
export const DELIVERY_LEASE_MS = 60_000;
/** A connection whose process has not said it is alive for this long is gone (it stopped uncleanly). */
export const CONNECTION_STALE_MS = 3 * PING_INTERVAL_MS;

/** The most deliveries one connection takes at a time. */
export const MAX_DELIVERIES_TAKEN = 500;

/** A game server's delivery socket, in this process. */
export interface BridgeConnection {
  id: string;
  /** Its credential's name. */
  server: string;
  /** Its credential's id; null for BRIDGE_TOKEN. */
  credentialId: string | null;
}

/** The payload on BRIDGE_CHANNEL that says a credential was revoked: its sockets close. */
export const revokedPayload = (credentialId: string) => `revoked:${credentialId}`;

// A socket whose credential was revoked takes nothing more (and is closed: delivery-feed.ts).
const revokedNot = (credentialId: string | null) =>
  credentialId === null
    ? sql`true`
    : sql`exists (select from bridge_credentials b where b.id = ${credentialId}::uuid and b.revoked_at is null)`;

/** Records a socket opened by `server`'s credential. */
export async function openConnection(db: Db, { id, server }: BridgeConnection): Promise<void> {
  await db.insert(bridgeConnections).values({ id, server });
}

/** Says the connections are still open (on each ping), so other processes do not take them for gone. */
export async function touchConnections(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(bridgeConnections).set({ seenAt: sql`now()` }).where(inArray(bridgeConnections.id, ids));
}

/**
 * Forgets a closed socket and offers again what it was handed and did not acknowledge (deliveries and
 * staff actions), at once: every process's sockets hear of it (BRIDGE_CHANNEL, '*').
 */
export async function closeConnection(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(bridgeConnections).where(eq(bridgeConnections.id, id));
    await tx
      .update(deliveries)
      .set({ takenBy: null, leaseUntil: null })
      .where(and(pending, eq(deliveries.takenBy, id)));
    await tx.execute(sql`
      update punishment_actions set taken_by = null, lease_until = null
      where via = 'plugin' and state = 'sending' and taken_by = ${id}::uuid`);
    await tx.execute(sql`select pg_notify(${BRIDGE_CHANNEL}::text, '*')`);
  });
}

/** An outbox the delivery sockets take from: its table, what of it is pending, and which rows. */
export interface Outbox {
  /** The table, with player_uuid, created_at, taken_by and lease_until columns. */
  table: SQL;
  /** Its pending rows, the table aliased `d`. */
  pending: SQL;
  /** Of those, the ones to look at (`true`: all). */
  among: SQL;
  limit: number;
}

/**
 * Takes, for `connection`, the pending rows of `outbox` it should have, oldest first, at most
 * `limit`: those not held by another connection's lease, and not ones it was handed already, whose
 * player is on its server or on no server with a live socket. Each is taken by one connection only,
 * whichever process asks first. Answers the ids taken.
 */
export async function takeFromOutbox(
  db: Db,
  connection: BridgeConnection,
  outbox: Outbox,
): Promise<string[]> {
  const lease = `${DELIVERY_LEASE_MS} milliseconds`;
  const stale = `${CONNECTION_STALE_MS} milliseconds`;
  const taken = rowsOf<{ id: string }>(
    await db.execute(sql`
      with wanted as (
        select d.id from ${outbox.table} d left join players p on p.uuid = d.player_uuid
        where ${outbox.pending} and ${outbox.among}
          and ${revokedNot(connection.credentialId)}
          and (d.taken_by is null or d.lease_until < now())
          and d.taken_by is distinct from ${connection.id}::uuid
          and (
            (p.online and p.server = ${connection.server})
            or not exists (
              select from bridge_connections c
              where p.online and c.server = p.server and c.seen_at > now() - ${stale}::interval
            )
          )
        order by d.created_at, d.id
        limit ${outbox.limit}
        for update of d skip locked
      )
      update ${outbox.table} d set taken_by = ${connection.id}::uuid, lease_until = now() + ${lease}::interval
      from wanted where d.id = wanted.id
      returning d.id::text as id`),
  );
  return taken.map((row) => row.id);
}

/**
 * Takes, for `connection`, the pending deliveries it should have (of `ids`, or of all when null),
 * oldest first, at most `limit` (takeFromOutbox).
 */
export async function takeDeliveries(
  db: Db,
  connection: BridgeConnection,
  ids: string[] | null,
  limit = MAX_DELIVERIES_TAKEN,
): Promise<Delivery[]> {
  const among = ids === null ? sql`true` : sql`d.id = any(${`{${ids.join(',')}}`}::uuid[])`;
  const taken = await takeFromOutbox(db, connection, {
    table: sql`deliveries`,
    pending: sql`d.delivered_at is null`,
    among,
    limit,
  });
  return pendingDeliveriesById(db, taken);
}
