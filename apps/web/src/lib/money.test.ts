import { describe, expect, it } from 'vitest';
import { formatMoney, formatWhole } from './money.ts';

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
  ])('%s -> %s', (value, text) => {
    expect(formatMoney(value)).toBe(text);
  });

  it('groups whole numbers', () => {
    expect(formatWhole(1234.6)).toBe('1,235');
  });
});
