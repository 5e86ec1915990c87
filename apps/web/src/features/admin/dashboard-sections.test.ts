import { describe, expect, it } from 'vitest';
import { summaryCards } from './dashboard-sections.tsx';
import { tooltipValue } from './xp-chart.tsx';

const SUMMARY = {
  online: 87,
  max_online: 250,
  xp_last_hour: 12_345,
  xp_today: 456_789,
  active_last_day: 311,
  total_players: 520,
  total_balance: '1234567.50',
};

describe('summaryCards', () => {
  it('labels the four cards as the specification does', () => {
    expect(summaryCards(SUMMARY).map((c) => [c.label, c.value, c.detail])).toEqual([
      ['Players online', '87', 'of 250 capacity'],
      ['XP generated (1h)', '12,345', '456,789 gained today'],
      ['Active miners (24h)', '311', '520 total player profiles'],
      ['Economy total', '$1.23M', 'Sum of balances across all players'],
    ]);
  });

  it('says "Live counter" without a capacity, and has no value while the count is unknown', () => {
    const cards = summaryCards({ ...SUMMARY, online: null, max_online: null });
    expect(cards[0]).toMatchObject({ value: null, detail: 'Live counter' });
    expect(summaryCards(undefined).every((card) => card.value === null)).toBe(true);
  });
});

describe('the XP chart tooltip', () => {
  it('reads "{n} XP", labelled Gained', () => {
    expect(tooltipValue(1234)).toEqual(['1,234 XP', 'Gained']);
  });
});
