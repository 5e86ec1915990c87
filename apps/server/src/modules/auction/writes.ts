// Listings come and go in game (DESIGN.md section 7): the bridge calls these inside its batch's
// transaction, each with all of a batch's listings of one kind that can be applied together. Buying
// from a listing is the purchase, in service.ts.
import { sql } from 'drizzle-orm';
import type { Write } from '../../live/changes.ts';
import { queueWebhooksFrom, WEBHOOK_RECENT } from '../webhooks/events.ts';

/** Rows for `jsonb_to_recordset`: a whole set of writes travels as one parameter. */
const recordset = (rows: readonly object[]) => sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`;

export interface NewListing {
  id: string;
  seller: string;
  category: { key: string; name: string; icon?: string };
  item: { name: string; icon: string; data?: string; enchants?: readonly { key: string; level: number }[] };
  qty: number;
  /** Exact decimal text, rounded to cents. */
  price: string;
  at: Date;
}

/**
 * Puts listings on sale, each at its `at`, creating or renaming their categories in the order given
 * (a new category takes its first listing's item icon unless a category icon was given).
 */
export async function addListings(w: Write, listings: readonly NewListing[]) {
  if (listings.length === 0) return;
  const categories = new Map<string, { key: string; name: string; icon: string; iconGiven: boolean }>();
  for (const { category, item } of listings) {
    const seen = categories.get(category.key);
    categories.set(category.key, {
      key: category.key,
      name: category.name,
      icon: category.icon ?? seen?.icon ?? item.icon,
      iconGiven: Boolean(category.icon) || Boolean(seen?.iconGiven),
    });
  }
  await w.tx.execute(sql`
    with r as (
      select * from ${recordset([...categories.values()])}
        as r(key text, name text, icon text, "iconGiven" boolean)
    )
    insert into auction_categories as c (key, display_name, icon)
    select key, name, icon from r order by key
    on conflict (key) do update set
      display_name = excluded.display_name,
      icon = case when (select "iconGiven" from r where r.key = excluded.key) then excluded.icon else c.icon end`);
  await w.tx.execute(sql`
    insert into auction_listings
      (id, seller_uuid, category_key, item_name, item_icon, item_data, item_enchants, qty_listed, qty_left,
        price, listed_at)
    select id, seller, category, "itemName", "itemIcon", "itemData", "itemEnchants", qty, qty, round(price, 2),
      at
    from ${recordset(
      listings.map((l) => ({
        id: l.id,
        seller: l.seller,
        category: l.category.key,
        itemName: l.item.name,
        itemIcon: l.item.icon,
        itemData: l.item.data ?? null,
        itemEnchants: l.item.enchants ?? [],
        qty: l.qty,
        price: l.price,
        at: l.at,
      })),
    )} as r(id text, seller uuid, category text, "itemName" text, "itemIcon" text, "itemData" text,
        "itemEnchants" jsonb, qty int, price numeric, at timestamptz)
    order by id`);
  // The webhooks that take listings hear of the recent ones, in the order the game gave them.
  await queueWebhooksFrom(
    w.tx,
    'listing',
    sql`
      select jsonb_build_object('listing_id', l.id, 'item_name', l.item_name, 'qty', l.qty_listed,
          'price', l.price::text, 'seller', jsonb_build_object('uuid', l.seller_uuid, 'name', p.username))
          as data,
        null::text as key
      from jsonb_array_elements_text(${JSON.stringify(listings.map((l) => l.id))}::jsonb)
          with ordinality as given(id, n)
        join auction_listings l on l.id = given.id
        join players p on p.uuid = l.seller_uuid
      where l.listed_at > now() - ${WEBHOOK_RECENT}
      order by given.n`,
  );
  w.changes.push({ type: 'listing.changed' });
}

/** Withdraws listings, each at its `at`; a listing's first withdrawal's time stays. One per listing. */
export async function cancelListings(w: Write, cancels: readonly { id: string; at: Date }[]) {
  if (cancels.length === 0) return;
  await w.tx.execute(sql`
    update auction_listings l set cancelled_at = coalesce(l.cancelled_at, r.at)
    from ${recordset(cancels)} as r(id text, at timestamptz)
    where l.id = r.id`);
  w.changes.push({ type: 'listing.changed' });
}
