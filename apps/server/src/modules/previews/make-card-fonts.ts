// Makes the fixed-weight TrueType instances in ./fonts from the web app's variable fonts (see
// card-fonts.ts for why). Run `node --import tsx apps/server/src/modules/previews/make-card-fonts.ts`
// after updating @fontsource-variable; a test (card-fonts.test.ts) checks that ./fonts is current.
// The fonts are under the SIL Open Font License 1.1 (fonts/OFL.txt); neither declares a Reserved
// Font Name, so instances may keep their names.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { CARD_FONTS, CARD_FONTS_DIR, type CardFontSpec } from './card-fonts.ts';

const require = createRequire(import.meta.url);

/** Every character the source has: the instance keeps its whole repertoire at one weight. */
const EVERY_CHARACTER = String.fromCodePoint(
  ...Array.from({ length: 0xfffd - 0x20 }, (_, i) => 0x20 + i).filter((c) => c < 0xd800 || c > 0xdfff),
);

export async function makeCardFont({ source, weight }: CardFontSpec): Promise<Uint8Array> {
  return subsetFont(await readFile(require.resolve(source)), EVERY_CHARACTER, {
    targetFormat: 'truetype',
    variationAxes: { wght: weight },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const font of CARD_FONTS) {
    const bytes = await makeCardFont(font);
    await writeFile(new URL(font.file, CARD_FONTS_DIR), bytes);
    console.log(`${font.file}: ${bytes.length} bytes`);
  }
}
