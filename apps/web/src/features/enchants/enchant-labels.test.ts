import { ENCHANT_GEAR, ENCHANT_RARITIES, ENCHANT_STATUSES } from '@prison/shared/enchants';
import { describe, expect, it } from 'vitest';
import { translate } from '../../lib/i18n.ts';
import { GEAR_LABEL, RARITY_DESCRIPTION, RARITY_LABEL, STATUS_LABEL } from './enchant-labels.ts';

describe('enchant labels', () => {
  it('name the rarity groups in English as the specification does, each with a description', () => {
    expect(ENCHANT_RARITIES.map((rarity) => translate(RARITY_LABEL[rarity]))).toEqual([
      'Simple',
      'Uncommon',
      'Elite',
      'Ultimate',
      'Legendary',
    ]);
    for (const rarity of ENCHANT_RARITIES) expect(translate(RARITY_DESCRIPTION[rarity]).trim()).not.toBe('');
  });

  it('say in English what the catalogue says', () => {
    for (const gear of ENCHANT_GEAR) expect(translate(GEAR_LABEL[gear])).toBe(gear);
    expect(ENCHANT_STATUSES.map((status) => translate(STATUS_LABEL[status]))).toEqual([
      'New',
      'Reworked',
      'Returning',
    ]);
  });
});
