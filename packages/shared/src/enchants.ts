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

export interface Enchant {
  name: string;
  description: string;
  /** A Minecraft 1.21.4 item id; the site fills it into its item icon address template. */
  icon: string;
  maxLevel: number;
  rarity: EnchantRarity;
  applicableTo: EnchantGear[];
  system: EnchantSystemId;
  /** "12,500 per level" or "4,000 flat". */
  energyCost: string;
  focus: string;
  synergy?: string;
  recommendedFor: string;
  notes: string;
  /** Prerequisites as "<enchant name> <roman level>", e.g. "Efficiency VI". */
  requires: string[];
  status?: EnchantStatus;
  tags?: string[];
}

export interface EnchantSystem {
  id: EnchantSystemId;
  name: string;
  description: string;
  tagline: string;
  /** A hex colour that marks the system's enchants. */
  accent: string;
  order: number;
}

export interface RarityGroup {
  label: string;
  description: string;
}

export const ENCHANT_SYSTEMS: readonly EnchantSystem[] = [
  {
    id: 'core-progress',
    name: 'Core Progression',
    tagline: 'The foundation every pickaxe is built on.',
    description:
      'Speed, yield and energy: the always-on enchants that turn a bare pickaxe into a money maker. ' +
      'Most other systems gate their enchants behind levels here.',
    accent: '#38bdf8',
    order: 1,
  },
  {
    id: 'momentum',
    name: 'Momentum Arsenal',
    tagline: 'Keep swinging and the meter keeps burning.',
    description:
      'Enchants that build and spend momentum, the meter that fills while you mine without stopping. ' +
      'A hot meter fires the big area activations.',
    accent: '#f97316',
    order: 2,
  },
  {
    id: 'support',
    name: 'Support & Sustain',
    tagline: 'Stay in the mine longer, and bring your gang along.',
    description:
      'Hunger, health, durability and inventory upkeep, plus the cooperative enchants that share progress ' +
      'with your gang.',
    accent: '#10b981',
    order: 3,
  },
  {
    id: 'prestige',
    name: 'Prestige Mastery',
    tagline: 'Power that only opens once you start over.',
    description:
      'Exclusive enchants unlocked by prestiging. They scale with your prestige and carry the blessings of ' +
      'Aurion, Chronos and Laphris.',
    accent: '#a78bfa',
    order: 4,
  },
  {
    id: 'pvp',
    name: "Warden's Arsenal",
    tagline: 'For the yard, the gang war and the walk home.',
    description:
      'Weapon and armour enchants for fights between prisoners: damage, defence, crowd control and the art of ' +
      'getting away.',
    accent: '#f43f5e',
    order: 5,
  },
];

export const RARITY_GROUPS: Readonly<Record<EnchantRarity, RarityGroup>> = {
  simple: {
    label: 'Simple',
    description: 'Cheap, dependable enchants every prisoner can afford in their first hours.',
  },
  uncommon: {
    label: 'Uncommon',
    description: 'Quality-of-life upgrades and the first activations, within reach by the end of week one.',
  },
  elite: {
    label: 'Elite',
    description: 'Build-defining enchants that reward a plan: area clearing, activation chains, PvP staples.',
  },
  ultimate: {
    label: 'Ultimate',
    description: 'High-energy enchants for committed miners and fighters, gated behind maxed prerequisites.',
  },
  legendary: {
    label: 'Legendary',
    description: 'The rarest power in the laboratory: layer-wide activations and the blessings of the gods.',
  },
};

export const ENCHANTS: readonly Enchant[] = [
  // Core Progression
  {
    name: 'Efficiency',
    description:
      'Every swing bites deeper into the mine wall, so blocks crumble in fewer ticks. The first enchant every ' +
      'prisoner should max.',
    icon: 'diamond_pickaxe',
    maxLevel: 6,
    rarity: 'simple',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: '2,200 per level',
    focus: 'Raw mining speed',
    synergy: 'Its levels unlock Fortune, Fracture, Powerball and Super Breaker.',
    recommendedFor: 'Every miner, from the first hour in the cells',
    notes: 'Level VI is the entry ticket to most area enchants, so push it before anything else.',
    requires: [],
    tags: ['speed', 'staple', 'starter'],
  },
  {
    name: 'Fortune',
    description:
      'Rolls extra drops from every ore you break; each level adds another chance at a bonus stack.',
    icon: 'diamond',
    maxLevel: 5,
    rarity: 'uncommon',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: '6,500 per level',
    focus: 'Extra ore drops',
    synergy: 'Alchemy upgrades the extra ores Fortune rolls, so the two compound.',
    recommendedFor: 'Miners selling ore for their first rank-ups',
    notes: 'Bonus drops count towards the ores gained statistic.',
    requires: ['Efficiency III'],
    tags: ['ores', 'staple', 'money'],
  },
  {
    name: 'Unbreaking',
    description: 'Reinforces the gear so durability drains slower through heavy mining and long fights.',
    icon: 'iron_ingot',
    maxLevel: 5,
    rarity: 'simple',
    applicableTo: ['Pickaxe', 'Sword', 'Axe', 'Armor'],
    system: 'core-progress',
    energyCost: '2,800 per level',
    focus: 'Durability',
    recommendedFor: 'Anyone tired of repairing between mine resets',
    notes: 'Works on every piece of gear, so it is often the first enchant on a fresh kit.',
    requires: [],
    tags: ['durability', 'staple'],
  },
  {
    name: 'Transfuse',
    description:
      'Activation: converts a slice of the ore in your inventory straight into enchant energy, so the pickaxe ' +
      'pays for its own upgrades.',
    icon: 'experience_bottle',
    maxLevel: 4,
    rarity: 'uncommon',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: '7,500 per level',
    focus: 'Ore into energy',
    synergy: "Tops up Energy Siphon's steady trickle with lump sums.",
    recommendedFor: 'Players saving up for an ultimate enchant',
    notes: 'Each conversion counts as a Transfuse activation in your statistics.',
    requires: ['Efficiency IV'],
    tags: ['energy', 'activation'],
  },
  {
    name: 'Alchemy',
    description:
      'Activation: transmutes mined ore one tier upward (coal to iron, iron to gold, gold to diamond) before ' +
      'it reaches your inventory.',
    icon: 'gold_ingot',
    maxLevel: 5,
    rarity: 'elite',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: '14,000 per level',
    focus: 'Ore upgrades',
    synergy: 'Pairs with Fortune: more drops means more ore to transmute.',
    recommendedFor: 'Mid-game miners chasing diamond and emerald payouts',
    notes: 'Reworked for Season I: at level V diamond can turn into emerald.',
    requires: ['Fortune III'],
    status: 'reworked',
    tags: ['ores', 'activation', 'money'],
  },
  {
    name: 'Prospector',
    description: 'Senses the richer blocks of each mine reset and steers your drops toward them.',
    icon: 'raw_iron',
    maxLevel: 4,
    rarity: 'simple',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: '3,400 per level',
    focus: 'Ore yield',
    recommendedFor: 'New prisoners still learning the mine layouts',
    notes: 'Raises ores gained, not blocks broken.',
    requires: [],
    tags: ['ores', 'starter'],
  },
  {
    name: 'Shard Seeker',
    description:
      'Gives every broken block a small chance to reveal a prison shard, the currency behind G-Kit and ' +
      'cosmetic upgrades.',
    icon: 'prismarine_shard',
    maxLevel: 3,
    rarity: 'uncommon',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: '9,000 per level',
    focus: 'Shard discovery',
    synergy: 'Area enchants like Fracture roll the chance on every block they clear.',
    recommendedFor: 'Collectors and G-Kit levellers',
    notes: 'Shards you find appear in your statistics as shards discovered.',
    requires: ['Prospector II'],
    status: 'new',
    tags: ['shards', 'collection'],
  },
  {
    name: 'Energy Siphon',
    description:
      'Draws a trickle of enchant energy out of every block you mine: steady income for your next enchant.',
    icon: 'glowstone_dust',
    maxLevel: 5,
    rarity: 'simple',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: '3,000 per level',
    focus: 'Passive energy',
    recommendedFor: 'Every miner; it pays for itself within a session',
    notes: 'Counted in the energy gained statistic.',
    requires: [],
    tags: ['energy', 'starter'],
  },
  {
    name: 'Fracture',
    description:
      'Activation: splits the mine along a fault line, breaking a straight tunnel of blocks ahead of you.',
    icon: 'flint',
    maxLevel: 4,
    rarity: 'elite',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: '16,500 per level',
    focus: 'Line clearing',
    synergy: "Shatter builds on Fracture's fault lines; level IV is its prerequisite.",
    recommendedFor: 'Tunnel miners working long shafts',
    notes: 'Blocks cleared this way are tracked as fracture blocks.',
    requires: ['Efficiency V'],
    tags: ['area', 'activation'],
  },
  {
    name: 'Vein Reader',
    description: 'Break one ore and the rest of its vein glows through the stone for a few seconds.',
    icon: 'lapis_lazuli',
    maxLevel: 3,
    rarity: 'uncommon',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: '8,200 per level',
    focus: 'Ore tracking',
    recommendedFor: 'Players mining the deep layers where veins hide',
    notes: 'The glow is visible only to you.',
    requires: ['Prospector I'],
    tags: ['ores', 'utility'],
  },
  {
    name: 'Deep Core',
    description: 'Adds a bonus to every drop the deeper you dig, peaking on the bedrock layer of each mine.',
    icon: 'netherite_scrap',
    maxLevel: 3,
    rarity: 'ultimate',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: '26,000 per level',
    focus: 'Depth bonus',
    synergy: 'Stacks with Ore Surge while a surge window is open.',
    recommendedFor: 'Late-game miners in the top mines',
    notes: "The bonus drops to zero above a mine's halfway mark.",
    requires: ['Fortune V', 'Efficiency VI'],
    tags: ['ores', 'depth'],
  },
  {
    name: 'Autosmelt',
    description: 'Ore drops come out already smelted, so raw iron, gold and copper go straight to bars.',
    icon: 'charcoal',
    maxLevel: 1,
    rarity: 'simple',
    applicableTo: ['Pickaxe'],
    system: 'core-progress',
    energyCost: '2,600 per level',
    focus: 'Instant smelting',
    recommendedFor: 'Anyone who sells bars instead of raw ore',
    notes: 'Works with Fortune: every extra drop is smelted too.',
    requires: [],
    tags: ['ores', 'utility', 'starter'],
  },

  // Momentum Arsenal
  {
    name: 'Super Breaker',
    description:
      'Activation: unleashes a few seconds of instant breaking, where every block you touch gives way in a ' +
      'single tick.',
    icon: 'golden_pickaxe',
    maxLevel: 3,
    rarity: 'ultimate',
    applicableTo: ['Pickaxe'],
    system: 'momentum',
    energyCost: '24,000 per level',
    focus: 'Instant-break burst',
    synergy: 'Fire it with a full momentum meter to double the burst.',
    recommendedFor: 'Speed miners racing a mine reset',
    notes: 'Reworked for Season I: the burst now scales with momentum instead of a fixed timer.',
    requires: ['Efficiency VI'],
    status: 'reworked',
    tags: ['burst', 'activation', 'speed'],
  },
  {
    name: 'Powerball',
    description:
      'Activation: lobs a charged orb that detonates inside the wall and clears a sphere of blocks.',
    icon: 'fire_charge',
    maxLevel: 4,
    rarity: 'elite',
    applicableTo: ['Pickaxe'],
    system: 'momentum',
    energyCost: '15,000 per level',
    focus: 'Explosive area',
    synergy: 'Every detonation adds a burst of momentum.',
    recommendedFor: 'Players clearing wide, open mines',
    notes: 'The orb never harms players or gang builds.',
    requires: ['Efficiency V'],
    tags: ['area', 'explosive', 'activation'],
  },
  {
    name: 'Ore Surge',
    description:
      'Activation: opens a surge window in which every ore you mine drops as if Fortune were two levels higher.',
    icon: 'raw_gold',
    maxLevel: 5,
    rarity: 'ultimate',
    applicableTo: ['Pickaxe'],
    system: 'momentum',
    energyCost: '22,000 per level',
    focus: 'Ore burst',
    synergy: 'Deep Core and Alchemy both apply inside the surge window.',
    recommendedFor: 'Money-focused miners pushing a rank-up',
    notes: 'Surges never overlap; a new activation extends the open window.',
    requires: ['Fortune IV'],
    status: 'new',
    tags: ['ores', 'activation', 'money'],
  },
  {
    name: 'Shatter',
    description:
      'Activation: sends a shockwave through the layer you stand on, breaking every block on it at once.',
    icon: 'amethyst_shard',
    maxLevel: 3,
    rarity: 'legendary',
    applicableTo: ['Pickaxe'],
    system: 'momentum',
    energyCost: '38,000 per level',
    focus: 'Layer clearing',
    synergy: 'Fracture lines left in the layer break with it for bonus momentum.',
    recommendedFor: 'Endgame miners resetting mines for the whole server',
    notes: 'Blocks it clears count as shatter blocks in your statistics.',
    requires: ['Fracture IV', 'Powerball II'],
    tags: ['area', 'activation', 'endgame'],
  },
  {
    name: 'Kinetic Drive',
    description:
      'Builds momentum faster with every consecutive block, rewarding miners who never stop swinging.',
    icon: 'sugar',
    maxLevel: 5,
    rarity: 'simple',
    applicableTo: ['Pickaxe'],
    system: 'momentum',
    energyCost: '2,400 per level',
    focus: 'Momentum gain',
    recommendedFor: 'Every miner who wants activations sooner',
    notes: 'Your momentum shows in the Progress statistics of your profile.',
    requires: [],
    tags: ['momentum', 'starter'],
  },
  {
    name: 'Overdrive',
    description:
      'Once the momentum meter is full it keeps filling into overdrive, raising the chance of every activation.',
    icon: 'redstone',
    maxLevel: 4,
    rarity: 'elite',
    applicableTo: ['Pickaxe'],
    system: 'momentum',
    energyCost: '13,500 per level',
    focus: 'Activation chance',
    synergy: 'Powerball, Ore Surge and Shatter all fire noticeably more often.',
    recommendedFor: 'Builds carrying three or more activation enchants',
    notes: 'Returning from the beta seasons with a shorter wind-up.',
    requires: ['Kinetic Drive III'],
    status: 'returning',
    tags: ['momentum', 'activation'],
  },
  {
    name: 'Chain Reaction',
    description: 'Gives every activation a chance to set off a second, different activation straight after.',
    icon: 'gunpowder',
    maxLevel: 4,
    rarity: 'uncommon',
    applicableTo: ['Pickaxe'],
    system: 'momentum',
    energyCost: '8,800 per level',
    focus: 'Activation chains',
    synergy: 'The more activation enchants you carry, the more it has to choose from.',
    recommendedFor: 'Players stacking several activation enchants',
    notes: 'A chain never repeats the enchant that started it.',
    requires: ['Kinetic Drive II'],
    tags: ['activation', 'combo'],
  },
  {
    name: 'Afterburn',
    description:
      'Slows momentum decay when you stop mining, so a sell trip or a scuffle does not empty the meter.',
    icon: 'blaze_powder',
    maxLevel: 3,
    rarity: 'uncommon',
    applicableTo: ['Pickaxe'],
    system: 'momentum',
    energyCost: '7,800 per level',
    focus: 'Momentum retention',
    recommendedFor: 'Miners who sell often between runs',
    notes: 'At level III decay pauses entirely for the first few seconds.',
    requires: [],
    tags: ['momentum'],
  },
  {
    name: 'Tremor',
    description:
      'Every hundredth block sends a tremor through the wall around you, loosening a ring of blocks.',
    icon: 'wind_charge',
    maxLevel: 5,
    rarity: 'elite',
    applicableTo: ['Pickaxe'],
    system: 'momentum',
    energyCost: '12,000 per level',
    focus: 'Rhythmic area',
    synergy: 'Loosened blocks still roll Fortune and Shard Seeker.',
    recommendedFor: 'Steady miners who prefer rhythm over luck',
    notes: 'The block count carries over between mines.',
    requires: ['Kinetic Drive II'],
    status: 'new',
    tags: ['area', 'momentum'],
  },
  {
    name: 'Starfall',
    description:
      'Activation: calls a falling star into the mine that blasts open a crater of ore-rich blocks where it lands.',
    icon: 'nether_star',
    maxLevel: 2,
    rarity: 'legendary',
    applicableTo: ['Pickaxe'],
    system: 'momentum',
    energyCost: '42,000 per level',
    focus: 'Ore crater',
    synergy: "An Ore Surge open at impact doubles the crater's ore.",
    recommendedFor: 'Top miners chasing leaderboard XP',
    notes: 'Each mine holds one crater at a time.',
    requires: ['Shatter II', 'Ore Surge III'],
    status: 'new',
    tags: ['area', 'activation', 'endgame'],
  },

  // Support & Sustain
  {
    name: 'Feed',
    description: 'Activation: tops up your hunger as you mine, so a long session never stops for food.',
    icon: 'cooked_beef',
    maxLevel: 1,
    rarity: 'simple',
    applicableTo: ['Pickaxe'],
    system: 'support',
    energyCost: '4,000 flat',
    focus: 'Hunger upkeep',
    recommendedFor: 'Everyone: the cheapest quality-of-life enchant in the laboratory',
    notes: 'One flat cost; there are no further levels to buy.',
    requires: [],
    tags: ['hunger', 'starter', 'activation'],
  },
  {
    name: 'Replenish',
    description:
      "Activation: restores a slice of your pickaxe's durability mid-swing, so long runs never end at the anvil.",
    icon: 'honey_bottle',
    maxLevel: 3,
    rarity: 'uncommon',
    applicableTo: ['Pickaxe'],
    system: 'support',
    energyCost: '9,500 per level',
    focus: 'Durability restore',
    synergy: 'With Unbreaking, a pickaxe can last a whole season without repairs.',
    recommendedFor: 'Marathon miners and anyone running area activations',
    notes: 'Each restore counts as a Replenish activation in your statistics.',
    requires: ['Unbreaking III'],
    tags: ['durability', 'activation'],
  },
  {
    name: 'Renewal',
    description: 'Slowly regenerates health while you mine or rest in your cell, faster when out of combat.',
    icon: 'golden_apple',
    maxLevel: 3,
    rarity: 'uncommon',
    applicableTo: ['Armor'],
    system: 'support',
    energyCost: '6,800 per level',
    focus: 'Health regeneration',
    recommendedFor: 'Players who mix mining with the occasional yard fight',
    notes: 'Returning from the beta; regeneration now pauses for 5 seconds after player damage.',
    requires: [],
    status: 'returning',
    tags: ['health', 'sustain'],
  },
  {
    name: 'Second Wind',
    description:
      'Below a quarter of your health, grants a short burst of speed and absorption to get you clear.',
    icon: 'rabbit_foot',
    maxLevel: 2,
    rarity: 'uncommon',
    applicableTo: ['Leggings'],
    system: 'support',
    energyCost: '5,200 per level',
    focus: 'Emergency escape',
    recommendedFor: 'Miners crossing PvP zones between mines',
    notes: 'Two-minute cooldown.',
    requires: [],
    tags: ['health', 'escape'],
  },
  {
    name: 'Lamplight',
    description: 'See clearly in the darkest mine layers without torches or potions.',
    icon: 'glow_ink_sac',
    maxLevel: 1,
    rarity: 'simple',
    applicableTo: ['Helmet'],
    system: 'support',
    energyCost: '2,200 per level',
    focus: 'Night vision',
    recommendedFor: 'Everyone who mines below the lit layers',
    notes: 'It does not reveal players hiding in the dark.',
    requires: [],
    tags: ['vision', 'starter'],
  },
  {
    name: 'Lodestone Pull',
    description: 'Pulls every drop within a few blocks straight into your inventory, even through walls.',
    icon: 'iron_nugget',
    maxLevel: 3,
    rarity: 'uncommon',
    applicableTo: ['Pickaxe'],
    system: 'support',
    energyCost: '5,500 per level',
    focus: 'Drop collection',
    synergy: 'Essential once area enchants scatter drops across the mine.',
    recommendedFor: 'Anyone running Powerball, Fracture or Shatter',
    notes: 'Stops pulling when your inventory is full.',
    requires: [],
    tags: ['utility', 'collection'],
  },
  {
    name: "Cellmate's Blessing",
    description:
      'Shares a slice of the XP you earn with gang members mining in the same mine, without reducing your own.',
    icon: 'emerald',
    maxLevel: 3,
    rarity: 'elite',
    applicableTo: ['Pickaxe'],
    system: 'support',
    energyCost: '11,000 per level',
    focus: 'Gang XP sharing',
    synergy: 'Stacks per member, so a full crew mining together levels much faster.',
    recommendedFor: 'Gangs that grind mines as a crew',
    notes: 'Only members of your gang in the same mine receive the share.',
    requires: ['Energy Siphon III'],
    status: 'new',
    tags: ['gang', 'xp', 'cooperative'],
  },
  {
    name: 'Quickstep',
    description: 'Raises your walking speed inside the mines, so moving between veins costs less time.',
    icon: 'feather',
    maxLevel: 3,
    rarity: 'simple',
    applicableTo: ['Boots'],
    system: 'support',
    energyCost: '2,300 per level',
    focus: 'Movement speed',
    recommendedFor: 'Miners in the big open mines',
    notes: 'The bonus is halved inside PvP zones.',
    requires: [],
    tags: ['speed', 'movement'],
  },
  {
    name: 'Deep Pockets',
    description:
      'Compresses stacks of ore in your inventory into blocks on the fly, freeing space for long runs.',
    icon: 'leather',
    maxLevel: 4,
    rarity: 'elite',
    applicableTo: ['Leggings'],
    system: 'support',
    energyCost: '10,500 per level',
    focus: 'Inventory space',
    synergy: 'Keeps Lodestone Pull collecting for far longer.',
    recommendedFor: 'Players who hate mid-run sell trips',
    notes: 'Compressed blocks sell for exactly the value of their ores.',
    requires: [],
    tags: ['utility', 'inventory'],
  },

  // Prestige Mastery
  {
    name: 'Ascendant',
    description:
      'Adds bonus XP to every block, scaling with your prestige, so each prestige makes the next climb faster.',
    icon: 'enchanted_book',
    maxLevel: 5,
    rarity: 'ultimate',
    applicableTo: ['Pickaxe'],
    system: 'prestige',
    energyCost: '28,000 per level',
    focus: 'Prestige XP bonus',
    synergy: "Multiplies the shares Cellmate's Blessing hands to your gang.",
    recommendedFor: 'Players from their first prestige onward',
    notes:
      "Unlocks after your first prestige; the bonus grows with each one up to the season's maximum of 5.",
    requires: ['Efficiency VI'],
    tags: ['xp', 'prestige'],
  },
  {
    name: "Aurion's Favor",
    description:
      'A blessing of the Eternal Vault: a share of every sale comes back as bonus money, growing with prestige.',
    icon: 'gold_nugget',
    maxLevel: 3,
    rarity: 'legendary',
    applicableTo: ['Pickaxe'],
    system: 'prestige',
    energyCost: '40,000 per level',
    focus: 'Sale bonus',
    synergy: "Alchemy and Ore Surge raise the value Aurion's Favor multiplies.",
    recommendedFor: 'Economy players at prestige 3 and above',
    notes: 'Equippable from prestige 3. The bonus is paid through the same ledger as any sale.',
    requires: ['Fortune V', 'Transfuse III'],
    tags: ['money', 'prestige', 'lore'],
  },
  {
    name: "Chronos' Edge",
    description:
      'The first strike belongs to Chronos: your opening hit in a fight deals heavy bonus damage and slows the target.',
    icon: 'netherite_sword',
    maxLevel: 4,
    rarity: 'legendary',
    applicableTo: ['Sword', 'Axe'],
    system: 'prestige',
    energyCost: '36,000 per level',
    focus: 'Opening strike',
    synergy: "Execute finishes what Chronos' Edge starts.",
    recommendedFor: 'Prestige fighters who pick their battles',
    notes: 'Equippable from prestige 2. Recharges after 20 seconds out of combat.',
    requires: ['Sharpness V'],
    tags: ['damage', 'prestige', 'lore'],
  },
  {
    name: "Laphris' Bulwark",
    description:
      'Runes of Laphris harden your armour: heavy hits are partly turned into stone-skin absorption.',
    icon: 'heart_of_the_sea',
    maxLevel: 3,
    rarity: 'legendary',
    applicableTo: ['Armor'],
    system: 'prestige',
    energyCost: '34,000 per level',
    focus: 'Damage absorption',
    recommendedFor: 'Prestige players defending gang territory',
    notes: 'Equippable from prestige 2. One piece is enough; more pieces lengthen the absorption.',
    requires: ['Protection IV'],
    tags: ['defence', 'prestige', 'lore'],
  },
  {
    name: 'Rebirth Echo',
    description:
      'Carries an echo of your momentum and a few enchant levels through each prestige, so the restart stings less.',
    icon: 'echo_shard',
    maxLevel: 3,
    rarity: 'elite',
    applicableTo: ['Pickaxe'],
    system: 'prestige',
    energyCost: '18,000 per level',
    focus: 'Prestige carry-over',
    recommendedFor: 'Players about to prestige',
    notes: 'Returning from the beta. Carry-over is capped at level III of any enchant.',
    requires: ['Kinetic Drive IV'],
    status: 'returning',
    tags: ['prestige', 'momentum'],
  },
  {
    name: 'Starforged',
    description:
      'Expands your enchant energy pool for every prestige you hold, so you can bank for legendary buys.',
    icon: 'netherite_ingot',
    maxLevel: 4,
    rarity: 'ultimate',
    applicableTo: ['Pickaxe'],
    system: 'prestige',
    energyCost: '30,000 per level',
    focus: 'Energy capacity',
    synergy: 'Pairs with Transfuse to bank large ore conversions.',
    recommendedFor: 'Savers working toward Shatter or Starfall',
    notes: 'Unlocks after your first prestige.',
    requires: ['Energy Siphon V'],
    tags: ['energy', 'prestige'],
  },
  {
    name: 'Legacy',
    description:
      'Engraves your season into the gear: every leaderboard podium you reach adds a lasting bonus to its stats.',
    icon: 'totem_of_undying',
    maxLevel: 2,
    rarity: 'legendary',
    applicableTo: ['Pickaxe', 'Sword'],
    system: 'prestige',
    energyCost: '32,000 per level',
    focus: 'Season trophies',
    recommendedFor: 'Max-prestige players competing for the podium',
    notes: 'Equippable at prestige 5. The bonuses reset with the season, like everything else.',
    requires: ['Ascendant III'],
    tags: ['prestige', 'endgame', 'leaderboard'],
  },

  // Warden's Arsenal
  {
    name: 'Sharpness',
    description: 'Hones the edge for extra damage on every hit, against prisoners and mobs alike.',
    icon: 'iron_sword',
    maxLevel: 5,
    rarity: 'simple',
    applicableTo: ['Sword', 'Axe'],
    system: 'pvp',
    energyCost: '2,500 per level',
    focus: 'Melee damage',
    recommendedFor: 'Every fighter: the base of any PvP kit',
    notes: "The prerequisite for most of Warden's Arsenal.",
    requires: [],
    tags: ['damage', 'staple', 'starter'],
  },
  {
    name: 'Protection',
    description: 'Reduces all incoming damage, from blades and blasts to a fall down the mine shaft.',
    icon: 'iron_chestplate',
    maxLevel: 4,
    rarity: 'simple',
    applicableTo: ['Armor'],
    system: 'pvp',
    energyCost: '3,200 per level',
    focus: 'Damage reduction',
    recommendedFor: 'Everyone who leaves spawn',
    notes: 'Stacks across armour pieces up to the usual cap.',
    requires: [],
    tags: ['defence', 'staple', 'starter'],
  },
  {
    name: 'Lifesteal',
    description: 'Heals you for part of the damage you deal, tipping long fights in your favour.',
    icon: 'fermented_spider_eye',
    maxLevel: 3,
    rarity: 'elite',
    applicableTo: ['Sword'],
    system: 'pvp',
    energyCost: '14,500 per level',
    focus: 'Healing on hit',
    synergy: 'Lockdown keeps the target in reach while you heal.',
    recommendedFor: 'Duelists and yard brawlers',
    notes: "Reworked for Season I: it heals less against targets wearing Laphris' Bulwark.",
    requires: ['Sharpness III'],
    status: 'reworked',
    tags: ['healing', 'damage'],
  },
  {
    name: 'Cleave',
    description:
      'Axe swings carry through to enemies beside your target, dealing each a share of the damage.',
    icon: 'iron_axe',
    maxLevel: 4,
    rarity: 'uncommon',
    applicableTo: ['Axe'],
    system: 'pvp',
    energyCost: '7,200 per level',
    focus: 'Sweep damage',
    recommendedFor: 'Gang fighters in crowded brawls',
    notes: 'Never hits members of your own gang.',
    requires: ['Sharpness II'],
    tags: ['damage', 'area'],
  },
  {
    name: 'Barbed Plating',
    description: 'Attackers who hit you in melee take a share of the damage back.',
    icon: 'chainmail_chestplate',
    maxLevel: 3,
    rarity: 'uncommon',
    applicableTo: ['Armor'],
    system: 'pvp',
    energyCost: '6,200 per level',
    focus: 'Thorn damage',
    recommendedFor: 'Tanks holding the gang doorway',
    notes: 'Reflected damage cannot kill; it stops at half a heart.',
    requires: ['Protection II'],
    tags: ['defence', 'damage'],
  },
  {
    name: 'Lockdown',
    description: 'Hits can shackle the target, slowing them and blocking ender pearls for a few seconds.',
    icon: 'chain',
    maxLevel: 3,
    rarity: 'ultimate',
    applicableTo: ['Sword'],
    system: 'pvp',
    energyCost: '25,000 per level',
    focus: 'Crowd control',
    synergy: 'Counters Escape Artist: a shackled target cannot blink away.',
    recommendedFor: 'Hunters chasing down runners',
    notes: 'A target cannot be shackled again for 15 seconds.',
    requires: ['Sharpness V'],
    status: 'new',
    tags: ['control', 'pvp'],
  },
  {
    name: 'Execute',
    description: 'Deals bonus damage to targets below a third of their health, ending fights that drag on.',
    icon: 'diamond_axe',
    maxLevel: 3,
    rarity: 'ultimate',
    applicableTo: ['Sword', 'Axe'],
    system: 'pvp',
    energyCost: '27,000 per level',
    focus: 'Finishing damage',
    recommendedFor: 'Fighters who close out gang wars',
    notes: 'The bonus does not apply while the target is shackled by Lockdown.',
    requires: ['Sharpness IV'],
    tags: ['damage', 'finisher'],
  },
  {
    name: 'Iron Will',
    description: 'Steadies you against knockback and shakes off slowness and weakness faster.',
    icon: 'iron_helmet',
    maxLevel: 3,
    rarity: 'elite',
    applicableTo: ['Helmet'],
    system: 'pvp',
    energyCost: '12,500 per level',
    focus: 'Knockback resistance',
    recommendedFor: 'Fighters who get juggled in brawls',
    notes: "It does not lift Lockdown's pearl block.",
    requires: ['Protection III'],
    tags: ['defence', 'control'],
  },
  {
    name: 'Escape Artist',
    description: 'Damage taken below half health may blink you a few blocks away from your attacker.',
    icon: 'ender_pearl',
    maxLevel: 2,
    rarity: 'uncommon',
    applicableTo: ['Leggings', 'Boots'],
    system: 'pvp',
    energyCost: '6,000 per level',
    focus: 'Escape blink',
    recommendedFor: 'Miners crossing PvP zones with a full inventory',
    notes: 'Returning from the beta with a 45-second cooldown.',
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
