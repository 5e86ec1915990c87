// Each G-Kit's tagline and description on the profile's G-Kits tab, as messages of the page's
// language, by the kit's id in packages/shared gkits.ts. The kits' names are the game's and stay as written.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface GKitText {
  tagline: MessageDescriptor;
  description: MessageDescriptor;
}

/** By kit id (a test holds them to the catalogue, one each). */
export const GKIT_TEXT: Readonly<Record<string, GKitText>> = {
  miner: {
    tagline: msg`Every shift starts here`,
    description: msg`A fresh pickaxe, torches and a stack of bread: enough to clear your first mine before lunch.`,
  },
  excavator: {
    tagline: msg`Move more stone, faster`,
    description: msg`A shovel and pickaxe pair with Efficiency, plus TNT for the walls that will not give.`,
  },
  alchemist: {
    tagline: msg`Brewed for long runs`,
    description: msg`Haste and night-vision potions with a pouch of energy shards to keep your enchants firing.`,
  },
  warden: {
    tagline: msg`Armour for the yard`,
    description: msg`A full set of reinforced armour and a sharpened blade for when the PvP mine opens.`,
  },
  tycoon: {
    tagline: msg`Money makes money`,
    description: msg`Sell wands, a cash voucher and a crate key: the kit for players who run the auction house.`,
  },
  ascendant: {
    tagline: msg`Only for those who started over`,
    description: msg`Prestige-forged tools and a momentum charm, reserved for players past their first prestige.`,
  },
};
