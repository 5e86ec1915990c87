import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { EnchantsPage } from './enchants-page.tsx';

const ICONS = 'https://assets.example/1.21.4/item/{icon}.png';

function renderPage(path = '/enchants') {
  const result = renderRoute(<EnchantsPage />, { path, config: { itemIconUrl: ICONS } });
  const search = () => result.router.state.location.search;
  return { ...result, search };
}

const cardNames = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const rarityHeadings = () =>
  screen
    .queryAllByRole('heading', { level: 2 })
    .map((h) => h.textContent)
    .filter((text) => /\d+ enchants?$/.test(text ?? ''));
const status = () => screen.getByRole('status');
const toolbarReset = () =>
  within(screen.getByLabelText('Search and filter enchants')).getByRole('button', { name: 'Reset filters' });

// Each full view renders 47 cards in happy-dom, which takes a while on a busy machine.
describe('EnchantsPage', { timeout: 20_000 }, () => {
  it('shows the whole catalogue grouped by rarity, with stat tiles computed from it', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Enchants' })).toBeInTheDocument();
    expect(status()).toHaveTextContent('Showing 47 of 47 enchants in 5 rarities');
    expect(cardNames()).toHaveLength(47);
    expect(rarityHeadings()).toEqual([
      'Simple 11 enchants',
      'Uncommon 13 enchants',
      'Elite 10 enchants',
      'Ultimate 7 enchants',
      'Legendary 6 enchants',
    ]);
    const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(tile('Total enchants')).toHaveTextContent('47');
    expect(tile('Pickaxe staples')).toHaveTextContent('12');
    expect(tile('Gear & weapon updates')).toHaveTextContent('4');
    expect(tile('Legendary unlocks')).toHaveTextContent('6');
    expect(tile('Prestige exclusives')).toHaveTextContent('7');
    // Nothing to reset in the default view.
    expect(toolbarReset()).toBeDisabled();
  });

  it('shows every field of an enchant on its card', () => {
    renderPage('/enchants?q=super+breaker');
    const card = screen.getByRole('article', { name: 'Super Breaker' });
    for (const text of [
      'Momentum Arsenal',
      'Ultimate',
      'Pickaxe',
      'Reworked',
      'III',
      '24,000 per level',
      'Instant-break burst',
      'Efficiency VI',
      'Speed miners racing a mine reset',
      '#activation',
    ]) {
      expect(card).toHaveTextContent(text);
    }
  });

  it('reads its filters and sort from the URL, so a link shares the view', () => {
    renderPage('/enchants?rarity=legendary&sort=name');
    expect(screen.getByLabelText('Rarity')).toHaveValue('legendary');
    expect(screen.getByLabelText('Sort by')).toHaveValue('name');
    expect(cardNames()).toEqual([
      "Aurion's Favor",
      "Chronos' Edge",
      "Laphris' Bulwark",
      'Legacy',
      'Shatter',
      'Starfall',
    ]);
    expect(toolbarReset()).toBeEnabled();
  });

  it('searches as you type and writes the search into the URL', async () => {
    const { search, router } = renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Search'));
    await user.paste('  SHA');
    await user.type(screen.getByLabelText('Search'), 'TTER');
    expect(search()).toBe('?q=++SHATTER');
    // Typing replaces the history entry: Back leaves the search rather than undoing one letter.
    expect(router.state.historyAction).toBe('REPLACE');
    // "Shatter" itself, and the enchants that name it in their text or prerequisites.
    expect(cardNames()).toEqual(expect.arrayContaining(['Shatter', 'Starfall', 'Lodestone Pull']));
    expect(cardNames()).not.toContain('Feed');
  });

  it('filters by rarity, gear and status, each into the URL', async () => {
    const { search, router } = renderPage();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Rarity'), 'Elite');
    expect(search()).toBe('?rarity=elite');
    expect(router.state.historyAction).toBe('PUSH');
    expect(rarityHeadings()).toEqual(['Elite 10 enchants']);

    await user.selectOptions(screen.getByLabelText('Gear'), 'Pickaxe');
    expect(search()).toBe('?rarity=elite&gear=pickaxe');
    expect(status()).toHaveTextContent('Showing 7 of 47');

    await user.selectOptions(screen.getByLabelText('Status'), 'Returning');
    expect(search()).toBe('?rarity=elite&gear=pickaxe&status=returning');
    expect(cardNames()).toEqual(['Overdrive', 'Rebirth Echo']);
  });

  it('sets the text search aside while a gear or status filter is active, and says so', async () => {
    renderPage('/enchants?q=zzzz&gear=sword');
    expect(cardNames()).toEqual(expect.arrayContaining(['Sharpness', 'Lifesteal', 'Legacy']));
    expect(screen.getByText(/Text search is paused/)).toHaveTextContent('“zzzz” is not applied');
  });

  it('sorts the cards inside each rarity group', async () => {
    const { search } = renderPage('/enchants?rarity=simple');
    await userEvent.setup().selectOptions(screen.getByLabelText('Sort by'), 'Max level');
    expect(search()).toBe('?rarity=simple&sort=level');
    expect(cardNames().slice(0, 3)).toEqual(['Efficiency', 'Energy Siphon', 'Kinetic Drive']);
    expect(cardNames().at(-1)).toBe('Lamplight');
  });

  it('shows the new enchants on request, first in the featured order', async () => {
    const { search } = renderPage('/enchants?rarity=uncommon');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show new enchants' }));
    expect(search()).toBe('?rarity=uncommon&status=new');
    expect(screen.getByLabelText('Status')).toHaveValue('new');
    expect(cardNames()).toEqual(['Shard Seeker']);
  });

  it('shows the empty state with a reset that brings back the full catalogue in featured order', async () => {
    const { search } = renderPage('/enchants?q=no+such+enchant&rarity=elite&sort=name');
    expect(cardNames()).toEqual([]);
    const empty = screen.getByRole('region', { name: 'No enchants match your filters' });
    expect(empty).toHaveTextContent(
      'Try broadening your search or clearing the active filters to explore the full catalogue.',
    );
    await userEvent.setup().click(within(empty).getByRole('button', { name: 'Reset filters' }));
    expect(search()).toBe('');
    expect(cardNames()).toHaveLength(47);
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(screen.getByLabelText('Sort by')).toHaveValue('featured');
    // Featured: new enchants lead their rarity group.
    const uncommon = screen.getByRole('region', { name: 'Uncommon 13 enchants' });
    expect(within(uncommon).getAllByRole('heading', { level: 3 })[0]).toHaveTextContent('Shard Seeker');
  });

  it('resets from the toolbar too', async () => {
    const { search } = renderPage('/enchants?gear=boots&status=returning&sort=level');
    await userEvent.setup().click(toolbarReset());
    expect(search()).toBe('');
    expect(screen.getByLabelText('Gear')).toHaveValue('all');
    expect(screen.getByLabelText('Status')).toHaveValue('all');
  });

  it('follows Back and Forward through filter changes, search box included', async () => {
    const { router, search } = renderPage('/enchants?q=ore');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Rarity'), 'Ultimate');
    expect(search()).toBe('?q=ore&rarity=ultimate');
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Rarity')).toHaveValue('all');
    await act(() => router.navigate('/enchants?q=fortune'));
    expect(screen.getByLabelText('Search')).toHaveValue('fortune');
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Search')).toHaveValue('ore');
  });

  it('loads icons from the configured asset template and falls back to a local image', () => {
    const { container } = renderPage('/enchants?q=feed');
    const icon = container.querySelector<HTMLImageElement>('img[data-icon="cooked_beef"]')!;
    expect(icon).toHaveAttribute('src', 'https://assets.example/1.21.4/item/cooked_beef.png');
    fireEvent.error(icon);
    expect(icon.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
  });
});
