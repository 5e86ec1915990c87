import type { Privacy } from '@prison/shared/players';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, storeSession } from '../../../test/render-route.tsx';
import { PrivacyCard } from './privacy-card.tsx';

const PRIVACY_PATH = '/api/players/me/privacy';

/** The privacy settings as the server keeps them, changed by each PUT with the settings it names. */
function stubPrivacy(initial: Privacy, refuse = false) {
  let current = initial;
  const stub = stubFetch(async (request) => {
    if (new URL(request.url).pathname !== PRIVACY_PATH) return json({ detail: 'Not found' }, 404);
    if (request.method === 'PUT') {
      if (refuse) return json({ detail: 'Unavailable' }, 503);
      current = { ...current, ...((await request.json()) as Partial<Privacy>) };
    }
    return json(current);
  });
  const puts = () => stub.requests.filter((request) => request.method === 'PUT');
  return { ...stub, puts, current: () => current };
}

function renderCard() {
  storeSession([], 'Steve');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderRoute(
    <QueryClientProvider client={client}>
      <PrivacyCard username="Steve" />
    </QueryClientProvider>,
    { path: '/profile' },
  );
}

describe('PrivacyCard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('hides the punishment history from the public page, sending that setting alone', async () => {
    const server = stubPrivacy({ hide_stats: true, hide_punishments: false });
    renderCard();

    const card = await screen.findByRole('region', { name: 'Privacy' });
    const punishments = await within(card).findByRole('switch', {
      name: 'Hide my punishment history from my page',
    });
    const stats = within(card).getByRole('switch', { name: 'Hide my statistics' });
    expect(punishments).toHaveAttribute('aria-checked', 'false');
    expect(stats).toHaveAttribute('aria-checked', 'true');
    expect(punishments).toHaveAccessibleDescription('Public: anyone can see your punishments on your page.');

    await userEvent.click(punishments);
    await vi.waitFor(() => expect(server.current().hide_punishments).toBe(true));
    expect(await server.puts()[0]!.json()).toEqual({ hide_punishments: true });
    expect(server.puts()[0]!.headers.get('authorization')).toBe('Bearer header.payload.signature');
    expect(punishments).toHaveAttribute('aria-checked', 'true');
    expect(punishments).toHaveAccessibleDescription(
      "Hidden: visitors read that you keep your punishment history private. Your punishments stay in the server's public list.",
    );
    // The other setting is as it was, on the page and on the server.
    expect(stats).toHaveAttribute('aria-checked', 'true');
    expect(server.current().hide_stats).toBe(true);
  });

  it('puts the switch back and says so when the setting cannot be saved', async () => {
    stubPrivacy({ hide_stats: false, hide_punishments: false }, true);
    renderCard();
    const punishments = await screen.findByRole('switch', {
      name: 'Hide my punishment history from my page',
    });
    await userEvent.click(punishments);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your privacy setting could not be saved. Please try again.',
    );
    expect(punishments).toHaveAttribute('aria-checked', 'false');
  });
});
