import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

// The API server (apps/server) listens on 8080; in development Vite forwards the API and live sockets to it.
const apiTarget = 'http://localhost:8080';

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

/** Preloads the Latin files of the two web fonts, so that the first render already has them. */
function preloadFonts(): Plugin {
  return {
    name: 'preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const fonts = Object.keys(bundle ?? {}).filter((file) =>
          /(inter|space-grotesk)-latin-wght-normal-[\w-]+\.woff2$/.test(file),
        );
        return fonts.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head',
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), preloadFonts()],
  build: {
    // scripts/check-budget.mjs reads the manifest to measure what the home page downloads.
    manifest: true,
    rolldownOptions: {
      output: {
        // Left to itself, the bundler gives every module two lazy pages share a file of its own: a page
        // then waits for some twenty files (an icon or a widget each), and a browser fetches only six at
        // a time from a host over HTTP/1.1. Instead, the code pages share is grouped by the set of pages
        // that use it, and groups under 5 kB are merged into their closest neighbour.
        codeSplitting: {
          groups: [
            // The first page load's code stays in the entry chunk (scripts/check-budget.mjs measures it).
            { name: 'initial', tags: ['$initial'], priority: 2 },
            {
              name: 'shared',
              minShareCount: 2,
              priority: 1,
              entriesAware: true,
              entriesAwareMergeThreshold: 5_000,
            },
          ],
        },
        // Shared chunks are named after every page using them; the hash is enough.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('shared~') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js',
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
      '/ws': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Lazy routes import whole pages (the admin console with its chart library): on a busy 2-core
    // machine the first import of a file can take several seconds.
    testTimeout: 20_000,
  },
});
