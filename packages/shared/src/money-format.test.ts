import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moneySchema } from './money.ts';
import {
  compareMoney,
  divideMoney,
  formatMoney,
  formatMoneyCompact,
  formatWholeDollars,
  fromCents,
  groupDigits,
  sumMoney,
  timesMoney,
  toCents,
} from './money-format.ts';

// Above 2^53 a double cannot hold this: it reads back as 4000000000000007.5.
const HUGE = '4000000000000007.35';

describe('formatMoney', () => {
  it('writes the exact amount with a $ prefix, grouped, and cents only when there are any', () => {
    expect(formatMoney(HUGE)).toBe('$4,000,000,000,000,007.35');
    expect(formatMoney('1234.50')).toBe('$1,234.50');
    expect(formatMoney('1234.00')).toBe('$1,234');
    expect(formatMoney('0.00')).toBe('$0');
    expect(formatMoney('-3.05')).toBe('-$3.05');
    expect(formatMoney('999999999999999999999999999999999999.99')).toBe(
      '$999,999,999,999,999,999,999,999,999,999,999,999.99',
    );
  });

  it('writes anything that is not money as $0', () => {
    expect(formatMoney('')).toBe('$0');
    expect(formatMoney('12abc')).toBe('$0');
    expect(formatMoney('Infinity')).toBe('$0');
  });
});

describe('formatWholeDollars', () => {
  it('rounds to whole dollars, halves away from zero, with the sign before the $', () => {
    expect(formatWholeDollars(HUGE)).toBe('$4,000,000,000,000,007');
    expect(formatWholeDollars('4000000000000007.50')).toBe('$4,000,000,000,000,008');
    expect(formatWholeDollars('0.00')).toBe('$0');
    expect(formatWholeDollars('1234.50')).toBe('$1,235');
    expect(formatWholeDollars('-3.20')).toBe('-$3');
    expect(formatWholeDollars('-0.40')).toBe('$0');
    expect(formatWholeDollars('-2.50')).toBe('-$3');
  });
});

describe('formatMoneyCompact', () => {
  it.each([
    ['1000000.00', '$1M'],
    ['4200000', '$4.2M'],
    ['12500000000.00', '$12.5B'],
    ['7777000000000.00', '$7.78T'],
    ['3014333337000000.00', '$3.01Q'],
    [HUGE, '$4Q'],
    ['4005000000000000.00', '$4.01Q'],
    ['2500000000000000000', '$2.5Qi'],
    ['2500000000000000000000.00', '$2,500Qi'],
    ['-4200000.00', '-$4.2M'],
    // Rounded up to a thousand of a unit: one of the next.
    ['999999999.99', '$1B'],
    ['999995000.00', '$1B'],
    ['999994999.99', '$999.99M'],
    ['-999999999999999.99', '-$1Q'],
  ])('%s -> %s', (amount, text) => {
    expect(formatMoneyCompact(amount)).toBe(text);
  });

  it('writes sums under a million in whole dollars, or with the format given', () => {
    expect(formatMoneyCompact('48210.40')).toBe('$48,210');
    expect(formatMoneyCompact('999999.00')).toBe('$999,999');
    expect(formatMoneyCompact('-0.20')).toBe('$0');
    expect(formatMoneyCompact('950000.50', (amount) => `${amount} dollars`)).toBe('950000.50 dollars');
  });

  it('writes anything that is not money as $0', () => {
    expect(formatMoneyCompact('NaN')).toBe('$0');
    expect(formatMoneyCompact('1e21')).toBe('$0');
  });
});

describe('the formats, against Intl.NumberFormat (which formats a decimal string digit for digit)', () => {
  const money = fc
    .tuple(
      fc.boolean(),
      fc.stringMatching(/^(0|[1-9][0-9]{0,39})$/),
      fc.option(fc.stringMatching(/^[0-9]{1,4}$/), { nil: undefined }),
    )
    .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`);
  const intl = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat('en-US', options);
  const currency = { style: 'currency', currency: 'USD', signDisplay: 'negative' } as const;
  const withCents = intl({ ...currency, trailingZeroDisplay: 'stripIfInteger' });
  const wholeDollars = intl({ ...currency, maximumFractionDigits: 0, roundingMode: 'halfExpand' });
  const format = (f: Intl.NumberFormat, amount: string) => f.format(amount as `${number}`);

  it('writes every amount as Intl does, rounded halves away from zero', () => {
    fc.assert(
      fc.property(money, (amount) => {
        expect(formatMoney(amount)).toBe(format(withCents, amount));
        expect(formatWholeDollars(amount)).toBe(format(wholeDollars, amount));
      }),
      { numRuns: 2000 },
    );
  });

  it('groups digits in threes', () => {
    expect(groupDigits('1')).toBe('1');
    expect(groupDigits('123')).toBe('123');
    expect(groupDigits('1234')).toBe('1,234');
    expect(groupDigits('1234567')).toBe('1,234,567');
    expect(groupDigits('-1234')).toBe('-1,234');
    expect(groupDigits('-123')).toBe('-123');
  });
});

describe('exact arithmetic', () => {
  it('reads and writes whole cents', () => {
    expect(toCents(HUGE)).toBe(400000000000000735n);
    expect(toCents('-3.5')).toBe(-350n);
    expect(toCents('7')).toBe(700n);
    expect(fromCents(400000000000000735n)).toBe(HUGE);
    expect(fromCents(-5n)).toBe('-0.05');
    expect(fromCents(0n)).toBe('0.00');
  });

  it('compares amounts a double cannot tell apart', () => {
    expect(compareMoney(HUGE, '4000000000000007.40')).toBe(-1);
    expect(compareMoney('4000000000000007.40', HUGE)).toBe(1);
    expect(compareMoney('10.50', '10.5')).toBe(0);
    expect(compareMoney('-1.00', '0.00')).toBe(-1);
  });

  it('multiplies, sums and divides to the cent', () => {
    expect(timesMoney(HUGE, 3)).toBe('12000000000000022.05');
    expect(sumMoney([HUGE, '0.65', '-8.00'])).toBe('4000000000000000.00');
    expect(sumMoney([])).toBe('0.00');
    expect(divideMoney('10.00', 3)).toBe('3.33');
    expect(divideMoney('0.05', 2)).toBe('0.03');
    expect(divideMoney('-0.05', 2)).toBe('-0.03');
    expect(divideMoney('8000000000000014.70', 2)).toBe(HUGE);
    expect(divideMoney('1.00', 0)).toBeNull();
  });
});

describe('moneySchema', () => {
  it('takes an exact decimal string with at most two decimals', () => {
    for (const amount of [HUGE, '0', '0.5', '-12.34', '100.00']) {
      expect(moneySchema.safeParse(amount).success).toBe(true);
    }
  });

  it('refuses numbers, exponents, extra decimals and stray characters', () => {
    for (const amount of [1234.5, '1e3', '1.234', '01.00', '+1', ' 1', '1.', '.5', '-', '']) {
      expect(moneySchema.safeParse(amount).success).toBe(false);
    }
  });
});
