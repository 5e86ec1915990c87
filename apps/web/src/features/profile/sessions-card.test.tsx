import type { SignedInSession } from '@prison/shared/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, storeSession } from '../../../test/render-route.tsx';
import { readSession } from '../../lib/session.ts';
import { SessionsCard } from './sessions-card.tsx';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const SESSIONS: SignedInSession[] = [
  {
    id: '0b7e1d0a-1111-4111-8111-111111111111',
    device: 'Chrome on Windows',
    address: '203.0.113.7',
    created_at: minutesAgo(3 * 24 * 60),
    last_used_at: minutesAgo(0),
    current: true,
  },
  {
    id: '0b7e1d0a-2222-4222-8222-222222222222',
    device: 'Safari on iOS',
    address: '198.51.100.23',
    created_at: minutesAgo(2 * 60),
    last_used_at: minutesAgo(4),
    current: false,
  },
];

/** The sessions API of one account: the list, one session signed out, or all. */
function stubSessionsApi() {
  let sessions = [...SESSIONS];
  return stubFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/auth/sessions' && request.method === 'GET') return json({ sessions });
    if (path.startsWith('/api/auth/sessions/') && request.method === 'DELETE') {
      const id = path.split('/').at(-1);
      sessions = sessions.filter((s) => s.id !== id);
      return json(null, 204);
    }
    if (path === '/api/auth/logout-all' && request.method === 'POST') {
      sessions = [];
      return json(null, 204);
    }
    return json({ detail: 'Not found' }, 404);
  });
}

function renderCard() {
  storeSession([], 'Steve');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoute(
    <QueryClientProvider client={client}>
      <SessionsCard />
    </QueryClientProvider>,
    { path: '/profile', routes: [{ path: '/login', element: <h1>Sign in</h1> }] },
  );
}

describe('SessionsCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each session with its device, first and last use and address, this one marked', async () => {
    stubSessionsApi();
    renderCard();
    const card = screen.getByRole('region', { name: 'Signed-in devices' });
    const rows = within(await within(card).findByRole('list', { name: 'Sessions' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Chrome on WindowsThis device');
    expect(rows[0]).toHaveTextContent('Signed in 3d ago·Last used just now·203.0.113.7');
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(rows[1]).toHaveTextContent('Safari on iOS');
    expect(rows[1]).toHaveTextContent('Signed in 2h ago·Last used 4m ago·198.51.100.23');
    expect(within(rows[1]!).getByRole('button', { name: 'Sign out Safari on iOS' })).toBeEnabled();
  });

  it('signs another session out, and it leaves the list', async () => {
    const { requests } = stubSessionsApi();
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText('Safari on iOS')).toBeNull();
    const revoke = requests.find((r) => r.method === 'DELETE')!;
    expect(new URL(revoke.url).pathname).toBe(`/api/auth/sessions/${SESSIONS[1]!.id}`);
    expect(revoke.headers.get('authorization')).toBe('Bearer header.payload.signature');
    expect(readSession()).not.toBeNull();
  });

  it('signs out everywhere after a confirmation: this browser too, then the sign-in page', async () => {
    const { paths } = stubSessionsApi();
    const { router } = renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out everywhere?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(paths()).not.toContain('POST /api/auth/logout-all');
    expect(readSession()).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(paths()).toContain('POST /api/auth/logout-all');
    expect(readSession()).toBeNull();
  });

  it('says so when the sessions cannot be read', async () => {
    stubFetch(() => json({ detail: 'Unavailable' }, 503));
    renderCard();
    expect(await screen.findByText('Your sessions are unavailable right now.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere' })).toBeNull();
  });
});
