// The punishment parts of a player's page: the ban in force and the punishment history, kept private
// when the player hides it, except from themselves and staff.
import type { PlayerPage as PlayerPageData } from '@prison/shared/players';
import type { Punishment } from '@prison/shared/punishments';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, settle, stubFetch } from '../../../test/fake-fetch.ts';
import { FakeWebSocket } from '../../../test/fake-web-socket.ts';
import { storeSession } from '../../../test/render-route.tsx';
import { DEFAULT_SITE_CONFIG, SiteConfigProvider } from '../../lib/site-config.tsx';
import { PlayerPage } from './player-page.tsx';

const UUID = '0b6f8a52-3c1d-4e7f-9a2b-5c6d7e8f9a0b';
// storeSession's player.
const SIGNED_IN_UUID = '8667ba71-b85a-4004-af54-457a9734eed7';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

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
    online: false,
    last_seen_at: null,
    gang: null,
    friends_count: 0,
    hidden: false,
    stats: {},
    milestones: [],
    ban: null,
    punishments_hidden: false,
    discord: null,
    ...overrides,
  };
}

function punishment(overrides: Partial<Punishment> = {}): Punishment {
  return {
    id: 1,
    type: 'warning',
    player: { uuid: UUID, name: 'Steve' },
    staff: { uuid: SIGNED_IN_UUID, name: 'Warden' },
    reason: 'Spamming chat',
    issued_at: new Date(Date.now() - 2 * DAY).toISOString(),
    until: null,
    active: true,
    revoked: null,
    source: 'game',
    ...overrides,
  };
}

const history = (...punishments: Punishment[]) => ({ punishments, next_cursor: null });
const isHistory = (request: Request) => new URL(request.url).pathname === `/api/players/${UUID}/punishments`;

/** The player's page answered by `page`, and their punishments by `answer`. */
function stubPlayerApi(page: () => Response, answer: (request: Request) => Response = () => json(history())) {
  const stub = stubFetch((request) => (isHistory(request) ? answer(request) : page()));
  const historyRequests = () => stub.requests.filter(isHistory);
  return {
    ...stub,
    historyRequests,
    /**
     * Resolves once the history has been asked for `count` times. It is asked for once the page has
     * come, and its answer's schema loads with it: a wait that starts after that waits for the load
     * too (test/setup.ts), however long a busy machine takes.
     */
    historyAsked: (count = 1) =>
      vi.waitFor(() => expect(historyRequests().length).toBeGreaterThanOrEqual(count), { timeout: 10_000 }),
  };
}

function renderPage(path = '/players/Steve') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/players/:name', element: <PlayerPage /> },
      { path: '/punishments', element: <p>Punishments</p> },
      { path: '/punishments/:id', element: <p>A punishment</p> },
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

describe('a player page: bans and punishment history', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says near the hero that the player is banned, why, and links to the ban', async () => {
    stubPlayerApi(() => json(player({ ban: { id: 7, until: null, reason: 'X-ray' } })));
    renderPage();

    const notice = await screen.findByRole('region', { name: 'Steve is banned permanently' });
    expect(notice).toHaveTextContent('Reason: X-ray');
    expect(within(notice).getByRole('link', { name: 'See the ban' })).toHaveAttribute(
      'href',
      '/punishments/7',
    );
  });

  it('says until when a ban lasts, and says nothing of a ban whose end has passed since', async () => {
    const until = new Date(Date.now() + 3 * DAY + HOUR).toISOString();
    stubPlayerApi(() => json(player({ ban: { id: 8, until, reason: null } })));
    renderPage();
    const notice = await screen.findByRole('region', { name: /^Steve is banned until .+ UTC \(in 3d\)$/ });
    expect(notice).toHaveTextContent('No reason given');
  });

  it('shows no ban notice once the ban has ended', async () => {
    const until = new Date(Date.now() - HOUR).toISOString();
    stubPlayerApi(() => json(player({ ban: { id: 8, until, reason: null } })));
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Steve' });
    expect(screen.queryByTestId('ban-notice')).not.toBeInTheDocument();
  });

  it("lists the player's newest punishments, each linking to its page, with how each stands", async () => {
    const { historyRequests, historyAsked } = stubPlayerApi(
      () => json(player()),
      () =>
        json({
          punishments: [
            punishment({
              id: 4,
              type: 'ban',
              reason: 'X-ray',
              until: new Date(Date.now() + 2 * DAY + HOUR).toISOString(),
            }),
            punishment({
              id: 3,
              type: 'mute',
              reason: null,
              staff: null,
              until: new Date(Date.now() - DAY).toISOString(),
              active: false,
            }),
            punishment({
              id: 2,
              type: 'ban',
              active: false,
              revoked: { at: new Date(Date.now() - DAY).toISOString(), by: null, reason: 'Appeal accepted' },
            }),
            punishment({ id: 1, type: 'kick', reason: 'AFK', active: false }),
          ],
          next_cursor: 'more',
        }),
    );
    renderPage();
    await historyAsked();

    const section = await screen.findByRole('region', { name: 'Punishment history' });
    const rows = within(await within(section).findByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('BanX-rayby Warden · 2d agoEnds in 2d');
    expect(within(rows[0]!).getByRole('link', { name: 'X-ray' })).toHaveAttribute('href', '/punishments/4');
    expect(rows[1]).toHaveTextContent('MuteNo reason givenby Console · 2d agoExpired');
    expect(rows[2]).toHaveTextContent('Revoked');
    expect(rows[3]).toHaveTextContent('KickAFKby Warden · 2d ago');
    expect(rows[3]).not.toHaveTextContent(/Permanent|Expired|Revoked|Ends/);
    expect(section).toHaveTextContent('The newest 5 are shown here.');
    expect(within(section).getByRole('link', { name: "Search all of Steve's punishments" })).toHaveAttribute(
      'href',
      '/punishments?q=Steve',
    );

    const [asked] = historyRequests();
    expect(new URL(asked!.url).search).toBe('?limit=5');
    expect(asked!.headers.get('authorization')).toBeNull();
  });

  it('says when a player has no punishments', async () => {
    const { historyAsked } = stubPlayerApi(() => json(player()));
    renderPage();
    await historyAsked();
    const section = await screen.findByRole('region', { name: 'Punishment history' });
    expect(await within(section).findByText('No punishments on record. A clean sheet.')).toBeInTheDocument();
  });

  it('tells a visitor the history is private, without asking for it', async () => {
    const { historyRequests } = stubPlayerApi(() => json(player({ punishments_hidden: true })));
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Steve keeps their punishment history private.' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Punishment history' })).not.toBeInTheDocument();
    expect(historyRequests()).toHaveLength(0);
  });

  it('shows staff a hidden history, asked for with their bearer, and says the public does not see it', async () => {
    storeSession(['ADMIN']);
    const { historyRequests, historyAsked } = stubPlayerApi(
      () => json(player({ punishments_hidden: true })),
      () => json(history(punishment({ reason: 'Griefing' }))),
    );
    renderPage();
    await historyAsked();
    const section = await screen.findByRole('region', { name: 'Punishment history' });
    expect(await within(section).findByRole('link', { name: 'Griefing' })).toBeInTheDocument();
    expect(section).toHaveTextContent('Steve hides this from the public: you see it as staff.');
    expect(historyRequests()[0]!.headers.get('authorization')).toBe('Bearer header.payload.signature');
  });

  it('tells the player themselves that visitors do not see their hidden history', async () => {
    storeSession([]);
    const { requested } = stubFetch((request) =>
      new URL(request.url).pathname === `/api/players/${SIGNED_IN_UUID}/punishments`
        ? json(history())
        : json(player({ uuid: SIGNED_IN_UUID, punishments_hidden: true })),
    );
    renderPage();
    // The page, then the history (see historyAsked).
    await requested(2);
    expect(
      await screen.findByText(
        'You hide your punishment history from your page: visitors read that it is private.',
      ),
    ).toBeInTheDocument();
  });

  it('tells a signed-in player the server refuses a hidden history to that it is private', async () => {
    storeSession([]);
    const { historyAsked } = stubPlayerApi(
      () => json(player({ punishments_hidden: true })),
      () =>
        json(
          {
            detail: 'This player keeps their punishment history private',
            code: 'punishment_history_private',
          },
          403,
        ),
    );
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Steve' });
    await historyAsked();
    // Not told it is shown as to staff while the answer is on its way.
    expect(screen.queryByText(/you see it as staff/)).not.toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Steve keeps their punishment history private.' }),
    ).toBeInTheDocument();
  });

  it('asks for the history again when the live page says a ban was issued, and shows the ban', async () => {
    const { historyRequests, historyAsked } = stubPlayerApi(() => json(player()));
    renderPage();
    await historyAsked();
    await screen.findByText('No punishments on record. A clean sheet.');
    expect(historyRequests()).toHaveLength(1);

    await push({ player: player({ ban: { id: 9, until: null, reason: 'Duping' } }) });
    expect(screen.getByRole('region', { name: 'Steve is banned permanently' })).toHaveTextContent('Duping');
    await historyAsked(2);
    expect(historyRequests()).toHaveLength(2);

    // Hidden from now on: a visitor's page says so at once.
    await push({
      player: player({ ban: { id: 9, until: null, reason: 'Duping' }, punishments_hidden: true }),
    });
    expect(
      screen.getByRole('heading', { name: 'Steve keeps their punishment history private.' }),
    ).toBeInTheDocument();
  });
});
