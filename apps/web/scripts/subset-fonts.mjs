// The two web fonts, cut down to the characters the site's own words use. The full Latin files of
// Inter and Space Grotesk (from @fontsource-variable) weigh 70 KB together, and every first visit
// waits for them; these "core" subsets keep, for the characters below, every glyph they reach,
// every layout feature (tabular figures included) and the weight axis, and weigh about 44 KB. index.css declares them after
// the full files with the same family names and a unicode-range of exactly these characters, so a
// browser takes them for these characters and fetches a full file only for a page that has text
// beyond them (a name with an accent, a doc in another script).
//
// Run `node apps/web/scripts/subset-fonts.mjs` after updating @fontsource-variable; src/fonts holds
// the output, and a test (src/fonts/fonts.test.ts) checks that it is current. The fonts are
// under the SIL Open Font License 1.1 (src/fonts/OFL.txt); neither declares a Reserved
// Font Name.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
export const FONTS_DIR = join(web, 'src/fonts');

/** Printable ASCII and the punctuation and symbols the site's copy uses. */
export const CORE_CODE_POINTS = [
  ...Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => 0x20 + i),
  // no-break space, ©, ·, ×, –, —, ‘, ’, “, ”, •, …, €, ↑, ↓ (both fonts have each of them; neither
  // has ← or →, which the site draws as icons)
  0xa0,
  0xa9,
  0xb7,
  0xd7,
  0x2013,
  0x2014,
  0x2018,
  0x2019,
  0x201c,
  0x201d,
  0x2022,
  0x2026,
  0x20ac,
  0x2191,
  0x2193,
];

/** CORE_CODE_POINTS as a CSS unicode-range, runs of consecutive code points joined. */
export function coreUnicodeRange() {
  const hex = (/** @type {number} */ n) => n.toString(16).toUpperCase();
  /** @type {[number, number][]} */
  const runs = [];
  for (const point of [...CORE_CODE_POINTS].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && point === last[1] + 1) last[1] = point;
    else runs.push([point, point]);
  }
  return runs.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(', ');
}

export const CORE_FONTS = [
  { source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2', output: 'inter-core.woff2' },
  {
    source: '@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2',
    output: 'space-grotesk-core.woff2',
  },
];

/**
 * The core subset of one font, as WOFF2 bytes.
 * @param {string} source the font's path under node_modules
 */
export async function coreSubset(source) {
  const text = String.fromCodePoint(...CORE_CODE_POINTS);
  return subsetFont(await readFile(join(web, '../../node_modules', source)), text, { targetFormat: 'woff2' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const { source, output } of CORE_FONTS) {
    const bytes = await coreSubset(source);
    await writeFile(join(FONTS_DIR, output), bytes);
    console.log(`${output}: ${bytes.length} bytes`);
  }
  console.log(`unicode-range: ${coreUnicodeRange()}`);
}
