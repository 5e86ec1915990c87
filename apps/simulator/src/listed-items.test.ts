import { listedItemSchema } from '@prison/shared/bridge';
import { enchantKey } from '@prison/shared/enchant-levels';
import { ENCHANTS } from '@prison/shared/enchants';
import { describe, expect, it } from 'vitest';
import { AUCTION_CATEGORIES } from './catalogue.ts';
import { enchantsNamed, gearOf, listedItem } from './listed-items.ts';
import { createRng } from './random.ts';
import { generateWorld } from './world.ts';

const byKey = new Map(ENCHANTS.map((e) => [enchantKey(e.name), e]));
const items = AUCTION_CATEGORIES.flatMap((c) => c.items);

describe('listed items', () => {
  it('reads the enchantments an item is named after', () => {
    expect(enchantsNamed('§bPrison Pick (Efficiency VI)')).toEqual([{ key: 'efficiency', level: 6 }]);
    expect(enchantsNamed('§dShatter III')).toEqual([{ key: 'shatter', level: 3 }]);
    expect(enchantsNamed('Super Breaker III')).toEqual([{ key: 'super-breaker', level: 3 }]);
    expect(enchantsNamed('Feed')).toEqual([{ key: 'feed', level: 1 }]);
    expect(enchantsNamed('Diamond Pickaxe')).toEqual([]);
  });

  it('gives every catalogue item data the contract takes, and gear catalogue enchants within their levels', () => {
    for (const item of items) {
      for (let n = 0; n < 20; n++) {
        const listed = listedItem(createRng(`test:${item.name}:${n}`), item);
        expect(listedItemSchema.safeParse(listed).success, item.name).toBe(true);
        const decoded = JSON.parse(Buffer.from(listed.data, 'base64').toString('utf8'));
        expect(decoded.id).toBe(`minecraft:${item.icon}`);
        const gear = gearOf(item.icon);
        const keys = new Set<string>();
        for (const { key, level } of listed.enchants ?? []) {
          const enchant = byKey.get(key);
          expect(enchant, `${item.name}: ${key}`).toBeDefined();
          expect(level).toBeGreaterThanOrEqual(1);
          expect(level).toBeLessThanOrEqual(enchant!.maxLevel);
          if (gear.length > 0) expect(enchant!.applicableTo.some((g) => gear.includes(g))).toBe(true);
          expect(keys.has(key)).toBe(false);
          keys.add(key);
        }
        // What the name says is what the item carries.
        for (const named of enchantsNamed(item.name)) expect(listed.enchants).toContainEqual(named);
        if (gear.length === 0 && item.icon !== 'enchanted_book') expect(listed.enchants).toBeUndefined();
      }
    }
  });

  it('draws the same items from the same seed, with enchanted gear among the listings', () => {
    const a = generateWorld({ seed: 'items', players: 60 }).listings;
    const b = generateWorld({ seed: 'items', players: 60 }).listings;
    expect(a.map((l) => l.item)).toEqual(b.map((l) => l.item));
    expect(new Set(a.map((l) => l.item.data)).size).toBe(a.length);
    expect(a.some((l) => gearOf(l.item.icon).length > 0 && (l.item.enchants?.length ?? 0) > 0)).toBe(true);
  });
});
