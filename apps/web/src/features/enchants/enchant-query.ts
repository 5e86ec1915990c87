// Spec 4 Enchants filter state, spec 5 Enchant search rules and spec 9 Enchants sort options, as pure
// functions over the catalogue; the page keeps the state in the URL query so a view can be shared.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  ENCHANT_GEAR,
  ENCHANT_RARITIES,
  ENCHANT_STATUSES,
  type Enchant,
  type EnchantGear,
  type EnchantRarity,
  type EnchantStatus,
  enchantSystem,
} from '@prison/shared/enchants';
import { caselessOrder } from '../../lib/caseless-order.ts';
import { activeI18n } from '../../lib/i18n.ts';
import { enchantText, SYSTEM_TAGLINE } from './enchant-text.ts';

export const ENCHANT_SORTS = [
  { value: 'featured', label: msg`Featured` },
  { value: 'name', label: msg`Name (A–Z)` },
  { value: 'rarity', label: msg`Rarity` },
  { value: 'level', label: msg`Max level` },
] as const;
type EnchantSort = (typeof ENCHANT_SORTS)[number]['value'];

export interface EnchantFilters {
  search: string;
  rarity: EnchantRarity | 'all';
  gear: EnchantGear | 'all';
  status: EnchantStatus | 'all';
  sort: EnchantSort;
}

export const DEFAULT_FILTERS: EnchantFilters = {
  search: '',
  rarity: 'all',
  gear: 'all',
  status: 'all',
  sort: 'featured',
};

/** Spec 5: the text search is set aside while a gear or status filter is active. */
export function isSearchSuspended(filters: EnchantFilters): boolean {
  return filters.gear !== 'all' || filters.status !== 'all';
}

/**
 * Spec 5: trimmed, case-insensitive, over the enchant's text, its system's name and tagline, requires and
 * tags. The text and the tagline are read in each of `languages`: the page's, and English beside another
 * (the page passes both), so that a reader finds an enchant by the words they see or by the English ones.
 */
export function matchesSearch(
  enchant: Enchant,
  search: string,
  languages: readonly I18n[] = [activeI18n()],
): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const system = enchantSystem(enchant.system);
  const text = enchantText(enchant);
  const words = [
    text?.description,
    text?.focus,
    text?.synergy,
    text?.recommendedFor,
    SYSTEM_TAGLINE[system.id],
  ];
  const haystack = [
    enchant.name,
    system.name,
    ...enchant.requires,
    ...(enchant.tags ?? []),
    ...languages.flatMap((i18n) => words.map((message) => (message ? i18n._(message) : ''))),
  ];
  return haystack.some((entry) => entry.toLowerCase().includes(needle));
}

export function filterEnchants(
  enchants: readonly Enchant[],
  filters: EnchantFilters,
  languages?: readonly I18n[],
): Enchant[] {
  const searchApplies = !isSearchSuspended(filters);
  return enchants.filter(
    (enchant) =>
      (filters.rarity === 'all' || enchant.rarity === filters.rarity) &&
      (filters.gear === 'all' || enchant.applicableTo.includes(filters.gear)) &&
      (filters.status === 'all' || enchant.status === filters.status) &&
      (!searchApplies || matchesSearch(enchant, filters.search, languages)),
  );
}

// A test checks the whole catalogue against localeCompare's English order.
const byName = (a: Enchant, b: Enchant) => caselessOrder(a.name, b.name);
// Spec 9 featured: new, reworked, returning, then enchants without a status.
const statusRank = (enchant: Enchant) =>
  enchant.status === undefined ? ENCHANT_STATUSES.length : ENCHANT_STATUSES.indexOf(enchant.status);
const rarityRank = (enchant: Enchant) => ENCHANT_RARITIES.indexOf(enchant.rarity);

const comparators: Record<EnchantSort, (a: Enchant, b: Enchant) => number> = {
  featured: (a, b) =>
    statusRank(a) - statusRank(b) ||
    enchantSystem(a.system).order - enchantSystem(b.system).order ||
    byName(a, b),
  name: byName,
  // Ties fall back to the name so that every sort gives one stable, predictable order.
  rarity: (a, b) => rarityRank(a) - rarityRank(b) || byName(a, b),
  level: (a, b) => b.maxLevel - a.maxLevel || byName(a, b),
};

export function sortEnchants(enchants: readonly Enchant[], sort: EnchantSort): Enchant[] {
  return [...enchants].sort(comparators[sort]);
}

interface RaritySection {
  rarity: EnchantRarity;
  enchants: Enchant[];
}

/** Spec 2.4: results grouped by rarity, simple to legendary, keeping each group in the chosen sort order. */
export function groupByRarity(enchants: readonly Enchant[]): RaritySection[] {
  return ENCHANT_RARITIES.map((rarity) => ({
    rarity,
    enchants: enchants.filter((enchant) => enchant.rarity === rarity),
  })).filter((section) => section.enchants.length > 0);
}

/** The view of `filters`, its search read in `languages` (matchesSearch). */
export function queryEnchants(
  enchants: readonly Enchant[],
  filters: EnchantFilters,
  languages?: readonly I18n[],
): Enchant[] {
  return sortEnchants(filterEnchants(enchants, filters, languages), filters.sort);
}

/** Whether the view differs from the full catalogue in its featured order (what Reset filters undoes). */
export function hasActiveFilters(filters: EnchantFilters): boolean {
  return writeFilters(filters).size > 0;
}

// URL query: q, rarity, gear, status, sort. Defaults are left out so the plain /enchants address is the
// default view; unknown values fall back to the default rather than showing an empty page.
const pick = <T extends string>(options: readonly T[], value: string | null): T | undefined =>
  options.find((option) => option.toLowerCase() === value?.trim().toLowerCase());

export function readFilters(params: URLSearchParams): EnchantFilters {
  return {
    search: params.get('q') ?? '',
    rarity: pick(ENCHANT_RARITIES, params.get('rarity')) ?? 'all',
    gear: pick(ENCHANT_GEAR, params.get('gear')) ?? 'all',
    status: pick(ENCHANT_STATUSES, params.get('status')) ?? 'all',
    sort:
      pick(
        ENCHANT_SORTS.map((option) => option.value),
        params.get('sort'),
      ) ?? 'featured',
  };
}

export function writeFilters(filters: EnchantFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('q', filters.search);
  if (filters.rarity !== 'all') params.set('rarity', filters.rarity);
  if (filters.gear !== 'all') params.set('gear', filters.gear.toLowerCase());
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.sort !== 'featured') params.set('sort', filters.sort);
  return params;
}
