// Enchantments as items carry them: a key of the enchant catalogue (enchants.ts) and a level. A key
// is the enchant's name in lower case with hyphens for spaces (Super Breaker: `super-breaker`), so a
// plugin derives it from the name the game shows and the site writes the name back from the key.
// Small on purpose: the auction's pages read it without the catalogue.
import { z } from 'zod';

export const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI'] as const;

/** An enchant level as the game writes it (1 -> "I"); the catalogue's levels run 1 to 6 (spec 9). */
export function romanLevel(level: number): string {
  return ROMAN[level - 1] ?? String(level);
}

/** An item's enchantment: the catalogue's key and a level. */
export const itemEnchantSchema = z.object({
  key: z
    .string()
    .regex(/^[a-z0-9_-]{1,48}$/, 'enchant keys are 1 to 48 of a-z, 0-9, _ and -, such as super-breaker'),
  level: z.int().min(1).max(1000),
});
export type ItemEnchant = z.infer<typeof itemEnchantSchema>;

/** The catalogue's key of an enchant, from its name ("Super Breaker" -> "super-breaker"). */
export const enchantKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** An enchantment as the game shows it: "Super Breaker III". */
export function enchantLabel({ key, level }: ItemEnchant): string {
  const name = key
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
  return `${name} ${romanLevel(level)}`;
}
