import type { LeaderboardEntry } from '@prison/shared/leaderboard';
import { describe, expect, it } from 'vitest';
import { formatBalance } from './format.ts';
import { DEFAULT_SORT, nextSort, type RankedEntry, sortEntries } from './sort.ts';
import { MONEY, median, NUMBERS, summarize } from './summary.ts';

const entry = (username: string, over: Partial<LeaderboardEntry> = {}): LeaderboardEntry => ({
  uuid: `uuid-${username}`,
  username,
  level: 1,
  xp: 0,
  prestige: 0,
  rank: 'ROOKIE',
  balance: '0.00',
  ...over,
});

describe('formatBalance (spec 9: $, thousands separators, rounded)', () => {
  it.each([
    ['1234567.50', '$1,234,568'],
    ['0.40', '$0'],
    ['-0.40', '$0'],
    ['999.49', '$999'],
    ['-1500.00', '-$1,500'],
    ['1000000000000000.00', '$1,000,000,000,000,000'],
    ['4000000000000007.35', '$4,000,000,000,000,007'],
    ['4000000000000007.50', '$4,000,000,000,000,008'],
  ])('%s -> %s', (value, expected) => {
    expect(formatBalance(value)).toBe(expected);
  });
});

describe('summarize', () => {
  const level = (e: LeaderboardEntry) => e.level;

  it('takes the top player, the top-10 mean, the median, the mean and the roster size', () => {
    const entries = Array.from({ length: 12 }, (_, i) => entry(`P${i}`, { level: 120 - i * 10 }));
    expect(summarize(entries, level, NUMBERS)).toEqual({
      topPlayer: entries[0],
      topTenAverage: (120 + 110 + 100 + 90 + 80 + 70 + 60 + 50 + 40 + 30) / 10,
      median: (70 + 60) / 2,
      average: (120 + 10) / 2,
      rosterSize: 12,
    });
  });

  it('averages every entry when fewer than 10 are loaded', () => {
    const entries = [entry('A', { level: 9 }), entry('B', { level: 3 })];
    expect(summarize(entries, level, NUMBERS).topTenAverage).toBe(6);
  });

  it('has nothing to say about an empty roster', () => {
    expect(summarize([], level, NUMBERS)).toEqual({
      topPlayer: null,
      topTenAverage: null,
      median: null,
      average: null,
      rosterSize: 0,
    });
  });

  it('takes the middle value of an odd count', () => {
    expect(median([5, 1, 3], NUMBERS)).toBe(3);
  });

  it('averages balances exactly, to the cent', () => {
    const balances = ['4000000000000007.35', '4000000000000007.40', '0.05'];
    const entries = balances.map((balance, i) => entry(`P${i}`, { balance }));
    expect(summarize(entries, (e) => e.balance, MONEY)).toMatchObject({
      topTenAverage: '2666666666666671.60',
      median: '4000000000000007.35',
      average: '2666666666666671.60',
    });
    expect(median(balances.slice(0, 2), MONEY)).toBe('4000000000000007.38');
  });
});

describe('sorting the table', () => {
  const rows: RankedEntry[] = [
    // Above 2^53 with cents: as doubles, all three would be 4000000000000007.5.
    { ...entry('carol', { level: 50, rank: 'ARCHON', balance: '4000000000000007.35' }), position: 1 },
    { ...entry('Alice', { level: 50, rank: 'mystery', balance: '4000000000000007.45' }), position: 2 },
    { ...entry('bob', { level: 20, rank: 'CADET', balance: '4000000000000007.40' }), position: 3 },
  ];
  const names = (sorted: RankedEntry[]) => sorted.map((r) => r.username);

  it('keeps the server order by default', () => {
    expect(names(sortEntries(rows, DEFAULT_SORT))).toEqual(['carol', 'Alice', 'bob']);
  });

  it('sorts names A to Z regardless of case, figures highest first, ties in server order', () => {
    expect(names(sortEntries(rows, nextSort(DEFAULT_SORT, 'username')))).toEqual(['Alice', 'bob', 'carol']);
    expect(names(sortEntries(rows, nextSort(DEFAULT_SORT, 'balance')))).toEqual(['Alice', 'bob', 'carol']);
    expect(names(sortEntries(rows, nextSort(DEFAULT_SORT, 'level')))).toEqual(['carol', 'Alice', 'bob']);
  });

  it('orders ranks by the ladder, with an unknown rank lowest', () => {
    expect(names(sortEntries(rows, { key: 'rank', direction: 'desc' }))).toEqual(['carol', 'bob', 'Alice']);
  });

  it('flips the direction on a second click', () => {
    const once = nextSort(DEFAULT_SORT, 'xp');
    expect(once).toEqual({ key: 'xp', direction: 'desc' });
    expect(nextSort(once, 'xp')).toEqual({ key: 'xp', direction: 'asc' });
    expect(nextSort(DEFAULT_SORT, 'position')).toEqual({ key: 'position', direction: 'desc' });
  });
});
