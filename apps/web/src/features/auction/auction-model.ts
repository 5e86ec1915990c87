// The auction pages' figures (spec 2.10, 2.11), apart from how they are drawn.
// Prices are exact decimal text, compared in whole cents (money-format.ts). A category's own
// figures (total value, recap, top sellers) come from the server with its first page of listings.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuctionCategory, Listing } from '@prison/shared/auction';
import { compareMoney } from '@prison/shared/money-format';

interface MarketStats {
  /** Categories with at least one active listing. */
  liveCategories: number;
  activeListings: number;
  /** The lowest unit price on the market, null when nothing is listed. */
  floor: string | null;
  /** The highest unit price on the market. */
  peak: string | null;
}

export function marketStats(categories: readonly AuctionCategory[]): MarketStats {
  const live = categories.filter((c) => c.count > 0);
  const lows = live.flatMap((c) => (c.lowest === null ? [] : [c.lowest]));
  const highs = live.flatMap((c) => (c.highest === null ? [] : [c.highest]));
  return {
    liveCategories: live.length,
    activeListings: live.reduce((sum, c) => sum + c.count, 0),
    floor: lowest(lows),
    peak: highest(highs),
  };
}

const lowest = (prices: readonly string[]): string | null =>
  prices.reduce<string | null>((low, p) => (low === null || compareMoney(p, low) < 0 ? p : low), null);
const highest = (prices: readonly string[]): string | null =>
  prices.reduce<string | null>((high, p) => (high === null || compareMoney(p, high) > 0 ? p : high), null);

export type CategorySort = 'name' | 'listings';
export const CATEGORY_SORTS: { id: CategorySort; label: MessageDescriptor }[] = [
  { id: 'name', label: msg`Name` },
  { id: 'listings', label: msg`Listings` },
];

/** Search (trimmed, case-insensitive, over the name and key) then sort: Name A to Z, or most listings first. */
export function visibleCategories(
  categories: readonly AuctionCategory[],
  search: string,
  sort: CategorySort,
): AuctionCategory[] {
  const needle = search.trim().toLowerCase();
  const found = needle
    ? categories.filter(
        (c) => c.displayName.toLowerCase().includes(needle) || c.key.toLowerCase().includes(needle),
      )
    : [...categories];
  const byName = (a: AuctionCategory, b: AuctionCategory) => a.displayName.localeCompare(b.displayName);
  return found.sort(sort === 'name' ? byName : (a, b) => b.count - a.count || byName(a, b));
}

/** Spec 9: the top 3 trending categories, by active listings. */
export function hotMovers(categories: readonly AuctionCategory[]): AuctionCategory[] {
  return visibleCategories(
    categories.filter((c) => c.count > 0),
    '',
    'listings',
  ).slice(0, 3);
}

/**
 * Spec 5: a minimum-quantity filter of at least 0; anything unreadable filters nothing. Units are
 * whole (at least 2.5 is at least 3), and no listing holds more than 1,000,000.
 */
export function parseMinQuantity(text: string): number {
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? Math.min(1_000_000, Math.ceil(value)) : 0;
}

/** Spec 4 Purchase: after a success the listing's quantity drops locally, and it goes at zero. */
export function afterPurchase(listings: readonly Listing[], id: string, remaining: number): Listing[] {
  return listings.flatMap((l) => (l.id !== id ? [l] : remaining > 0 ? [{ ...l, qty: remaining }] : []));
}
