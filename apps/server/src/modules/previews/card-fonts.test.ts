import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CARD_FONTS, CARD_FONTS_DIR } from './card-fonts.ts';
import { makeCardFont } from './make-card-fonts.ts';

describe('the card fonts', () => {
  it.each(CARD_FONTS)('$file is what make-card-fonts.ts makes from the installed font', async (font) => {
    const made = Buffer.from(await makeCardFont(font));
    const kept = readFileSync(new URL(font.file, CARD_FONTS_DIR));
    // TrueType, which satori reads as it is.
    expect(kept.readUInt32BE(0)).toBe(0x00010000);
    expect(made.equals(kept)).toBe(true);
  });
});
