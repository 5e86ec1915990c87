import { describe, expect, it } from 'vitest';
import { centsOf, moneyText } from './money.ts';

describe('money', () => {
  it('reads amounts as the site does: their digits exactly, rounded once to cents, halves away from zero', () => {
    expect(centsOf(1234.56)).toBe(123456n);
    expect(centsOf(-0.005)).toBe(-1n);
    expect(centsOf(0.004)).toBe(0n);
    expect(centsOf(1.02e15)).toBe(102_000_000_000_000_000n);
    expect(centsOf('4000000000000007.35')).toBe(400_000_000_000_000_735n);
    expect(centsOf(1.5e21)).toBe(150_000_000_000_000_000_000_000n);
  });

  it('writes cents as the site answers money', () => {
    expect(moneyText(123456n)).toBe('1234.56');
    expect(moneyText(-5n)).toBe('-0.05');
    expect(moneyText(0n)).toBe('0.00');
  });
});
