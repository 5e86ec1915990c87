import type { LeaderboardEntry } from '@prison/shared/leaderboard';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, settle, stubFetch } from '../../../test/fake-fetch.ts';
import { FakeWebSocket } from '../../../test/fake-web-socket.ts';
import { renderRoute, storeSession } from '../../../test/render-route.tsx';
import { UNKNOWN_RANK_STYLE } from '../../components/ui/rank-badge.tsx';
import { LeaderboardPage } from './leaderboard-page.tsx';

const player = (username: string, over: Partial<LeaderboardEntry> = {}): LeaderboardEntry => ({
  uuid: `00000000-0000-4000-8000-${username.padStart(12, '0').slice(-12)}`,
  username,
  level: 10,
  xp: 1000,
  prestige: 0,
  rank: 'ROOKIE',
  balance: '100.00',
  ...over,
});

const BY_LEVEL = [
  player('Bram', { level: 80, xp: 1662031, prestige: 5, rank: 'ARCHON', balance: '396531707597291.40' }),
  player('Jade', { level: 80, xp: 1650496, prestige: 4, rank: 'DOMINUS', balance: '1234.50' }),
  player('Ethan', { level: 75, xp: 900000, prestige: 3, rank: 'commander', balance: '99.49' }),
  player('Ada', { level: 12, xp: 5000, prestige: 0, rank: 'WARDEN', balance: '0.00' }),
];
const BY_XP = [BY_LEVEL[1], BY_LEVEL[0], BY_LEVEL[2], BY_LEVEL[3]] as LeaderboardEntry[];

function renderPage(path = '/leaderboard') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoute(
    <QueryClientProvider client={client}>
      <LeaderboardPage />
    </QueryClientProvider>,
    { path, config: { avatarUrl: 'https://avatars.example/{uuid}?size={size}' } },
  );
}

const socket = (path: string) => {
  const found = FakeWebSocket.instances.findLast((s) => new URL(s.url).pathname === path && !s.closed);
  if (!found) throw new Error(`no open socket to ${path}`);
  return found;
};
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const firstCells = () => bodyRows().map((row) => within(row).getByRole('rowheader').textContent);

describe('LeaderboardPage', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('loads the level ranking without credentials and shows summary, podium and table', async () => {
    storeSession([]);
    const { requests } = stubFetch((request) => {
      const url = new URL(request.url);
      return json(url.searchParams.get('metric') === 'xp' ? BY_XP : BY_LEVEL);
    });
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading the leaderboard' })).toBeInTheDocument();

    expect(await screen.findByRole('table')).toBeInTheDocument();
    const url = new URL(requests[0]!.url);
    expect(url.pathname + url.search).toBe('/api/leaderboard?limit=50&metric=level');
    expect(requests[0]!.headers.get('authorization')).toBeNull();

    // Podium: the top 3 with their labels and avatars from the configured service.
    const podium = screen.getByRole('region', { name: 'Podium' });
    expect(within(podium).getByRole('article', { name: 'Champion: Bram' })).toBeInTheDocument();
    expect(within(podium).getByRole('article', { name: 'Runner-up: Jade' })).toBeInTheDocument();
    expect(within(podium).getByRole('article', { name: 'Contender: Ethan' })).toBeInTheDocument();
    expect(within(podium).queryByText('Ada')).not.toBeInTheDocument();
    // Every name links to the player's page, in the podium and in the table.
    expect(within(podium).getByRole('link', { name: 'Jade' })).toHaveAttribute('href', '/players/Jade');
    const avatar = within(podium).getAllByRole('presentation')[0] as HTMLImageElement;
    expect(avatar.src).toBe(`https://avatars.example/${BY_LEVEL[0]!.uuid}?size=176`);

    // Summary over the loaded entries.
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByRole('link', { name: 'Bram' })).toHaveAttribute('href', '/players/Bram');
    // Fewer than 10 loaded: the top-10 average and the server average are both (80+80+75+12)/4.
    expect(within(summary).getAllByText('Level 61.8')).toHaveLength(2);
    expect(within(summary).getByText('Level 77.5')).toBeInTheDocument(); // median of 4
    expect(within(summary).getByText('4')).toBeInTheDocument();

    // Table: columns, $ balances rounded with separators, rank badges.
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '#',
      'Player',
      'Level',
      'XP',
      'Prestige',
      'Rank',
      'Balance',
    ]);
    expect(firstCells()).toEqual(['Bram', 'Jade', 'Ethan', 'Ada']);
    const bram = bodyRows()[0]!;
    expect(within(bram).getByRole('link', { name: 'Bram' })).toHaveAttribute('href', '/players/Bram');
    expect(within(bram).getAllByRole('link')).toHaveLength(1);
    expect(within(bram).getByText('$396,531,707,597,291')).toBeInTheDocument();
    expect(within(bram).getByText('1,662,031')).toBeInTheDocument();
    expect(within(bodyRows()[2]!).getByText('$99')).toBeInTheDocument();
    expect(within(bodyRows()[2]!).getByText('commander')).toHaveAttribute('data-rank', 'COMMANDER');
    expect(within(bodyRows()[3]!).getByText('WARDEN').className).toContain(UNKNOWN_RANK_STYLE);
  });

  it('switches ranking with the tabs, each with its description, and keeps it in the address', async () => {
    const { requests } = stubFetch((request) =>
      json(new URL(request.url).searchParams.get('metric') === 'xp' ? BY_XP : BY_LEVEL),
    );
    const { router } = renderPage();
    await screen.findByRole('table');
    expect(screen.getByText(/Who has climbed the highest this season/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'XP' }));
    expect(screen.getByRole('tab', { name: 'XP' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(/Every point of experience earned/)).toBeInTheDocument();
    await waitFor(() => expect(firstCells()).toEqual(['Jade', 'Bram', 'Ethan', 'Ada']));
    expect(new URL(requests.at(-1)!.url).search).toBe('?limit=50&metric=xp');
    expect(router.state.location.search).toBe('?metric=xp');
    expect(socket('/ws/leaderboard').url).toMatch(/\/ws\/leaderboard\?limit=50&metric=xp$/);
  });

  it('opens on the ranking named in the address', async () => {
    const { requests } = stubFetch(() => json(BY_LEVEL));
    renderPage('/leaderboard?metric=balance');
    await screen.findByRole('table');
    expect(screen.getByRole('tab', { name: 'Balance' })).toHaveAttribute('aria-selected', 'true');
    expect(new URL(requests[0]!.url).searchParams.get('metric')).toBe('balance');
    expect(screen.getByRole('heading', { name: 'Top 4 by Balance' })).toBeInTheDocument();
  });

  it('sorts by any column, and back', async () => {
    stubFetch(() => json(BY_LEVEL));
    renderPage();
    await screen.findByRole('table');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

    await userEvent.click(within(header('Player')).getByRole('button'));
    expect(header('Player')).toHaveAttribute('aria-sort', 'ascending');
    expect(firstCells()).toEqual(['Ada', 'Bram', 'Ethan', 'Jade']);

    await userEvent.click(within(header('Player')).getByRole('button'));
    expect(header('Player')).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()).toEqual(['Jade', 'Ethan', 'Bram', 'Ada']);

    await userEvent.click(within(header('Rank')).getByRole('button'));
    expect(firstCells()).toEqual(['Bram', 'Jade', 'Ethan', 'Ada']);

    await userEvent.click(within(header('Balance')).getByRole('button'));
    expect(firstCells()).toEqual(['Bram', 'Jade', 'Ethan', 'Ada']);
    await userEvent.click(within(header('Balance')).getByRole('button'));
    expect(firstCells()).toEqual(['Ada', 'Ethan', 'Jade', 'Bram']);
    expect(header('#')).toHaveAttribute('aria-sort', 'none');
  });

  it('applies each ranking the socket pushes and ignores malformed messages', async () => {
    stubFetch(() => json(BY_LEVEL));
    renderPage();
    await screen.findByRole('table');
    const feed = socket('/ws/leaderboard');
    expect(feed.url).toMatch(/\/ws\/leaderboard\?limit=50&metric=level$/);

    await act(async () => {
      feed.open();
      feed.message(JSON.stringify({ entries: [player('Newcomer', { level: 99 }), ...BY_LEVEL] }));
      feed.message('not json');
      feed.message(JSON.stringify({ entries: [{ username: 'broken' }] }));
      await settle();
    });
    expect(firstCells()).toEqual(['Newcomer', 'Bram', 'Jade', 'Ethan', 'Ada']);
    expect(screen.getByRole('article', { name: 'Champion: Newcomer' })).toBeInTheDocument();
    expect(screen.getByText(/Updated/)).toBeInTheDocument();
    expect(screen.getByText('Live')).toBeInTheDocument();

    act(() => feed.drop());
    expect(screen.getByText('Reconnecting…')).toBeInTheDocument();
  });

  it('shows the players-online count from /ws/players', async () => {
    stubFetch(() => json(BY_LEVEL));
    renderPage();
    const count = screen.getByTestId('players-online-count');
    expect(count).toHaveTextContent('—');
    act(() => socket('/ws/players').message('{"online":1284}'));
    expect(count).toHaveTextContent('1,284');
    act(() => socket('/ws/players').message('{"online":"many"}'));
    expect(count).toHaveTextContent('1,284');
  });

  it('says so when nobody is ranked yet', async () => {
    stubFetch(() => json([]));
    renderPage();
    expect(await screen.findByText('No leaderboard data yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('reports a failed load with a Retry that reloads the page', async () => {
    stubFetch(() => json({ detail: 'The database is unavailable right now.' }, 503));
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    renderPage();
    expect(await screen.findByText('Failed to load leaderboard.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('marks the signed-in player in the table', async () => {
    storeSession([]);
    const own = player('Steve', { uuid: '8667ba71-b85a-4004-af54-457a9734eed7' });
    stubFetch(() => json([...BY_LEVEL, own]));
    renderPage();
    await screen.findByRole('table');
    expect(within(bodyRows()[4]!).getByText('You')).toBeInTheDocument();
  });
});
