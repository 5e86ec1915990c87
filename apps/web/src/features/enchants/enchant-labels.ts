// The words the laboratory shows for the catalogue's rarities (spec 3 Rarity group: each group's label
// and description), gear and statuses (packages/shared enchants.ts keys them), as messages of the page's
// language. The enchants' own words are in enchant-text.ts; their names and their systems' names are the
// game's and stay as written.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { EnchantGear, EnchantRarity, EnchantStatus } from '@prison/shared/enchants';

/** A rarity's name, its group's heading. */
export const RARITY_LABEL: Record<EnchantRarity, MessageDescriptor> = {
  simple: msg`Simple`,
  uncommon: msg`Uncommon`,
  elite: msg`Elite`,
  ultimate: msg`Ultimate`,
  legendary: msg`Legendary`,
};

/** What a rarity's group holds, under its heading. */
export const RARITY_DESCRIPTION: Record<EnchantRarity, MessageDescriptor> = {
  simple: msg`Cheap, dependable enchants every prisoner can afford in their first hours.`,
  uncommon: msg`Quality-of-life upgrades and the first activations, within reach by the end of week one.`,
  elite: msg`Build-defining enchants that reward a plan: area clearing, activation chains, PvP staples.`,
  ultimate: msg`High-energy enchants for committed miners and fighters, gated behind maxed prerequisites.`,
  legendary: msg`The rarest power in the laboratory: layer-wide activations and the blessings of the gods.`,
};

/** The gear an enchant goes on. "Armor" is any armour piece. */
export const GEAR_LABEL: Record<EnchantGear, MessageDescriptor> = {
  Pickaxe: msg`Pickaxe`,
  Sword: msg`Sword`,
  Axe: msg`Axe`,
  Armor: msg`Armor`,
  Helmet: msg`Helmet`,
  Leggings: msg`Leggings`,
  Boots: msg`Boots`,
};

/** An enchant's status this season, on its badge and in the status filter. */
export const STATUS_LABEL: Record<EnchantStatus, MessageDescriptor> = {
  new: msg`New`,
  reworked: msg`Reworked`,
  returning: msg`Returning`,
};
