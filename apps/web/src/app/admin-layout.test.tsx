import { STAFF_TWO_FACTOR_REQUIRED } from '@prison/shared/auth';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fake-fetch.ts';
import { FakeWebSocket } from '../../test/fake-web-socket.ts';
import { storeSession } from '../../test/render-route.tsx';
import { readSession } from '../lib/session.ts';
import { DEFAULT_SITE_CONFIG, SiteConfigProvider } from '../lib/site-config.tsx';
import { adminRoutes } from './admin-routes.tsx';

function renderAdmin(set: 'admin-host' | 'admin-path', path: string) {
  const router = createMemoryRouter(adminRoutes(set), { initialEntries: [path] });
  render(
    <SiteConfigProvider config={DEFAULT_SITE_CONFIG}>
      <RouterProvider router={router} />
    </SiteConfigProvider>,
  );
  return router;
}

beforeEach(() => {
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('admin layout account links', () => {
  it.each([
    ['admin-path', '/admin/console', '/login?redirect=%2Fadmin%2Fconsole'],
    ['admin-host', '/activity', '/login?redirect=%2Factivity'],
  ] as const)('%s: the sign-in link at %s comes back to that page', async (set, path, href) => {
    renderAdmin(set, path);
    // The header's link and the sign-in prompt's.
    const links = await screen.findAllByRole('link', { name: 'Sign in' }, { timeout: 15_000 });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', href);
  });

  it('signs a signed-in user out to the sign-in page', async () => {
    const { paths } = stubFetch(async () => json(null, 204));
    storeSession(['OWNER']);
    const router = renderAdmin('admin-path', '/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(readSession()).toBeNull();
    expect(paths().filter((path) => path.startsWith('POST'))).toEqual(['POST /api/auth/logout']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('the console under STAFF_2FA=required', () => {
  it('tells staff without two-factor sign-in to enrol, with a link to the Security card', async () => {
    stubFetch(async () =>
      json({ detail: STAFF_TWO_FACTOR_REQUIRED, code: 'staff_two_factor_required' }, 403),
    );
    storeSession(['ADMIN']);
    renderAdmin('admin-path', '/admin');
    expect(
      await screen.findByText(STAFF_TWO_FACTOR_REQUIRED, { exact: false }, { timeout: 15_000 }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Enrol in two-factor sign-in' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/profile#security$/),
    );
  });
});
