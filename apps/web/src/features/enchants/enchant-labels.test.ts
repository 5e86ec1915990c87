import { ENCHANT_GEAR, ENCHANT_RARITIES, RARITY_GROUPS } from '@prison/shared/enchants';
import { describe, expect, it } from 'vitest';
import { translate } from '../../lib/i18n.ts';
import { GEAR_LABEL, RARITY_DESCRIPTION, RARITY_LABEL } from './enchant-labels.ts';

describe('enchant labels', () => {
  it('say in English what the catalogue says', () => {
    for (const rarity of ENCHANT_RARITIES) {
      expect(translate(RARITY_LABEL[rarity])).toBe(RARITY_GROUPS[rarity].label);
      expect(translate(RARITY_DESCRIPTION[rarity])).toBe(RARITY_GROUPS[rarity].description);
    }
    for (const gear of ENCHANT_GEAR) expect(translate(GEAR_LABEL[gear])).toBe(gear);
  });
});
