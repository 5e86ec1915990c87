import { describe, expect, it } from 'vitest';
import {
  ENCHANT_GEAR,
  ENCHANT_RARITIES,
  ENCHANT_STATUSES,
  ENCHANT_SYSTEM_IDS,
  ENCHANT_SYSTEMS,
  ENCHANTS,
  ENERGY_PER_LEVEL_RANGE,
  enchantSystem,
  MAX_ENCHANT_LEVEL,
  parseRequirement,
  romanLevel,
} from './enchants.ts';
import { SEASON } from './season.ts';

const byName = new Map(ENCHANTS.map((enchant) => [enchant.name, enchant]));

describe('enchant catalogue', () => {
  it('holds exactly the season total of 47 enchants, each with a unique name', () => {
    expect(ENCHANTS).toHaveLength(47);
    expect(SEASON.totalEnchants).toBe(ENCHANTS.length);
    expect(byName.size).toBe(ENCHANTS.length);
  });

  it('gives every enchant a non-blank name', () => {
    for (const enchant of ENCHANTS) expect(enchant.name.trim()).not.toBe('');
  });

  it('uses only the spec values for rarity, gear, system and status', () => {
    for (const enchant of ENCHANTS) {
      expect(ENCHANT_RARITIES).toContain(enchant.rarity);
      expect(ENCHANT_SYSTEM_IDS).toContain(enchant.system);
      expect(enchant.applicableTo.length, enchant.name).toBeGreaterThan(0);
      expect(new Set(enchant.applicableTo).size).toBe(enchant.applicableTo.length);
      for (const gear of enchant.applicableTo) expect(ENCHANT_GEAR).toContain(gear);
      if (enchant.status !== undefined) expect(ENCHANT_STATUSES).toContain(enchant.status);
      for (const tag of enchant.tags ?? []) expect(tag).toMatch(/^[a-z][a-z-]*$/);
    }
  });

  it('keeps max levels between 1 and 6', () => {
    for (const enchant of ENCHANTS) {
      expect(Number.isInteger(enchant.maxLevel), enchant.name).toBe(true);
      expect(enchant.maxLevel).toBeGreaterThanOrEqual(1);
      expect(enchant.maxLevel).toBeLessThanOrEqual(MAX_ENCHANT_LEVEL);
    }
  });

  it('prices energy per level within 2,200 to 42,000, with Feed alone at 4,000 flat', () => {
    for (const enchant of ENCHANTS) {
      const amount = enchant.energyCost;
      expect(Number.isInteger(amount), `${enchant.name}: ${amount}`).toBe(true);
      if (enchant.name === 'Feed') {
        expect([amount, enchant.energyFlat]).toEqual([4_000, true]);
        continue;
      }
      expect(enchant.energyFlat, enchant.name).toBeUndefined();
      expect(amount, enchant.name).toBeGreaterThanOrEqual(ENERGY_PER_LEVEL_RANGE.min);
      expect(amount, enchant.name).toBeLessThanOrEqual(ENERGY_PER_LEVEL_RANGE.max);
    }
  });

  it('names item ids as the game does, one icon per enchant', () => {
    for (const enchant of ENCHANTS) expect(enchant.icon, enchant.name).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
    expect(new Set(ENCHANTS.map((e) => e.icon)).size).toBe(ENCHANTS.length);
  });

  it('requires only other catalogue enchants, at a level they reach', () => {
    for (const enchant of ENCHANTS) {
      expect(new Set(enchant.requires).size).toBe(enchant.requires.length);
      for (const requirement of enchant.requires) {
        const parsed = parseRequirement(requirement);
        expect(parsed, `${enchant.name} requires "${requirement}"`).not.toBeNull();
        const prerequisite = byName.get(parsed!.name);
        expect(prerequisite, `${enchant.name} requires unknown ${parsed!.name}`).toBeDefined();
        expect(parsed!.name).not.toBe(enchant.name);
        expect(parsed!.level).toBeLessThanOrEqual(prerequisite!.maxLevel);
      }
    }
  });

  it('has no circular prerequisites', () => {
    const visiting = new Set<string>();
    const done = new Set<string>();
    const visit = (name: string) => {
      if (done.has(name)) return;
      expect(visiting.has(name), `cycle through ${name}`).toBe(false);
      visiting.add(name);
      for (const requirement of byName.get(name)!.requires) visit(parseRequirement(requirement)!.name);
      visiting.delete(name);
      done.add(name);
    };
    for (const enchant of ENCHANTS) visit(enchant.name);
  });

  it('includes every enchant whose activations the statistics count', () => {
    for (const name of [
      'Feed',
      'Transfuse',
      'Alchemy',
      'Super Breaker',
      'Replenish',
      'Powerball',
      'Ore Surge',
      'Shatter',
      'Fracture',
    ]) {
      expect(byName.has(name), name).toBe(true);
    }
  });

  it('fills every rarity, system and status', () => {
    for (const rarity of ENCHANT_RARITIES)
      expect(
        ENCHANTS.some((e) => e.rarity === rarity),
        rarity,
      ).toBe(true);
    for (const id of ENCHANT_SYSTEM_IDS)
      expect(
        ENCHANTS.some((e) => e.system === id),
        id,
      ).toBe(true);
    for (const status of ENCHANT_STATUSES)
      expect(
        ENCHANTS.some((e) => e.status === status),
        status,
      ).toBe(true);
    expect(ENCHANTS.some((e) => e.status === undefined)).toBe(true);
  });
});

describe('enchant systems', () => {
  it('are the five named systems in order 1 to 5', () => {
    expect(ENCHANT_SYSTEMS.map((s) => [s.order, s.id, s.name])).toEqual([
      [1, 'core-progress', 'Core Progression'],
      [2, 'momentum', 'Momentum Arsenal'],
      [3, 'support', 'Support & Sustain'],
      [4, 'prestige', 'Prestige Mastery'],
      [5, 'pvp', "Warden's Arsenal"],
    ]);
  });

  it('each have a description and a hex accent colour', () => {
    for (const system of ENCHANT_SYSTEMS) {
      expect(system.description.trim()).not.toBe('');
      expect(system.accent).toMatch(/^#[0-9a-f]{6}$/i);
      expect(enchantSystem(system.id)).toBe(system);
    }
  });
});

describe('levels', () => {
  it('writes levels 1 to 6 as roman numerals and reads them back', () => {
    expect([1, 2, 3, 4, 5, 6].map(romanLevel)).toEqual(['I', 'II', 'III', 'IV', 'V', 'VI']);
    expect(parseRequirement('Efficiency VI')).toEqual({ name: 'Efficiency', level: 6 });
    expect(parseRequirement("Chronos' Edge IV")).toEqual({ name: "Chronos' Edge", level: 4 });
  });

  it('rejects malformed requirements', () => {
    for (const bad of [
      'Efficiency',
      'Efficiency 6',
      'Efficiency VII',
      ' VI',
      'Efficiency  VI ',
      'Efficiency  VI',
    ]) {
      expect(parseRequirement(bad), bad).toBeNull();
    }
  });
});
