import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { transformAsync } from '@babel/core';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import type { BuiltPageHint } from '@prison/shared/page-hints';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { defaultServerConditions, type Plugin, type UserConfig } from 'vite';
import { defineConfig } from 'vitest/config';
import { PAGE_CATALOGUES } from '../../lingui.config.js';
import { PAGE_HINTS } from './src/app/page-hints.ts';

// The API server (apps/server) listens on 8080; in development Vite forwards the API and live sockets to it.
const apiTarget = 'http://localhost:8080';

/**
 * Lingui's macros (`<Trans>`, `useLingui`'s `t`, `msg`: docs/translations.md) turned into calls of its
 * runtime with each message's id, before any other plugin reads the module. React's plugin no longer
 * runs Babel, so the macro's Babel plugin runs here, on the modules that import a macro alone. In a
 * production build only the ids stay in the code: the words are in the catalogues.
 */
function linguiMacros(): Plugin {
  const MACRO_IMPORT = /from '@lingui\/(core|react)\/macro'/;
  return {
    name: 'lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.includes('/node_modules/') || !MACRO_IMPORT.test(code)) return null;
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: id.endsWith('.tsx') ? ['typescript', 'jsx'] : ['typescript'] },
        plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig }]],
      });
      if (!result?.code) return null;
      return { code: result.code, map: result.map };
    },
  };
}

/** The catalogues' settings (the repository's lingui.config.js), for the macros and the .po loader. */
const linguiConfigPath = resolve(import.meta.dirname, '../../lingui.config.js');
const linguiConfig = getConfig({ configPath: linguiConfigPath });
/** A catalogue (locales/{language}/*.po) imported by the app arrives compiled: ICU turned into code. */
const linguiCatalogues = () => lingui({ configPath: linguiConfigPath, failOnCompileError: true });

/**
 * Writes a Brotli (best quality) and a gzip copy beside each built script, stylesheet and page. The
 * server sends them as they are (preCompressed in apps/server/src/plugins/web-app.ts) instead of
 * compressing on the fly at a quality fit for dynamic answers: a quarter fewer bytes of JavaScript.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(file)) continue;
        const path = join(dir, file);
        const data = readFileSync(path);
        if (data.length < 1024) continue;
        const brotli = {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        };
        writeFileSync(`${path}.br`, brotliCompressSync(data, { params: brotli }));
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/** Preloads the core subsets of the two web fonts (index.css), so that the first render already has them. */
function preloadFonts(): Plugin {
  return {
    name: 'preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const fonts = Object.keys(bundle ?? {}).filter((file) =>
          /(inter|space-grotesk)-core-[\w-]+\.woff2$/.test(file),
        );
        return fonts.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          // Ahead of the inline stylesheet (inlineStylesheet), whose 120 KB would otherwise come
          // first over a slow connection: a font found late swaps in after the first paint and
          // moves the text.
          injectTo: 'head-prepend',
        }));
      },
    },
  };
}

/**
 * Writes page-hints.json: for each page of src/app/page-hints.ts, the chunk files its lazy modules
 * need beyond the entry chunk (the chunk holding each module and what it imports, transitively), for
 * the server to announce in that page's HTML. A module found in no chunk fails the build.
 */
function pageHints(): Plugin {
  /** The catalogue a page module's own words are in (lingui.config.js), beyond the site's. */
  const cataloguePartOf = (module: string): string[] =>
    Object.entries(PAGE_CATALOGUES)
      .filter(([, folders]) =>
        folders.some((folder) => module.startsWith(`src/${folder.replace(/\*$/, '')}`)),
      )
      .map(([part]) => part);
  return {
    name: 'page-hints',
    apply: 'build',
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const entries = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const byModule = new Map(chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk] as const)));
      const files = (chunk: OutputChunk, into: Set<string>) => {
        if (entries.has(chunk.fileName) || into.has(chunk.fileName)) return;
        into.add(chunk.fileName);
        for (const name of chunk.imports) {
          const imported = bundle[name];
          if (imported?.type === 'chunk') files(imported, into);
        }
      };
      const hints: BuiltPageHint[] = PAGE_HINTS.map(({ path, modules, data = [], images = [] }) => {
        const needed = new Set<string>();
        for (const module of modules) {
          const chunk = byModule.get(resolve(import.meta.dirname, module));
          if (!chunk) this.error(`page-hints.ts: ${module} (for ${path}) is in no chunk`);
          files(chunk, needed);
        }
        return {
          path,
          modulepreload: [...needed].map((file) => `/${file}`),
          data: [...data],
          images: [...images],
          catalogues: [...new Set(modules.flatMap(cataloguePartOf))],
        };
      });
      this.emitFile({ type: 'asset', fileName: 'page-hints.json', source: JSON.stringify(hints, null, 2) });
    },
  };
}

/**
 * Writes catalogues.json: each language's catalogue chunks by catalogue (src/lib/i18n.ts loads the
 * site's before the first render, and a page's with its code), for the server to name in the HTML of
 * a page in that language.
 */
function catalogueChunks(): Plugin {
  return {
    name: 'catalogue-chunks',
    apply: 'build',
    generateBundle(_options, bundle: OutputBundle) {
      const chunks: Record<string, Record<string, string>> = {};
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        for (const id of file.moduleIds) {
          const [, language, part] = /\/src\/locales\/([^/]+)\/(\w+)\.po$/.exec(id) ?? [];
          if (!language || !part) continue;
          chunks[language] = { ...chunks[language], [part]: `/${file.fileName}` };
        }
      }
      if (!chunks.en?.site) this.error('no catalogue chunk was built');
      this.emitFile({ type: 'asset', fileName: 'catalogues.json', source: JSON.stringify(chunks, null, 2) });
    },
  };
}

/** A script of this folder as index.html holds it inline: without its comment lines, which say why to readers of the source. */
const inlineScript = (file: string) =>
  readFileSync(join(import.meta.dirname, file), 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n')
    .trim();

/**
 * Puts public/theme-init.js into index.html itself. It must run before the first paint, and as a
 * file of its own it was one more request holding up that paint on a slow phone. The server's
 * Content-Security-Policy admits it by its hash (apps/server/src/plugins/security.ts).
 */
function inlineThemeInit(): Plugin {
  const tag = '<script src="/theme-init.js"></script>';
  return {
    name: 'inline-theme-init',
    apply: 'build',
    transformIndexHtml(html) {
      if (!html.includes(tag)) throw new Error(`index.html no longer has ${tag}`);
      return html.replace(tag, () => `<script>${inlineScript('public/theme-init.js')}</script>`);
    },
  };
}

/**
 * Replaces index.html's entry <script type="module"> with src/inline/start-app.js, inline at the end
 * of the body, and names the entry chunk in <meta name="app-entry"> for it: a page the server rendered
 * paints before its JavaScript is even asked for. The chunks the entry imports (the bundler's runtime
 * helpers, when it gives them a file of their own) are named in <meta name="app-chunk"> instead of
 * being preloaded from the head, so they come with the entry, as a page's own chunks do. The server's
 * Content-Security-Policy admits the script by its hash, as it does the theme's.
 */
function startAfterFirstPaint(): Plugin {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
  const preload = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  return {
    name: 'start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const src = entry.exec(html)?.[1];
        if (!src)
          throw new Error('index.html has no entry <script type="module"> to start after the first paint');
        return html
          .replace(entry, () => `<meta name="app-entry" content="${src}" />\n    `)
          .replace(preload, (_link, href: string) => `<meta name="app-chunk" content="${href}" />`)
          .replace(
            '</body>',
            () => `  <script>${inlineScript('src/inline/start-app.js')}</script>\n  </body>`,
          );
      },
    },
  };
}

/**
 * Puts the site's stylesheet into index.html itself, in place of its <link>. A stylesheet holds up the
 * first paint until it has arrived: on a slow phone that was one more round trip after the HTML before
 * a server-rendered page showed anything (Lighthouse measured 150 to 330 ms). Inline, it comes with
 * the page, about 15 KB compressed on the wire; the cost is that each full page load carries it
 * again, where a file would be cached, and after the first page the app moves between pages without
 * loading HTML. The Content-Security-Policy already admits inline styles (style-src 'unsafe-inline').
 * A lazy page's own stylesheet (the status chart's) still comes as a file with its chunk.
 */
function inlineStylesheet(): Plugin {
  const link = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;
  return {
    name: 'inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const file = link.exec(html)?.[1];
        const asset = file ? bundle?.[file] : undefined;
        if (!file || asset?.type !== 'asset')
          throw new Error('index.html has no stylesheet <link> to inline');
        const css = String(asset.source);
        if (css.includes('</style')) throw new Error(`${file} holds "</style", which would end it early`);
        // The link stays, disabled (neither fetched nor applied): Vite's loader of a lazy chunk that
        // names the stylesheet among its dependencies looks for it before loading it again, which
        // would download it and apply every rule a second time.
        return html.replace(
          link,
          () => `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`,
        );
      },
    },
  };
}

/**
 * React Router's production build. Its package names only its development build, whatever the mode
 * (remix-run/react-router#12532, #14102): that build's warnings for developers are code every page
 * would load and run. The two builds differ in that switch alone.
 */
const require = createRequire(import.meta.url);
const REACT_ROUTER_PRODUCTION = {
  find: /^react-router$/,
  replacement: join(dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs'),
};

/**
 * The chunk of Zod (and of src/lib/zod-config.ts, which stands for it), and of each module of
 * @prison/shared that builds schemas with it; null for any other module. The shared package keeps
 * what pages show without its schemas in modules free of zod (ranking.ts, doc-text.ts...).
 */
const ZOD_IMPORT = /^import\s[^;]*from\s+'zod';$/m;
const sharedSources = `${resolve(import.meta.dirname, '../../packages/shared/src')}/`;
const buildsSchemas = new Map<string, boolean>();
function contractChunk(id: string): string | null {
  if (/\/node_modules\/zod\/|\/src\/lib\/zod-config\.ts$/.test(id)) return 'zod';
  if (!id.startsWith(sharedSources)) return null;
  let found = buildsSchemas.get(id);
  if (found === undefined) {
    found = ZOD_IMPORT.test(readFileSync(id, 'utf8'));
    buildsSchemas.set(id, found);
  }
  return found ? `${basename(id, '.ts')}-schemas` : null;
}

const BROWSER_BUILD = {
  plugins: [
    linguiMacros(),
    linguiCatalogues(),
    react(),
    tailwindcss(),
    precompress(),
    preloadFonts(),
    pageHints(),
    catalogueChunks(),
    inlineThemeInit(),
    startAfterFirstPaint(),
    inlineStylesheet(),
  ],
  resolve: {
    alias: [
      // Zod set to its jitless mode before any module builds a schema (src/lib/zod-config.ts).
      { find: /^zod$/, replacement: join(import.meta.dirname, 'src/lib/zod-config.ts') },
      REACT_ROUTER_PRODUCTION,
    ],
  },
  build: {
    // scripts/check-budget.mjs reads the manifest to measure what the home page downloads.
    manifest: true,
    rolldownOptions: {
      output: {
        // Left to itself, the bundler gives every module two lazy pages share a file of its own: a page
        // then waits for some twenty files (an icon or a widget each), and on a slow phone each request
        // costs a round trip, six at a time over HTTP/1.1. Instead, all the code that public pages share
        // is one file (about 32 kB compressed), cached after the first page: a lazy page is that file
        // and its own, both named in its HTML (page-hints.ts). Grouping it by the set of pages using it
        // instead made ten files per page, and Lighthouse's /leaderboard two points slower on a phone.
        // The admin console's code stays out of it, so the public site never downloads it.
        codeSplitting: {
          groups: [
            // Zod, and each module of schemas of the site's answers in a file of its own: loaded with the
            // first answer or live message a page reads (src/lib/lazy-schema.ts), never with a page
            // (scripts/check-budget.mjs checks), and only the schemas the page reads are built. Only
            // they: what they import from modules free of zod stays where pages find it.
            { name: contractChunk, priority: 3, includeDependenciesRecursively: false },
            // The first page load's code stays in the entry chunk (scripts/check-budget.mjs measures it).
            { name: 'initial', tags: ['$initial'], priority: 2 },
            {
              name: 'shared',
              minShareCount: 2,
              priority: 1,
              test: (id: string) =>
                !/\/app\/admin-|\/features\/admin\/|\/node_modules\/(recharts|d3-|victory)/.test(id),
            },
          ],
        },
      },
    },
  },
} satisfies UserConfig;

// `vite build --ssr src/entry-server.tsx` builds the server's renderer of the public pages into
// dist/server (the build script runs it after the browser's build, which empties dist/). It holds
// its dependencies, React's production build among them, whatever NODE_ENV the server runs with;
// the browser's chunks, hints and compressed copies are not its business.
const SSR_BUILD = {
  plugins: [linguiMacros(), linguiCatalogues(), react(), tailwindcss()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  resolve: { alias: [REACT_ROUTER_PRODUCTION] },
  // The shared package's TypeScript sources (its `source` export), not its compiled dist/: the
  // renderer is built before, and without, the server's own build.
  ssr: { noExternal: true, target: 'node', resolve: { conditions: ['source', ...defaultServerConditions] } },
  build: {
    outDir: 'dist/server',
    emptyOutDir: true,
    copyPublicDir: false,
    minify: false,
    // One file: the server imports it again after a rebuild (by a new address), and chunks importing
    // the entry back would each bring a second copy of it, React included.
    rolldownOptions: { output: { codeSplitting: false } },
  },
} satisfies UserConfig;

export default defineConfig(({ isSsrBuild }) => ({
  ...(isSsrBuild ? SSR_BUILD : BROWSER_BUILD),
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
      '/ws': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    setupFiles: ['./test/setup.ts'],
    restoreMocks: true,
    // Lazy routes import whole pages (the admin console with its chart library): on a busy 2-core
    // machine the first import of a file can take several seconds.
    testTimeout: 20_000,
  },
}));
