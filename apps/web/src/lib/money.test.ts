import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from './i18n.ts';
import {
  formatMoney,
  formatMoneyCompact,
  formatTenths,
  formatUpToHundredths,
  formatUpToTenths,
  formatWhole,
  formatWholeDollars,
} from './money.ts';

// Intl separates groups and the currency with no-break spaces of one width or another.
const plain = (text: string) => text.replace(/\s/g, ' ');

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

describe('figures in English', () => {
  it('round to whole dollars and keep up to one decimal by hand', () => {
    expect(formatWholeDollars('1234567.50')).toBe('$1,234,568');
    expect(formatWholeDollars('-0.4')).toBe('$0');
    expect(formatUpToTenths(42.5)).toBe('42.5');
    expect(formatUpToTenths(42)).toBe('42');
    expect(formatUpToTenths(12345.678)).toBe('12,345.7');
  });
});

describe('figures in other languages', () => {
  afterEach(async () => {
    await activateLanguage('en');
  });

  it('write money as German writes dollars, exactly, cents only when there are any', async () => {
    await activateLanguage('de');
    expect(plain(formatMoney('4000000000000007.35'))).toBe('4.000.000.000.000.007,35 $');
    expect(plain(formatMoney('8750420000.00'))).toBe('8.750.420.000 $');
    expect(plain(formatMoney('1234567.5'))).toBe('1.234.567,50 $');
    expect(plain(formatMoney('-12.30'))).toBe('-12,30 $');
    expect(plain(formatMoney('-0.001'))).toBe('0 $');
    expect(plain(formatMoney('1.999'))).toBe('2 $');
    expect(plain(formatMoney('not money'))).toBe('0 $');
    expect(plain(formatWholeDollars('1234567.50'))).toBe('1.234.568 $');
    expect(plain(formatMoneyCompact('12500000000.00'))).toBe('12,5 Mrd. $');
    expect(plain(formatMoneyCompact('999999999.999'))).toBe('1 Mrd. $');
    expect(plain(formatMoneyCompact('950000.50'))).toBe('950.000,50 $');
    const intl = new Intl.NumberFormat('de', {
      style: 'currency',
      currency: 'USD',
      currencyDisplay: 'narrowSymbol',
    });
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        if (cents % 100 === 0) return;
        const text = `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
        expect(formatMoney(text)).toBe(intl.format(cents / 100));
      }),
    );
  });

  it('write counts and decimals in Russian and Polish', async () => {
    await activateLanguage('ru');
    expect(plain(formatWhole(1234567.4))).toBe('1 234 567');
    expect(formatWhole(-0.4)).toBe('0');
    expect(plain(formatTenths(1204))).toBe('1 204,0');
    expect(plain(formatUpToTenths(12345.678))).toBe('12 345,7');
    expect(formatUpToTenths(42)).toBe('42');
    expect(plain(formatUpToHundredths(1234.5678))).toBe('1 234,57');
    expect(plain(formatMoney('1234.5'))).toBe('1 234,50 $');
    expect(plain(formatMoneyCompact('3014333337000000.00'))).toBe('3014,33 трлн $');
    await activateLanguage('pl');
    // Polish groups from five digits on.
    expect(formatWhole(1234)).toBe('1234');
    expect(plain(formatWhole(12345))).toBe('12 345');
    expect(formatTenths(19.75)).toBe('19,8');
    expect(plain(formatMoneyCompact('4200000'))).toBe('4,2 mln $');
  });

  it('go back to the hand-written figures in English', async () => {
    await activateLanguage('de');
    expect(formatWhole(1234)).toBe('1.234');
    await activateLanguage('en');
    expect(formatWhole(1234)).toBe('1,234');
    expect(formatMoney('1234.5')).toBe('$1,234.50');
  });
});
