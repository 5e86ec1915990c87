import { describe, expect, it } from 'vitest';
import { contrast, DARK_SURFACE, gangInk, LIGHT_SURFACE, readableOn } from './gang-ink.ts';

describe('contrast (WCAG)', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#7c3aed', '#7c3aed')).toBeCloseTo(1, 5);
  });
});

describe('gangInk', () => {
  it('keeps a colour where it already reads well', () => {
    // Violet reads on white, the game's green on the dark theme.
    expect(gangInk('#7c3aed').light).toBe('#7c3aed');
    expect(gangInk('#55ff55').dark).toBe('#55ff55');
  });

  it('darkens light colours on white and lightens dark ones on the dark theme, just enough', () => {
    for (const colour of ['#ffff55', '#ffffff', '#55ffff', '#000000', '#0000aa', '#555555', '#fa0']) {
      const { light, dark } = gangInk(colour);
      expect(contrast(light, LIGHT_SURFACE), `${colour} on light`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(dark, DARK_SURFACE), `${colour} on dark`).toBeGreaterThanOrEqual(4.5);
    }
    // Yellow stays a (dark) yellow rather than turning black.
    expect(readableOn('#ffff55', LIGHT_SURFACE)).not.toBe('#000000');
  });
});
