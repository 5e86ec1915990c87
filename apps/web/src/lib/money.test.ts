import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyCompact, formatTenths, formatWhole } from './money.ts';

describe('formatMoney', () => {
  it.each([
    ['0.00', '$0'],
    ['8750420000.00', '$8,750,420,000'],
    ['1234567.50', '$1,234,567.50'],
    ['50.25', '$50.25'],
    ['-12.30', '-$12.30'],
    ['1000000000000000.00', '$1,000,000,000,000,000'],
    ['not money', '$0'],
    ['1050077324997822.00', '$1,050,077,324,997,822'],
    // Above 2^53 a double would write $4,000,000,000,000,007.50.
    ['4000000000000007.35', '$4,000,000,000,000,007.35'],
  ])('%s -> %s', (amount, text) => {
    expect(formatMoney(amount)).toBe(text);
  });

  it('shortens large sums for cards', () => {
    expect(formatMoneyCompact('3014333337000000.00')).toBe('$3.01Q');
    expect(formatMoneyCompact('12500000000.00')).toBe('$12.5B');
    expect(formatMoneyCompact('950000.50')).toBe('$950,000.50');
  });

  it('groups whole numbers', () => {
    expect(formatWhole(1234.6)).toBe('1,235');
    expect(formatWhole(-1234567)).toBe('-1,234,567');
    expect(formatWhole(-0.4)).toBe('0');
    expect(formatWhole(1e21)).toBe('1,000,000,000,000,000,000,000');
    expect(formatWhole(Number.NaN)).toBe('NaN');
  });

  it('writes tenths as Intl.NumberFormat would, always with the decimal', () => {
    expect(formatTenths(19.75)).toBe('19.8');
    expect(formatTenths(20)).toBe('20.0');
    expect(formatTenths(1204)).toBe('1,204.0');
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (value) => {
        expect(formatTenths(value)).toBe(intl.format(value));
      }),
      { numRuns: 2000 },
    );
    // Halves as their shortest text has them (1.45 is 1.4499... as a double; Intl rounds the text).
    for (const value of [1.45, -1.45, 2.675, -0, -0.04]) expect(formatTenths(value)).toBe(intl.format(value));
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (hundredths) => {
        expect(formatTenths(hundredths / 100)).toBe(intl.format(hundredths / 100));
      }),
    );
  });

  it('writes counts as Intl.NumberFormat would, without loading locale data', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    fc.assert(
      fc.property(fc.double({ min: -1e18, max: 1e18, noNaN: true }), (value) => {
        if (Math.round(value) === 0) return;
        expect(formatWhole(value)).toBe(intl.format(Math.round(value)));
      }),
      { numRuns: 2000 },
    );
  });
});
