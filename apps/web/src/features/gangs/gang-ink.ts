// A gang's name is drawn in the gang's own colour, but a colour the game allows (yellow, white,
// black...) can vanish against the page. The colour is darkened on the light theme's cards and
// lightened on the dark theme's until it reads as body text must (WCAG AA, 4.5:1).
import { sixDigitHex } from '@prison/shared/gang-colors';

/** The cards' surfaces (index.css --surface, light and dark). */
export const LIGHT_SURFACE = '#ffffff';
export const DARK_SURFACE = '#0d111b';
const MIN_CONTRAST = 4.5;

type Rgb = [number, number, number];

/** The channels of a '#rgb' or '#rrggbb' colour, as gangColor (shared) gives it. */
function parseHex(hex: string): Rgb {
  const full = sixDigitHex(hex);
  return [1, 3, 5].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(parseHex(a)), luminance(parseHex(b))].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** `color` (a #rgb or #rrggbb hex) moved toward black or white just enough to be read on `surface`. */
export function readableOn(color: string, surface: string): string {
  const start = parseHex(color);
  const target: Rgb = luminance(parseHex(surface)) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 0; step <= 20; step++) {
    const t = step / 20;
    const mixed = toHex(start.map((c, i) => c + (target[i]! - c) * t) as Rgb);
    if (contrast(mixed, surface) >= MIN_CONTRAST) return mixed;
  }
  return toHex(target);
}

/** The name's colour on each theme, for `text-(--gang-ink) dark:text-(--gang-ink-dark)`. */
export function gangInk(color: string): { light: string; dark: string } {
  return { light: readableOn(color, LIGHT_SURFACE), dark: readableOn(color, DARK_SURFACE) };
}
