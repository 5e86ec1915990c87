// Spec 1: the lore section's three gods. Static catalogue shared by the site and anything that narrates the world.

/** Names the emblem drawn for a god; the web app maps each key to its own artwork. */
export type GodArtwork = 'eternal-vault' | 'hourglass-blade' | 'rune-stone';

export interface God {
  id: 'aurion' | 'chronos' | 'laphris';
  name: string;
  tagline: string;
  description: string;
  /** The god's colours, as a gradient from a light tone to a deep one (hex). */
  accent: { from: string; to: string };
  artwork: GodArtwork;
}

export const GODS: readonly God[] = [
  {
    id: 'aurion',
    name: 'Aurion',
    tagline: 'The Eternal Vault',
    description:
      'Keeper of every coin ever minted and every spark of energy ever spent. Aurion rewards the patient miner: ' +
      'wealth flows to those who feed the vault, and its doors open only for those who never stop digging.',
    accent: { from: '#fde68a', to: '#b45309' },
    artwork: 'eternal-vault',
  },
  {
    id: 'chronos',
    name: 'Chronos',
    tagline: 'Violence before time itself',
    description:
      'Before the first hour was counted there was the blade, and Chronos held it. The god of the first strike ' +
      'favours the bold: fights won in the yard, rivals broken, and seasons ended on a killing blow.',
    accent: { from: '#fda4af', to: '#be123c' },
    artwork: 'hourglass-blade',
  },
  {
    id: 'laphris',
    name: 'Laphris',
    tagline: 'Arcane fortitude carved in stone',
    description:
      'Laphris sleeps in the bedrock beneath the cells, and every rune cut into the stone is a prayer to endure. ' +
      'Her blessing hardens armour, steadies the mind and keeps a gang standing long after the walls have fallen.',
    accent: { from: '#99f6e4', to: '#0f766e' },
    artwork: 'rune-stone',
  },
];
