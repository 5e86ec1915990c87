import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render-route.tsx';
import { SiteHeader } from './site-header.tsx';

async function openMenu() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Open menu' }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

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
});
