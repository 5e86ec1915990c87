import type { StaffAction } from '@prison/shared/moderation';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, storeSession } from '../../../test/render-route.tsx';
import { PunishButton } from './punish-button.tsx';
import { PunishDialog, type PunishTarget } from './punish-dialog.tsx';

const NOTCH = { uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5', name: 'Notch' };
const STAFF = { uuid: '8667ba71-b85a-4004-af54-457a9734eed7', name: 'Steve' };

function actionFor(body: { type: StaffAction['kind']; player: string; reason: string }): StaffAction {
  return {
    id: 88,
    kind: body.type,
    player: NOTCH,
    staff: STAFF,
    reason: body.reason,
    duration_seconds: null,
    punishment_id: null,
    command: `${body.type} Notch ${body.reason}`,
    via: 'rcon',
    state: 'sent',
    output: `Notch was given a ${body.type}.`,
    error: null,
    created_at: '2026-11-20T18:02:10.000Z',
  };
}

/** The search and the punish call; `refuse` answers the punish call with an error instead. */
function stubModerationApi(refuse?: { status: number; body: unknown }) {
  return stubFetch(async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/search') {
      const q = url.searchParams.get('q')!.toLowerCase();
      const players = [
        { uuid: NOTCH.uuid, username: 'Notch', rank: 'WARDEN', level: 80, online: true },
        {
          uuid: '11111111-2222-4333-8444-555555555555',
          username: 'Notchling',
          rank: 'CADET',
          level: 3,
          online: false,
        },
      ].filter((p) => p.username.toLowerCase().startsWith(q));
      return json({ players, gangs: [] });
    }
    if (url.pathname === '/api/admin/punishments' && request.method === 'POST') {
      if (refuse) return json(refuse.body, refuse.status);
      return json(actionFor((await request.json()) as never), 202);
    }
    return json({ detail: 'Not found' }, 404);
  });
}

/** The dialog as a page opens it: a button, and what the dialog says it sent. */
function Harness({ player, onSent }: { player?: PunishTarget; onSent: (action: StaffAction) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <PunishDialog open={open} onClose={() => setOpen(false)} player={player ?? null} onSent={onSent} />
    </>
  );
}

function renderDialog(player?: PunishTarget) {
  storeSession(['ADMIN'], 'Steve');
  const onSent = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderRoute(
    <QueryClientProvider client={client}>
      <Harness player={player} onSent={onSent} />
    </QueryClientProvider>,
  );
  return { onSent, user: userEvent.setup() };
}

const postedBodies = async (requests: Request[]) =>
  Promise.all(requests.filter((r) => r.method === 'POST').map((r) => r.clone().json()));

describe('PunishDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("punishes the page's player: a reason is required, and a ban or mute takes a duration", async () => {
    const { requests } = stubModerationApi();
    const { onSent, user } = renderDialog(NOTCH);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Punish Notch' });
    // No name to look up: the player is the page's.
    expect(within(dialog).queryByLabelText('Player')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Ban player' }));
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription('Give a reason: the player is told it.');
    expect(reason).toHaveFocus();
    expect(await postedBodies(requests)).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'Mute' }));
    expect(within(dialog).getByText('They cannot chat until it ends.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '7 days' }));
    await user.type(reason, '  Spam in chat ');
    expect(reason).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Mute player' }));

    const sent = await within(dialog).findByRole('status');
    expect(sent).toHaveTextContent('Sent to the game server');
    expect(sent).toHaveTextContent('mute Notch Spam in chat');
    expect(sent).toHaveTextContent('The game server answered: Notch was given a mute.');
    expect(dialog).toHaveTextContent('once the game server reports it');
    expect(await postedBodies(requests)).toEqual([
      { type: 'mute', player: NOTCH.uuid, reason: 'Spam in chat', duration_seconds: 604800 },
    ]);
    expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ id: 88, kind: 'mute' }));

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('finds the player by name, and sends a permanent ban with no duration', async () => {
    const { requests } = stubModerationApi();
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Punish a player' });
    await user.type(within(dialog).getByLabelText('Reason'), 'X-ray');
    await user.click(within(dialog).getByRole('button', { name: 'Ban player' }));
    const name = within(dialog).getByLabelText('Player');
    expect(name).toHaveAccessibleDescription('Choose a player from the list.');
    expect(name).toHaveFocus();

    await user.type(name, 'notch');
    const found = await within(dialog).findByRole('list', { name: 'Players found' });
    expect(
      within(found)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('Notch'), expect.stringContaining('Notchling')]);
    await user.click(within(found).getByRole('button', { name: /^Notch\b(?!ling)/ }));
    expect(within(dialog).queryByLabelText('Player')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Change' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Choose a player from the list.')).toBeNull();

    await user.click(within(dialog).getByRole('radio', { name: 'Permanent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ban player' }));
    await within(dialog).findByText('Sent to the game server');
    expect(await postedBodies(requests)).toEqual([
      { type: 'ban', player: NOTCH.uuid, reason: 'X-ray', duration_seconds: null },
    ]);
  });

  it('takes an exact name typed without choosing it, and sends a kick without a duration', async () => {
    const { requests } = stubModerationApi();
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Player'), 'Notch');
    await within(dialog).findByRole('list', { name: 'Players found' });
    await user.click(within(dialog).getByRole('radio', { name: 'Kick' }));
    expect(within(dialog).queryByRole('radio', { name: '1 day' })).toBeNull();
    await user.type(within(dialog).getByLabelText('Reason'), 'AFK at spawn');
    await user.click(within(dialog).getByRole('button', { name: 'Kick player' }));
    await within(dialog).findByText('Sent to the game server');
    expect(await postedBodies(requests)).toEqual([
      { type: 'kick', player: NOTCH.uuid, reason: 'AFK at spawn' },
    ]);
  });

  it('says why when the game server cannot be reached, and keeps the form', async () => {
    stubModerationApi({
      status: 503,
      body: { detail: 'The game server is not reachable over RCON', code: 'game_server_unavailable' },
    });
    const { onSent, user } = renderDialog(NOTCH);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'X-ray');
    await user.click(within(dialog).getByRole('button', { name: 'Ban player' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The game server is not reachable over RCON',
    );
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('X-ray');
    expect(onSent).not.toHaveBeenCalled();
  });
});

describe('PunishButton', () => {
  afterEach(() => vi.unstubAllGlobals());

  function renderButton(roles: string[] | null) {
    if (roles) storeSession(roles);
    const client = new QueryClient();
    renderRoute(
      <QueryClientProvider client={client}>
        <PunishButton player={NOTCH} />
      </QueryClientProvider>,
    );
  }

  it('is for staff only', () => {
    renderButton(null);
    expect(screen.queryByRole('button', { name: 'Punish' })).toBeNull();
  });

  it('is not shown to a player without a staff role', () => {
    renderButton(['VIP']);
    expect(screen.queryByRole('button', { name: 'Punish' })).toBeNull();
  });

  it("opens the dialog for the page's player", async () => {
    renderButton(['WEB_ADMIN']);
    await userEvent.click(screen.getByRole('button', { name: 'Punish' }));
    expect(await screen.findByRole('dialog', { name: 'Punish Notch' })).toBeInTheDocument();
  });
});
