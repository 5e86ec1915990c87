import { formatMoneyCompact } from '@prison/shared/money-format';
import { describe, expect, it } from 'vitest';
import { formatWhole } from './card-style.ts';
import { figures } from './figures.ts';

const NBSP = '\u00a0';

describe('figures in each language', () => {
  it('are written in English exactly as the site writes them', () => {
    const { whole, money } = figures('en');
    for (const amount of [
      '0',
      '125000.40',
      '999999.6',
      '2500000000',
      '-4200000',
      '3010000000000000.55',
      'x',
    ]) {
      expect(money(amount)).toBe(formatMoneyCompact(amount));
    }
    expect(whole(1234.5)).toBe(formatWhole(1234.5));
  });

  it('are written by Intl in another language: whole dollars below a million, compact from there', () => {
    const de = figures('de');
    expect(de.whole(12345)).toBe('12.345');
    expect(de.money('125000.40')).toBe(`125.000${NBSP}$`);
    expect(de.money('2500000000')).toBe(`2,5${NBSP}Mrd.${NBSP}$`);
    expect(de.money('-4200000')).toBe(`-4,2${NBSP}Mio.${NBSP}$`);
    expect(figures('ru').money('2500000000')).toBe(`2,5${NBSP}млрд${NBSP}$`);
    expect(figures('pt-BR').money('1250000')).toBe(`$${NBSP}1,25${NBSP}mi`);
  });

  it('never write a negative zero, and write anything that is not money as no dollars', () => {
    const de = figures('de');
    expect(de.money('-0.40')).toBe(`0${NBSP}$`);
    expect(de.money('not money')).toBe(`0${NBSP}$`);
  });

  it('round exactly, not through a double', () => {
    expect(figures('de').money('999999.5')).toBe(`1.000.000${NBSP}$`);
    expect(figures('de').money('0.4999999999999999999')).toBe(`0${NBSP}$`);
  });
});
