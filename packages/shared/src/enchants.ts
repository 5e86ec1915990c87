// Spec 3 Enchant, Enchant system, Rarity group; spec 9 Enchants. The static enchant catalogue of Season I,
// shared by the site (the /enchants laboratory) and anything else that talks about enchants.
import { ROMAN } from './enchant-levels.ts';

export { romanLevel } from './enchant-levels.ts';

/** Spec 9: rarities from the most common to the rarest; the rarity sort follows this order. */
export const ENCHANT_RARITIES = ['simple', 'uncommon', 'elite', 'ultimate', 'legendary'] as const;
export type EnchantRarity = (typeof ENCHANT_RARITIES)[number];

/** "Armor" means any armour piece; Helmet, Leggings and Boots name enchants limited to that piece. */
export const ENCHANT_GEAR = ['Pickaxe', 'Sword', 'Axe', 'Armor', 'Helmet', 'Leggings', 'Boots'] as const;
export type EnchantGear = (typeof ENCHANT_GEAR)[number];

/** Spec 9: the featured sort shows new first, then reworked, then returning, then the rest. */
export const ENCHANT_STATUSES = ['new', 'reworked', 'returning'] as const;
export type EnchantStatus = (typeof ENCHANT_STATUSES)[number];

export const ENCHANT_SYSTEM_IDS = ['core-progress', 'momentum', 'support', 'prestige', 'pvp'] as const;
export type EnchantSystemId = (typeof ENCHANT_SYSTEM_IDS)[number];

export const MAX_ENCHANT_LEVEL = 6;
/** Spec 9: per-level energy costs stay within this range (Feed alone has a flat cost). */
export const ENERGY_PER_LEVEL_RANGE = { min: 2_200, max: 42_000 } as const;

// The words players read about an enchant (its description, focus, synergy, who it suits and notes),
// a system's tagline and the rarity groups' labels and descriptions are the web app's messages, in each
// of its languages (apps/web/src/features/enchants/enchant-text.ts and enchant-labels.ts).
export interface Enchant {
  name: string;
  /** A Minecraft 1.21.4 item id; the site fills it into its item icon address template. */
  icon: string;
  maxLevel: number;
  rarity: EnchantRarity;
  applicableTo: EnchantGear[];
  system: EnchantSystemId;
  /** The energy each level costs ("12,500 per level"), or the whole enchant when energyFlat ("4,000 flat"). */
  energyCost: number;
  energyFlat?: true;
  /** Prerequisites as "<enchant name> <roman level>", e.g. "Efficiency VI". */
  requires: string[];
  status?: EnchantStatus;
  tags?: string[];
}

export interface EnchantSystem {
  id: EnchantSystemId;
  name: string;
  description: string;
  /** A hex colour that marks the system's enchants. */
  accent: string;
  order: number;
}

export const ENCHANT_SYSTEMS: readonly EnchantSystem[] = [
  {
    id: 'core-progress',
    name: 'Core Progression',
    description:
      'Speed, yield and energy: the always-on enchants that turn a bare pickaxe into a money maker. ' +
      'Most other systems gate their enchants behind levels here.',
    accent: '#38bdf8',
    order: 1,
  },
  {
    id: 'momentum',
    name: 'Momentum Arsenal',
    description:
      'Enchants that build and spend momentum, the meter that fills while you mine without stopping. ' +
      'A hot meter fires the big area activations.',
    accent: '#f97316',
    order: 2,
  },
  {
    id: 'support',
    name: 'Support & Sustain',
    description:
      'Hunger, health, durability and inventory upkeep, plus the cooperative enchants that share progress ' +
      'with your gang.',
    accent: '#10b981',
    order: 3,
  },
  {
    id: 'prestige',
    name: 'Prestige Mastery',
    description:
      'Exclusive enchants unlocked by prestiging. They scale with your prestige and carry the blessings of ' +
      'Aurion, Chronos and Laphris.',
    accent: '#a78bfa',
    order: 4,
  },
  {
    id: 'pvp',
    name: "Warden's Arsenal",
    description:
      'Weapon and armour enchants for fights between prisoners: damage, defence, crowd control and the art of ' +
      'getting away.',
    accent: '#f43f5e',
    order: 5,
  },
];

export const ENCHANTS: readonly Enchant[] = [
  // Core Progression
  {
    name: 'Efficiency',
    icon: 'diamond_pickaxe',
    maxLevel: 6,
    rarity: 'simple',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: 2_200,
    requires: [],
    tags: ['speed', 'staple', 'starter'],
  },
  {
    name: 'Fortune',
    icon: 'diamond',
    maxLevel: 5,
    rarity: 'uncommon',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: 6_500,
    requires: ['Efficiency III'],
    tags: ['ores', 'staple', 'money'],
  },
  {
    name: 'Unbreaking',
    icon: 'iron_ingot',
    maxLevel: 5,
    rarity: 'simple',
    applicableTo: ['Pickaxe', 'Sword', 'Axe', 'Armor'],
    system: 'core-progress',
    energyCost: 2_800,
    requires: [],
    tags: ['durability', 'staple'],
  },
  {
    name: 'Transfuse',
    icon: 'experience_bottle',
    maxLevel: 4,
    rarity: 'uncommon',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: 7_500,
    requires: ['Efficiency IV'],
    tags: ['energy', 'activation'],
  },
  {
    name: 'Alchemy',
    icon: 'gold_ingot',
    maxLevel: 5,
    rarity: 'elite',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: 14_000,
    requires: ['Fortune III'],
    status: 'reworked',
    tags: ['ores', 'activation', 'money'],
  },
  {
    name: 'Prospector',
    icon: 'raw_iron',
    maxLevel: 4,
    rarity: 'simple',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: 3_400,
    requires: [],
    tags: ['ores', 'starter'],
  },
  {
    name: 'Shard Seeker',
    icon: 'prismarine_shard',
    maxLevel: 3,
    rarity: 'uncommon',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: 9_000,
    requires: ['Prospector II'],
    status: 'new',
    tags: ['shards', 'collection'],
  },
  {
    name: 'Energy Siphon',
    icon: 'glowstone_dust',
    maxLevel: 5,
    rarity: 'simple',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: 3_000,
    requires: [],
    tags: ['energy', 'starter'],
  },
  {
    name: 'Fracture',
    icon: 'flint',
    maxLevel: 4,
    rarity: 'elite',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: 16_500,
    requires: ['Efficiency V'],
    tags: ['area', 'activation'],
  },
  {
    name: 'Vein Reader',
    icon: 'lapis_lazuli',
    maxLevel: 3,
    rarity: 'uncommon',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: 8_200,
    requires: ['Prospector I'],
    tags: ['ores', 'utility'],
  },
  {
    name: 'Deep Core',
    icon: 'netherite_scrap',
    maxLevel: 3,
    rarity: 'ultimate',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: 26_000,
    requires: ['Fortune V', 'Efficiency VI'],
    tags: ['ores', 'depth'],
  },
  {
    name: 'Autosmelt',
    icon: 'charcoal',
    maxLevel: 1,
    rarity: 'simple',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: 2_600,
    requires: [],
    tags: ['ores', 'utility', 'starter'],
  },

  // Momentum Arsenal
  {
    name: 'Super Breaker',
    icon: 'golden_pickaxe',
    maxLevel: 3,
    rarity: 'ultimate',
    applicableTo: ['Pickaxe'],
    system: 'momentum',
    energyCost: 24_000,
    requires: ['Efficiency VI'],
    status: 'reworked',
    tags: ['burst', 'activation', 'speed'],
  },
  {
    name: 'Powerball',
    icon: 'fire_charge',
    maxLevel: 4,
    rarity: 'elite',
    applicableTo: ['Pickaxe'],
    system: 'momentum',
    energyCost: 15_000,
    requires: ['Efficiency V'],
    tags: ['area', 'explosive', 'activation'],
  },
  {
    name: 'Ore Surge',
    icon: 'raw_gold',
    maxLevel: 5,
    rarity: 'ultimate',
    applicableTo: ['Pickaxe'],
    system: 'momentum',
    energyCost: 22_000,
    requires: ['Fortune IV'],
    status: 'new',
    tags: ['ores', 'activation', 'money'],
  },
  {
    name: 'Shatter',
    icon: 'amethyst_shard',
    maxLevel: 3,
    rarity: 'legendary',
    applicableTo: ['Pickaxe'],
    system: 'momentum',
    energyCost: 38_000,
    requires: ['Fracture IV', 'Powerball II'],
    tags: ['area', 'activation', 'endgame'],
  },
  {
    name: 'Kinetic Drive',
    icon: 'sugar',
    maxLevel: 5,
    rarity: 'simple',
    applicableTo: ['Pickaxe'],
    system: 'momentum',
    energyCost: 2_400,
    requires: [],
    tags: ['momentum', 'starter'],
  },
  {
    name: 'Overdrive',
    icon: 'redstone',
    maxLevel: 4,
    rarity: 'elite',
    applicableTo: ['Pickaxe'],
    system: 'momentum',
    energyCost: 13_500,
    requires: ['Kinetic Drive III'],
    status: 'returning',
    tags: ['momentum', 'activation'],
  },
  {
    name: 'Chain Reaction',
    icon: 'gunpowder',
    maxLevel: 4,
    rarity: 'uncommon',
    applicableTo: ['Pickaxe'],
    system: 'momentum',
    energyCost: 8_800,
    requires: ['Kinetic Drive II'],
    tags: ['activation', 'combo'],
  },
  {
    name: 'Afterburn',
    icon: 'blaze_powder',
    maxLevel: 3,
    rarity: 'uncommon',
    applicableTo: ['Pickaxe'],
    system: 'momentum',
    energyCost: 7_800,
    requires: [],
    tags: ['momentum'],
  },
  {
    name: 'Tremor',
    icon: 'wind_charge',
    maxLevel: 5,
    rarity: 'elite',
    applicableTo: ['Pickaxe'],
    system: 'momentum',
    energyCost: 12_000,
    requires: ['Kinetic Drive II'],
    status: 'new',
    tags: ['area', 'momentum'],
  },
  {
    name: 'Starfall',
    icon: 'nether_star',
    maxLevel: 2,
    rarity: 'legendary',
    applicableTo: ['Pickaxe'],
    system: 'momentum',
    energyCost: 42_000,
    requires: ['Shatter II', 'Ore Surge III'],
    status: 'new',
    tags: ['area', 'activation', 'endgame'],
  },

  // Support & Sustain
  {
    name: 'Feed',
    icon: 'cooked_beef',
    maxLevel: 1,
    rarity: 'simple',
    applicableTo: ['Pickaxe'],
    system: 'support',
    energyCost: 4_000,
    energyFlat: true,
    requires: [],
    tags: ['hunger', 'starter', 'activation'],
  },
  {
    name: 'Replenish',
    icon: 'honey_bottle',
    maxLevel: 3,
    rarity: 'uncommon',
    applicableTo: ['Pickaxe'],
    system: 'support',
    energyCost: 9_500,
    requires: ['Unbreaking III'],
    tags: ['durability', 'activation'],
  },
  {
    name: 'Renewal',
    icon: 'golden_apple',
    maxLevel: 3,
    rarity: 'uncommon',
    applicableTo: ['Armor'],
    system: 'support',
    energyCost: 6_800,
    requires: [],
    status: 'returning',
    tags: ['health', 'sustain'],
  },
  {
    name: 'Second Wind',
    icon: 'rabbit_foot',
    maxLevel: 2,
    rarity: 'uncommon',
    applicableTo: ['Leggings'],
    system: 'support',
    energyCost: 5_200,
    requires: [],
    tags: ['health', 'escape'],
  },
  {
    name: 'Lamplight',
    icon: 'glow_ink_sac',
    maxLevel: 1,
    rarity: 'simple',
    applicableTo: ['Helmet'],
    system: 'support',
    energyCost: 2_200,
    requires: [],
    tags: ['vision', 'starter'],
  },
  {
    name: 'Lodestone Pull',
    icon: 'iron_nugget',
    maxLevel: 3,
    rarity: 'uncommon',
    applicableTo: ['Pickaxe'],
    system: 'support',
    energyCost: 5_500,
    requires: [],
    tags: ['utility', 'collection'],
  },
  {
    name: "Cellmate's Blessing",
    icon: 'emerald',
    maxLevel: 3,
    rarity: 'elite',
    applicableTo: ['Pickaxe'],
    system: 'support',
    energyCost: 11_000,
    requires: ['Energy Siphon III'],
    status: 'new',
    tags: ['gang', 'xp', 'cooperative'],
  },
  {
    name: 'Quickstep',
    icon: 'feather',
    maxLevel: 3,
    rarity: 'simple',
    applicableTo: ['Boots'],
    system: 'support',
    energyCost: 2_300,
    requires: [],
    tags: ['speed', 'movement'],
  },
  {
    name: 'Deep Pockets',
    icon: 'leather',
    maxLevel: 4,
    rarity: 'elite',
    applicableTo: ['Leggings'],
    system: 'support',
    energyCost: 10_500,
    requires: [],
    tags: ['utility', 'inventory'],
  },

  // Prestige Mastery
  {
    name: 'Ascendant',
    icon: 'enchanted_book',
    maxLevel: 5,
    rarity: 'ultimate',
    applicableTo: ['Pickaxe'],
    system: 'prestige',
    energyCost: 28_000,
    requires: ['Efficiency VI'],
    tags: ['xp', 'prestige'],
  },
  {
    name: "Aurion's Favor",
    icon: 'gold_nugget',
    maxLevel: 3,
    rarity: 'legendary',
    applicableTo: ['Pickaxe'],
    system: 'prestige',
    energyCost: 40_000,
    requires: ['Fortune V', 'Transfuse III'],
    tags: ['money', 'prestige', 'lore'],
  },
  {
    name: "Chronos' Edge",
    icon: 'netherite_sword',
    maxLevel: 4,
    rarity: 'legendary',
    applicableTo: ['Sword', 'Axe'],
    system: 'prestige',
    energyCost: 36_000,
    requires: ['Sharpness V'],
    tags: ['damage', 'prestige', 'lore'],
  },
  {
    name: "Laphris' Bulwark",
    icon: 'heart_of_the_sea',
    maxLevel: 3,
    rarity: 'legendary',
    applicableTo: ['Armor'],
    system: 'prestige',
    energyCost: 34_000,
    requires: ['Protection IV'],
    tags: ['defence', 'prestige', 'lore'],
  },
  {
    name: 'Rebirth Echo',
    icon: 'echo_shard',
    maxLevel: 3,
    rarity: 'elite',
    applicableTo: ['Pickaxe'],
    system: 'prestige',
    energyCost: 18_000,
    requires: ['Kinetic Drive IV'],
    status: 'returning',
    tags: ['prestige', 'momentum'],
  },
  {
    name: 'Starforged',
    icon: 'netherite_ingot',
    maxLevel: 4,
    rarity: 'ultimate',
    applicableTo: ['Pickaxe'],
    system: 'prestige',
    energyCost: 30_000,
    requires: ['Energy Siphon V'],
    tags: ['energy', 'prestige'],
  },
  {
    name: 'Legacy',
    icon: 'totem_of_undying',
    maxLevel: 2,
    rarity: 'legendary',
    applicableTo: ['Pickaxe', 'Sword'],
    system: 'prestige',
    energyCost: 32_000,
    requires: ['Ascendant III'],
    tags: ['prestige', 'endgame', 'leaderboard'],
  },

  // Warden's Arsenal
  {
    name: 'Sharpness',
    icon: 'iron_sword',
    maxLevel: 5,
    rarity: 'simple',
    applicableTo: ['Sword', 'Axe'],
    system: 'pvp',
    energyCost: 2_500,
    requires: [],
    tags: ['damage', 'staple', 'starter'],
  },
  {
    name: 'Protection',
    icon: 'iron_chestplate',
    maxLevel: 4,
    rarity: 'simple',
    applicableTo: ['Armor'],
    system: 'pvp',
    energyCost: 3_200,
    requires: [],
    tags: ['defence', 'staple', 'starter'],
  },
  {
    name: 'Lifesteal',
    icon: 'fermented_spider_eye',
    maxLevel: 3,
    rarity: 'elite',
    applicableTo: ['Sword'],
    system: 'pvp',
    energyCost: 14_500,
    requires: ['Sharpness III'],
    status: 'reworked',
    tags: ['healing', 'damage'],
  },
  {
    name: 'Cleave',
    icon: 'iron_axe',
    maxLevel: 4,
    rarity: 'uncommon',
    applicableTo: ['Axe'],
    system: 'pvp',
    energyCost: 7_200,
    requires: ['Sharpness II'],
    tags: ['damage', 'area'],
  },
  {
    name: 'Barbed Plating',
    icon: 'chainmail_chestplate',
    maxLevel: 3,
    rarity: 'uncommon',
    applicableTo: ['Armor'],
    system: 'pvp',
    energyCost: 6_200,
    requires: ['Protection II'],
    tags: ['defence', 'damage'],
  },
  {
    name: 'Lockdown',
    icon: 'chain',
    maxLevel: 3,
    rarity: 'ultimate',
    applicableTo: ['Sword'],
    system: 'pvp',
    energyCost: 25_000,
    requires: ['Sharpness V'],
    status: 'new',
    tags: ['control', 'pvp'],
  },
  {
    name: 'Execute',
    icon: 'diamond_axe',
    maxLevel: 3,
    rarity: 'ultimate',
    applicableTo: ['Sword', 'Axe'],
    system: 'pvp',
    energyCost: 27_000,
    requires: ['Sharpness IV'],
    tags: ['damage', 'finisher'],
  },
  {
    name: 'Iron Will',
    icon: 'iron_helmet',
    maxLevel: 3,
    rarity: 'elite',
    applicableTo: ['Helmet'],
    system: 'pvp',
    energyCost: 12_500,
    requires: ['Protection III'],
    tags: ['defence', 'control'],
  },
  {
    name: 'Escape Artist',
    icon: 'ender_pearl',
    maxLevel: 2,
    rarity: 'uncommon',
    applicableTo: ['Leggings', 'Boots'],
    system: 'pvp',
    energyCost: 6_000,
    requires: [],
    status: 'returning',
    tags: ['escape', 'defence'],
  },
];

/** Splits "Efficiency VI" into the enchant name and its level; null when malformed. */
export function parseRequirement(requirement: string): { name: string; level: number } | null {
  const match = /^(\S(?:.*\S)?) (I|II|III|IV|V|VI)$/.exec(requirement);
  if (!match) return null;
  return { name: match[1]!, level: ROMAN.indexOf(match[2] as (typeof ROMAN)[number]) + 1 };
}

const SYSTEMS_BY_ID = new Map(ENCHANT_SYSTEMS.map((system) => [system.id, system]));

export function enchantSystem(id: EnchantSystemId): EnchantSystem {
  return SYSTEMS_BY_ID.get(id)!;
}
