import type { StaffAction, StaffPunishment } from '@prison/shared/moderation';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { FakeWebSocket } from '../../../test/fake-web-socket.ts';
import { storeSession } from '../../../test/render-route.tsx';
// The page as the console's routes serve it: with the punish dialog they hand it.
import { adminRoutes } from '../../app/admin-routes.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { DEFAULT_SITE_CONFIG, SiteConfigProvider } from '../../lib/site-config.tsx';

const STEVE = { uuid: '8667ba71-b85a-4004-af54-457a9734eed7', name: 'Steve' };
const NOTCH = { uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5', name: 'Notch' };
const ALEX = { uuid: '22222222-2222-4222-8222-222222222222', name: 'Alex' };
const HEROBRINE = { uuid: '33333333-3333-4333-8333-333333333333', name: 'Herobrine' };
const FUTURE = '2099-01-01T00:00:00.000Z';

function punishment(
  overrides: Partial<StaffPunishment> & Pick<StaffPunishment, 'id' | 'type'>,
): StaffPunishment {
  return {
    player: NOTCH,
    staff: STEVE,
    reason: 'X-ray',
    issued_at: '2026-11-20T18:02:11.000Z',
    until: null,
    active: true,
    revoked: null,
    source: 'game',
    silent: false,
    by_address: false,
    address: null,
    note: null,
    server: null,
    appeal: null,
    ...overrides,
  };
}

const BAN = punishment({
  id: 4,
  type: 'ban',
  until: FUTURE,
  silent: true,
  by_address: true,
  address: '203.0.113.7',
  note: 'Alt of Griefer',
  server: 'lobby',
  appeal: { id: 9, state: 'open' },
});
const MUTE = punishment({
  id: 3,
  type: 'mute',
  player: ALEX,
  staff: null,
  reason: 'Caps in chat',
  issued_at: '2026-11-19T10:00:00.000Z',
  until: '2026-11-19T11:00:00.000Z',
  active: false,
});
const WARNING = punishment({
  id: 2,
  type: 'warning',
  player: HEROBRINE,
  reason: null,
  issued_at: '2026-11-18T10:00:00.000Z',
  active: false,
  revoked: { at: '2026-11-18T12:00:00.000Z', by: STEVE, reason: 'Mistake' },
});
const OLD_KICK = punishment({
  id: 1,
  type: 'kick',
  player: ALEX,
  reason: 'AFK',
  issued_at: '2026-11-01T10:00:00.000Z',
  active: false,
});

const SENT: StaffAction = {
  id: 40,
  kind: 'warning',
  player: ALEX,
  staff: STEVE,
  reason: 'Spam',
  duration_seconds: null,
  punishment_id: null,
  command: 'warn Alex Spam',
  via: 'rcon',
  state: 'sent',
  output: 'Alex was warned.',
  error: null,
  created_at: '2026-11-20T17:00:00.000Z',
};
const FAILED: StaffAction = {
  ...SENT,
  id: 39,
  kind: 'ban',
  command: 'ban Alex Spam',
  state: 'failed',
  output: null,
  error: 'The game server is not reachable over RCON',
};

/**
 * The console's moderation API over a little world: the list filtered as the server filters it, in
 * pages of three; a pardon or a punishment is reported by the game server at once (the list changes).
 */
function stubModerationApi({ pardon }: { pardon?: { status: number; body: unknown } } = {}) {
  let punishments = [BAN, MUTE, WARNING, OLD_KICK];
  let actions = [SENT, FAILED];
  return stubFetch(async (request) => {
    const url = new URL(request.url);
    const path = url.pathname;
    const params = url.searchParams;
    if (path === '/api/admin/punishments' && request.method === 'GET') {
      const type = params.get('type');
      const active = params.get('active');
      const q = params.get('q')?.toLowerCase();
      const matching = punishments.filter(
        (p) =>
          (!type || p.type === type) &&
          (active === null || p.active === (active === 'true')) &&
          (!q || p.player.name.toLowerCase().startsWith(q) || p.staff?.name.toLowerCase().startsWith(q)),
      );
      const from = params.get('cursor') === 'page-2' ? 3 : 0;
      return json({
        punishments: matching.slice(from, from + 3),
        next_cursor: matching.length > from + 3 ? 'page-2' : null,
      });
    }
    if (path === '/api/admin/punishment-actions') return json({ actions });
    if (path === '/api/admin/appeals') return json({ appeals: [] });
    const pardoned = /^\/api\/admin\/punishments\/(\d+)\/pardon$/.exec(path);
    if (pardoned && request.method === 'POST') {
      if (pardon) return json(pardon.body, pardon.status);
      const id = Number(pardoned[1]);
      const target = punishments.find((p) => p.id === id)!;
      const action: StaffAction = {
        ...SENT,
        id: 41,
        kind: 'pardon',
        player: target.player,
        punishment_id: id,
        command: `unban ${target.player.name}`,
        output: `${target.player.name} was unbanned.`,
      };
      actions = [action, ...actions];
      punishments = punishments.map((p) =>
        p.id === id
          ? { ...p, active: false, revoked: { at: '2026-11-21T09:00:00.000Z', by: STEVE, reason: null } }
          : p,
      );
      return json(action, 202);
    }
    if (path === '/api/admin/punishments' && request.method === 'POST') {
      const body = (await request.json()) as { type: 'warning'; player: string; reason: string };
      const action: StaffAction = {
        ...SENT,
        id: 42,
        kind: body.type,
        reason: body.reason,
        command: `warn Herobrine ${body.reason}`,
        output: 'Herobrine was warned.',
        player: HEROBRINE,
      };
      actions = [action, ...actions];
      punishments = [
        punishment({
          id: 5,
          type: 'warning',
          player: HEROBRINE,
          reason: body.reason,
          issued_at: '2026-11-21T09:00:00.000Z',
        }),
        ...punishments,
      ];
      return json(action, 202);
    }
    if (path === '/api/search') {
      return json({
        players: [{ uuid: HEROBRINE.uuid, username: 'Herobrine', rank: 'CADET', level: 4, online: false }],
        gangs: [],
      });
    }
    return json({ detail: 'Not found' }, 404);
  });
}

function renderModeration() {
  storeSession(['ADMIN'], 'Steve');
  const router = createMemoryRouter(adminRoutes('admin-path'), { initialEntries: ['/admin/moderation'] });
  render(
    <SiteConfigProvider config={DEFAULT_SITE_CONFIG}>
      <RouterProvider router={router} />
    </SiteConfigProvider>,
  );
  return userEvent.setup();
}

const rows = async () =>
  within(await screen.findByRole('list', { name: 'Punishments' }, { timeout: 10_000 })).getAllByRole(
    'listitem',
  );
const rowIds = async () => (await rows()).map((row) => row.getAttribute('data-punishment'));
const listRequests = (requests: Request[]) =>
  requests
    .filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/admin/punishments')
    .map((r) => new URL(r.url).search);

beforeEach(() => {
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('the moderation page', () => {
  it('lists every punishment with what staff alone see, a page at a time', async () => {
    stubModerationApi();
    const user = renderModeration();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Punishments' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await rowIds()).toEqual(['4', '3', '2']);
    const [ban, mute, warning] = await rows();

    expect(within(ban!).getByRole('link', { name: 'Notch' })).toHaveAttribute('href', '/players/Notch');
    expect(ban).toHaveTextContent('Ban');
    expect(ban).toHaveTextContent('X-ray');
    expect(ban).toHaveTextContent('by Steve');
    expect(ban).toHaveTextContent('#4');
    expect(ban).toHaveTextContent('lobby');
    expect(ban).toHaveTextContent('Silent');
    expect(ban).toHaveTextContent('Address ban');
    expect(ban).toHaveTextContent('203.0.113.7');
    expect(ban).toHaveTextContent('Note: Alt of Griefer');
    expect(ban).toHaveTextContent('Appeal open');
    expect(ban!.querySelector('[data-standing]')).toHaveAttribute('data-standing', 'until');
    expect(within(ban!).getByRole('button', { name: 'Pardon Notch (#4)' })).toBeInTheDocument();

    expect(mute).toHaveTextContent('by Console');
    expect(mute!.querySelector('[data-standing]')).toHaveAttribute('data-standing', 'expired');
    expect(warning).toHaveTextContent('No reason given');
    expect(warning!.querySelector('[data-standing]')).toHaveAttribute('data-standing', 'revoked');
    // Only what is in force can be pardoned.
    for (const row of [mute, warning])
      expect(within(row!).queryByRole('button', { name: /Pardon/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(async () => expect(await rowIds()).toEqual(['4', '3', '2', '1']));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('filters by type, by whether it is in force and by name', async () => {
    const { requests } = stubModerationApi();
    const user = renderModeration();
    await rows();

    await user.click(screen.getByRole('button', { name: 'Mutes' }));
    expect(screen.getByRole('button', { name: 'Mutes' })).toHaveAttribute('aria-pressed', 'true');
    await vi.waitFor(async () => expect(await rowIds()).toEqual(['3']));

    await user.click(screen.getByRole('button', { name: 'All' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'In force');
    await vi.waitFor(async () => expect(await rowIds()).toEqual(['4']));

    await user.selectOptions(screen.getByLabelText('Status'), 'All');
    await user.type(screen.getByLabelText('Player or staff member'), 'ale');
    await vi.waitFor(async () => expect(await rowIds()).toEqual(['3', '1']));

    await user.type(screen.getByLabelText('Player or staff member'), 'x2');
    expect(await screen.findByText('No punishment matches these filters.')).toBeInTheDocument();

    expect(listRequests(requests)).toEqual(
      expect.arrayContaining([
        '?limit=25',
        '?limit=25&type=mute',
        '?limit=25&active=true',
        '?limit=25&q=ale',
        '?limit=25&q=alex2',
      ]),
    );
  });

  it('pardons a ban in force after a confirmation, and the list shows it revoked', async () => {
    const { requests } = stubModerationApi();
    const user = renderModeration();
    const [ban] = await rows();

    await user.click(within(ban!).getByRole('button', { name: 'Pardon Notch (#4)' }));
    let dialog = screen.getByRole('dialog', { name: "Lift Notch's ban?" });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.click(within(ban!).getByRole('button', { name: 'Pardon Notch (#4)' }));
    dialog = screen.getByRole('dialog', { name: "Lift Notch's ban?" });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Appeal accepted on Discord');
    await user.click(within(dialog).getByRole('button', { name: 'Send pardon' }));

    expect(await screen.findByText(/Pardon for Notch sent to the game server/)).toHaveTextContent(
      'unban Notch',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    const posted = requests.filter((r) => r.method === 'POST');
    expect(posted.map((r) => new URL(r.url).pathname)).toEqual(['/api/admin/punishments/4/pardon']);
    expect(await posted[0]!.json()).toEqual({ reason: 'Appeal accepted on Discord' });

    await vi.waitFor(async () =>
      expect((await rows())[0]!.querySelector('[data-standing]')).toHaveAttribute('data-standing', 'revoked'),
    );
    expect(within((await rows())[0]!).queryByRole('button', { name: /Pardon/ })).toBeNull();
    // What was sent, with the game server's answer.
    const sent = within(screen.getByRole('list', { name: 'Sent to the game server' })).getAllByRole(
      'listitem',
    );
    expect(sent[0]).toHaveTextContent('unban Notch');
    expect(sent[0]).toHaveTextContent('Notch was unbanned.');
  });

  it("shows the server's refusal of a pardon in its dialog", async () => {
    stubModerationApi({
      pardon: {
        status: 409,
        body: {
          detail: 'This punishment is no longer in force: there is nothing to lift',
          code: 'punishment_not_in_force',
        },
      },
    });
    const user = renderModeration();
    const [ban] = await rows();
    await user.click(within(ban!).getByRole('button', { name: 'Pardon Notch (#4)' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send pardon' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This punishment is no longer in force',
    );
  });

  it('punishes a player found by name; the punishment shows once the game server reports it', async () => {
    const { requests } = stubModerationApi();
    const user = renderModeration();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Punish a player' }));
    const dialog = screen.getByRole('dialog', { name: 'Punish a player' });
    await user.click(within(dialog).getByRole('radio', { name: 'Warning' }));
    await user.click(within(dialog).getByRole('button', { name: 'Warn player' }));
    expect(within(dialog).getByText('Choose a player from the list.')).toBeInTheDocument();
    expect(within(dialog).getByText('Give a reason: the player is told it.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Player'), 'hero');
    await user.click(await within(dialog).findByRole('button', { name: /Herobrine/ }));
    await user.type(within(dialog).getByLabelText('Reason'), 'Griefing the mine');
    await user.click(within(dialog).getByRole('button', { name: 'Warn player' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('warn Herobrine Griefing the mine');
    const posted = requests.filter((r) => r.method === 'POST');
    expect(await posted[0]!.json()).toEqual({
      type: 'warning',
      player: HEROBRINE.uuid,
      reason: 'Griefing the mine',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await vi.waitFor(async () => expect((await rowIds())[0]).toBe('5'));
    const sent = within(screen.getByRole('list', { name: 'Sent to the game server' })).getAllByRole(
      'listitem',
    );
    expect(sent[0]).toHaveTextContent('Herobrine was warned.');
  });

  it('lists what was sent to the game server, a failure with its reason', async () => {
    stubModerationApi();
    renderModeration();
    const sent = within(
      await screen.findByRole('list', { name: 'Sent to the game server' }, { timeout: 10_000 }),
    ).getAllByRole('listitem');
    expect(sent).toHaveLength(2);
    expect(sent[0]).toHaveTextContent('warn Alex Spam');
    expect(sent[0]!.querySelector('[data-state]')).toHaveAttribute('data-state', 'sent');
    expect(sent[0]).toHaveTextContent('Alex was warned.');
    expect(sent[0]).toHaveTextContent('by Steve');
    expect(sent[1]!.querySelector('[data-state]')).toHaveAttribute('data-state', 'failed');
    expect(sent[1]).toHaveTextContent('The game server is not reachable over RCON');
  });

  it('says when nothing is recorded, and why a list could not be loaded', async () => {
    stubFetch(async (request) =>
      new URL(request.url).pathname === '/api/admin/punishment-actions'
        ? json({ detail: 'Your account may not do that', code: 'not_permitted' }, 403)
        : new URL(request.url).pathname === '/api/admin/appeals'
          ? json({ appeals: [] })
          : json({ punishments: [], next_cursor: null }),
    );
    renderModeration();
    expect(
      await screen.findByText('No punishment has been recorded yet.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Your account may not do that')).toBeInTheDocument();
  });
});
