import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { SiteHeader } from './site-header.tsx';

async function openMenu() {
  // Keys go in without a pause between them (delay: null), as a person typing a word does next to
  // the search's debounce: on a busy machine a pause between keys could otherwise outlast it.
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: 'Open menu' }));
  // The panel is a lazy chunk: its first import can take seconds on a busy machine.
  const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
  return { user, dialog };
}

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

const RESULT = {
  players: [{ uuid: 'u-1', username: 'DemoPlayer', rank: 'ROOKIE', level: 4, online: true }],
  gangs: [],
};

describe('mobile menu', () => {
  it('opens as a dialog with the navigation and the help entry, and moves focus into it', async () => {
    renderRoute(<SiteHeader />);
    const { dialog } = await openMenu();
    // The rest of the page is hidden from assistive technology while the dialog is open.
    expect(screen.getByRole('button', { name: 'Open menu', hidden: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    for (const name of ['Home', 'Enchants', 'Docs', 'Leaderboard', 'Auction', 'Social']) {
      expect(within(dialog).getByRole('link', { name })).toBeInTheDocument();
    }
    const help = within(dialog).getByRole('link', { name: /Need help\?/ });
    expect(help).toHaveAttribute('href', '/docs');
    expect(help).toHaveTextContent('Browse the knowledge base');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });

  it('closes on Escape', async () => {
    renderRoute(<SiteHeader />);
    const { user } = await openMenu();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('closes when a link is followed, and navigates', async () => {
    const { router } = renderRoute(<SiteHeader />);
    const { user, dialog } = await openMenu();
    await user.click(within(dialog).getByRole('link', { name: 'Leaderboard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/leaderboard');
  });

  it('closes with its close button', async () => {
    renderRoute(<SiteHeader />);
    const { user, dialog } = await openMenu();
    await user.click(within(dialog).getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('holds the only search field; Escape closes its list, then clears it, then closes the menu', async () => {
    const { requested } = stubFetch(() => json(RESULT));
    renderRoute(<SiteHeader />);
    expect(document.querySelectorAll('#site-search')).toHaveLength(1);
    const { user, dialog } = await openMenu();
    const search = within(dialog).getByRole('combobox', { name: 'Search players and gangs' });
    expect(document.querySelectorAll('#site-search')).toHaveLength(1);

    await user.type(search, 'Demo');
    // Asked once typing pauses, after the results' code has loaded: waited for as the request it is.
    await requested(1);
    expect(await within(dialog).findByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('listbox')).not.toBeInTheDocument();
    expect(search).toHaveValue('Demo');
    await user.keyboard('{Escape}');
    expect(search).toHaveValue('');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes when a search result is opened, and navigates to it', async () => {
    const { requested } = stubFetch(() => json(RESULT));
    const { router } = renderRoute(<SiteHeader />);
    const { user, dialog } = await openMenu();
    const search = within(dialog).getByRole('combobox', { name: 'Search players and gangs' });
    await user.type(search, 'demo');
    await requested(1);
    await within(dialog).findByRole('listbox');
    // The list reports its options to the field once drawn: the arrow keys work from then on.
    await waitFor(() => expect(search).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/players/DemoPlayer');
  });
});
