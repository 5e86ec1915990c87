import type { SiteConfig } from '@prison/shared/site-config';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { DEFAULT_SITE_CONFIG, SiteConfigProvider } from '../src/lib/site-config.tsx';

interface Options {
  path?: string;
  config?: Partial<SiteConfig>;
  /** Extra routes next to the one rendering the element, e.g. a /login page to land on. */
  routes?: RouteObject[];
}

/** Renders an element as the page at `path` inside a memory router, with the site configuration. */
export function renderRoute(element: ReactNode, { path = '/', config, routes = [] }: Options = {}) {
  const router = createMemoryRouter([{ path: '*', element }, ...routes], { initialEntries: [path] });
  const result = render(
    <SiteConfigProvider config={{ ...DEFAULT_SITE_CONFIG, ...config }}>
      <RouterProvider router={router} />
    </SiteConfigProvider>,
  );
  return { ...result, router };
}

export function storeSession(roles: string[], username = 'Steve') {
  localStorage.setItem('token', 'header.payload.signature');
  localStorage.setItem('refresh_token', 'refresh');
  localStorage.setItem(
    'user',
    JSON.stringify({ uuid: '8667ba71-b85a-4004-af54-457a9734eed7', username, roles }),
  );
}
