// Spec 1: the lore section's three gods. Static catalogue shared by the site and anything that narrates the world;
// a god's tagline and story are the web app's messages (apps/web/src/features/lore/god-text.ts).

/** Names the emblem drawn for a god; the web app maps each key to its own artwork. */
export type GodArtwork = 'eternal-vault' | 'hourglass-blade' | 'rune-stone';

export interface God {
  id: 'aurion' | 'chronos' | 'laphris';
  name: string;
  /** The god's colours, as a gradient from a light tone to a deep one (hex). */
  accent: { from: string; to: string };
  artwork: GodArtwork;
}

export const GODS: readonly God[] = [
  {
    id: 'aurion',
    name: 'Aurion',
    accent: { from: '#fde68a', to: '#b45309' },
    artwork: 'eternal-vault',
  },
  {
    id: 'chronos',
    name: 'Chronos',
    accent: { from: '#fda4af', to: '#be123c' },
    artwork: 'hourglass-blade',
  },
  {
    id: 'laphris',
    name: 'Laphris',
    accent: { from: '#99f6e4', to: '#0f766e' },
    artwork: 'rune-stone',
  },
];
