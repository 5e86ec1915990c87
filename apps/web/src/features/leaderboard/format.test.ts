import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAverage, formatBalance } from './format.ts';

describe('leaderboard figures', () => {
  it('keep one decimal on averages, grouped, as Intl.NumberFormat writes them', () => {
    expect(formatAverage(42.5)).toBe('42.5');
    expect(formatAverage(42)).toBe('42');
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
    // 1.4499999999999999556 as a double; Intl rounds its shortest text, 1.45, as formatTenths does.
    expect(formatAverage(1.45)).toBe(intl.format(1.45));
    expect(formatAverage(1.45)).toBe('1.5');
    expect(formatAverage(12345.678)).toBe('12,345.7');
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (value) => {
        expect(formatAverage(value)).toBe(intl.format(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('round balances to whole dollars', () => {
    expect(formatBalance('1234567.50')).toBe('$1,234,568');
  });
});
