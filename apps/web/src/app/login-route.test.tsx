import type { SiteConfig } from '@prison/shared/site-config';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, PLAYER, stubFetch } from '../../test/fake-fetch.ts';
import { FakeWebSocket } from '../../test/fake-web-socket.ts';
import { DEFAULT_SITE_CONFIG, SiteConfigProvider } from '../lib/site-config.tsx';
import { adminRoutes } from './admin-routes.tsx';
import { defaultLoginDestination } from './login-route.tsx';
import { publicRoutes } from './public-routes.tsx';

function renderAt(routes: ReturnType<typeof publicRoutes>, path: string, config: Partial<SiteConfig> = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <SiteConfigProvider config={{ ...DEFAULT_SITE_CONFIG, ...config }}>
      <RouterProvider router={router} />
    </SiteConfigProvider>,
  );
  return router;
}

async function signIn() {
  const user = userEvent.setup();
  // A whole route set's first render (layout, header, footer and form), once its lazy routes have
  // loaded: on a busy machine that alone took past Testing Library's second, so it gets what the
  // landing pages below get.
  const username = await screen.findByLabelText('Username', {}, { timeout: 15_000 });
  await user.type(username, 'DemoPlayer');
  await user.type(screen.getByLabelText('Password'), 'prison-demo');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => {
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  stubFetch(async (request) =>
    new URL(request.url).pathname === '/api/auth/player-login'
      ? json({ access_token: 'a.b.c', refresh_token: 'r', user: PLAYER })
      : json({ detail: 'Not found' }, 404),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('defaultLoginDestination', () => {
  it('is the console overview on the admin site and the profile on the public site', () => {
    expect(defaultLoginDestination('admin-host')).toBe('/');
    expect(defaultLoginDestination('admin-path')).toBe('/admin');
    expect(defaultLoginDestination('public')).toBe('/profile');
  });
});

describe('/login in each route set', () => {
  it('public site: lands on /profile', async () => {
    const router = renderAt(publicRoutes(), '/login');
    await signIn();
    // The profile's chunk is imported (and, in the test runner, compiled) on first visit: as long as
    // the other pages below get.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My profile' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('admin host: lands on the console at /', async () => {
    const router = renderAt(adminRoutes('admin-host'), '/login', { adminHosts: [window.location.hostname] });
    await signIn();
    // A player without a staff role lands on the console's Access restricted screen.
    expect(
      await screen.findByRole('heading', { name: 'Access restricted' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('admin path: lands on the console at /admin', async () => {
    const router = renderAt(adminRoutes('admin-path'), '/login');
    await signIn();
    expect(
      await screen.findByRole('heading', { name: 'Access restricted' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('admin path: honours a redirect to another console section', async () => {
    const router = renderAt(adminRoutes('admin-path'), '/login?redirect=%2Fadmin%2Fconsole');
    await signIn();
    expect(
      await screen.findByRole('heading', { name: 'Access restricted' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/console');
  });

  it('public site: a redirect into the admin console is a full page load (another route set)', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderAt(publicRoutes(), '/login?redirect=/admin/activity');
    await signIn();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin/activity'));
  });

  it('the admin sign-in page has no player links into the public site', async () => {
    renderAt(adminRoutes('admin-path'), '/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('Admin console')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Read the joining guide' })).not.toBeInTheDocument();
  });
});
