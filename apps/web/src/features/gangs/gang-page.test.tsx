import type { ActivityItem } from '@prison/shared/players';
import type { Gang } from '@prison/shared/social';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, settle, stubFetch } from '../../../test/fake-fetch.ts';
import { FakeWebSocket } from '../../../test/fake-web-socket.ts';
import { DEFAULT_SITE_CONFIG, SiteConfigProvider } from '../../lib/site-config.tsx';
import { GangPage } from './gang-page.tsx';

const member = (username: string | null, uuid: string, role: string, online: boolean) => ({
  uuid,
  username,
  role,
  online,
  last_activity_at: new Date(Date.now() - 3 * 3_600_000 - 60_000).toISOString(),
});

function gang(overrides: Partial<Gang> = {}): Gang {
  return {
    id: 'obsidian',
    name: 'Obsidian Syndicate',
    status: 'InviteOnly',
    color: 'yellow',
    balance: '4500000000000000.00',
    member_count: 3,
    online_count: 1,
    min_level: 25,
    members: [
      member('Bram', '11111111-1111-4111-8111-111111111111', 'Leader', true),
      member('Jade', '22222222-2222-4222-8222-222222222222', 'Officer', false),
      member(null, 'abcdef12-3333-4333-8333-333333333333', 'Recruit', false),
    ],
    ...overrides,
  };
}

const milestones: ActivityItem[] = [
  {
    id: 7,
    occurred_at: new Date(Date.now() - 10 * 60_000).toISOString(),
    actor_uuid: '22222222-2222-4222-8222-222222222222',
    actor_username: 'Jade',
    target_uuid: null,
    target_username: null,
    activity_type: 'GKIT_UNLOCK',
    activity_text: '{"kitId":"alchemist","level":1,"status":"unlock"}',
  },
];

function renderPage(path = '/gangs/obsidian') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/gangs/:id', element: <GangPage /> },
      { path: '/players/:name', element: <p>Player page</p> },
      { path: '/social', element: <p>Social hub</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <SiteConfigProvider config={DEFAULT_SITE_CONFIG}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </SiteConfigProvider>,
  );
  return { router };
}

const push = (data: unknown) =>
  act(async () => {
    FakeWebSocket.latest().message(JSON.stringify(data));
    await settle();
  });

describe('GangPage', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the gang card, a roster linking to each member and the recent milestones', async () => {
    const { requests } = stubFetch(() => json({ gang: gang(), milestones }));
    renderPage();

    const name = await screen.findByRole('heading', { level: 1, name: 'Obsidian Syndicate' });
    expect(new URL(requests[0]!.url).pathname).toBe('/api/gangs/obsidian');
    expect(document.title).toMatch(/^Obsidian Syndicate · /);
    // Yellow would vanish on a white card: the name takes a darker shade of it.
    expect(name.dataset.ink).not.toBe('#ffff55');
    expect(screen.getByTestId('gang-colour-bar')).toHaveStyle({ background: '#ffff55' });

    const card = screen.getByRole('region', { name: 'Obsidian Syndicate' });
    expect(within(card).getByText('Invite only')).toHaveAttribute('data-tone', 'amber');
    expect(within(card).getByText('$4,500,000,000,000,000')).toBeInTheDocument();
    expect(within(card).getByText('Level 25')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Bram' })).toHaveAttribute('href', '/players/Bram');

    const roster = within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem');
    expect(roster.map((row) => row.dataset.member)).toEqual([
      'Bram',
      'Jade',
      'abcdef12-3333-4333-8333-333333333333',
    ]);
    expect(within(roster[0]!).getByRole('link', { name: 'Bram' })).toHaveAttribute('href', '/players/Bram');
    expect(roster[0]).toHaveTextContent('Online now');
    expect(roster[1]).toHaveTextContent('3h ago');
    // Spec 2.8: no name, the first 8 characters of the uuid, linking to the page by uuid.
    expect(within(roster[2]!).getByRole('link', { name: 'abcdef12' })).toHaveAttribute(
      'href',
      '/players/abcdef12-3333-4333-8333-333333333333',
    );
    expect(screen.getByText('3 members · 1 online')).toBeInTheDocument();

    const feed = within(screen.getByRole('list', { name: 'Recent milestones' })).getAllByRole('listitem');
    expect(feed[0]).toHaveTextContent('Jade unlocked the Alchemist G-Kit');
    expect(within(feed[0]!).getByRole('link', { name: 'Jade' })).toHaveAttribute('href', '/players/Jade');
  });

  it('keeps the roster live from the gangs socket, picking this gang out of every gang', async () => {
    const { requests } = stubFetch(() => json({ gang: gang(), milestones }));
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Obsidian Syndicate' });

    const socket = FakeWebSocket.latest();
    expect(new URL(socket.url).pathname).toBe('/api/gangs/ws');
    act(() => socket.open());
    expect(screen.getByText('Live')).toBeInTheDocument();

    const [bram, jade, recruit] = gang().members;
    const other = gang({ id: 'ember', name: 'Ember Court', members: [] });
    await push({
      gangs: [
        other,
        gang({
          online_count: 2,
          balance: '10.00',
          members: [{ ...bram!, online: false }, { ...jade!, online: true }, recruit!],
        }),
      ],
    });
    const rows = within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem');
    expect(rows[0]).toHaveAttribute('data-online', 'false');
    expect(rows[1]).toHaveAttribute('data-online', 'true');
    expect(rows[1]).toHaveTextContent('Online now');
    expect(screen.getByText('3 members · 2 online')).toBeInTheDocument();
    expect(screen.getByText('$10')).toBeInTheDocument();
    expect(screen.queryByText('Ember Court')).not.toBeInTheDocument();

    // A message without this gang, or a malformed one, leaves the page as it is.
    await push({ gangs: [other] });
    await push({ gangs: 'nope' });
    expect(screen.getByRole('heading', { level: 1, name: 'Obsidian Syndicate' })).toBeInTheDocument();
    expect(screen.getByText('$10')).toBeInTheDocument();

    act(() => socket.drop());
    expect(screen.getByText('Reconnecting…')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('says an unknown gang was not found and points to the gang browser', async () => {
    stubFetch(() => json({ detail: 'No such gang' }, 404));
    renderPage('/gangs/nope');
    expect(await screen.findByRole('heading', { name: "We couldn't find that gang." })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse gangs' })).toHaveAttribute(
      'href',
      '/social#gang-browser',
    );
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('says an id no gang can have was not found, at once, as the API refuses it', async () => {
    // Gang ids are 1 to 64 printable ASCII characters (the bridge's rule): 65 characters, a space, a
    // character outside ASCII are answered 400.
    for (const id of ['g'.repeat(65), 'night shift', 'naïve']) {
      const { requests } = stubFetch(() => json({ detail: 'Not a gang id' }, 400));
      renderPage(`/gangs/${encodeURIComponent(id)}`);

      expect(
        await screen.findByRole('heading', { name: "We couldn't find that gang." }),
        id,
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(document.title).toMatch(/^Gang not found · /);
      // Said on the first answer, with no retry: asking again cannot change it.
      expect(requests, id).toHaveLength(1);
      expect(FakeWebSocket.instances).toHaveLength(0);
      cleanup();
    }
  });

  it('says when a gang has no milestones yet', async () => {
    stubFetch(() => json({ gang: gang({ members: [] }), milestones: [] }));
    renderPage();
    expect(await screen.findByText('No milestones yet.')).toBeInTheDocument();
    expect(screen.getByText('Member roster unavailable.')).toBeInTheDocument();
  });
});
