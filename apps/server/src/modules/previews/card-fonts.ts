// The type of the preview cards: the site's own two families (Inter for text, Space Grotesk for
// names and figures, as apps/web/src/index.css sets them), cut from the same @fontsource-variable
// files the web app ships. Satori draws a variable font only at its default instance (regular),
// so each weight the cards use is a fixed instance made ahead of time by make-card-fonts.ts and
// kept in ./fonts as TrueType: satori reads it without unpacking WOFF2 on every render, and the
// server needs no web package at run time. The Latin Extended files are the fallbacks for the
// letters the Latin files lack (gang names such as "Żółta Gęś", Polish labels), the Cyrillic ones for
// Russian labels and Cyrillic names: Space Grotesk has no Cyrillic, so its runs fall back to Inter's
// at the same weight. Each family names its fallbacks in order (TEXT_FONT and DISPLAY_FONT), which
// satori tries before any other font it has.
import { readFileSync } from 'node:fs';
import type { Font } from 'satori';

export interface CardFontSpec {
  /** The family name the card layout asks for; the fallbacks go under their own. */
  name: 'Inter' | 'Space Grotesk' | 'Inter Ext' | 'Space Grotesk Ext' | 'Inter Cyrillic';
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
  {
    name: 'Inter Ext',
    weight: 400,
    source: `${INTER}-latin-ext-wght-normal.woff2`,
    file: 'inter-ext-400.ttf',
  },
  {
    name: 'Inter Cyrillic',
    weight: 400,
    source: `${INTER}-cyrillic-wght-normal.woff2`,
    file: 'inter-cyrillic-400.ttf',
  },
  {
    name: 'Inter Cyrillic',
    weight: 600,
    source: `${INTER}-cyrillic-wght-normal.woff2`,
    file: 'inter-cyrillic-600.ttf',
  },
  {
    name: 'Inter Cyrillic',
    weight: 700,
    source: `${INTER}-cyrillic-wght-normal.woff2`,
    file: 'inter-cyrillic-700.ttf',
  },
];

/** The cards' text (Inter), with the families that draw what Inter's Latin file lacks. */
export const TEXT_FONT = "Inter, 'Inter Ext', 'Inter Cyrillic'";
/** Names and figures (Space Grotesk); Cyrillic in Inter's, which Space Grotesk lacks. */
export const DISPLAY_FONT = "'Space Grotesk', 'Space Grotesk Ext', 'Inter Cyrillic'";

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
