import { describe, expect, it } from 'vitest';
import { DAY, HOUR } from './model.ts';
import { createRng } from './random.ts';
import { MAX_MSPT, MIN_MSPT, MIN_TPS, STEADY_MIN_TPS } from './server-health.ts';
import { STATUS_HISTORY_STEP_MS, type StatusSample, statusHistory, usualCrowd } from './status-history.ts';

// A Sunday noon.
const NOW = Date.UTC(2025, 5, 1, 12);
const history = (seed = 'demo', maxOnline = 500) =>
  statusHistory({ now: NOW, maxOnline, rng: createRng(`status:${seed}`) });
const samples = history();

const mean = (items: StatusSample[]) => items.reduce((sum, s) => sum + s.online, 0) / items.length;
const hourOf = (s: StatusSample) => new Date(s.at).getUTCHours();

describe('status history', () => {
  it('covers the past 30 days, one report every five minutes, oldest first, never at or after now', () => {
    expect(samples).toHaveLength(30 * 288);
    for (const [i, s] of samples.entries()) {
      expect(s.at % STATUS_HISTORY_STEP_MS).toBe(0);
      if (i > 0) expect(s.at - samples[i - 1]!.at).toBe(STATUS_HISTORY_STEP_MS);
    }
    expect(samples.at(-1)!.at).toBeLessThan(NOW);
    expect(samples.at(-1)!.at).toBeGreaterThanOrEqual(NOW - STATUS_HISTORY_STEP_MS);
    expect(samples[0]!.at).toBeGreaterThanOrEqual(NOW - 30 * DAY);
  });

  it('stays within max_online, at any server size', () => {
    for (const s of samples) {
      expect(Number.isInteger(s.online)).toBe(true);
      expect(s.online).toBeGreaterThanOrEqual(0);
      expect(s.online).toBeLessThanOrEqual(500);
    }
    const small = history('demo', 20);
    expect(Math.max(...small.map((s) => s.online))).toBeLessThanOrEqual(20);
    expect(Math.max(...small.map((s) => s.online))).toBeGreaterThan(10);
  });

  it('peaks in the evening, empties at night, is busier at weekends and grows over the month', () => {
    const evenings = samples.filter((s) => hourOf(s) >= 19 && hourOf(s) <= 21);
    const nights = samples.filter((s) => hourOf(s) >= 3 && hourOf(s) <= 6);
    expect(mean(evenings)).toBeGreaterThan(2.5 * mean(nights));
    expect(mean(evenings)).toBeGreaterThan(80);
    const weekday = (s: StatusSample) => new Date(s.at - 12 * HOUR).getUTCDay();
    const weekends = samples.filter((s) => [0, 6].includes(weekday(s)));
    const midweek = samples.filter((s) => [1, 2, 3].includes(weekday(s)));
    expect(mean(weekends)).toBeGreaterThan(1.1 * mean(midweek));
    expect(mean(samples.slice(-7 * 288))).toBeGreaterThan(1.15 * mean(samples.slice(0, 7 * 288)));
  });

  it('has some noise, without jumping', () => {
    const steps = samples.slice(1).map((s, i) => Math.abs(s.online - samples[i]!.online));
    expect(Math.max(...steps)).toBeLessThan(25);
    // Two same hours a week apart are never the same curve.
    const week = 7 * 288;
    const differences = samples.slice(week).filter((s, i) => s.online !== samples[i]!.online);
    expect(differences.length).toBeGreaterThan(0.8 * (samples.length - week));
  });

  it('carries believable health figures: tps near 20 with rare dips, mspt within 8 to 45 ms', () => {
    for (const s of samples) {
      expect(s.tps).toBeGreaterThanOrEqual(MIN_TPS);
      expect(s.tps).toBeLessThanOrEqual(20);
      expect(s.mspt).toBeGreaterThanOrEqual(MIN_MSPT);
      expect(s.mspt).toBeLessThanOrEqual(MAX_MSPT);
    }
    expect(samples.filter((s) => s.tps < STEADY_MIN_TPS).length / samples.length).toBeLessThan(0.02);
    const evenings = samples.filter((s) => hourOf(s) === 20);
    const nights = samples.filter((s) => hourOf(s) === 5);
    const meanMspt = (items: StatusSample[]) => items.reduce((sum, s) => sum + s.mspt, 0) / items.length;
    expect(meanMspt(evenings)).toBeGreaterThan(meanMspt(nights) + 10);
  });

  it('is the same from the same seed, and another from another', () => {
    expect(history()).toEqual(samples);
    expect(history('other')).not.toEqual(samples);
  });
});

describe('usual crowd', () => {
  it('moves smoothly through midnight and from one day of the week to the next', () => {
    for (let at = NOW - 7 * DAY; at < NOW; at += 60_000) {
      expect(Math.abs(usualCrowd(at + 60_000) - usualCrowd(at))).toBeLessThan(0.01);
    }
  });
});
