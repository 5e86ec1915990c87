// The G-Kit catalogue (spec 2.7 G-Kits): the kits this server's players unlock by level and
// prestige and claim on a cooldown. The game reports each player's state per kit id through the
// bridge (player.gkit); the profile draws one card per kit here, in this order. A kit's tagline and
// description are the web app's messages (apps/web/src/features/profile/gkit-text.ts).

export interface GKitDefinition {
  id: string;
  name: string;
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
    unlockLevel: 1,
    unlockPrestige: 0,
    cooldownHours: 12,
    maxLevel: 5,
    accent: '#d97706',
  },
  {
    id: 'excavator',
    name: 'Excavator',
    unlockLevel: 10,
    unlockPrestige: 0,
    cooldownHours: 24,
    maxLevel: 5,
    accent: '#64748b',
  },
  {
    id: 'alchemist',
    name: 'Alchemist',
    unlockLevel: 20,
    unlockPrestige: 0,
    cooldownHours: 24,
    maxLevel: 5,
    accent: '#9333ea',
  },
  {
    id: 'warden',
    name: 'Warden',
    unlockLevel: 30,
    unlockPrestige: 0,
    cooldownHours: 48,
    maxLevel: 5,
    accent: '#dc2626',
  },
  {
    id: 'tycoon',
    name: 'Tycoon',
    unlockLevel: 45,
    unlockPrestige: 0,
    cooldownHours: 72,
    maxLevel: 5,
    accent: '#ca8a04',
  },
  {
    id: 'ascendant',
    name: 'Ascendant',
    unlockLevel: 30,
    unlockPrestige: 1,
    cooldownHours: 168,
    maxLevel: 3,
    accent: '#0891b2',
  },
];
