import { describe, expect, it } from 'vitest';
import { GANG_DEFAULT_COLOR, gangColor, isLight, sixDigitHex } from './gang-colors.ts';

describe('gangColor (spec 5)', () => {
  it('accepts 3 or 6 hex digits with or without #, lowercased', () => {
    expect(gangColor('#ABC')).toBe('#abc');
    expect(gangColor('abc')).toBe('#abc');
    expect(gangColor('#FF8800')).toBe('#ff8800');
    expect(gangColor('ff8800')).toBe('#ff8800');
    expect(gangColor('  #1a2B3c  ')).toBe('#1a2b3c');
  });

  it('maps every game colour name to its hex', () => {
    expect(
      [
        'black',
        'dark_blue',
        'dark_green',
        'dark_aqua',
        'dark_red',
        'dark_purple',
        'gold',
        'gray',
        'dark_gray',
        'blue',
        'green',
        'aqua',
        'red',
        'light_purple',
        'yellow',
        'white',
      ].map(gangColor),
    ).toEqual([
      '#000000',
      '#0000aa',
      '#00aa00',
      '#00aaaa',
      '#aa0000',
      '#aa00aa',
      '#ffaa00',
      '#aaaaaa',
      '#555555',
      '#5555ff',
      '#55ff55',
      '#55ffff',
      '#ff5555',
      '#ff55ff',
      '#ffff55',
      '#ffffff',
    ]);
  });

  it('reads names in any case, with spaces or underscores', () => {
    expect(gangColor('GOLD')).toBe('#ffaa00');
    expect(gangColor('Dark Purple')).toBe('#aa00aa');
    expect(gangColor('LIGHT_PURPLE')).toBe('#ff55ff');
    expect(gangColor(' dark  aqua ')).toBe('#00aaaa');
  });

  it('gives anything else the default colour', () => {
    for (const color of [
      null,
      undefined,
      '',
      '   ',
      '#abcd',
      '#12345',
      'ggg',
      '#ab',
      'orange',
      'darkblue',
      'constructor',
    ]) {
      expect(gangColor(color), String(color)).toBe(GANG_DEFAULT_COLOR);
    }
  });
});

describe('sixDigitHex', () => {
  it('doubles each digit of a three-digit colour and keeps six digits as they are', () => {
    expect(sixDigitHex('#f80')).toBe('#ff8800');
    expect(sixDigitHex(gangColor('ABC'))).toBe('#aabbcc');
    expect(sixDigitHex('#7c3aed')).toBe('#7c3aed');
    expect(sixDigitHex(gangColor('gold'))).toBe('#ffaa00');
  });
});

describe('isLight', () => {
  it('is true for colours white marks would vanish on, false for dark ones', () => {
    expect(isLight('#ffffff')).toBe(true);
    expect(isLight('#ffff55')).toBe(true);
    expect(isLight('#55ff55')).toBe(true);
    expect(isLight('#000000')).toBe(false);
    expect(isLight('#0000aa')).toBe(false);
    expect(isLight(GANG_DEFAULT_COLOR)).toBe(false);
  });
});
