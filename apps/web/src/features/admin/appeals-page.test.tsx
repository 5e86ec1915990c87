import type { StaffAppeal, StaffPunishment } from '@prison/shared/moderation';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { FakeWebSocket } from '../../../test/fake-web-socket.ts';
import { storeSession } from '../../../test/render-route.tsx';
import { adminRoutes } from '../../app/admin-routes.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { DEFAULT_SITE_CONFIG, SiteConfigProvider } from '../../lib/site-config.tsx';

const STEVE = { uuid: '8667ba71-b85a-4004-af54-457a9734eed7', name: 'Steve' };
const NOTCH = { uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5', name: 'Notch' };
const ALEX = { uuid: '22222222-2222-4222-8222-222222222222', name: 'Alex' };

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

const NOTCH_BAN = punishment({
  id: 12,
  type: 'ban',
  note: 'Tunnels straight to each vein',
  appeal: { id: 7, state: 'open' },
});
const NOTCH_WARNING = punishment({
  id: 5,
  type: 'warning',
  reason: 'Caps in chat',
  issued_at: '2026-10-02T10:00:00.000Z',
  active: false,
  revoked: { at: '2026-10-03T10:00:00.000Z', by: null, reason: null },
});
const ALEX_MUTE = punishment({
  id: 13,
  type: 'mute',
  player: ALEX,
  reason: 'Spam',
  until: '2099-01-01T00:00:00.000Z',
  appeal: { id: 8, state: 'open' },
});

const OPEN: StaffAppeal[] = [
  {
    id: 7,
    punishment_id: 12,
    state: 'open',
    text: 'I was not using X-ray: I found the diamonds with a branch mine.',
    reply: null,
    created_at: '2026-11-21T10:00:00.000Z',
    decided_at: null,
    decided_by: null,
    punishment: NOTCH_BAN,
  },
  {
    id: 8,
    punishment_id: 13,
    state: 'open',
    text: 'I pasted the same message twice by mistake, sorry.',
    reply: null,
    created_at: '2026-11-21T11:00:00.000Z',
    decided_at: null,
    decided_by: null,
    punishment: ALEX_MUTE,
  },
];

const ACCEPTED: StaffAppeal = {
  ...OPEN[1]!,
  id: 3,
  state: 'accepted',
  text: 'It was my brother on my account.',
  reply: 'Lifted: keep your password to yourself.',
  decided_at: '2026-11-15T10:00:00.000Z',
  decided_by: STEVE,
};
const DENIED: StaffAppeal = {
  ...OPEN[0]!,
  id: 2,
  state: 'denied',
  text: 'Everyone does it.',
  reply: 'That is no reason.',
  decided_at: '2026-11-18T10:00:00.000Z',
  decided_by: STEVE,
};

/** The appeals API: a decision takes the appeal out of the queue, unless `decide` answers otherwise. */
function stubAppealsApi({ decide }: { decide?: { status: number; body: unknown } } = {}) {
  let open = [...OPEN];
  return stubFetch(async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/admin/appeals') {
      const state = url.searchParams.get('state');
      return json({ appeals: state === 'open' ? open : state === 'accepted' ? [ACCEPTED] : [DENIED] });
    }
    if (url.pathname === '/api/admin/punishments') {
      const player = url.searchParams.get('player');
      const history = [NOTCH_BAN, NOTCH_WARNING, ALEX_MUTE].filter((p) => p.player.uuid === player);
      return json({ punishments: history, next_cursor: null });
    }
    const decision = /^\/api\/admin\/appeals\/(\d+)\/decision$/.exec(url.pathname);
    if (decision && request.method === 'POST') {
      if (decide) return json(decide.body, decide.status);
      const id = Number(decision[1]);
      const body = (await request.json()) as { decision: 'accept' | 'deny'; reply: string };
      const appeal = open.find((a) => a.id === id)!;
      open = open.filter((a) => a.id !== id);
      const { punishment: _, ...rest } = appeal;
      return json({
        ...rest,
        state: body.decision === 'accept' ? 'accepted' : 'denied',
        reply: body.reply,
        decided_at: '2026-11-22T10:00:00.000Z',
        decided_by: STEVE,
      });
    }
    return json({ detail: 'Not found' }, 404);
  });
}

function renderAppeals() {
  storeSession(['OWNER'], 'Steve');
  const router = createMemoryRouter(adminRoutes('admin-path'), { initialEntries: ['/admin/appeals'] });
  render(
    <SiteConfigProvider config={DEFAULT_SITE_CONFIG}>
      <RouterProvider router={router} />
    </SiteConfigProvider>,
  );
  return userEvent.setup();
}

const queue = async () =>
  within(await screen.findByRole('list', { name: 'Appeals waiting' }, { timeout: 10_000 })).getAllByRole(
    'article',
  );

beforeEach(() => {
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('the appeals page', () => {
  it("shows the queue oldest first, each with its punishment, the player's other punishments and the appeal", async () => {
    stubAppealsApi();
    renderAppeals();
    const [notch, alex] = await queue();
    expect(notch).toHaveAccessibleName('Appeal of Notch');
    expect(alex).toHaveAccessibleName('Appeal of Alex');
    expect(screen.getByRole('tab', { name: /Waiting/ })).toHaveTextContent('2');

    expect(within(notch!).getByRole('link', { name: 'Notch' })).toHaveAttribute('href', '/players/Notch');
    const facts = within(notch!).getByRole('region', { name: 'Punishment' });
    expect(facts).toHaveTextContent('X-ray');
    expect(facts).toHaveTextContent('by Steve');
    expect(facts).toHaveTextContent('#12');
    expect(facts).toHaveTextContent('Note: Tunnels straight to each vein');
    expect(notch).toHaveTextContent('I found the diamonds with a branch mine.');
    // The other punishments leave out the one appealed.
    const history = within(notch!).getByRole('region', { name: "Notch's other punishments" });
    await vi.waitFor(() =>
      expect(
        within(history)
          .getAllByRole('listitem')
          .map((item) => item.getAttribute('data-punishment')),
      ).toEqual(['5']),
    );
    expect(history).toHaveTextContent('Caps in chat');
    expect(await within(alex!).findByText('None: this is their only punishment.')).toBeInTheDocument();
  });

  it('denies an appeal with the reply required, and the queue follows', async () => {
    const { requests } = stubAppealsApi();
    const user = renderAppeals();
    const [notch] = await queue();
    await user.click(within(notch!).getByRole('button', { name: 'Deny' }));
    const reply = within(notch!).getByLabelText('Reply to Notch');
    expect(reply).toHaveAccessibleDescription('Write a reply: the player reads it with your decision.');
    expect(reply).toHaveFocus();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(reply, 'The recording shows tunnels going straight to each vein.');
    expect(reply).not.toHaveAttribute('aria-invalid');
    await user.click(within(notch!).getByRole('button', { name: 'Deny' }));

    expect(await screen.findByText(/Notch’s appeal is denied/)).toBeInTheDocument();
    const posted = requests.filter((r) => r.method === 'POST');
    expect(posted.map((r) => new URL(r.url).pathname)).toEqual(['/api/admin/appeals/7/decision']);
    expect(await posted[0]!.json()).toEqual({
      decision: 'deny',
      reply: 'The recording shows tunnels going straight to each vein.',
    });
    await vi.waitFor(async () =>
      expect((await queue()).map((a) => a.getAttribute('data-appeal'))).toEqual(['8']),
    );
  });

  it('keeps an appeal open when accepting cannot reach the game server, and says so', async () => {
    const { requests } = stubAppealsApi({
      decide: {
        status: 503,
        body: { detail: 'The game server is not reachable over RCON', code: 'game_server_unavailable' },
      },
    });
    const user = renderAppeals();
    const [notch] = await queue();
    await user.type(within(notch!).getByLabelText('Reply to Notch'), 'Fair enough, lifted.');
    await user.click(within(notch!).getByRole('button', { name: 'Accept and lift' }));
    expect(await within(notch!).findByRole('alert')).toHaveTextContent(
      'The game server is not reachable over RCON',
    );
    expect(await requests.find((r) => r.method === 'POST')!.json()).toEqual({
      decision: 'accept',
      reply: 'Fair enough, lifted.',
    });
    expect(await queue()).toHaveLength(2);
  });

  it('lists the decided appeals, the newest decision first, with their replies', async () => {
    stubAppealsApi();
    const user = renderAppeals();
    await queue();
    await user.click(screen.getByRole('tab', { name: 'Decided' }));
    const decided = within(await screen.findByRole('list', { name: 'Decided appeals' })).getAllByRole(
      'article',
    );
    expect(decided.map((a) => a.getAttribute('data-appeal'))).toEqual(['2', '3']);
    expect(decided[0]).toHaveTextContent('Appeal denied');
    expect(decided[0]).toHaveTextContent('That is no reason.');
    expect(decided[0]).toHaveTextContent('by Steve');
    expect(decided[1]).toHaveTextContent('Appeal accepted');
    expect(decided[1]).toHaveTextContent('Lifted: keep your password to yourself.');
  });

  it('says when no appeal is waiting', async () => {
    stubFetch(async () => json({ appeals: [] }));
    renderAppeals();
    expect(
      await screen.findByText('No appeal is waiting for an answer.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
