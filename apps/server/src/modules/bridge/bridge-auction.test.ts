import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bridgeTestApp } from '../../../test/bridge-fixtures.ts';
import { databaseKinds, eventId, newPlayer } from '../../../test/helpers.ts';
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
});
