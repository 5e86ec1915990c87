import { defineConfig } from 'vitest/config';

// Vite resolves the workspace packages to their TypeScript sources (the `development` condition of
// their exports); the node processes tests start (the server under tsx, the command-line tools) need
// the same condition, or they would load the compiled dist/ output, stale or missing.
const childProcessEnv = {
  NODE_OPTIONS: [process.env.NODE_OPTIONS, '--conditions=development'].filter(Boolean).join(' '),
};

// One run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // Two cores; PGlite instances and server processes are heavy.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', root: 'packages/shared', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          // One migrated PGlite database that the tests' databases start from (test/pglite-template.ts).
          globalSetup: ['test/pglite-template.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          env: childProcessEnv,
        },
      },
      {
        test: {
          name: 'simulator',
          root: 'apps/simulator',
          environment: 'node',
          testTimeout: 30_000,
          env: childProcessEnv,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
