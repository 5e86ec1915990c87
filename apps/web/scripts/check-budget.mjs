// Fails the build when the JavaScript the home page downloads grows past its budget (gzip size).
// The home page loads the index.html entry chunk and everything it imports statically; lazy pages
// (dynamic imports) are not counted. If the home route is ever made lazy, name its module in HOME_MODULES.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 150 * 1024;
const HOME_MODULES = ['src/features/home/home-page.tsx'];

/**
 * @typedef {{ file: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], src?: string }} ManifestChunk
 * @param {Record<string, ManifestChunk>} manifest Vite's dist/.vite/manifest.json
 * @param {(file: string) => Uint8Array} readAsset reads a file of dist/ by its manifest path
 * @returns {{ files: string[], gzipBytes: number }}
 */
export function homePageJavaScript(manifest, readAsset) {
  const roots = ['index.html', ...HOME_MODULES.filter((key) => manifest[key]?.isDynamicEntry)];
  /** @type {Set<string>} */
  const seen = new Set();
  /** @type {string[]} */
  const files = [];
  /** @param {string} key */
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no entry "${key}"`);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  const gzipBytes = files.reduce((sum, file) => sum + gzipSync(readAsset(file), { level: 9 }).length, 0);
  return { files, gzipBytes };
}

function main() {
  const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const { files, gzipBytes } = homePageJavaScript(manifest, (file) => readFileSync(join(dist, file)));
  /** @param {number} bytes */
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `Home page JavaScript: ${kb(gzipBytes)} gzip in ${files.length} file(s) (budget ${kb(BUDGET_BYTES)})`,
  );
  for (const file of files) console.log(`  ${file}`);
  if (gzipBytes > BUDGET_BYTES) {
    console.error(`Over budget by ${kb(gzipBytes - BUDGET_BYTES)}.`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
