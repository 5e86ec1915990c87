import type { Enchant } from '@prison/shared/enchants';

interface CatalogueStats {
  total: number;
  pickaxeStaples: number;
  gearAndWeaponUpdates: number;
  legendaryUnlocks: number;
  prestigeExclusives: number;
}

/** Spec 2.4 stat tiles, always over the whole catalogue (not the filtered view). */
export function catalogueStats(enchants: readonly Enchant[]): CatalogueStats {
  const count = (test: (enchant: Enchant) => boolean) => enchants.filter(test).length;
  return {
    // Every enchant in the catalogue.
    total: enchants.length,
    // Core Progression enchants that go on a pickaxe: the base every mining build starts from.
    pickaxeStaples: count((e) => e.system === 'core-progress' && e.applicableTo.includes('Pickaxe')),
    // Enchants with a status this season (new, reworked or returning) that go on any gear other than the
    // pickaxe: weapons (Sword, Axe) or armour (Armor, Helmet, Leggings, Boots).
    gearAndWeaponUpdates: count(
      (e) => e.status !== undefined && e.applicableTo.some((gear) => gear !== 'Pickaxe'),
    ),
    // Enchants of legendary rarity.
    legendaryUnlocks: count((e) => e.rarity === 'legendary'),
    // Enchants of the Prestige Mastery system, which only open after prestiging.
    prestigeExclusives: count((e) => e.system === 'prestige'),
  };
}
