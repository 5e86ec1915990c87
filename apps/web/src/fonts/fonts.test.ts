import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORE_FONTS, coreSubset, coreUnicodeRange, FONTS_DIR } from '../../scripts/subset-fonts.mjs';

describe('the core font subsets', () => {
  it.each(CORE_FONTS)(
    '$output is what the script makes from the installed font',
    async ({ source, output }) => {
      const made = Buffer.from(await coreSubset(source));
      expect(made.equals(readFileSync(join(FONTS_DIR, output)))).toBe(true);
    },
  );

  it('are declared for exactly the characters they hold', () => {
    const css = readFileSync(join(import.meta.dirname, '../index.css'), 'utf8');
    const ranges = [
      ...css.matchAll(/src: url\('\.\/fonts\/[\w-]+-core\.woff2'\)[^;]*;\s*unicode-range: ([^;]+);/g),
    ];
    expect(ranges.map((match) => match[1])).toEqual([coreUnicodeRange(), coreUnicodeRange()]);
  });
});
