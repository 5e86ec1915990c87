import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // PGlite instances are heavy: keep server test files from all starting at once.
          maxWorkers: 2,
        },
      },
      { test: { name: 'simulator', root: 'apps/simulator', environment: 'node', testTimeout: 30_000 } },
      'apps/web/vite.config.ts',
    ],
  },
});
