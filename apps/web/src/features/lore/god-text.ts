// Each god's tagline and story in the lore section, as messages of the page's language, by the god's
// id in packages/shared lore.ts. The gods' names stay as written.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { God } from '@prison/shared/lore';

export interface GodText {
  tagline: MessageDescriptor;
  description: MessageDescriptor;
}

export const GOD_TEXT: Readonly<Record<God['id'], GodText>> = {
  aurion: {
    tagline: msg`The Eternal Vault`,
    description: msg`Keeper of every coin ever minted and every spark of energy ever spent. Aurion rewards the patient miner: wealth flows to those who feed the vault, and its doors open only for those who never stop digging.`,
  },
  chronos: {
    tagline: msg`Violence before time itself`,
    description: msg`Before the first hour was counted there was the blade, and Chronos held it. The god of the first strike favours the bold: fights won in the yard, rivals broken, and seasons ended on a killing blow.`,
  },
  laphris: {
    tagline: msg`Arcane fortitude carved in stone`,
    description: msg`Laphris sleeps in the bedrock beneath the cells, and every rune cut into the stone is a prayer to endure. Her blessing hardens armour, steadies the mind and keeps a gang standing long after the walls have fallen.`,
  },
};
