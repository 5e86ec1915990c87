import type { OwnPunishment } from '@prison/shared/moderation';
import type { ActivityItem } from '@prison/shared/players';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { FakeWebSocket } from '../../../test/fake-web-socket.ts';
import { renderRoute, storeSession } from '../../../test/render-route.tsx';
import { ProfilePage } from './profile-page.tsx';

// storeSession's player.
const UUID = '8667ba71-b85a-4004-af54-457a9734eed7';
const BEARER = 'Bearer header.payload.signature';

const profile = {
  uuid: UUID,
  username: 'Steve',
  rank: 'CADET',
  level: 12,
  prestige: 0,
  balance: '2500.00',
  xp: 1200,
  lifetime_xp: 1200,
  online: true,
  last_seen_at: null,
  gang_name: 'Obsidian Syndicate',
  gang_id: 'obsidian',
};

const activity: ActivityItem[] = [
  {
    id: 1,
    occurred_at: new Date().toISOString(),
    actor_uuid: UUID,
    actor_username: 'Steve',
    target_uuid: '22222222-2222-4222-8222-222222222222',
    target_username: 'Alex',
    activity_type: 'PRIVATE_MESSAGE',
    activity_text: 'meet at B mine',
  },
];

/** The profile's API, with the privacy switch answered by `onPrivacy`, and no punishment unless given. */
function stubProfileApi(
  onPrivacy: (request: Request) => Response | Promise<Response>,
  punishments: OwnPunishment[] = [],
) {
  return stubFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/players/me/privacy') return onPrivacy(request);
    if (path === '/api/players/me/punishments') return json({ punishments });
    if (path === `/api/players/${UUID}`) return json(profile);
    if (path === `/api/players/${UUID}/stats`) return json({ level: 12, xp: 1200, stats: {}, gkits: {} });
    if (path === `/api/players/${UUID}/activity`) return json(activity);
    if (path === '/api/social/overview') {
      return json({
        friends: { online: 1, total: 2 },
        gang: { name: 'Obsidian Syndicate', role: 'Officer', online_count: 3, member_count: 9 },
      });
    }
    return json({ detail: 'Not found' }, 404);
  });
}

function renderProfile() {
  storeSession([], 'Steve');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoute(
    <QueryClientProvider client={client}>
      <ProfilePage />
    </QueryClientProvider>,
    { path: '/profile' },
  );
}

describe('ProfilePage links and privacy', () => {
  // The punishments card keeps the social socket open.
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the punishments card only to a player who has any', async () => {
    const mute: OwnPunishment = {
      id: 20,
      type: 'mute',
      player: { uuid: UUID, name: 'Steve' },
      staff: null,
      reason: 'Spam',
      issued_at: '2026-11-20T18:02:11.000Z',
      until: null,
      active: true,
      revoked: null,
      source: 'game',
      appeal: null,
      appealable: true,
    };
    stubProfileApi(() => json({ hide_stats: false, hide_punishments: false }), [mute]);
    renderProfile();
    const card = await screen.findByRole('region', { name: 'Punishments' });
    expect(within(card).getByRole('button', { name: 'Appeal this mute' })).toBeInTheDocument();
    // Nothing waits for staff's answer: the profile opens no socket.
    expect(FakeWebSocket.instances.filter((socket) => socket.url.includes('/api/social/ws'))).toEqual([]);
  });

  it("links the gang to its page and the activity's players to theirs", async () => {
    stubProfileApi(() => json({ hide_stats: false, hide_punishments: false }));
    renderProfile();
    await screen.findByRole('heading', { level: 2, name: 'Steve' });

    const gangCard = await screen.findByRole('region', { name: 'Gang status' });
    expect(await within(gangCard).findByRole('link', { name: 'Obsidian Syndicate' })).toHaveAttribute(
      'href',
      '/gangs/obsidian',
    );
    expect(within(gangCard).getByRole('link', { name: 'View your gang' })).toHaveAttribute(
      'href',
      '/social#your-gang',
    );
    const hero = screen.getByRole('region', { name: 'Steve' });
    expect(within(hero).getByRole('link', { name: 'Obsidian Syndicate' })).toHaveAttribute(
      'href',
      '/gangs/obsidian',
    );

    const entry = (await screen.findByText('meet at B mine')).closest('li')!;
    expect(within(entry).getByRole('link', { name: 'Steve' })).toHaveAttribute('href', '/players/Steve');
    expect(within(entry).getByRole('link', { name: 'Alex' })).toHaveAttribute('href', '/players/Alex');
  });

  it('hides the statistics from the public page with the privacy switch', async () => {
    let saved = false;
    const { requests } = stubProfileApi(async (request) => {
      if (request.method === 'PUT') saved = ((await request.json()) as { hide_stats: boolean }).hide_stats;
      return json({ hide_stats: saved, hide_punishments: false });
    });
    renderProfile();

    const privacy = await screen.findByRole('region', { name: 'Privacy' });
    const toggle = await within(privacy).findByRole('switch', { name: 'Hide my statistics' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(privacy).toHaveTextContent('Public: anyone can see your statistics and milestones.');
    expect(within(privacy).getByRole('link', { name: /View public page/ })).toHaveAttribute(
      'href',
      '/players/Steve',
    );

    await userEvent.click(toggle);
    await vi.waitFor(() => expect(saved).toBe(true));
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(privacy).toHaveTextContent('Hidden: visitors read that you keep your statistics private.');

    const calls = requests.filter((r) => new URL(r.url).pathname === '/api/players/me/privacy');
    expect(calls.map((r) => r.method)).toEqual(['GET', 'PUT']);
    for (const call of calls) expect(call.headers.get('authorization')).toBe(BEARER);
  });

  it('puts the switch back and says so when the setting cannot be saved', async () => {
    stubProfileApi((request) =>
      request.method === 'PUT'
        ? json({ detail: 'Unavailable' }, 503)
        : json({ hide_stats: false, hide_punishments: false }),
    );
    renderProfile();
    const toggle = await screen.findByRole('switch', { name: 'Hide my statistics' });
    await userEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your privacy setting could not be saved. Please try again.',
    );
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });
});
