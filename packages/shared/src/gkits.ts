// The G-Kit catalogue (spec 2.7 G-Kits): the kits this server's players unlock by level and
// prestige and claim on a cooldown. The game reports each player's state per kit id through the
// bridge (player.gkit); the profile draws one card per kit here, in this order.

export interface GKitDefinition {
  id: string;
  name: string;
  tagline: string;
  description: string;
  /** The level (and prestige) at which the game unlocks the kit. */
  unlockLevel: number;
  unlockPrestige: number;
  cooldownHours: number;
  maxLevel: number;
  /** The card's accent colour. */
  accent: string;
}

export const GKITS: readonly GKitDefinition[] = [
  {
    id: 'miner',
    name: 'Miner',
    tagline: 'Every shift starts here',
    description:
      'A fresh pickaxe, torches and a stack of bread: enough to clear your first mine before lunch.',
    unlockLevel: 1,
    unlockPrestige: 0,
    cooldownHours: 12,
    maxLevel: 5,
    accent: '#d97706',
  },
  {
    id: 'excavator',
    name: 'Excavator',
    tagline: 'Move more stone, faster',
    description: 'A shovel and pickaxe pair with Efficiency, plus TNT for the walls that will not give.',
    unlockLevel: 10,
    unlockPrestige: 0,
    cooldownHours: 24,
    maxLevel: 5,
    accent: '#64748b',
  },
  {
    id: 'alchemist',
    name: 'Alchemist',
    tagline: 'Brewed for long runs',
    description: 'Haste and night-vision potions with a pouch of energy shards to keep your enchants firing.',
    unlockLevel: 20,
    unlockPrestige: 0,
    cooldownHours: 24,
    maxLevel: 5,
    accent: '#9333ea',
  },
  {
    id: 'warden',
    name: 'Warden',
    tagline: 'Armour for the yard',
    description: 'A full set of reinforced armour and a sharpened blade for when the PvP mine opens.',
    unlockLevel: 30,
    unlockPrestige: 0,
    cooldownHours: 48,
    maxLevel: 5,
    accent: '#dc2626',
  },
  {
    id: 'tycoon',
    name: 'Tycoon',
    tagline: 'Money makes money',
    description: 'Sell wands, a cash voucher and a crate key: the kit for players who run the auction house.',
    unlockLevel: 45,
    unlockPrestige: 0,
    cooldownHours: 72,
    maxLevel: 5,
    accent: '#ca8a04',
  },
  {
    id: 'ascendant',
    name: 'Ascendant',
    tagline: 'Only for those who started over',
    description:
      'Prestige-forged tools and a momentum charm, reserved for players past their first prestige.',
    unlockLevel: 30,
    unlockPrestige: 1,
    cooldownHours: 168,
    maxLevel: 3,
    accent: '#0891b2',
  },
];
