import type { Appeal, OwnPunishment } from '@prison/shared/moderation';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, settle, stubFetch } from '../../../test/fake-fetch.ts';
import { FakeWebSocket } from '../../../test/fake-web-socket.ts';
import { renderRoute, storeSession } from '../../../test/render-route.tsx';
import { PunishmentsCard } from './punishments-card.tsx';

const ME = { uuid: '8667ba71-b85a-4004-af54-457a9734eed7', name: 'Steve' };
const MOD = { uuid: '22222222-2222-4222-8222-222222222222', name: 'Alex' };
const TOKEN = 'header.payload.signature';

function punishment(overrides: Partial<OwnPunishment> & Pick<OwnPunishment, 'id' | 'type'>): OwnPunishment {
  return {
    player: ME,
    staff: MOD,
    reason: 'X-ray',
    issued_at: '2026-11-20T18:02:11.000Z',
    until: null,
    active: true,
    revoked: null,
    source: 'game',
    appeal: null,
    appealable: false,
    ...overrides,
  };
}

const BAN = punishment({ id: 30, type: 'ban', until: '2099-01-01T00:00:00.000Z', appealable: true });
const OPEN_APPEAL: Appeal = {
  id: 4,
  punishment_id: 20,
  state: 'open',
  text: 'I only said it once, it was a joke between friends.',
  reply: null,
  created_at: '2026-11-10T10:00:00.000Z',
  decided_at: null,
  decided_by: null,
};
const MUTE = punishment({ id: 20, type: 'mute', reason: 'Insults', staff: null, appeal: OPEN_APPEAL });
const WARNING = punishment({
  id: 10,
  type: 'warning',
  reason: null,
  issued_at: '2026-10-01T10:00:00.000Z',
  active: false,
  revoked: { at: '2026-10-02T10:00:00.000Z', by: MOD, reason: null },
});

/** GET /api/players/me/punishments and the appeal; `appeal` answers the appeal instead when given. */
function stubOwnApi(list: OwnPunishment[], appeal?: { status: number; body: unknown }) {
  return stubFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/players/me/punishments') return json({ punishments: list });
    const appealing = /^\/api\/punishments\/(\d+)\/appeal$/.exec(path);
    if (appealing && request.method === 'POST') {
      if (appeal) return json(appeal.body, appeal.status);
      const { text } = (await request.json()) as { text: string };
      return json(
        {
          ...OPEN_APPEAL,
          id: 5,
          punishment_id: Number(appealing[1]),
          text,
          created_at: new Date().toISOString(),
        } satisfies Appeal,
        201,
      );
    }
    return json({ detail: 'Not found' }, 404);
  });
}

function renderCard() {
  storeSession([], 'Steve');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoute(
    <QueryClientProvider client={client}>
      <PunishmentsCard token={TOKEN} />
    </QueryClientProvider>,
    { path: '/profile' },
  );
}

const items = async () =>
  within(await screen.findByRole('list', { name: 'Your punishments' })).getAllByRole('listitem');

beforeEach(() => {
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('PunishmentsCard', () => {
  it('is not shown to a player with no punishment', async () => {
    const { requested } = stubOwnApi([]);
    renderCard();
    await requested(1);
    await settle();
    expect(screen.queryByRole('region', { name: 'Punishments' })).toBeNull();
  });

  it('lists the punishments newest first with where each stands and its appeal', async () => {
    stubOwnApi([BAN, MUTE, WARNING]);
    renderCard();
    const [ban, mute, warning] = await items();
    expect(screen.getByRole('region', { name: 'Punishments' })).toBeInTheDocument();

    expect(ban).toHaveTextContent('Ban');
    expect(ban).toHaveTextContent('X-ray');
    expect(ban).toHaveTextContent('by Alex');
    expect(ban!.querySelector('[data-standing]')).toHaveAttribute('data-standing', 'until');
    expect(within(ban!).getByRole('button', { name: 'Appeal this ban' })).toBeInTheDocument();

    expect(mute).toHaveTextContent('by Console');
    expect(mute!.querySelector('[data-standing]')).toHaveAttribute('data-standing', 'permanent');
    expect(mute).toHaveTextContent('Your appealWaiting for staff');
    expect(within(mute!).queryByRole('button', { name: /Appeal/ })).toBeNull();

    expect(warning).toHaveTextContent('No reason given');
    expect(warning!.querySelector('[data-standing]')).toHaveAttribute('data-standing', 'revoked');
    expect(within(warning!).queryByRole('button', { name: /Appeal/ })).toBeNull();
  });

  it('appeals a ban: the text is counted and held to the minimum, then the ban shows it waiting', async () => {
    const { requests } = stubOwnApi([BAN, WARNING]);
    renderCard();
    const [ban] = await items();
    const user = userEvent.setup();
    await user.click(within(ban!).getByRole('button', { name: 'Appeal this ban' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal your ban' });
    const text = within(dialog).getByLabelText('Your appeal');
    expect(within(dialog).getByText('From 20 to 2,000 characters.', { exact: false })).toBeInTheDocument();

    await user.type(text, '  Not X-ray  ');
    expect(dialog).toHaveTextContent('9/2,000');
    await user.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveAccessibleDescription(
      expect.stringContaining('Write 11 more characters: an appeal is at least 20.'),
    );
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(text, ': I found them with a branch mine.');
    await user.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText(/Your appeal is sent/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const posted = requests.filter((r) => r.method === 'POST');
    expect(posted.map((r) => new URL(r.url).pathname)).toEqual(['/api/punishments/30/appeal']);
    expect(await posted[0]!.json()).toEqual({ text: 'Not X-ray  : I found them with a branch mine.' });

    const [appealed] = await items();
    expect(appealed).toHaveTextContent('Your appealWaiting for staff');
    expect(within(appealed!).queryByRole('button', { name: /Appeal/ })).toBeNull();
  });

  it("shows the server's refusal of an appeal in the dialog", async () => {
    stubOwnApi([BAN], {
      status: 429,
      body: { detail: 'You may send at most 3 appeals an hour: try again later', code: 'rate_limited' },
    });
    renderCard();
    const [ban] = await items();
    const user = userEvent.setup();
    await user.click(within(ban!).getByRole('button', { name: 'Appeal this ban' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(
      within(dialog).getByLabelText('Your appeal'),
      'I found them with a branch mine, honestly.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You may send at most 3 appeals an hour: try again later',
    );
    expect(within(dialog).getByLabelText('Your appeal')).toHaveValue(
      'I found them with a branch mine, honestly.',
    );
  });

  it("shows staff's answer the moment the social socket brings it", async () => {
    stubOwnApi([BAN, MUTE]);
    renderCard();
    const [, mute] = await items();
    expect(mute).toHaveTextContent('Waiting for staff');
    const socket = FakeWebSocket.latest();
    expect(socket.url).toContain(`/api/social/ws?token=${encodeURIComponent(TOKEN)}`);
    act(() => socket.open());

    const answered: OwnPunishment = {
      ...MUTE,
      active: false,
      revoked: { at: '2026-11-12T10:00:00.000Z', by: MOD, reason: 'Appeal accepted' },
      appeal: {
        ...OPEN_APPEAL,
        state: 'accepted',
        reply: 'Fair enough: it is lifted. Keep it friendly.',
        decided_at: '2026-11-12T10:00:00.000Z',
        decided_by: MOD,
      },
    };
    // Other messages on the same socket leave the list alone.
    socket.message(JSON.stringify({ friends: [] }));
    socket.message(JSON.stringify({ punishments: [BAN, answered] }));
    await vi.waitFor(async () => expect((await items())[1]).toHaveTextContent('Accepted'));
    const [, updated] = await items();
    expect(updated).toHaveTextContent('Reply from Alex');
    expect(updated).toHaveTextContent('Fair enough: it is lifted. Keep it friendly.');
    expect(updated!.querySelector('[data-standing]')).toHaveAttribute('data-standing', 'revoked');
  });
});
