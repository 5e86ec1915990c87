import { describe, expect, it } from 'vitest';
import { levelForXp, rankForLevel, xpForLevel } from './experience.ts';

describe('experience table (spec 9)', () => {
  it('matches every given threshold', () => {
    const given: [number, number][] = [
      [0, 0],
      [1, 0],
      [2, 28],
      [3, 82],
      [10, 976],
      [20, 8989],
      [30, 44805],
      [40, 221961],
      [52, 743138],
    ];
    for (const [level, xp] of given) expect(xpForLevel(level), `level ${level}`).toBe(xp);
  });

  it('uses round(0.84 * level^3.3) once that formula passes level 52 again', () => {
    for (const level of [64, 70, 80, 100]) expect(xpForLevel(level)).toBe(Math.round(0.84 * level ** 3.3));
  });

  it('is strictly increasing, so every XP total has exactly one level', () => {
    for (let level = 1; level < 120; level++)
      expect(xpForLevel(level + 1)).toBeGreaterThan(xpForLevel(level));
    expect(levelForXp(0)).toBe(1);
    expect(levelForXp(27)).toBe(1);
    expect(levelForXp(28)).toBe(2);
    expect(levelForXp(743138)).toBe(52);
    expect(levelForXp(743137)).toBe(51);
  });

  it('grows the level width smoothly between given points (up to 52)', () => {
    for (let level = 2; level < 51; level++) {
      const width = xpForLevel(level + 1) - xpForLevel(level);
      const next = xpForLevel(level + 2) - xpForLevel(level + 1);
      expect(next).toBeGreaterThanOrEqual(width * 0.9);
    }
  });

  it('gives a rank per band of levels', () => {
    expect([1, 10, 20, 35, 50, 65].map(rankForLevel)).toEqual([
      'ROOKIE',
      'CADET',
      'SENTINEL',
      'COMMANDER',
      'DOMINUS',
      'ARCHON',
    ]);
    expect(rankForLevel(9)).toBe('ROOKIE');
  });
});
