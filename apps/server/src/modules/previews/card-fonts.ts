// The type of the preview cards: the site's own two families (Inter for text, Space Grotesk for
// names and figures, as apps/web/src/index.css sets them), cut from the same @fontsource-variable
// files the web app ships. Satori draws a variable font only at its default instance (regular),
// so each weight the cards use is a fixed instance made ahead of time by make-card-fonts.ts and
// kept in ./fonts as TrueType: satori reads it without unpacking WOFF2 on every render, and the
// server needs no web package at run time. The Latin Extended files are satori's fallbacks for the
// letters the Latin files lack (gang names such as "Żółta Gęś").
import { readFileSync } from 'node:fs';
import type { Font } from 'satori';

export interface CardFontSpec {
  /** The family name the card layout asks for; the Latin Extended files are fallbacks under their own. */
  name: 'Inter' | 'Space Grotesk' | 'Inter Ext' | 'Space Grotesk Ext';
  weight: 400 | 600 | 700;
  /** The variable source under node_modules. */
  source: string;
  /** The fixed instance in ./fonts. */
  file: string;
}

const INTER = '@fontsource-variable/inter/files/inter';
const GROTESK = '@fontsource-variable/space-grotesk/files/space-grotesk';

export const CARD_FONTS: readonly CardFontSpec[] = [
  { name: 'Inter', weight: 400, source: `${INTER}-latin-wght-normal.woff2`, file: 'inter-400.ttf' },
  { name: 'Inter', weight: 600, source: `${INTER}-latin-wght-normal.woff2`, file: 'inter-600.ttf' },
  {
    name: 'Space Grotesk',
    weight: 700,
    source: `${GROTESK}-latin-wght-normal.woff2`,
    file: 'space-grotesk-700.ttf',
  },
  {
    name: 'Space Grotesk Ext',
    weight: 700,
    source: `${GROTESK}-latin-ext-wght-normal.woff2`,
    file: 'space-grotesk-ext-700.ttf',
  },
  {
    name: 'Inter Ext',
    weight: 600,
    source: `${INTER}-latin-ext-wght-normal.woff2`,
    file: 'inter-ext-600.ttf',
  },
];

export const CARD_FONTS_DIR = new URL('./fonts/', import.meta.url);

let loaded: Font[] | undefined;

/** The card fonts, read once: satori is fastest when handed the same font objects every time. */
export function cardFonts(): Font[] {
  loaded ??= CARD_FONTS.map(({ name, weight, file }) => ({
    name,
    weight,
    style: 'normal' as const,
    data: readFileSync(new URL(file, CARD_FONTS_DIR)),
  }));
  return loaded;
}
