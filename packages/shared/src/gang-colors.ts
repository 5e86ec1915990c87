// Spec 5 Gang colour, for the site and the link preview cards alike. No zod here: the web app's
// entry chunk carries this module.

/** A neutral slate for gangs whose colour is missing or cannot be read. */
export const GANG_DEFAULT_COLOR = '#64748b';

/** The game's sixteen named chat colours and their hex values. */
const GAME_COLORS: Record<string, string> = {
  black: '#000000',
  dark_blue: '#0000aa',
  dark_green: '#00aa00',
  dark_aqua: '#00aaaa',
  dark_red: '#aa0000',
  dark_purple: '#aa00aa',
  gold: '#ffaa00',
  gray: '#aaaaaa',
  dark_gray: '#555555',
  blue: '#5555ff',
  green: '#55ff55',
  aqua: '#55ffff',
  red: '#ff5555',
  light_purple: '#ff55ff',
  yellow: '#ffff55',
  white: '#ffffff',
};

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * Spec 5: a hex colour of 3 or 6 digits, with or without '#', or a game colour name (any case,
 * words joined by spaces or underscores); anything else gets the default colour. Always a
 * lower-case '#' hex, of 3 digits when it was given so (sixDigitHex widens it).
 */
export function gangColor(color: string | null | undefined): string {
  const value = color?.trim() ?? '';
  const hex = HEX.exec(value);
  if (hex) return `#${hex[1]!.toLowerCase()}`;
  const name = value.toLowerCase().replace(/[\s_]+/g, '_');
  return Object.hasOwn(GAME_COLORS, name) ? GAME_COLORS[name]! : GANG_DEFAULT_COLOR;
}

/** '#f80' -> '#ff8800', so that an alpha can be appended or the channels read; six digits pass. */
export function sixDigitHex(hex: string): string {
  return hex.length === 4 ? `#${[...hex.slice(1)].map((d) => d + d).join('')}` : hex;
}

/** Whether dark marks read better than white ones on this six-digit colour (relative luminance). */
export function isLight(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.6;
}
