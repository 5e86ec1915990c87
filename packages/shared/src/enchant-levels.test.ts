import { describe, expect, it } from 'vitest';
import { enchantKey, enchantLabel } from './enchant-levels.ts';
import { ENCHANTS } from './enchants.ts';
import { itemEnchantSchema } from './item-enchants.ts';

describe("an item's enchantments", () => {
  it('are keyed so that every enchant of the catalogue is written back by its own name', () => {
    for (const enchant of ENCHANTS) {
      const key = enchantKey(enchant.name);
      expect(itemEnchantSchema.safeParse({ key, level: enchant.maxLevel }).success, key).toBe(true);
      expect(enchantLabel({ key, level: 1 })).toBe(`${enchant.name} I`);
    }
    expect(new Set(ENCHANTS.map((e) => enchantKey(e.name))).size).toBe(ENCHANTS.length);
    expect(enchantLabel({ key: 'super-breaker', level: 3 })).toBe('Super Breaker III');
    // Beyond the catalogue's six levels, the number itself.
    expect(enchantLabel({ key: 'efficiency', level: 12 })).toBe('Efficiency 12');
  });
});
