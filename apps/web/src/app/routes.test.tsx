import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fake-fetch.ts';
import { FakeWebSocket } from '../../test/fake-web-socket.ts';
import { storeSession } from '../../test/render-route.tsx';
import { queryClient } from '../lib/query-client.ts';
import { DEFAULT_SITE_CONFIG, SiteConfigProvider } from '../lib/site-config.tsx';
import { adminRoutes } from './admin-routes.tsx';
import { publicRoutes } from './public-routes.tsx';

function renderRoutes(routes: ReturnType<typeof publicRoutes>, path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
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
afterEach(() => {
  vi.unstubAllGlobals();
  // The pages share one query cache: each test starts without another's data.
  queryClient.clear();
});

describe('public route set', () => {
  it('renders the home page at /', async () => {
    renderRoutes(publicRoutes(), '/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Season I is coming soon' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()}`);
  });

  it.each([
    ['/enchants', 'Enchants'],
    ['/docs', 'Docs'],
    ['/leaderboard', 'Leaderboard'],
    ['/auction', 'Auction house'],
    // Signed out, a category page keeps the house's name: its listings need a sign-in.
    ['/auction/enchanted_books', 'Auction house'],
    ['/login', 'Sign in'],
    ['/profile', 'My profile'],
    ['/social', 'Social hub'],
    ['/privacy', 'What this site stores and loads'],
    ['/punishments', 'Punishments'],
  ])('renders %s inside the layout', async (path, title) => {
    // The pages' data is not what this is about: answered at once with nothing, so no page waits.
    stubFetch(async () => json([]));
    renderRoutes(publicRoutes(), path);
    // A page whose loader reads an answer waits for its schema's module too (lib/lazy-schema.ts),
    // the first import of which is slow on a busy machine.
    const heading = await screen.findByRole('heading', { level: 1, name: title }, { timeout: 10_000 });
    expect(heading).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('renders /docs once, with the list and the first doc as markdown, when they arrive in time', async () => {
    stubFetch(async (request) =>
      new URL(request.url).pathname === '/api/docs'
        ? json([{ title: 'Mining 101', slug: 'mining', content: 'Dig **down**, carefully.', revision: 1 }])
        : json({ detail: 'Unavailable' }, 503),
    );
    renderRoutes(publicRoutes(), '/docs');
    await screen.findByRole('heading', { level: 1, name: 'Docs' }, { timeout: 5000 });
    // The route's loader waited for both: no placeholders on the way.
    expect(screen.getByRole('article')).toHaveTextContent('Dig down, carefully.');
    expect(screen.getByText('down')).toHaveProperty('tagName', 'STRONG');
    expect(screen.queryByText('Loading docs…')).toBeNull();
  });

  it("renders a punishment's page, and says an unknown one was not found", async () => {
    stubFetch(async (request) =>
      new URL(request.url).pathname === '/api/punishments/12'
        ? json({
            id: 12,
            type: 'mute',
            player: { uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5', name: 'Notch' },
            staff: null,
            reason: 'Caps',
            issued_at: '2026-11-20T18:02:11.000Z',
            until: null,
            active: true,
            revoked: null,
            source: 'game',
          })
        : json({ detail: 'No such punishment', code: 'unknown_punishment' }, 404),
    );
    renderRoutes(publicRoutes(), '/punishments/12');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mute #12' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    queryClient.clear();
    renderRoutes(publicRoutes(), '/punishments/13');
    expect(
      await screen.findByRole('heading', { name: "We couldn't find that punishment." }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it.each(['/nowhere', '/admin', '/auction/a/b'])('shows the not-found page at %s', async (path) => {
    renderRoutes(publicRoutes(), path);
    expect(await screen.findByRole('heading', { name: "We couldn't find that page." })).toBeInTheDocument();
  });
});

describe('admin route sets', () => {
  it.each([
    ['/admin', 'Operational overview'],
    ['/admin/activity', 'Network activity stream'],
    ['/admin/console', 'Operator console'],
  ])('admin-path mode serves %s', async (path, title) => {
    storeSession(['OWNER']);
    stubFetch(async () => json({ detail: 'Unavailable' }, 503));
    renderRoutes(adminRoutes('admin-path'), path);
    // The console's chunk (with the chart library) is the largest lazy import: give it time on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Server dashboard' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: title }).closest('section')).toHaveAttribute(
      'data-focused',
      'true',
    );
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(nav).toHaveTextContent('OverviewActivityConsole');
  });

  it.each(['/', '/admin/nope', '/leaderboard'])('admin-path mode redirects %s to /admin', async (path) => {
    const router = renderRoutes(adminRoutes('admin-path'), path);
    expect(
      await screen.findByRole('heading', { name: 'Secure administrator access' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it.each([
    ['/', 'Operational overview'],
    ['/activity', 'Network activity stream'],
    ['/console', 'Operator console'],
  ])('admin-host mode serves %s', async (path, title) => {
    storeSession(['web_admin']);
    stubFetch(async () => json({ detail: 'Unavailable' }, 503));
    renderRoutes(adminRoutes('admin-host'), path);
    expect(
      await screen.findByRole('heading', { level: 2, name: title }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: title }).closest('section')).toHaveAttribute(
      'data-focused',
      'true',
    );
  });

  it.each(['/admin', '/docs', '/activity/more'])('admin-host mode redirects %s to /', async (path) => {
    const router = renderRoutes(adminRoutes('admin-host'), path);
    expect(
      await screen.findByRole('heading', { name: 'Secure administrator access' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps /login in both admin modes', async () => {
    renderRoutes(adminRoutes('admin-path'), '/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });
});
