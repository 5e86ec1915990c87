import { describe, expect, it } from 'vitest';
import {
  describeHistory,
  historyCaption,
  isStatusRange,
  summarizeSeries,
  tpsHealth,
} from './status-model.ts';

describe('tpsHealth', () => {
  it('is good from 19.5, fair from 15 and poor below', () => {
    expect(tpsHealth(20)).toBe('good');
    expect(tpsHealth(19.5)).toBe('good');
    expect(tpsHealth(19.49)).toBe('fair');
    expect(tpsHealth(15)).toBe('fair');
    expect(tpsHealth(14.99)).toBe('poor');
    expect(tpsHealth(0)).toBe('poor');
  });
});

describe('summarizeSeries', () => {
  it('sums up the buckets with a report and skips the silent ones', () => {
    const summary = summarizeSeries({
      step: 300,
      points: [
        [100, null],
        [400, 12],
        [700, 30],
        [1000, null],
        [1300, 30],
        [1600, 3],
        [1900, null],
      ],
    });
    expect(summary).toEqual({ peak: 30, peakAt: 700, average: 18.75, low: 3, latest: 3 });
  });

  it('is null for a history with no report at all', () => {
    expect(summarizeSeries({ step: 300, points: [] })).toBeNull();
    expect(summarizeSeries({ step: 300, points: [[100, null]] })).toBeNull();
  });
});

describe('historyCaption', () => {
  it('names what a point of each series stands for', () => {
    expect(historyCaption('day', 300)).toBe('The most players online per 5 minutes, over the last 24 hours.');
    expect(historyCaption('week', 3600)).toBe('The most players online per hour, over the last 7 days.');
    expect(historyCaption('month', 4 * 3600)).toBe(
      'The most players online per 4 hours, over the last 30 days.',
    );
  });
});

describe('describeHistory', () => {
  it('reads the summary out as a sentence, one player or many', () => {
    const text = describeHistory('week', { peak: 1, peakAt: 1_760_000_000, average: 0.6, low: 0, latest: 1 });
    expect(text).toMatch(/^Players online over the last 7 days: peak 1 player at .+, average 1 player, /);
    expect(text).toMatch(/lowest 0 players, latest 1 player\.$/);
  });
});

describe('isStatusRange', () => {
  it('accepts the three ranges only', () => {
    expect(['day', 'week', 'month'].every(isStatusRange)).toBe(true);
    expect(isStatusRange('year')).toBe(false);
    expect(isStatusRange('toString')).toBe(false);
    expect(isStatusRange(null)).toBe(false);
  });
});
