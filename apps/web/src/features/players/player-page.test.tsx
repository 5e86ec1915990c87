import type { ActivityItem, PlayerPage as PlayerPageData } from '@prison/shared/players';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, settle, stubFetch } from '../../../test/fake-fetch.ts';
import { FakeWebSocket } from '../../../test/fake-web-socket.ts';
import { storeSession } from '../../../test/render-route.tsx';
import { DEFAULT_SITE_CONFIG, SiteConfigProvider } from '../../lib/site-config.tsx';
import { mergeLivePlayer } from './api.ts';
import { PlayerPage } from './player-page.tsx';

const UUID = '0b6f8a52-3c1d-4e7f-9a2b-5c6d7e8f9a0b';
const MINUTE = 60_000;

function milestone(overrides: Partial<ActivityItem> = {}): ActivityItem {
  return {
    id: 1,
    occurred_at: new Date(Date.now() - 5 * MINUTE).toISOString(),
    actor_uuid: UUID,
    actor_username: 'Steve',
    target_uuid: null,
    target_username: null,
    activity_type: 'LEVEL_UP',
    activity_text: '{"level":42}',
    ...overrides,
  };
}

function player(overrides: Partial<PlayerPageData> = {}): PlayerPageData {
  return {
    uuid: UUID,
    username: 'Steve',
    rank: 'SENTINEL',
    level: 42,
    prestige: 2,
    xp: 150_000,
    lifetime_xp: 9_876_543,
    balance: '1234567.50',
    online: true,
    last_seen_at: null,
    gang: { id: 'obsidian', name: 'Obsidian Syndicate', color: '#7c3aed', role: 'Officer' },
    friends_count: 12,
    hidden: false,
    stats: { BLOCKS_BROKEN: 123_456, TIME_PLAYED: 3661, DEATHS: 3 },
    milestones: [
      milestone(),
      milestone({
        id: 2,
        activity_type: 'GANG_JOIN',
        activity_text: 'Joined Obsidian Syndicate',
      }),
      milestone({ id: 3, activity_type: 'PRESTIGE_UP', activity_text: 'Reached Prestige 2' }),
    ],
    ban: null,
    punishments_hidden: false,
    discord: null,
    ...overrides,
  };
}

const NO_HISTORY = { punishments: [], next_cursor: null };

const isHistory = (request: Request) => new URL(request.url).pathname === `/api/players/${UUID}/punishments`;

/** The player's page answered by `page`, and their punishments by `history` (none by default). */
function stubPlayerApi(
  page: (request: Request) => Response,
  history: (request: Request) => Response = () => json(NO_HISTORY),
) {
  const stub = stubFetch((request) => (isHistory(request) ? history(request) : page(request)));
  return {
    ...stub,
    pageRequests: () => stub.requests.filter((request) => !isHistory(request)),
    historyRequests: () => stub.requests.filter(isHistory),
  };
}

function renderPage(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/players/:name', element: <PlayerPage /> },
      { path: '/gangs/:id', element: <p>Gang page</p> },
      { path: '/leaderboard', element: <p>Leaderboard page</p> },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: ['/', path], initialIndex: 1 },
  );
  render(
    <SiteConfigProvider config={DEFAULT_SITE_CONFIG}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </SiteConfigProvider>,
  );
  return { router, client };
}

const sockets = () => FakeWebSocket.instances.filter((socket) => !socket.closed);
// The query cache tells its observers on the next tick.
const push = (data: unknown) =>
  act(async () => {
    FakeWebSocket.latest().message(JSON.stringify(data));
    await settle();
  });

describe('PlayerPage', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the hero, gang, friends, statistics and milestones of a player found by name in any case', async () => {
    const { requests } = stubPlayerApi(() => json(player()));
    renderPage('/players/sTeVe');

    expect(await screen.findByRole('heading', { level: 1, name: 'Steve' })).toBeInTheDocument();
    expect(new URL(requests[0]!.url).pathname).toBe('/api/players/by-name/sTeVe');
    expect(requests[0]!.headers.get('authorization')).toBeNull();
    expect(document.title).toMatch(/^Steve · /);

    const hero = screen.getByRole('region', { name: 'Steve' });
    expect(within(hero).getByText('SENTINEL')).toHaveAttribute('data-rank', 'SENTINEL');
    expect(within(hero).getByText('42', { selector: 'dd' })).toBeInTheDocument();
    expect(within(hero).getByText('9,876,543')).toBeInTheDocument();
    expect(within(hero).getByText('$1,234,567.50')).toBeInTheDocument();
    expect(within(hero).getByRole('progressbar')).toHaveAttribute('aria-valuenow');
    expect(within(hero).getByText('Online now')).toBeInTheDocument();

    const gang = screen.getByRole('region', { name: 'Gang' });
    expect(within(gang).getByRole('link', { name: 'Obsidian Syndicate' })).toHaveAttribute(
      'href',
      '/gangs/obsidian',
    );
    expect(within(gang).getByText('Officer')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Friends' })).toHaveTextContent('12 friends');

    // Statistics as the profile formats them.
    expect(screen.getByText('3 categories · 3 metrics')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Blocks' })).getByText('123,456')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Time' })).getByText('1h 1m 1s')).toBeInTheDocument();

    // Milestones, each naming the player with a link to their page.
    const milestones = within(screen.getByRole('list', { name: 'Milestones' })).getAllByRole('listitem');
    expect(milestones).toHaveLength(3);
    expect(milestones[0]).toHaveTextContent('Steve reached level 42');
    expect(milestones[0]).toHaveTextContent('5m ago');
    expect(within(milestones[0]!).getByRole('link', { name: 'Steve' })).toHaveAttribute(
      'href',
      '/players/Steve',
    );
    expect(milestones[1]).toHaveTextContent('Joined Obsidian Syndicate');
    expect(milestones[2]).toHaveTextContent('Reached Prestige 2');
    expect(screen.queryByText(/keeps their statistics private/)).not.toBeInTheDocument();
  });

  it('sends the bearer when signed in, so that staff get what a player hides', async () => {
    storeSession(['ADMIN']);
    const { requests } = stubPlayerApi(() => json(player({ hidden: true })));
    renderPage('/players/Steve');
    expect(await screen.findByRole('heading', { level: 1, name: 'Steve' })).toBeInTheDocument();
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer header.payload.signature');
    expect(screen.getByText(/hides these from the public: you see them as staff/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Blocks' })).toBeInTheDocument();
  });

  it('says plainly when the player keeps their statistics private, and still shows name, rank and level', async () => {
    stubPlayerApi(() => json(player({ hidden: true, stats: null, milestones: null })));
    renderPage('/players/Steve');

    expect(
      await screen.findByRole('heading', { name: 'Steve keeps their statistics private.' }),
    ).toBeInTheDocument();
    const hero = screen.getByRole('region', { name: 'Steve' });
    expect(within(hero).getByText('SENTINEL')).toBeInTheDocument();
    expect(within(hero).getByText('Level', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Statistics' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Milestones' })).not.toBeInTheDocument();
  });

  it('says an unknown name was not found, with the leaderboard and the search to look instead', async () => {
    const { requests } = stubFetch(() => json({ detail: 'No such player' }, 404));
    renderPage('/players/Nobody');

    expect(await screen.findByRole('heading', { name: "We couldn't find that player." })).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Browse the leaderboard' })).toHaveAttribute(
      'href',
      '/leaderboard',
    );
    expect(screen.getByText(/use the search in the header/)).toBeInTheDocument();
    expect(sockets()).toHaveLength(0);
  });

  it('says a name no player can have was not found, at once, as the API refuses it', async () => {
    // Longer than 16, a character outside [A-Za-z0-9_], a uuid with a letter past f: the API answers 400.
    for (const name of ['ThisNameIsFarTooLongForMinecraft', 'Not a name!', `${UUID.slice(0, -1)}g`]) {
      const { requests } = stubFetch(() => json({ detail: 'Not a player name or id' }, 400));
      renderPage(`/players/${encodeURIComponent(name)}`);

      expect(
        await screen.findByRole('heading', { name: "We couldn't find that player." }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(document.title).toMatch(/^Player not found · /);
      // Said on the first answer, with no retry: asking again cannot change it.
      expect(requests, name).toHaveLength(1);
      cleanup();
    }
  });

  it('offers to focus the header search when it is there', async () => {
    const field = document.createElement('input');
    field.id = 'site-search';
    field.getClientRects = () => [new DOMRect(0, 0, 100, 20)] as unknown as DOMRectList;
    document.body.append(field);
    try {
      stubFetch(() => json({ detail: 'No such player' }, 404));
      renderPage('/players/Nobody');
      const search = await screen.findByRole('button', { name: 'Search players' });
      act(() => search.click());
      expect(field).toHaveFocus();
    } finally {
      field.remove();
    }
  });

  it("replaces /players/{uuid} by the player's name without loading the page twice", async () => {
    const { requests, pageRequests } = stubPlayerApi(() => json(player()));
    const { router } = renderPage(`/players/${UUID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Steve' })).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/players/Steve'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(new URL(requests[0]!.url).pathname).toBe(`/api/players/by-name/${UUID}`);
    expect(pageRequests()).toHaveLength(1);
    // Back goes to where the visitor came from, not to the uuid address.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
  });

  it('follows presence and figures live from the player socket, without polling', async () => {
    const { pageRequests, historyRequests } = stubPlayerApi(() => json(player()));
    renderPage('/players/Steve');
    await screen.findByRole('heading', { level: 1, name: 'Steve' });

    const socket = FakeWebSocket.latest();
    expect(new URL(socket.url).pathname).toBe(`/api/players/${UUID}/ws`);
    act(() => socket.open());
    expect(screen.getByText('Live')).toBeInTheDocument();

    // Half a minute of slack: the page's clock ticks each second.
    const lastSeen = new Date(Date.now() - 2.5 * MINUTE).toISOString();
    // Money arrives as exact decimal text: as a JSON number this balance would be ...007.5.
    await push({
      player: player({
        online: false,
        last_seen_at: lastSeen,
        level: 43,
        friends_count: 13,
        balance: '4000000000000007.35',
      }),
    });
    const hero = screen.getByRole('region', { name: 'Steve' });
    expect(within(hero).getByText('$4,000,000,000,000,007.35')).toBeInTheDocument();
    expect(within(hero).getByText('Last seen 2m ago')).toBeInTheDocument();
    expect(within(hero).queryByText('Online now')).not.toBeInTheDocument();
    expect(within(hero).getByText('43', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Friends' })).toHaveTextContent('13 friends');

    // Hiding takes effect on open pages at once; malformed messages are ignored.
    await push({ nonsense: true });
    await push({ player: player({ hidden: true, stats: null, milestones: null }) });
    expect(
      screen.getByRole('heading', { name: 'Steve keeps their statistics private.' }),
    ).toBeInTheDocument();

    act(() => socket.drop());
    expect(screen.getByText('Reconnecting…')).toBeInTheDocument();
    expect(pageRequests()).toHaveLength(1);
    // Nothing changed in the player's punishments: their history was asked for once.
    expect(historyRequests()).toHaveLength(1);
  });

  it('shows the not-found page when the socket says the player is gone', async () => {
    stubPlayerApi(() => json(player()));
    renderPage('/players/Steve');
    await screen.findByRole('heading', { level: 1, name: 'Steve' });
    await push({ player: null });
    expect(screen.getByRole('heading', { name: "We couldn't find that player." })).toBeInTheDocument();
  });

  it('offers a retry when the page cannot be loaded', async () => {
    let fail = true;
    const { requested } = stubPlayerApi(() =>
      fail ? json({ detail: 'Database unavailable' }, 503) : json(player()),
    );
    renderPage('/players/Steve');
    // One retry (a second later) before the page gives up: waited for as the request it is, not
    // inside Testing Library's time limit.
    await requested(2);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert')).toHaveTextContent("This player's page could not be loaded.");
    fail = false;
    act(() => retry.click());
    expect(await screen.findByRole('heading', { level: 1, name: 'Steve' })).toBeInTheDocument();
  });
});

describe('mergeLivePlayer', () => {
  it('takes the live page as it is for visitors', () => {
    const shown = player();
    const live = player({ hidden: true, stats: null, milestones: null });
    expect(mergeLivePlayer(shown, live)).toEqual(live);
    expect(mergeLivePlayer(undefined, live)).toEqual(live);
  });

  it('keeps the hidden statistics staff were given when the socket leaves them out', () => {
    const staff = player({ hidden: true });
    const live = player({ hidden: true, stats: null, milestones: null, online: false });
    expect(mergeLivePlayer(staff, live)).toEqual({
      ...live,
      stats: staff.stats,
      milestones: staff.milestones,
    });
    // Once the player shows them again, the live ones win.
    const shown = player({ stats: { DEATHS: 4 } });
    expect(mergeLivePlayer(staff, shown)).toEqual(shown);
  });
});
