import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Blob, Face } from 'harfbuzzjs';
import subsetFont from 'subset-font';
import { describe, expect, it } from 'vitest';
import {
  CORE_CODE_POINTS,
  CORE_FONTS,
  coreSubset,
  coreUnicodeRange,
  FONTS_DIR,
} from '../../scripts/subset-fonts.mjs';

describe('the core font subsets', () => {
  it.each(CORE_FONTS)(
    '$output is what the script makes from the installed font',
    async ({ source, output }) => {
      const made = Buffer.from(await coreSubset(source));
      expect(made.equals(readFileSync(join(FONTS_DIR, output)))).toBe(true);
    },
  );

  it.each(CORE_FONTS)(
    '$output holds every character it is declared for, and no other',
    async ({ output }) => {
      // HarfBuzz reads fonts, not WOFF2: unpacked by subsetting to everything it has.
      const everything = String.fromCodePoint(...Array.from({ length: 0xfff0 - 0x20 }, (_, i) => 0x20 + i));
      const font = await subsetFont(readFileSync(join(FONTS_DIR, output)), everything, {
        targetFormat: 'sfnt',
      });
      const held = [...new Face(new Blob(font), 0).collectUnicodes()].sort((a, b) => a - b);
      expect(held).toEqual([...CORE_CODE_POINTS].sort((a, b) => a - b));
    },
  );

  it('are declared for exactly those characters', () => {
    const css = readFileSync(join(import.meta.dirname, '../index.css'), 'utf8');
    const ranges = [
      ...css.matchAll(/src: url\('\.\/fonts\/[\w-]+-core\.woff2'\)[^;]*;\s*unicode-range: ([^;]+);/g),
    ];
    expect(ranges.map((match) => match[1])).toEqual([coreUnicodeRange(), coreUnicodeRange()]);
  });
});
