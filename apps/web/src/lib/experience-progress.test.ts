import { xpForLevel } from '@prison/shared/experience';
import { describe, expect, it } from 'vitest';
import { clampPercent, levelProgress } from './experience-progress.ts';

describe('clampPercent', () => {
  it('keeps values within 0..100', () => {
    expect(clampPercent(42.5)).toBe(42.5);
    expect(clampPercent(0)).toBe(0);
    expect(clampPercent(100)).toBe(100);
    expect(clampPercent(-3)).toBe(0);
    expect(clampPercent(250)).toBe(100);
    expect(clampPercent(Number.POSITIVE_INFINITY)).toBe(100);
    expect(clampPercent(Number.NEGATIVE_INFINITY)).toBe(0);
  });

  it('reads NaN as an empty bar', () => {
    expect(clampPercent(Number.NaN)).toBe(0);
  });
});

describe('levelProgress (spec 9)', () => {
  it('measures experience above the level threshold against the level width', () => {
    // Level 2 starts at 28 and level 3 at 82: a width of 54.
    expect(levelProgress(2, 55)).toEqual({
      level: 2,
      nextLevel: 3,
      current: 27,
      needed: 54,
      remaining: 27,
      percent: 50,
    });
  });

  it('is empty exactly on the threshold and full just below the next one', () => {
    expect(levelProgress(10, 976)).toMatchObject({ current: 0, percent: 0 });
    const width = xpForLevel(11) - 976;
    expect(levelProgress(10, xpForLevel(11) - 1)).toMatchObject({
      current: width - 1,
      needed: width,
      remaining: 1,
    });
  });

  it('clamps experience below the threshold to an empty bar', () => {
    expect(levelProgress(20, 100)).toMatchObject({
      current: 0,
      needed: xpForLevel(21) - 8989,
      remaining: xpForLevel(21) - 8989,
      percent: 0,
    });
  });

  it('clamps experience past the next threshold to a full bar', () => {
    const progress = levelProgress(30, 10_000_000);
    expect(progress.current).toBe(progress.needed);
    expect(progress.remaining).toBe(0);
    expect(progress.percent).toBe(100);
  });

  it('reads level 0 (and unreadable levels) as level 1, whose width is 28', () => {
    for (const level of [0, -4, Number.NaN]) {
      expect(levelProgress(level, 14)).toEqual({
        level: 1,
        nextLevel: 2,
        current: 14,
        needed: 28,
        remaining: 14,
        percent: 50,
      });
    }
  });

  it('reads missing experience as none', () => {
    expect(levelProgress(3, Number.NaN)).toMatchObject({ current: 0, percent: 0 });
  });

  it('uses the formula past the table for high levels', () => {
    const needed = Math.round(0.84 * 101 ** 3.3) - Math.round(0.84 * 100 ** 3.3);
    expect(levelProgress(100, Math.round(0.84 * 100 ** 3.3) + needed / 4)).toMatchObject({
      level: 100,
      nextLevel: 101,
      needed,
      percent: 25,
    });
  });

  it('shows an empty bar when a level is too high for finite thresholds', () => {
    expect(levelProgress(1e200, 5)).toMatchObject({ current: 0, needed: 0, remaining: 0, percent: 0 });
  });

  it('floors a fractional level', () => {
    expect(levelProgress(2.7, 28)).toMatchObject({ level: 2, nextLevel: 3 });
  });
});

describe('the thresholds the progress bar reads (spec 9 Experience)', () => {
  it('give every level from 1 to 200 a positive width', () => {
    for (let level = 1; level <= 200; level++) {
      expect(levelProgress(level, 0).needed, `level ${level}`).toBeGreaterThan(0);
    }
  });

  it('follow round(0.84 * level^3.3) beyond level 63', () => {
    for (let level = 64; level <= 200; level++) {
      expect(xpForLevel(level), `level ${level}`).toBe(Math.round(0.84 * level ** 3.3));
    }
  });
});
