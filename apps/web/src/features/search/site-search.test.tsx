import type { SearchResult } from '@prison/shared/search';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { queryClient } from '../../lib/query-client.ts';
import { DEFAULT_SITE_CONFIG, SiteConfigProvider } from '../../lib/site-config.tsx';
import { SiteSearch } from './site-search.tsx';

afterEach(() => {
  // Unmounted first: a search still waiting for typing to pause must not reach the real fetch.
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
});

const RESULT: SearchResult = {
  players: [
    { uuid: 'u-1', username: 'DemoPlayer', rank: 'COMMANDER', level: 42, online: true },
    { uuid: 'u-2', username: 'Demolisher', rank: 'ROOKIE', level: 3, online: false },
  ],
  gangs: [
    {
      id: 'gang 7',
      name: 'Demolition Crew',
      color: 'gold',
      status: 'Open',
      member_count: 12,
      online_count: 3,
    },
  ],
};

function setup(answer: (q: string) => Response | Promise<Response> = () => json(RESULT)) {
  const fake = stubFetch((request) => answer(new URL(request.url).searchParams.get('q') ?? ''));
  // The field stays on every page, as it does in the header.
  const router = createMemoryRouter([
    {
      element: (
        <>
          <SiteSearch />
          <input aria-label="Another field" />
          <Outlet />
        </>
      ),
      children: [
        { path: '/', element: <p>home page</p> },
        { path: '/players/:name', element: <p>player page</p> },
        { path: '/gangs/:id', element: <p>gang page</p> },
      ],
    },
  ]);
  render(
    <SiteConfigProvider config={DEFAULT_SITE_CONFIG}>
      <RouterProvider router={router} />
    </SiteConfigProvider>,
  );
  const combobox = screen.getByRole('combobox', { name: 'Search players and gangs' });
  // Keys go in without a pause between them (delay: null), as a person typing a word does next to
  // the debounce: on a busy machine a pause between keys could otherwise outlast it.
  const user = userEvent.setup({ delay: null });
  /** Types `text`, then waits for the one request it makes once typing pauses, however late that is. */
  const search = async (text: string) => {
    const before = fake.requests.length;
    await user.type(combobox, text);
    await fake.requested(before + 1);
  };
  return { ...fake, router, user, combobox, search };
}

/** Waits until the list has told the field its options (the field is expanded only then). */
const expanded = (combobox: HTMLElement) =>
  waitFor(() => expect(combobox).toHaveAttribute('aria-expanded', 'true'));

describe('the header search', () => {
  it('is a labelled, collapsed combobox with the id the page links to', () => {
    const { combobox } = setup();
    expect(combobox).toHaveAttribute('id', 'site-search');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(combobox).toHaveAttribute('aria-autocomplete', 'list');
    expect(combobox).toHaveAttribute('aria-controls');
  });

  it('takes focus on "/" from the page, but not while another field is being typed in', async () => {
    const { user, combobox } = setup();
    await user.keyboard('/');
    expect(combobox).toHaveFocus();
    expect(combobox).toHaveValue('');

    const other = screen.getByRole('textbox', { name: 'Another field' });
    await user.click(other);
    await user.keyboard('a/b');
    expect(other).toHaveFocus();
    expect(other).toHaveValue('a/b');
  });

  it('asks once typing pauses and lists players and gangs in two labelled groups', async () => {
    const { search, combobox, requests } = setup();
    await search('Demo');
    const listbox = await screen.findByRole('listbox');
    // One request for the word, none for each letter.
    expect(requests.map((r) => new URL(r.url).search)).toEqual(['?q=Demo']);
    // The list reports its options to the field once drawn: expanded follows a moment later.
    await expanded(combobox);
    expect(combobox).toHaveAttribute('aria-controls', listbox.id);

    const players = within(listbox).getByRole('group', { name: 'Players' });
    const gangs = within(listbox).getByRole('group', { name: 'Gangs' });
    expect(
      within(players)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringContaining('DemoPlayer'), expect.stringContaining('Demolisher')]);
    const first = within(players).getAllByRole('option')[0]!;
    expect(first).toHaveTextContent('COMMANDER');
    expect(first).toHaveTextContent('Level 42');
    expect(first).toHaveTextContent('Online');
    expect(within(gangs).getByRole('option')).toHaveTextContent('Demolition Crew12 members · 3 online');
  });

  it('moves through the options with the arrows and opens the active one with Enter', async () => {
    const { user, search, combobox, router } = setup();
    await search('demo');
    const options = await screen.findAllByRole('option');
    await expanded(combobox);
    expect(combobox).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-activedescendant', options[2]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    // Past the last option, back to the first; up from the first, to the last.
    await user.keyboard('{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(combobox).toHaveAttribute('aria-activedescendant', options[2]!.id);

    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/gangs/gang%207');
    expect(await screen.findByText('gang page')).toBeInTheDocument();
    expect(combobox).toHaveValue('');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps the chosen option through a refreshed answer, and chooses none when it is gone', async () => {
    // The second answer for the same text has the gang's counts moved on; the third has no gang.
    const gang = RESULT.gangs[0]!;
    const answers: SearchResult[] = [
      RESULT,
      { ...RESULT, gangs: [{ ...gang, online_count: 4 }] },
      { ...RESULT, gangs: [] },
    ];
    let asked = 0;
    const { user, search, combobox, router } = setup(() =>
      json(answers[Math.min(asked++, answers.length - 1)]),
    );
    await search('demo');
    await screen.findByRole('listbox');
    await expanded(combobox);
    await user.keyboard('{ArrowUp}');
    const chosen = screen.getByRole('option', { selected: true });
    expect(chosen).toHaveTextContent('Demolition Crew');

    await queryClient.refetchQueries({ queryKey: ['search'] });
    await screen.findByText(/4 online/);
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Demolition Crew');
    expect(combobox).toHaveAttribute('aria-activedescendant', chosen.id);

    await queryClient.refetchQueries({ queryKey: ['search'] });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(screen.queryByRole('option', { selected: true })).not.toBeInTheDocument();
    // The list reports its new options to the field once drawn: the field lets go of the gang a
    // moment later.
    await waitFor(() => expect(combobox).not.toHaveAttribute('aria-activedescendant'));
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/players/DemoPlayer');
  });

  it('opens the best match on Enter when no option is chosen, and a player on click', async () => {
    const { user, search, combobox, router } = setup();
    await search('Demo');
    await screen.findByRole('listbox');
    await expanded(combobox);
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/players/DemoPlayer');

    // The same text again: its answer is in the cache, shown once typing pauses, without a request.
    await user.type(combobox, 'Demo');
    const options = await screen.findAllByRole('option');
    await expanded(combobox);
    await user.click(options.find((option) => option.textContent?.startsWith('Demolisher'))!);
    expect(router.state.location.pathname).toBe('/players/Demolisher');
  });

  it('closes on Escape, clears on a second Escape, and reopens with the down arrow', async () => {
    const { user, search, combobox } = setup();
    await search('Demo');
    await screen.findByRole('listbox');
    await expanded(combobox);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(combobox).toHaveValue('Demo');

    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}{Escape}');
    expect(combobox).toHaveValue('');
    expect(combobox).toHaveFocus();
  });

  it('says when nothing matches, and keeps the list collapsed', async () => {
    const { user, search, combobox } = setup(() => json({ players: [], gangs: [] }));
    await search('zzz');
    expect(await screen.findByText('No players or gangs match')).toHaveRole('status');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(combobox).toHaveValue('zzz');
  });

  it.each([
    [400, 'Search for at most 32 characters'],
    [429, 'Too many requests, slow down'],
  ])('shows the detail of a %i quietly', async (status, detail) => {
    const { search } = setup(() => json({ detail }, status));
    await search('x');
    expect(await screen.findByText(detail)).toHaveRole('status');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the last answer on screen while the next one is on its way', async () => {
    let release: (() => void) | undefined;
    const { search, combobox, requests } = setup((q) => {
      if (q !== 'Demol') return json(RESULT);
      return new Promise<Response>((resolve) => {
        release = () => resolve(json({ players: [RESULT.players[1]], gangs: [] }));
      });
    });
    await search('Demo');
    await screen.findByRole('listbox');
    await expanded(combobox);
    await search('l');
    expect(screen.getAllByRole('option')).toHaveLength(3);
    expect(requests.map((r) => new URL(r.url).search)).toEqual(['?q=Demo', '?q=Demol']);
    release!();
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
  });
});
