import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fake-fetch.ts';
import { FakeWebSocket } from '../../test/fake-web-socket.ts';
import { DEFAULT_SITE_CONFIG, SiteConfigProvider } from '../lib/site-config.tsx';
import { PAGE_HINTS } from './page-hints.ts';
import { publicRoutes } from './public-routes.tsx';

const webRoot = join(import.meta.dirname, '../..');

/** The public route paths whose page is a lazy chunk, as a hint writes them. */
function lazyPagePaths(): string[] {
  const paths: string[] = [];
  const walk = (routes: ReturnType<typeof publicRoutes>, prefix: string) => {
    for (const route of routes) {
      const path = route.path ? `${prefix}/${route.path}` : prefix;
      if (route.path && route.path !== '*' && route.lazy) paths.push(path.replace(/:\w+/g, '*'));
      if (route.children) walk(route.children, path);
    }
  };
  walk(publicRoutes(), '');
  return paths;
}

beforeEach(() => {
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('page hints', () => {
  it('name every lazy public page, and nothing else', () => {
    expect(PAGE_HINTS.map((hint) => hint.path).sort()).toEqual(lazyPagePaths().sort());
    for (const { path } of PAGE_HINTS) {
      const leaf = matchRoutes(publicRoutes(), path.replace('*', 'x'))?.at(-1)?.route;
      expect(leaf?.path, path).not.toBe('*');
    }
  });

  it('name modules that exist', () => {
    for (const { path, modules } of PAGE_HINTS) {
      for (const module of modules)
        expect(existsSync(join(webRoot, module)), `${path}: ${module}`).toBe(true);
    }
  });

  it.each(PAGE_HINTS.filter((hint) => hint.data))(
    'name the data $path asks for at once, as it asks for it signed out',
    async ({ path, data = [] }) => {
      const { requests } = stubFetch(() => json([]));
      render(
        <SiteConfigProvider config={DEFAULT_SITE_CONFIG}>
          <RouterProvider router={createMemoryRouter(publicRoutes(), { initialEntries: [path] })} />
        </SiteConfigProvider>,
      );
      for (const url of data) {
        await waitFor(
          () => {
            const asked = requests.filter((r) => r.url === new URL(url, location.href).href);
            expect(asked.map((r) => [r.method, r.headers.has('authorization')])).toEqual([['GET', false]]);
            // The page's chunk is loaded (and transformed) first: slow on a busy machine.
          },
          { timeout: 10_000 },
        );
      }
    },
  );
});
