// Listings come and go in game (DESIGN.md section 7): the bridge calls these inside its batch's
// transaction. Buying from a listing is the purchase, in service.ts.
import { eq, sql } from 'drizzle-orm';
import { auctionCategories, auctionListings } from '../../db/schema.ts';
import type { Write } from '../../live/changes.ts';

export interface NewListing {
  id: string;
  seller: string;
  category: { key: string; name: string; icon?: string };
  item: { name: string; icon: string };
  qty: number;
  /** Exact decimal text, rounded to cents. */
  price: string;
}

/** Puts a listing on sale at `at`, creating or renaming its category. */
export async function addListing(w: Write, listing: NewListing, at: Date) {
  const { category } = listing;
  await w.tx
    .insert(auctionCategories)
    .values({ key: category.key, displayName: category.name, icon: category.icon ?? listing.item.icon })
    .onConflictDoUpdate({
      target: auctionCategories.key,
      set: { displayName: category.name, ...(category.icon && { icon: category.icon }) },
    });
  await w.tx.insert(auctionListings).values({
    id: listing.id,
    sellerUuid: listing.seller,
    categoryKey: category.key,
    itemName: listing.item.name,
    itemIcon: listing.item.icon,
    qtyListed: listing.qty,
    qtyLeft: listing.qty,
    price: sql`round(${listing.price}::numeric, 2)`,
    listedAt: at,
  });
  w.changes.push({ type: 'listing.changed' });
}

/** Withdraws a listing; the first withdrawal's time stays. */
export async function cancelListing(w: Write, id: string, at: Date) {
  await w.tx
    .update(auctionListings)
    .set({ cancelledAt: sql`coalesce(${auctionListings.cancelledAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(auctionListings.id, id));
  w.changes.push({ type: 'listing.changed' });
}
