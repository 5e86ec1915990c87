// Cards to PNG: satori lays the element tree out as SVG (text drawn as paths, with our own fonts),
// resvg rasterises it. Nothing here reaches another host: every image a card draws is a data URI.
import { type Language, SOURCE_LANGUAGE } from '@prison/shared/languages';
import { renderAsync } from '@resvg/resvg-js';
import satori from 'satori';
import { cardFonts } from './card-fonts.ts';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  type CardNode,
  type GangCardData,
  gangCard,
  type PlayerCardData,
  playerCard,
} from './cards.ts';

async function rasterise(card: CardNode): Promise<Buffer> {
  const svg = await satori(card as unknown as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: cardFonts(),
  });
  // Rasterising runs on libuv's thread pool, off the event loop; satori's layout (a few tens of
  // milliseconds) is the part that runs on it, which is why routes.ts renders one card at a time.
  const image = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  return image.asPng();
}

/**
 * A player's card as PNG, in `language`; `avatarPng` null draws the default head. The benchmark
 * times this.
 */
export async function renderPlayerCard(
  player: PlayerCardData,
  avatarPng: Uint8Array | null,
  language: Language = SOURCE_LANGUAGE,
): Promise<Buffer> {
  return rasterise(playerCard(player, avatarPng, language));
}

export async function renderGangCard(
  gang: GangCardData,
  language: Language = SOURCE_LANGUAGE,
): Promise<Buffer> {
  return rasterise(gangCard(gang, language));
}
