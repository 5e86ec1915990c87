import type { Punishment, PunishmentsPage as PunishmentsPageData } from '@prison/shared/punishments';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { DEFAULT_SITE_CONFIG, SiteConfigProvider } from '../../lib/site-config.tsx';
import { PunishmentsPage } from './punishments-page.tsx';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOTCH = '069a79f4-44e9-4726-a5be-fca90e38aaf5';
const STEVE = '8667ba71-b85a-4004-af54-457a9734eed7';

function punishment(overrides: Partial<Punishment> = {}): Punishment {
  return {
    id: 1204,
    type: 'ban',
    player: { uuid: NOTCH, name: 'Notch' },
    staff: { uuid: STEVE, name: 'Steve' },
    reason: 'X-ray',
    issued_at: new Date(Date.now() - 3 * HOUR).toISOString(),
    until: null,
    active: true,
    revoked: null,
    source: 'game',
    ...overrides,
  };
}

const COUNTS = { ban: 120, mute: 48, warning: 301, kick: 77 };

function page(punishments: Punishment[], overrides: Partial<PunishmentsPageData> = {}): PunishmentsPageData {
  return { punishments, next_cursor: null, counts: COUNTS, ...overrides };
}

/** GET /api/punishments answered by `answer`, the other calls refused. */
function stubList(answer: (query: URLSearchParams) => Response) {
  const stub = stubFetch((request) => {
    const url = new URL(request.url);
    return url.pathname === '/api/punishments' ? answer(url.searchParams) : json({ detail: 'No' }, 404);
  });
  return { ...stub, queries: () => stub.requests.map((request) => new URL(request.url).search) };
}

function renderPage(path = '/punishments') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/punishments', element: <PunishmentsPage /> },
      { path: '/punishments/:id', element: <p>A punishment</p> },
      { path: '/players/:name', element: <p>A player</p> },
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

const rows = async () =>
  within(await screen.findByRole('list', { name: 'Punishments found' })).getAllByRole('listitem');
const tab = (name: RegExp) =>
  within(screen.getByRole('navigation', { name: 'Punishment type' })).getByRole('link', { name });

describe('PunishmentsPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists punishments newest first, each linking to its page and its player, with where it stands', async () => {
    const { queries } = stubList(() =>
      json(
        page([
          punishment({ until: new Date(Date.now() + 3 * DAY + HOUR).toISOString() }),
          punishment({ id: 1203, type: 'mute', staff: null, reason: null }),
          punishment({
            id: 1202,
            type: 'warning',
            until: new Date(Date.now() - DAY).toISOString(),
            active: false,
          }),
          punishment({
            id: 1201,
            revoked: { at: new Date(Date.now() - HOUR).toISOString(), by: null, reason: 'Appeal accepted' },
            active: false,
          }),
          punishment({ id: 1200, type: 'kick', reason: 'AFK', active: false }),
        ]),
      ),
    );
    renderPage();

    const [timed, fromConsole, expired, revoked, kick] = await rows();
    expect(queries()).toEqual(['']);
    expect(document.title).toMatch(/^Punishments · /);

    expect(within(timed!).getByText('Ban')).toBeInTheDocument();
    expect(within(timed!).getByRole('link', { name: 'Notch' })).toHaveAttribute('href', '/players/Notch');
    expect(within(timed!).getByRole('link', { name: 'X-ray' })).toHaveAttribute('href', '/punishments/1204');
    expect(within(timed!).getByRole('link', { name: 'Steve' })).toHaveAttribute('href', '/players/Steve');
    expect(timed).toHaveTextContent('by Steve·3h ago·#1204');
    expect(timed).toHaveTextContent('Ends in 3d');
    expect(within(timed!).getByText('3h ago')).toHaveAttribute('datetime', expect.any(String));

    expect(within(fromConsole!).getByRole('link', { name: 'No reason given' })).toHaveAttribute(
      'href',
      '/punishments/1203',
    );
    expect(fromConsole).toHaveTextContent('by Console');
    expect(fromConsole).toHaveTextContent('Permanent');
    expect(expired).toHaveTextContent('Expired');
    expect(revoked).toHaveTextContent('Revoked');
    expect(kick).toHaveTextContent('No end: a kick');
    expect(kick).not.toHaveTextContent(/Permanent|Expired|Revoked|Ends/);

    // Each tab with its count, All first with them all.
    expect(tab(/^All/)).toHaveTextContent('546');
    expect(tab(/^All/)).toHaveAttribute('aria-current', 'page');
    expect(tab(/^Bans/)).toHaveTextContent('120');
    expect(tab(/^Mutes/)).toHaveTextContent('48');
    expect(tab(/^Warnings/)).toHaveTextContent('301');
    expect(tab(/^Kicks/)).toHaveTextContent('77');
    expect(tab(/^Kicks/)).toHaveAttribute('href', '/punishments?type=kick');
  });

  it('reads its type, status and search from the address, and asks the API for them', async () => {
    const { queries } = stubList(() => json(page([punishment({ type: 'mute' })])));
    renderPage('/punishments?type=mute&status=active&q=ste');

    await rows();
    expect(queries()).toEqual(['?type=mute&active=true&q=ste']);
    expect(screen.getByRole('searchbox', { name: 'Player or staff member' })).toHaveValue('ste');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('active');
    expect(tab(/^Mutes/)).toHaveAttribute('aria-current', 'page');
    // Another tab keeps the status and the search.
    expect(tab(/^Bans/)).toHaveAttribute('href', '/punishments?type=ban&status=active&q=ste');
  });

  it('writes the search into the address once typing pauses, and the status and tab as chosen', async () => {
    const { queries } = stubList(() => json(page([punishment()])));
    const { router } = renderPage();
    await rows();

    const search = screen.getByRole('searchbox', { name: 'Player or staff member' });
    fireEvent.change(search, { target: { value: 'N' } });
    fireEvent.change(search, { target: { value: 'No' } });
    fireEvent.change(search, { target: { value: 'Not' } });
    // Not a search per letter: the list follows once typing pauses, in place of the address it had.
    expect(router.state.location.search).toBe('');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=Not'), { timeout: 5000 });
    expect(router.state.historyAction).toBe('REPLACE');
    await vi.waitFor(() => expect(queries()).toEqual(['', '?q=Not']));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'ended');
    expect(router.state.location.search).toBe('?status=ended&q=Not');
    await vi.waitFor(() => expect(queries()).toContain('?active=false&q=Not'));

    await userEvent.click(tab(/^Warnings/));
    expect(router.state.location.search).toBe('?type=warning&status=ended&q=Not');
    await vi.waitFor(() => expect(queries()).toContain('?type=warning&active=false&q=Not'));
  });

  it('says so when there are no punishments yet', async () => {
    stubList(() => json(page([], { counts: { ban: 0, mute: 0, warning: 0, kick: 0 } })));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No punishments here yet.' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('says nothing matches the filters, and clears them', async () => {
    stubList((query) => json(page(query.has('q') ? [] : [punishment()])));
    const { router } = renderPage('/punishments?type=ban&status=active&q=Zed');
    expect(
      await screen.findByRole('heading', { name: 'No punishments match your filters.' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Nobody whose name starts with “Zed”/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    // The tab stays: it is not a filter.
    expect(router.state.location.search).toBe('?type=ban');
    expect(await rows()).toHaveLength(1);
    expect(screen.getByRole('searchbox', { name: 'Player or staff member' })).toHaveValue('');
  });

  it('pages through older punishments and back, keeping the page in the address', async () => {
    const { queries } = stubList((query) =>
      query.get('cursor') === 'c2'
        ? json(page([punishment({ id: 1, reason: 'Oldest one' })], { counts: null }))
        : query.get('limit') === '1'
          ? json(page([punishment()], { next_cursor: 'x' }))
          : json(page([punishment({ id: 2, reason: 'Recent one' })], { next_cursor: 'c2' })),
    );
    const { router } = renderPage('/punishments?type=ban');
    await screen.findByRole('link', { name: 'Recent one' });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).queryByRole('link', { name: /Newer/ })).not.toBeInTheDocument();
    const older = within(pages).getByRole('link', { name: 'Older' });
    expect(older).toHaveAttribute('href', '/punishments?type=ban&after=c2');

    await userEvent.click(older);
    expect(await screen.findByRole('link', { name: 'Oldest one' })).toHaveAttribute('href', '/punishments/1');
    expect(router.state.location.search).toBe('?type=ban&after=c2');
    // A later page has no counts of its own: they are asked for once, for the tabs.
    await vi.waitFor(() => expect(queries()).toEqual(['?type=ban', '?type=ban&cursor=c2', '?limit=1']));
    expect(tab(/^Bans/)).toHaveTextContent('120');
    expect(screen.getByRole('navigation', { name: 'Pages' })).not.toHaveTextContent('Older');

    await userEvent.click(screen.getByRole('link', { name: 'Newer' }));
    expect(await screen.findByRole('link', { name: 'Recent one' })).toHaveAttribute('href', '/punishments/2');
    expect(router.state.location.search).toBe('?type=ban');
  });

  it('offers the first page for a link to a later page whose cursor the API refuses', async () => {
    stubList((query) =>
      query.has('cursor')
        ? json(
            {
              detail: 'This cursor is not one of ours: start again from the first page',
              code: 'invalid_cursor',
            },
            400,
          )
        : json(page([punishment()])),
    );
    const { router } = renderPage('/punishments?after=nonsense');
    expect(await screen.findByRole('alert')).toHaveTextContent('This cursor is not one of ours');
    await userEvent.click(screen.getByRole('link', { name: 'Back to the newest' }));
    expect(router.state.location.search).toBe('');
    expect(await rows()).toHaveLength(1);
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    const { requested } = stubList(() =>
      fail ? json({ detail: 'Database unavailable' }, 503) : json(page([punishment()])),
    );
    renderPage();
    // One retry (a second later) before the page gives up: waited for as the request it is.
    await requested(2);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable');
    fail = false;
    act(() => retry.click());
    expect(await rows()).toHaveLength(1);
  });
});
