import type { I18n, MessageDescriptor } from '@lingui/core';
import { ENCHANTS, type Enchant } from '@prison/shared/enchants';
import { describe, expect, it } from 'vitest';
import { activeI18n, translate } from '../../lib/i18n.ts';
import { catalogueStats } from './catalogue-stats.ts';
import {
  DEFAULT_FILTERS,
  type EnchantFilters,
  filterEnchants,
  groupByRarity,
  hasActiveFilters,
  isSearchSuspended,
  matchesSearch,
  queryEnchants,
  readFilters,
  sortEnchants,
  writeFilters,
} from './enchant-query.ts';
import { ENCHANT_TEXT, SYSTEM_TAGLINE } from './enchant-text.ts';
import { englishI18n } from './use-search-languages.ts';

const enchant = (overrides: Partial<Enchant>): Enchant => ({
  name: 'Test',
  icon: 'stone',
  maxLevel: 3,
  rarity: 'simple',
  applicableTo: ['Pickaxe'],
  system: 'core-progress',
  energyCost: 3_000,
  requires: [],
  ...overrides,
});
const fortune = ENCHANTS.find((e) => e.name === 'Fortune')!;
const fortuneText = ENCHANT_TEXT.Fortune!;

/** A page language whose catalogue writes each of `words` (English message -> its translation). */
const pageLanguage = (words: Record<string, string>): I18n =>
  ({
    _: (message: MessageDescriptor) => (message.message && words[message.message]) || `[${message.id}]`,
  }) as I18n;

const filters = (overrides: Partial<EnchantFilters>): EnchantFilters => ({
  ...DEFAULT_FILTERS,
  ...overrides,
});
const names = (enchants: Enchant[]) => enchants.map((e) => e.name);

describe('matchesSearch (spec 5)', () => {
  it('matches everything when the search is blank', () => {
    expect(matchesSearch(enchant({}), '')).toBe(true);
    expect(matchesSearch(enchant({}), '   ')).toBe(true);
  });

  it('is trimmed and case-insensitive', () => {
    expect(matchesSearch(enchant({ name: 'Ore Surge' }), '  oRE sUrGe ')).toBe(true);
  });

  it.each([
    ['name', { name: 'Quartzbiter' }, 'quartzbit'],
    ['requires', { requires: ['Efficiency VI'] }, 'efficiency vi'],
    ['tags', { tags: ['moonshot'] }, 'moonsh'],
  ] as [string, Partial<Enchant>, string][])('searches the %s', (_field, overrides, query) => {
    expect(matchesSearch(enchant(overrides), query)).toBe(true);
    expect(matchesSearch(enchant({}), query)).toBe(false);
  });

  it.each(['description', 'focus', 'synergy', 'recommendedFor'] as const)('searches the %s', (field) => {
    const words = translate(fortuneText[field]!);
    expect(matchesSearch(fortune, words.slice(2, 18).toUpperCase()), words).toBe(true);
    expect(matchesSearch(enchant({}), words)).toBe(false);
  });

  it("searches the system's name and tagline", () => {
    const tagline = translate(SYSTEM_TAGLINE.pvp);
    expect(matchesSearch(enchant({ system: 'pvp' }), "warden's arsenal")).toBe(true);
    expect(matchesSearch(enchant({ system: 'pvp' }), tagline.slice(4, 20).toUpperCase())).toBe(true);
    expect(matchesSearch(enchant({ system: 'momentum' }), "warden's arsenal")).toBe(false);
  });

  it('does not search fields outside the rule (notes, icon, energy cost)', () => {
    expect(translate(fortuneText.notes)).toContain('ores gained statistic');
    expect(matchesSearch(fortune, 'ores gained statistic')).toBe(false);
    const subject = enchant({ icon: 'zebra_item', energyCost: 9_999 });
    expect(matchesSearch(subject, 'zebra')).toBe(false);
    expect(matchesSearch(subject, '9,999')).toBe(false);
    expect(matchesSearch(subject, '9999')).toBe(false);
  });

  it("searches the words in each language it is given: the page's, and English beside it", async () => {
    const german = pageLanguage({
      [translate(fortuneText.focus)]: 'Zusätzliche Erzdrops',
      [translate(SYSTEM_TAGLINE['core-progress'])]: 'Das Fundament jeder Spitzhacke.',
    });
    const english = await englishI18n();
    expect(matchesSearch(fortune, 'zusätzliche erz', [german])).toBe(true);
    expect(matchesSearch(fortune, 'FUNDAMENT', [german])).toBe(true);
    expect(matchesSearch(fortune, 'extra ore drops', [german])).toBe(false);
    expect(matchesSearch(fortune, 'extra ore drops', [german, english])).toBe(true);
    expect(matchesSearch(fortune, 'zusätzliche erz', [german, english])).toBe(true);
    // Names, prerequisites and tags are the game's, in every language.
    expect(matchesSearch(fortune, 'efficiency iii', [german])).toBe(true);
    // By default the page's language alone.
    expect(matchesSearch(fortune, 'extra ore drops')).toBe(true);
    expect(activeI18n().locale).toBe('en');
  });
});

describe('filterEnchants (spec 5)', () => {
  const catalogue = [
    enchant({ name: 'A', rarity: 'elite', applicableTo: ['Sword', 'Axe'], status: 'new', tags: ['blade'] }),
    enchant({ name: 'B', rarity: 'simple', applicableTo: ['Armor'], status: 'reworked' }),
    enchant({ name: 'C', rarity: 'elite', applicableTo: ['Pickaxe'], tags: ['blade'] }),
    enchant({ name: 'D', rarity: 'legendary', applicableTo: ['Helmet'], status: 'returning' }),
  ];

  it('keeps everything with the default filters', () => {
    expect(names(filterEnchants(catalogue, DEFAULT_FILTERS))).toEqual(['A', 'B', 'C', 'D']);
  });

  it('filters by rarity', () => {
    expect(names(filterEnchants(catalogue, filters({ rarity: 'elite' })))).toEqual(['A', 'C']);
  });

  it('filters by gear: applicableTo must include it', () => {
    expect(names(filterEnchants(catalogue, filters({ gear: 'Axe' })))).toEqual(['A']);
    // "Armor" and "Helmet" are different gear values; no widening from one to the other.
    expect(names(filterEnchants(catalogue, filters({ gear: 'Helmet' })))).toEqual(['D']);
    expect(names(filterEnchants(catalogue, filters({ gear: 'Boots' })))).toEqual([]);
  });

  it('filters by exact status; enchants without one never match', () => {
    expect(names(filterEnchants(catalogue, filters({ status: 'new' })))).toEqual(['A']);
    expect(names(filterEnchants(catalogue, filters({ status: 'returning' })))).toEqual(['D']);
  });

  it('combines rarity with the text search', () => {
    expect(names(filterEnchants(catalogue, filters({ search: 'blade' })))).toEqual(['A', 'C']);
    expect(names(filterEnchants(catalogue, filters({ search: 'blade', rarity: 'elite' })))).toEqual([
      'A',
      'C',
    ]);
    expect(names(filterEnchants(catalogue, filters({ search: 'blade', rarity: 'simple' })))).toEqual([]);
  });

  it('ignores the text search while a gear or status filter is active', () => {
    expect(names(filterEnchants(catalogue, filters({ search: 'no such thing', gear: 'Armor' })))).toEqual([
      'B',
    ]);
    expect(names(filterEnchants(catalogue, filters({ search: 'no such thing', status: 'new' })))).toEqual([
      'A',
    ]);
    expect(names(filterEnchants(catalogue, filters({ search: 'no such thing' })))).toEqual([]);
  });

  it('says when the search is suspended', () => {
    expect(isSearchSuspended(DEFAULT_FILTERS)).toBe(false);
    expect(isSearchSuspended(filters({ rarity: 'elite', search: 'x' }))).toBe(false);
    expect(isSearchSuspended(filters({ gear: 'Sword' }))).toBe(true);
    expect(isSearchSuspended(filters({ status: 'reworked' }))).toBe(true);
  });
});

describe('sortEnchants (spec 9)', () => {
  const catalogue = [
    enchant({ name: 'Zeta', system: 'core-progress', rarity: 'legendary', maxLevel: 2 }),
    enchant({ name: 'alpha', system: 'pvp', rarity: 'simple', maxLevel: 6, status: 'returning' }),
    enchant({ name: 'Beta', system: 'momentum', rarity: 'elite', maxLevel: 2, status: 'new' }),
    enchant({ name: 'Gamma', system: 'core-progress', rarity: 'uncommon', maxLevel: 4, status: 'new' }),
    enchant({ name: 'Delta', system: 'support', rarity: 'ultimate', maxLevel: 4, status: 'reworked' }),
    enchant({ name: 'Epsilon', system: 'core-progress', rarity: 'simple', maxLevel: 1 }),
  ];

  it('featured: new, reworked, returning, none; then system order; then name', () => {
    expect(names(sortEnchants(catalogue, 'featured'))).toEqual([
      'Gamma',
      'Beta',
      'Delta',
      'alpha',
      'Epsilon',
      'Zeta',
    ]);
  });

  it('name: A to Z, ignoring case', () => {
    expect(names(sortEnchants(catalogue, 'name'))).toEqual([
      'alpha',
      'Beta',
      'Delta',
      'Epsilon',
      'Gamma',
      'Zeta',
    ]);
  });

  it('rarity: simple to legendary, then by name', () => {
    expect(names(sortEnchants(catalogue, 'rarity'))).toEqual([
      'alpha',
      'Epsilon',
      'Gamma',
      'Beta',
      'Delta',
      'Zeta',
    ]);
  });

  it('max level: highest first, then by name', () => {
    expect(names(sortEnchants(catalogue, 'level'))).toEqual([
      'alpha',
      'Delta',
      'Gamma',
      'Beta',
      'Zeta',
      'Epsilon',
    ]);
  });

  it('does not change the list it is given', () => {
    const copy = [...catalogue];
    sortEnchants(catalogue, 'name');
    expect(catalogue).toEqual(copy);
  });

  it('puts the real catalogue in English name order, as localeCompare would', () => {
    const english = [...ENCHANTS].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
    expect(names(sortEnchants(ENCHANTS, 'name'))).toEqual(names(english));
  });

  it('puts the real catalogue in featured order', () => {
    const sorted = sortEnchants(ENCHANTS, 'featured');
    expect(sorted).toHaveLength(47);
    expect(sorted[0]!.status).toBe('new');
    expect(sorted.at(-1)!.status).toBeUndefined();
  });
});

describe('groupByRarity', () => {
  it('groups from simple to legendary, keeps the given order inside a group and drops empty groups', () => {
    const groups = groupByRarity([
      enchant({ name: 'L1', rarity: 'legendary' }),
      enchant({ name: 'S2', rarity: 'simple' }),
      enchant({ name: 'S1', rarity: 'simple' }),
    ]);
    expect(groups.map((g) => [g.rarity, names(g.enchants)])).toEqual([
      ['simple', ['S2', 'S1']],
      ['legendary', ['L1']],
    ]);
  });

  it('covers the whole catalogue with five groups', () => {
    const groups = groupByRarity(ENCHANTS);
    expect(groups).toHaveLength(5);
    expect(groups.reduce((sum, g) => sum + g.enchants.length, 0)).toBe(47);
  });
});

describe('filters in the URL query', () => {
  it('reads defaults from an empty query', () => {
    expect(readFilters(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
  });

  it('round-trips every filter', () => {
    const state = filters({
      search: 'ore ',
      rarity: 'elite',
      gear: 'Leggings',
      status: 'returning',
      sort: 'level',
    });
    const params = writeFilters(state);
    expect(params.toString()).toBe('q=ore+&rarity=elite&gear=leggings&status=returning&sort=level');
    expect(readFilters(params)).toEqual(state);
  });

  it('leaves defaults and a blank search out of the query', () => {
    expect(writeFilters(DEFAULT_FILTERS).toString()).toBe('');
    expect(writeFilters(filters({ search: '   ' })).toString()).toBe('');
  });

  it('reads values case-insensitively and ignores unknown ones', () => {
    expect(readFilters(new URLSearchParams('rarity=LEGENDARY&gear=Sword&status=New&sort=NAME'))).toEqual(
      filters({ rarity: 'legendary', gear: 'Sword', status: 'new', sort: 'name' }),
    );
    expect(readFilters(new URLSearchParams('rarity=mythic&gear=shield&status=old&sort=price'))).toEqual(
      DEFAULT_FILTERS,
    );
  });

  it('knows when anything differs from the default view', () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters(filters({ search: '  ' }))).toBe(false);
    expect(hasActiveFilters(filters({ search: 'x' }))).toBe(true);
    expect(hasActiveFilters(filters({ sort: 'name' }))).toBe(true);
    expect(hasActiveFilters(filters({ status: 'new' }))).toBe(true);
  });
});

describe('queryEnchants on the catalogue', () => {
  it('finds the activation enchants by the word activation', () => {
    const found = names(queryEnchants(ENCHANTS, filters({ search: 'activation', sort: 'name' })));
    for (const name of ['Feed', 'Transfuse', 'Alchemy', 'Powerball', 'Shatter'])
      expect(found).toContain(name);
  });

  it('finds enchants by their prerequisites', () => {
    expect(names(queryEnchants(ENCHANTS, filters({ search: 'efficiency vi', sort: 'name' })))).toEqual([
      'Ascendant',
      'Deep Core',
      'Super Breaker',
    ]);
  });
});

describe('catalogueStats (spec 2.4 stat tiles)', () => {
  it('counts each tile by its definition', () => {
    const stats = catalogueStats([
      enchant({ system: 'core-progress', applicableTo: ['Pickaxe'] }),
      enchant({ system: 'core-progress', applicableTo: ['Sword'] }),
      enchant({ system: 'momentum', applicableTo: ['Pickaxe'], status: 'new' }),
      enchant({ system: 'pvp', applicableTo: ['Sword'], status: 'reworked', rarity: 'legendary' }),
      enchant({ system: 'support', applicableTo: ['Pickaxe', 'Boots'], status: 'returning' }),
      enchant({ system: 'prestige', applicableTo: ['Armor'], rarity: 'legendary' }),
    ]);
    expect(stats).toEqual({
      total: 6,
      pickaxeStaples: 1,
      gearAndWeaponUpdates: 2,
      legendaryUnlocks: 2,
      prestigeExclusives: 1,
    });
  });

  it('describes the real catalogue', () => {
    expect(catalogueStats(ENCHANTS)).toEqual({
      total: 47,
      pickaxeStaples: 12,
      gearAndWeaponUpdates: 4,
      legendaryUnlocks: 6,
      prestigeExclusives: 7,
    });
  });
});
