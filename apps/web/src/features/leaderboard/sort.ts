// Sorting the table by any column (spec 2.9). The # column is the server's ranking for the chosen
// metric, so sorting by it restores that order.
import type { LeaderboardEntry } from '@prison/shared/leaderboard';
import { compareMoney } from '@prison/shared/money-format';
import { RANKS } from '@prison/shared/ranking';
import { whenUsed } from '@prison/shared/when-used';

export type SortKey = 'position' | 'username' | 'level' | 'xp' | 'prestige' | 'rank' | 'balance';
type SortDirection = 'asc' | 'desc';
export interface Sort {
  key: SortKey;
  direction: SortDirection;
}

export const DEFAULT_SORT: Sort = { key: 'position', direction: 'asc' };

export interface RankedEntry extends LeaderboardEntry {
  /** 1-based place in the server's ranking. */
  position: number;
}

/** An unknown rank sorts below ROOKIE. */
const rankOrder = (rank: string) => (RANKS as readonly string[]).indexOf(rank.toUpperCase());

const collator = whenUsed(() => new Intl.Collator('en', { sensitivity: 'base', numeric: true }));

function compare(a: RankedEntry, b: RankedEntry, key: SortKey): number {
  switch (key) {
    case 'username':
      return collator().compare(a.username, b.username);
    case 'rank':
      return rankOrder(a.rank) - rankOrder(b.rank);
    case 'balance':
      // Exact decimal text: two balances a double cannot tell apart still sort apart.
      return compareMoney(a.balance, b.balance);
    default:
      return a[key] - b[key];
  }
}

export function sortEntries(entries: readonly RankedEntry[], { key, direction }: Sort): RankedEntry[] {
  const sign = direction === 'asc' ? 1 : -1;
  // Equal values keep the server's order, whichever way the column is sorted.
  return [...entries].sort((a, b) => sign * compare(a, b, key) || a.position - b.position);
}

/** The first click on a column sorts the way people expect (names A to Z, figures highest first). */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: key === 'position' || key === 'username' ? 'asc' : 'desc' };
}
