import type { AuctionCategory, Listing } from '@prison/shared/auction';
import { describe, expect, it } from 'vitest';
import {
  afterPurchase,
  hotMovers,
  marketStats,
  parseMinQuantity,
  visibleCategories,
} from './auction-model.ts';

const category = (
  key: string,
  displayName: string,
  count: number,
  lowest: string | null,
  highest: string | null,
) => ({ key, displayName, icon: key, count, lowest, highest }) satisfies AuctionCategory;

const CATEGORIES = [
  category('ores', 'Ores', 12, '5.00', '900.00'),
  category('tools', 'Tools', 3, '250.00', '12000.00'),
  category('food', 'Food', 0, null, null),
  category('blocks', 'Building Blocks', 20, '1.50', '60.00'),
  // Two prices a double cannot tell apart (both would be 4000000000000007.5).
  category('books', 'Enchanted Books', 3, '1000.00', '4000000000000007.40'),
  category('relics', 'Relics', 1, '4000000000000007.35', '4000000000000007.35'),
];

const listing = (id: string, seller: string, qty: number, price: string): Listing => ({
  id,
  item: { name: 'Diamond', icon: 'diamond', enchants: [] },
  seller,
  sellerName: `name-${seller}`,
  qty,
  price,
});

describe('marketStats', () => {
  it('counts live categories and listings, with the market floor and peak', () => {
    expect(marketStats(CATEGORIES)).toEqual({
      liveCategories: 5,
      activeListings: 39,
      floor: '1.50',
      peak: '4000000000000007.40',
    });
  });
  it('has no floor or peak on an empty market', () => {
    expect(marketStats([category('food', 'Food', 0, null, null)])).toEqual({
      liveCategories: 0,
      activeListings: 0,
      floor: null,
      peak: null,
    });
  });
});

describe('visibleCategories', () => {
  it('sorts by name, or by listings with ties by name', () => {
    expect(visibleCategories(CATEGORIES, '', 'name').map((c) => c.key)).toEqual([
      'blocks',
      'books',
      'food',
      'ores',
      'relics',
      'tools',
    ]);
    expect(visibleCategories(CATEGORIES, '', 'listings').map((c) => c.key)).toEqual([
      'blocks',
      'ores',
      'books',
      'tools',
      'relics',
      'food',
    ]);
  });
  it('searches names and keys, trimmed and case-insensitive', () => {
    expect(visibleCategories(CATEGORIES, '  BOOK ', 'name').map((c) => c.key)).toEqual(['books']);
    expect(visibleCategories(CATEGORIES, 'ore', 'name').map((c) => c.key)).toEqual(['ores']);
    expect(visibleCategories(CATEGORIES, 'zzz', 'name')).toEqual([]);
  });
});

describe('hotMovers', () => {
  it('is the three categories with the most listings', () => {
    expect(hotMovers(CATEGORIES).map((c) => c.key)).toEqual(['blocks', 'ores', 'books']);
    expect(hotMovers([category('food', 'Food', 0, null, null)])).toEqual([]);
  });
});

describe('listings', () => {
  const listings = [
    listing('a', 's1', 10, '2.50'),
    listing('b', 's2', 3, '100.00'),
    listing('c', 's1', 1, '1.00'),
  ];

  it('filters by a minimum quantity of at least 0', () => {
    expect(parseMinQuantity('3')).toBe(3);
    expect(parseMinQuantity('-4')).toBe(0);
    expect(parseMinQuantity('')).toBe(0);
    expect(parseMinQuantity('lots')).toBe(0);
    expect(parseMinQuantity('2.5')).toBe(3);
    expect(parseMinQuantity('5000000')).toBe(1_000_000);
  });

  it('lowers the bought listing and removes it at zero', () => {
    expect(afterPurchase(listings, 'a', 4).find((l) => l.id === 'a')?.qty).toBe(4);
    expect(afterPurchase(listings, 'b', 0).map((l) => l.id)).toEqual(['a', 'c']);
  });
});
