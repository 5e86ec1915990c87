import { ENCHANT_SYSTEM_IDS, ENCHANTS } from '@prison/shared/enchants';
import { describe, expect, it } from 'vitest';
import { translate } from '../../lib/i18n.ts';
import { ENCHANT_TEXT, enchantText, SYSTEM_TAGLINE } from './enchant-text.ts';

describe('enchant text', () => {
  it('has the words of every enchant of the catalogue, and of no other', () => {
    expect(Object.keys(ENCHANT_TEXT).sort()).toEqual(ENCHANTS.map((enchant) => enchant.name).sort());
    for (const enchant of ENCHANTS)
      expect(enchantText(enchant), enchant.name).toBe(ENCHANT_TEXT[enchant.name]);
  });

  it('gives every enchant non-blank words, and a short focus', () => {
    for (const [name, text] of Object.entries(ENCHANT_TEXT)) {
      for (const field of ['description', 'focus', 'synergy', 'recommendedFor', 'notes'] as const) {
        const message = text[field];
        if (field === 'synergy' && message === undefined) continue;
        expect(translate(message!).trim(), `${name}.${field}`).not.toBe('');
      }
      expect(translate(text.focus).length, `${name} focus is short`).toBeLessThanOrEqual(32);
    }
  });

  it('gives every system a tagline', () => {
    for (const id of ENCHANT_SYSTEM_IDS) expect(translate(SYSTEM_TAGLINE[id]).trim(), id).not.toBe('');
  });
});
