// Enchantments as items carry them: a key of the enchant catalogue (enchants.ts) and a level. A key
// is the enchant's name in lower case with hyphens for spaces (Super Breaker: `super-breaker`), so a
// plugin derives it from the name the game shows and the site writes the name back from the key.
// Small on purpose, and without zod: the auction's and the enchants' pages read it as they start
// (the schema of an item's enchantment is in item-enchants.ts).

export const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI'] as const;

/** An enchant level as the game writes it (1 -> "I"); the catalogue's levels run 1 to 6 (spec 9). */
export function romanLevel(level: number): string {
  return ROMAN[level - 1] ?? String(level);
}

/** An item's enchantment: the catalogue's key and a level (its schema: item-enchants.ts). */
export interface ItemEnchant {
  key: string;
  level: number;
}

/**
 * The catalogue's key of an enchant, from its name: apostrophes dropped, the rest lower case with
 * hyphens ("Super Breaker" -> "super-breaker", "Cellmate's Blessing" -> "cellmates-blessing").
 */
export const enchantKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

// The catalogue's names a key cannot spell back (their apostrophes); enchant-levels.test.ts holds
// this to the catalogue, so that every enchant of it is written by its own name.
const SPELLED: Readonly<Record<string, string>> = {
  'cellmates-blessing': "Cellmate's Blessing",
  'aurions-favor': "Aurion's Favor",
  'chronos-edge': "Chronos' Edge",
  'laphris-bulwark': "Laphris' Bulwark",
};

/** An enchantment as the game shows it: "Super Breaker III". */
export function enchantLabel({ key, level }: ItemEnchant): string {
  const name =
    SPELLED[key] ??
    key
      .split(/[-_]+/)
      .filter(Boolean)
      .map((word) => word[0]!.toUpperCase() + word.slice(1))
      .join(' ');
  return `${name} ${romanLevel(level)}`;
}
