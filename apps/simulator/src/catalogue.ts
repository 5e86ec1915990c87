// The game's fixed catalogues as the simulated server knows them: statistics (spec 3 Stat
// categories), G-Kits, gang roles and the auction house's categories and items.

export { STAT_CATEGORIES, type StatCategory } from '@prison/shared/stats';

/** What one mined block yields on average, as a share of BLOCKS_BROKEN, and from which level. */
export const ORE_YIELDS = [
  { stat: 'COAL_ORE', share: 0.12, fromLevel: 1 },
  { stat: 'IRON_ORE', share: 0.07, fromLevel: 1 },
  { stat: 'GOLD_ORE', share: 0.04, fromLevel: 5 },
  { stat: 'DIAMOND_ORE', share: 0.015, fromLevel: 10 },
  { stat: 'EMERALD_ORE', share: 0.006, fromLevel: 20 },
] as const;

/** Enchant activations per mined block, and the level the enchant is usually unlocked at. */
export const ACTIVATION_RATES = [
  { stat: 'FEED_ACTIVATIONS', perBlock: 1 / 800, fromLevel: 5 },
  { stat: 'TRANSFUSE_ACTIVATIONS', perBlock: 1 / 1200, fromLevel: 8 },
  { stat: 'SUPER_BREAKER_ACTIVATIONS', perBlock: 1 / 600, fromLevel: 12 },
  { stat: 'REPLENISH_ACTIVATIONS', perBlock: 1 / 900, fromLevel: 15 },
  { stat: 'ALCHEMY_ACTIVATIONS', perBlock: 1 / 1500, fromLevel: 20 },
  { stat: 'SHATTER_ACTIVATIONS', perBlock: 1 / 1800, fromLevel: 25 },
  { stat: 'POWERBALL_ACTIVATIONS', perBlock: 1 / 2500, fromLevel: 30 },
  { stat: 'ORE_SURGE_ACTIVATIONS', perBlock: 1 / 2000, fromLevel: 35 },
] as const;

export { GKITS } from '@prison/shared/gkits';

export const GANG_ROLES = ['Leader', 'Officer', 'Member', 'Recruit'] as const;
export type GangRole = (typeof GANG_ROLES)[number];

/** Gang names (at most 32 characters), colours mixing game colour names and hex. */
export const GANG_NAMES = [
  'Obsidian Order',
  'Crimson Pickaxes',
  'The Deepcore',
  'Night Shift',
  'Ore Barons',
  'Void Walkers',
  'Iron Syndicate',
  'Emerald Cartel',
  'Bedrock Bandits',
  'Shard Collectors',
  'Lava Lords',
  'Cell Block C',
  'The Quarrymen',
  'Diamond Dynasty',
  'Redstone Rebels',
  'Frostbite',
  'Golden Hour',
  'Warden Watch',
  'Tunnel Rats',
  'Ashen Crown',
  'Pixel Pirates',
  'Nether Guard',
  'Stone Cold',
  'Momentum',
] as const;

export const GANG_COLORS = [
  'gold',
  'dark_purple',
  'aqua',
  'red',
  'dark_green',
  'light_purple',
  'yellow',
  'blue',
  'dark_aqua',
  'green',
  'dark_red',
  'white',
  '#33ccff',
  '#f5a623',
  '#e74c3c',
  '#8e44ad',
  '#2ecc71',
  '#ff66cc',
  '#1abc9c',
  '#f80',
  '#c0c0c0',
  '#3d5afe',
  '#ffd700',
  '#7fff00',
] as const;

export interface AuctionItem {
  name: string;
  icon: string;
  /** Unit price range. */
  price: readonly [number, number];
  /** Quantity range of one listing. */
  qty: readonly [number, number];
}

export interface AuctionCategory {
  key: string;
  /** As the game names it: some carry colour codes (spec 5: the site strips them). */
  name: string;
  icon: string;
  items: readonly AuctionItem[];
}

const stack = (max: number) => [1, max] as const;
const single = [1, 1] as const;

export const AUCTION_CATEGORIES: readonly AuctionCategory[] = [
  {
    key: 'ores',
    name: '§bOres',
    icon: 'diamond',
    items: [
      { name: 'Diamond', icon: 'diamond', price: [900, 4_500], qty: stack(2304) },
      { name: 'Emerald', icon: 'emerald', price: [1_500, 7_000], qty: stack(1152) },
      { name: 'Iron Ingot', icon: 'iron_ingot', price: [60, 320], qty: stack(2304) },
      { name: 'Gold Ingot', icon: 'gold_ingot', price: [150, 700], qty: stack(2304) },
      { name: 'Coal', icon: 'coal', price: [12, 60], qty: stack(2304) },
      { name: 'Lapis Lazuli', icon: 'lapis_lazuli', price: [40, 150], qty: stack(1728) },
      { name: 'Netherite Scrap', icon: 'netherite_scrap', price: [40_000, 180_000], qty: stack(64) },
      { name: 'Amethyst Shard', icon: 'amethyst_shard', price: [250, 1_200], qty: stack(576) },
    ],
  },
  {
    key: 'blocks',
    name: 'Blocks',
    icon: 'iron_block',
    items: [
      { name: 'Diamond Block', icon: 'diamond_block', price: [9_000, 40_000], qty: stack(576) },
      { name: 'Emerald Block', icon: 'emerald_block', price: [14_000, 60_000], qty: stack(256) },
      { name: 'Iron Block', icon: 'iron_block', price: [600, 2_800], qty: stack(1152) },
      { name: 'Gold Block', icon: 'gold_block', price: [1_400, 6_000], qty: stack(1152) },
      { name: 'Obsidian', icon: 'obsidian', price: [300, 1_500], qty: stack(640) },
      { name: 'Sea Lantern', icon: 'sea_lantern', price: [500, 2_000], qty: stack(256) },
      { name: 'Quartz Block', icon: 'quartz_block', price: [120, 600], qty: stack(1024) },
    ],
  },
  {
    key: 'tools',
    name: '§eTools',
    icon: 'diamond_pickaxe',
    items: [
      { name: 'Diamond Pickaxe', icon: 'diamond_pickaxe', price: [50_000, 400_000], qty: single },
      {
        name: '§bPrison Pick (Efficiency VI)',
        icon: 'diamond_pickaxe',
        price: [2_000_000, 25_000_000],
        qty: single,
      },
      { name: 'Netherite Pickaxe', icon: 'netherite_pickaxe', price: [900_000, 12_000_000], qty: single },
      { name: 'Netherite Axe', icon: 'netherite_axe', price: [400_000, 3_500_000], qty: single },
      { name: 'Diamond Shovel', icon: 'diamond_shovel', price: [30_000, 180_000], qty: single },
      { name: 'Golden Pickaxe', icon: 'golden_pickaxe', price: [8_000, 40_000], qty: [1, 3] },
    ],
  },
  {
    key: 'armor',
    name: '§9Armor',
    icon: 'diamond_chestplate',
    items: [
      { name: 'Diamond Chestplate', icon: 'diamond_chestplate', price: [80_000, 600_000], qty: single },
      { name: 'Netherite Helmet', icon: 'netherite_helmet', price: [500_000, 4_000_000], qty: single },
      { name: 'Iron Leggings', icon: 'iron_leggings', price: [20_000, 90_000], qty: [1, 2] },
      { name: 'Diamond Boots', icon: 'diamond_boots', price: [60_000, 350_000], qty: single },
      { name: 'Elytra', icon: 'elytra', price: [5_000_000, 40_000_000], qty: single },
      { name: 'Turtle Shell', icon: 'turtle_helmet', price: [150_000, 900_000], qty: single },
    ],
  },
  {
    key: 'enchanted_books',
    name: '§6Enchanted Books',
    icon: 'enchanted_book',
    items: [
      { name: 'Efficiency VI', icon: 'enchanted_book', price: [1_500_000, 9_000_000], qty: stack(4) },
      { name: 'Fortune V', icon: 'enchanted_book', price: [4_000_000, 30_000_000], qty: stack(3) },
      { name: 'Ore Surge II', icon: 'enchanted_book', price: [20_000_000, 180_000_000], qty: single },
      { name: '§dShatter III', icon: 'enchanted_book', price: [40_000_000, 350_000_000], qty: single },
      { name: 'Feed', icon: 'enchanted_book', price: [250_000, 1_200_000], qty: stack(5) },
      { name: 'Transfuse II', icon: 'enchanted_book', price: [900_000, 6_000_000], qty: stack(3) },
      { name: 'Super Breaker III', icon: 'enchanted_book', price: [8_000_000, 60_000_000], qty: single },
      { name: 'Replenish', icon: 'enchanted_book', price: [600_000, 3_000_000], qty: stack(4) },
    ],
  },
  {
    key: 'potions',
    name: 'Potions',
    icon: 'potion',
    items: [
      { name: 'Potion of Swiftness', icon: 'potion', price: [1_000, 6_000], qty: stack(24) },
      { name: 'Splash Potion of Healing', icon: 'splash_potion', price: [2_000, 9_000], qty: stack(32) },
      { name: 'Potion of Night Vision', icon: 'potion', price: [800, 4_000], qty: stack(16) },
      {
        name: 'Lingering Potion of Strength',
        icon: 'lingering_potion',
        price: [6_000, 30_000],
        qty: stack(8),
      },
      { name: '§aHaste Elixir', icon: 'honey_bottle', price: [25_000, 120_000], qty: stack(16) },
    ],
  },
  {
    key: 'food',
    name: 'Food',
    icon: 'golden_carrot',
    items: [
      { name: 'Golden Carrot', icon: 'golden_carrot', price: [40, 220], qty: stack(640) },
      { name: 'Cooked Beef', icon: 'cooked_beef', price: [10, 60], qty: stack(1024) },
      { name: 'Golden Apple', icon: 'golden_apple', price: [2_500, 12_000], qty: stack(64) },
      {
        name: 'Enchanted Golden Apple',
        icon: 'enchanted_golden_apple',
        price: [600_000, 5_000_000],
        qty: stack(4),
      },
      { name: 'Bread', icon: 'bread', price: [5, 30], qty: stack(1024) },
      { name: 'Pumpkin Pie', icon: 'pumpkin_pie', price: [20, 90], qty: stack(256) },
    ],
  },
  {
    key: 'keys',
    name: '§dCrate Keys',
    icon: 'tripwire_hook',
    items: [
      { name: 'Vote Key', icon: 'tripwire_hook', price: [50_000, 250_000], qty: stack(32) },
      { name: 'Mine Key', icon: 'tripwire_hook', price: [200_000, 900_000], qty: stack(16) },
      { name: '§6Legendary Key', icon: 'tripwire_hook', price: [20_000_000, 250_000_000], qty: stack(3) },
      { name: 'Season I Key', icon: 'tripwire_hook', price: [5_000_000, 60_000_000], qty: stack(5) },
    ],
  },
  {
    key: 'spawners',
    name: '§cSpawners',
    icon: 'spawner',
    items: [
      { name: 'Iron Golem Spawner', icon: 'spawner', price: [300_000_000, 2_000_000_000], qty: single },
      { name: 'Blaze Spawner', icon: 'spawner', price: [40_000_000, 300_000_000], qty: stack(2) },
      { name: 'Zombie Spawner', icon: 'spawner', price: [5_000_000, 30_000_000], qty: stack(4) },
      { name: 'Skeleton Spawner', icon: 'spawner', price: [6_000_000, 35_000_000], qty: stack(4) },
    ],
  },
  {
    key: 'cosmetics',
    name: '§aCosmetics',
    icon: 'name_tag',
    items: [
      { name: 'Name Tag', icon: 'name_tag', price: [10_000, 60_000], qty: stack(16) },
      { name: 'Gang Banner', icon: 'white_banner', price: [50_000, 400_000], qty: single },
      { name: 'Firework Rocket', icon: 'firework_rocket', price: [200, 1_500], qty: stack(256) },
      { name: 'Dragon Head', icon: 'dragon_head', price: [20_000_000, 90_000_000], qty: single },
      {
        name: 'Silence Armor Trim',
        icon: 'silence_armor_trim_smithing_template',
        price: [8_000_000, 50_000_000],
        qty: single,
      },
    ],
  },
  {
    key: 'utility',
    name: 'Utility',
    icon: 'ender_pearl',
    items: [
      { name: 'Ender Pearl', icon: 'ender_pearl', price: [400, 2_000], qty: stack(256) },
      { name: 'Totem of Undying', icon: 'totem_of_undying', price: [1_500_000, 9_000_000], qty: stack(3) },
      { name: 'Shulker Box', icon: 'shulker_box', price: [250_000, 1_500_000], qty: stack(4) },
      { name: "Bottle o' Enchanting", icon: 'experience_bottle', price: [300, 1_800], qty: stack(1024) },
    ],
  },
];
