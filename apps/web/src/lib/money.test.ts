import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyCompact, formatWhole } from './money.ts';

describe('formatMoney', () => {
  it.each([
    [0, '$0'],
    [8_750_420_000, '$8,750,420,000'],
    [1_234_567.5, '$1,234,567.50'],
    [50.25, '$50.25'],
    [0.004, '$0'],
    [-12.3, '-$12.30'],
    [1e15, '$1,000,000,000,000,000'],
    [Number.NaN, '$0'],
    [1_050_077_324_997_822, '$1,050,077,324,997,822'],
  ])('%s -> %s', (value, text) => {
    expect(formatMoney(value)).toBe(text);
  });

  it('shortens large sums for cards', () => {
    expect(formatMoneyCompact(3_014_333_337_000_000)).toBe('$3.01Q');
    expect(formatMoneyCompact(12_500_000_000)).toBe('$12.5B');
    expect(formatMoneyCompact(950_000.5)).toBe('$950,000.50');
  });

  it('groups whole numbers', () => {
    expect(formatWhole(1234.6)).toBe('1,235');
  });
});
