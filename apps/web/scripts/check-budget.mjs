// Fails the build when the JavaScript the home page downloads grows past its budget (gzip size), when
// a library only other pages need reaches it, or when a chart library reaches a page that does not
// draw its charts.
//
// The home page loads the index.html entry chunk and everything it imports statically; lazy pages
// (dynamic imports) are not counted. If the home route is ever made lazy, name its module in HOME_MODULES.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

// Issue 17 asks for 100 KB. React DOM and React Router's data router alone are 95 KB gzip (a page
// that hydrates one element inside a RouterProvider, built the same way), so the home page's own
// code (header, hero, lore, footer, session, live count: about 25 KB) cannot fit beside them. The
// budget held what was reached (120 KB) with a little room, until the site spoke seven languages
// (issue 31): Lingui's runtime and the messages' ids in the code (about 5 KB), and the page's
// language's `site` catalogue (6 to 8 KB), which every page reads before it renders, are counted too,
// in the language whose catalogue is largest.
export const BUDGET_BYTES = 136 * 1024;
const HOME_MODULES = ['src/features/home/home-page.tsx'];

/**
 * Libraries the home page has no use for, each recognised in a built file by a string of its own
 * code: a module of the first page load that starts using one fails the build rather than growing the
 * budget. Zod checks API answers (the lazy pages'; a server-rendered page brings its data checked),
 * TanStack Query holds the lazy pages' server state.
 */
const ZOD = { name: 'Zod', marker: /\$ZodObject/ };
export const KEPT_OFF_THE_HOME_PAGE = [ZOD, { name: 'TanStack Query', marker: /No QueryClient set/ }];

/**
 * Libraries that only some pages may download: each is recognised in a built file by a string of its
 * own code (a class name it gives its elements), and may be loaded only by the lazy modules named in
 * `modules` (a path, or the start of one). Every other page (the entry chunk and each other lazy
 * module, with everything they import statically) must be free of it.
 */
export const CONFINED_LIBRARIES = [
  // The status page's charts (issue 13): the chart module is lazy, so not even the rest of the status
  // page waits for uPlot.
  { name: 'uPlot', marker: /u-cursor-pt/, modules: ['src/features/status/status-chart.tsx'] },
  // The admin console's XP chart (spec 2.12).
  { name: 'Recharts', marker: /recharts-wrapper/, modules: ['src/features/admin/', 'src/app/admin-'] },
];

/**
 * @typedef {{ file: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], src?: string }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 */

/**
 * The JavaScript files that loading `roots` downloads: their chunks and what those import statically.
 * @param {Manifest} manifest
 * @param {string[]} roots manifest keys
 * @returns {string[]}
 */
function staticFiles(manifest, roots) {
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
  return files;
}

/**
 * @param {Manifest} manifest Vite's dist/.vite/manifest.json
 * @param {(file: string) => Uint8Array} readAsset reads a file of dist/ by its manifest path
 * @returns {{ files: string[], gzipBytes: number }}
 */
export function homePageJavaScript(manifest, readAsset) {
  const roots = ['index.html', ...HOME_MODULES.filter((key) => manifest[key]?.isDynamicEntry)];
  const files = staticFiles(manifest, roots);
  const gzipBytes = files.reduce((sum, file) => sum + gzipSync(readAsset(file), { level: 9 }).length, 0);
  return { files, gzipBytes };
}

/**
 * The largest of the languages' `site` catalogues (catalogues.json, written by the build): the home
 * page loads its language's before rendering.
 * @param {Record<string, Record<string, string>>} catalogues language -> catalogue -> chunk address
 * @param {(file: string) => Uint8Array} readAsset
 * @returns {{ language: string, file: string, gzipBytes: number }}
 */
export function largestSiteCatalogue(catalogues, readAsset) {
  const sizes = Object.entries(catalogues).map(([language, chunks]) => {
    const file = (chunks.site ?? '').replace(/^\//, '');
    if (!file) throw new Error(`catalogues.json has no site catalogue for ${language}`);
    return { language, file, gzipBytes: gzipSync(readAsset(file), { level: 9 }).length };
  });
  if (sizes.length === 0) throw new Error('catalogues.json names no language');
  return sizes.reduce((largest, size) => (size.gzipBytes > largest.gzipBytes ? size : largest));
}

/**
 * One sentence per library of `libraries` found in the home page's files.
 * @param {string[]} files the home page's JavaScript (homePageJavaScript)
 * @param {(file: string) => Uint8Array} readAsset
 * @param {{ name: string, marker: RegExp }[]} libraries
 * @returns {string[]}
 */
export function homePageProblems(files, readAsset, libraries = KEPT_OFF_THE_HOME_PAGE) {
  const decoder = new TextDecoder();
  const texts = files.map((file) => ({ file, text: decoder.decode(readAsset(file)) }));
  return libraries.flatMap(({ name, marker }) =>
    texts
      .filter(({ text }) => marker.test(text))
      .map(({ file }) => `The home page loads ${name} (${file}); only lazy pages may.`),
  );
}

/**
 * One sentence per page whose first load (the entry's files and the chunks its HTML
 * names, page-hints.json) holds Zod. Such a page brings its data already checked: the schemas load
 * with the first answer or live message it reads (src/lib/lazy-schema.ts), after it has started.
 * @param {{ path: string, modulepreload: string[] }[]} hints
 * @param {string[]} entryFiles the entry's JavaScript (homePageJavaScript)
 * @param {(file: string) => Uint8Array} readAsset
 * @returns {string[]}
 */
export function firstLoadProblems(hints, entryFiles, readAsset) {
  const decoder = new TextDecoder();
  return hints.flatMap(({ path, modulepreload }) => {
    const files = [...entryFiles, ...modulepreload.map((file) => file.replace(/^\//, ''))];
    const holders = files.filter((file) => ZOD.marker.test(decoder.decode(readAsset(file))));
    return holders.length === 0
      ? []
      : [`${path} loads Zod as it starts (${holders.join(', ')}); its schemas must load when first used.`];
  });
}

/**
 * What is wrong with where the confined libraries ended up: one sentence per page that loads a library
 * it must not, and one per library found nowhere (its marker no longer matches its code).
 * @param {Manifest} manifest
 * @param {(file: string) => Uint8Array} readAsset
 * @param {{ name: string, marker: RegExp, modules: string[] }[]} libraries
 * @returns {string[]}
 */
export function confinementProblems(manifest, readAsset, libraries = CONFINED_LIBRARIES) {
  const decoder = new TextDecoder();
  /** @type {Map<string, string>} */
  const texts = new Map();
  /** @param {string} file */
  const text = (file) => {
    let content = texts.get(file);
    if (content === undefined) {
      content = decoder.decode(readAsset(file));
      texts.set(file, content);
    }
    return content;
  };
  const jsFiles = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) =>
    file.endsWith('.js'),
  );
  const pages = Object.keys(manifest).filter(
    (key) => manifest[key]?.isEntry || manifest[key]?.isDynamicEntry,
  );
  /** @type {string[]} */
  const problems = [];
  for (const { name, marker, modules } of libraries) {
    const holders = new Set(jsFiles.filter((file) => marker.test(text(file))));
    if (holders.size === 0) {
      problems.push(`${name} is in no chunk: does ${marker} still match its code?`);
      continue;
    }
    for (const page of pages) {
      if (modules.some((module) => page.startsWith(module))) continue;
      const reached = staticFiles(manifest, [page]).filter((file) => holders.has(file));
      if (reached.length > 0) {
        problems.push(`${page} loads ${name} (${reached.join(', ')}); only ${modules.join(', ')} may.`);
      }
    }
  }
  return problems;
}

function main() {
  const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const home = homePageJavaScript(manifest, (file) => readFileSync(join(dist, file)));
  const catalogue = largestSiteCatalogue(
    JSON.parse(readFileSync(join(dist, 'catalogues.json'), 'utf8')),
    (file) => readFileSync(join(dist, file)),
  );
  const files = home.files;
  const gzipBytes = home.gzipBytes + catalogue.gzipBytes;
  /** @param {number} bytes */
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `Home page JavaScript: ${kb(gzipBytes)} gzip in ${files.length + 1} file(s) (budget ${kb(BUDGET_BYTES)})`,
  );
  for (const file of files) console.log(`  ${file}`);
  console.log(
    `  ${catalogue.file} (the ${catalogue.language} site catalogue, the largest: ${kb(catalogue.gzipBytes)})`,
  );
  let failed = false;
  if (gzipBytes > BUDGET_BYTES) {
    console.error(`Over budget by ${kb(gzipBytes - BUDGET_BYTES)}.`);
    failed = true;
  }
  const offHome = homePageProblems(files, (file) => readFileSync(join(dist, file)));
  for (const problem of offHome) console.error(problem);
  if (offHome.length === 0) {
    console.log(`Kept off the home page: ${KEPT_OFF_THE_HOME_PAGE.map((l) => l.name).join(', ')}.`);
  }
  const hints = JSON.parse(readFileSync(join(dist, 'page-hints.json'), 'utf8'));
  const startingWithZod = firstLoadProblems(hints, files, (file) => readFileSync(join(dist, file)));
  for (const problem of startingWithZod) console.error(problem);
  if (startingWithZod.length === 0) {
    console.log(`No page loads Zod as it starts (${hints.length} pages with hints).`);
  }
  const problems = confinementProblems(manifest, (file) => readFileSync(join(dist, file)));
  for (const problem of problems) console.error(problem);
  if (problems.length === 0) {
    console.log(`Chart libraries stay on their pages: ${CONFINED_LIBRARIES.map((l) => l.name).join(', ')}.`);
  }
  if (failed || offHome.length > 0 || startingWithZod.length > 0 || problems.length > 0) process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
