import { MAX_ITEM_DATA_BYTES, MAX_ITEM_ENCHANTS } from '@prison/shared/bridge';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bridgeTestApp } from '../../../test/bridge-fixtures.ts';
import { databaseKinds, eventId, newPlayer, postEvents } from '../../../test/helpers.ts';
import { auctionCategories, auctionListings } from '../../db/schema.ts';

describe.each(databaseKinds())('bridge auction events on %s', (kind) => {
  const t = bridgeTestApp(kind);
  const { send } = t;

  it('auction.listed adds a listing (and its category); auction.cancelled withdraws it', async () => {
    const seller = newPlayer();
    const listingId = `l-${eventId()}`;
    await send([
      seller.join,
      {
        id: eventId(),
        type: 'auction.listed',
        listing_id: listingId,
        seller_uuid: seller.uuid,
        category_key: 'ores',
        category_name: '§bOres',
        item: { name: 'Diamond', icon: 'diamond' },
        qty: 64,
        price: 125.5,
      },
    ]);
    const [category] = await t.db.select().from(auctionCategories).where(eq(auctionCategories.key, 'ores'));
    expect(category).toMatchObject({ displayName: '§bOres', icon: 'diamond' });
    let [listing] = await t.db.select().from(auctionListings).where(eq(auctionListings.id, listingId));
    expect(listing).toMatchObject({ qtyListed: 64, qtyLeft: 64, price: '125.50', cancelledAt: null });
    await send([{ id: eventId(), type: 'auction.cancelled', listing_id: listingId }]);
    [listing] = await t.db.select().from(auctionListings).where(eq(auctionListings.id, listingId));
    expect(listing!.cancelledAt).toBeInstanceOf(Date);
  });

  it("keeps a listed item's own data and enchantments, and refuses data over 16 KB or a malformed enchantment", async () => {
    const seller = newPlayer();
    const listed = (item: object) => ({
      id: eventId(),
      type: 'auction.listed',
      listing_id: `l-${eventId()}`,
      seller_uuid: seller.uuid,
      category_key: 'tools',
      category_name: 'Tools',
      item: { name: 'Pickaxe', icon: 'diamond_pickaxe', ...item },
      qty: 1,
      price: 10,
    });
    // 16 KB exactly, counted in bytes of UTF-8: 'é' is two.
    const data = 'é'.repeat(MAX_ITEM_DATA_BYTES / 2);
    const kept = listed({ data, enchants: [{ key: 'efficiency', level: 5 }] });
    await send([seller.join, kept]);
    const [row] = await t.db
      .select({ data: auctionListings.itemData, enchants: auctionListings.itemEnchants })
      .from(auctionListings)
      .where(eq(auctionListings.id, kept.listing_id));
    expect(row).toEqual({ data, enchants: [{ key: 'efficiency', level: 5 }] });

    const refused = await postEvents(t.app, [
      listed({ data: `${data}x` }),
      listed({ enchants: [{ key: 'Efficiency', level: 5 }] }),
      listed({ enchants: [{ key: 'efficiency', level: 0 }] }),
      listed({
        enchants: Array.from({ length: MAX_ITEM_ENCHANTS + 1 }, (_, i) => ({ key: `e${i}`, level: 1 })),
      }),
    ]);
    expect(refused.statusCode).toBe(400);
    const errors = refused.json().errors as { index: number; code: string; reason: string }[];
    expect(errors.map((e) => [e.index, e.code])).toEqual([
      [0, 'event_invalid'],
      [1, 'event_invalid'],
      [2, 'event_invalid'],
      [3, 'event_invalid'],
    ]);
    expect(errors[0]!.reason).toMatch(/item\.data: at most 16384 bytes/);
    expect(errors[1]!.reason).toMatch(/item\.enchants\.0\.key/);
  });
});
