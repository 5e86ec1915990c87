import { describe, expect, it } from 'vitest';
import { formatMoneyCompact, formatWholeDollars } from './money-format.ts';

describe('formatMoneyCompact', () => {
  it.each([
    [1e6, '$1M'],
    [4_200_000, '$4.2M'],
    [12_500_000_000, '$12.5B'],
    [7_777_000_000_000, '$7.78T'],
    [3_014_333_337_000_000, '$3.01Q'],
    [2.5e18, '$2.5Qi'],
    [2.5e21, '$2,500Qi'],
    [-4_200_000, '-$4.2M'],
  ])('%s -> %s', (value, text) => {
    expect(formatMoneyCompact(value)).toBe(text);
  });

  it('writes sums under a million in whole dollars, or with the format given', () => {
    expect(formatMoneyCompact(48_210.4)).toBe('$48,210');
    expect(formatMoneyCompact(999_999)).toBe('$999,999');
    expect(formatMoneyCompact(-0.2)).toBe('$0');
    expect(formatMoneyCompact(950_000.5, (value) => `${value} dollars`)).toBe('950000.5 dollars');
  });

  it('writes anything that is not a number as $0', () => {
    expect(formatMoneyCompact(Number.NaN)).toBe('$0');
    expect(formatMoneyCompact(Number.POSITIVE_INFINITY)).toBe('$0');
    expect(formatMoneyCompact(Number.NEGATIVE_INFINITY)).toBe('$0');
  });
});

describe('formatWholeDollars', () => {
  it('rounds to whole dollars with the sign before the $', () => {
    expect(formatWholeDollars(0)).toBe('$0');
    expect(formatWholeDollars(1234.5)).toBe('$1,235');
    expect(formatWholeDollars(-3.2)).toBe('-$3');
    expect(formatWholeDollars(-0.4)).toBe('$0');
  });
});
