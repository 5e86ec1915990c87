import type { AuctionCategory, Listing } from '@prison/shared/auction';
import { describe, expect, it } from 'vitest';
import {
  afterPurchase,
  atLeast,
  hotMovers,
  listingSummary,
  marketRecap,
  marketStats,
  parseMinQuantity,
  topSellers,
  visibleCategories,
} from './auction-model.ts';

const category = (
  key: string,
  displayName: string,
  count: number,
  lowest: number | null,
  highest: number | null,
) => ({ key, displayName, icon: key, count, lowest, highest }) satisfies AuctionCategory;

const CATEGORIES = [
  category('ores', 'Ores', 12, 5, 900),
  category('tools', 'Tools', 3, 250, 12_000),
  category('food', 'Food', 0, null, null),
  category('blocks', 'Building Blocks', 20, 1.5, 60),
  category('books', 'Enchanted Books', 3, 1000, 50_000),
];

const listing = (id: string, seller: string, qty: number, price: number): Listing => ({
  id,
  item: { name: 'Diamond', icon: 'diamond' },
  seller,
  sellerName: `name-${seller}`,
  qty,
  price,
});

describe('marketStats', () => {
  it('counts live categories and listings, with the market floor and peak', () => {
    expect(marketStats(CATEGORIES)).toEqual({
      liveCategories: 4,
      activeListings: 38,
      floor: 1.5,
      peak: 50_000,
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
      'tools',
    ]);
    expect(visibleCategories(CATEGORIES, '', 'listings').map((c) => c.key)).toEqual([
      'blocks',
      'ores',
      'books',
      'tools',
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
  const listings = [listing('a', 's1', 10, 2.5), listing('b', 's2', 3, 100), listing('c', 's1', 1, 1)];

  it('summarises quantity, value, floor and ceiling', () => {
    expect(listingSummary(listings)).toEqual({ totalQuantity: 14, totalValue: 326, floor: 1, ceiling: 100 });
    expect(listingSummary([])).toEqual({ totalQuantity: 0, totalValue: 0, floor: null, ceiling: null });
  });

  it('filters by a minimum quantity of at least 0', () => {
    expect(parseMinQuantity('3')).toBe(3);
    expect(parseMinQuantity('-4')).toBe(0);
    expect(parseMinQuantity('')).toBe(0);
    expect(parseMinQuantity('lots')).toBe(0);
    expect(atLeast(listings, 3).map((l) => l.id)).toEqual(['a', 'b']);
    expect(atLeast(listings, 0)).toHaveLength(3);
  });

  it('recaps the market and ranks sellers by quantity', () => {
    expect(marketRecap(listings)).toEqual({
      listings: 3,
      sellers: 2,
      averagePrice: 326 / 14,
      cheapestSeller: 'name-s1',
    });
    expect(topSellers(listings)).toEqual([
      { seller: 's1', sellerName: 'name-s1', quantity: 11, listings: 2 },
      { seller: 's2', sellerName: 'name-s2', quantity: 3, listings: 1 },
    ]);
  });

  it('lowers the bought listing and removes it at zero', () => {
    expect(afterPurchase(listings, 'a', 4).find((l) => l.id === 'a')?.qty).toBe(4);
    expect(afterPurchase(listings, 'b', 0).map((l) => l.id)).toEqual(['a', 'c']);
  });
});
