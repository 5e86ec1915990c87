import type { DiscordLink } from '@prison/shared/discord-link';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, storeSession } from '../../../test/render-route.tsx';
import { DiscordCard } from './discord-card.tsx';

const AUTHORIZE = 'https://discord.example/oauth2/authorize?state=abc';
const NELLY = { id: '80351110224678912', name: 'Nelly', linked_at: '2026-11-28T09:12:00.000Z' };

/** The link as the server keeps it: POST answers where to go, DELETE unlinks. */
function stubDiscord(initial: DiscordLink, { refuseStart = false } = {}) {
  let current = initial;
  const stub = stubFetch((request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/account/discord/link' && request.method === 'POST') {
      return refuseStart
        ? json({ detail: 'This site does not offer linking', code: 'discord_linking_off' }, 404)
        : json({ url: AUTHORIZE });
    }
    if (path !== '/api/account/discord') return json({ detail: 'Not found' }, 404);
    if (request.method === 'DELETE') current = { ...current, account: null };
    return json(current);
  });
  return { ...stub, current: () => current };
}

function renderCard(path = '/profile') {
  storeSession([], 'Steve');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoute(
    <QueryClientProvider client={client}>
      <DiscordCard />
    </QueryClientProvider>,
    { path },
  );
}

describe('DiscordCard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends the browser to Discord to link an account', async () => {
    const server = stubDiscord({ offered: true, account: null });
    renderCard();
    const card = await screen.findByRole('region', { name: 'Discord' });
    const button = await within(card).findByRole('button', { name: 'Link Discord account' });
    const assign = vi.fn();
    const { origin, href } = window.location;
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, origin, href, assign });
    await userEvent.click(button);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORIZE));
    const post = server.requests.find((r) => r.method === 'POST')!;
    expect(post.headers.get('authorization')).toBe('Bearer header.payload.signature');
    expect(within(card).getByRole('button', { name: 'Opening Discord…' })).toBeDisabled();
  });

  it('shows the linked name and unlinks it in one click', async () => {
    const server = stubDiscord({ offered: true, account: NELLY });
    renderCard();
    const card = await screen.findByRole('region', { name: 'Discord' });
    expect(await within(card).findByText('Nelly')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Unlink' }));
    expect(await within(card).findByRole('button', { name: 'Link Discord account' })).toBeInTheDocument();
    expect(server.current().account).toBeNull();
    expect(within(card).queryByText('Nelly')).not.toBeInTheDocument();
  });

  it('says the account is linked on coming back, and takes the word out of the address', async () => {
    stubDiscord({ offered: true, account: NELLY });
    const { router } = renderCard('/profile?discord=linked');
    expect(await screen.findByText('Your Discord account is linked.')).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByText('Your Discord account is linked.')).toBeInTheDocument();
  });

  it.each([
    ['taken', 'That Discord account is already linked to another player. Unlink it there first.'],
    ['denied', 'Discord was not allowed to link your account, so nothing changed.'],
    ['nonsense', 'Your Discord account could not be linked.'],
  ])('says why nothing was linked (%s)', async (reason, text) => {
    stubDiscord({ offered: true, account: null });
    renderCard(`/profile?discord=error&reason=${reason}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(await screen.findByRole('button', { name: 'Link Discord account' })).toBeInTheDocument();
  });

  it("says so when linking cannot start, in the server's words", async () => {
    stubDiscord({ offered: true, account: null }, { refuseStart: true });
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Link Discord account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This site does not offer linking');
  });

  it('is not there when the site offers no linking and nothing is linked', async () => {
    const server = stubDiscord({ offered: false, account: null });
    renderCard();
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Discord' })).not.toBeInTheDocument());
  });

  it('still unlinks an account linked before the site stopped offering it', async () => {
    stubDiscord({ offered: false, account: NELLY });
    renderCard();
    const card = await screen.findByRole('region', { name: 'Discord' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Unlink' }));
    expect(
      await within(card).findByText('This site does not offer linking a Discord account.'),
    ).toBeInTheDocument();
  });
});
