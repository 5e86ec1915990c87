import type { CreatedBridgeCredential } from '@prison/shared/bridge-credentials';
import type { BridgeInspector } from '@prison/shared/bridge-inspector';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, storeSession } from '../../../test/render-route.tsx';
import { GameServersPage } from './game-servers-page.tsx';

const LOBBY = '5b7f3c2e-8d1a-4c6b-9e2f-0a1b2c3d4e5f';
const TOKEN = 'Qm9yZWQ_bm90aGluZy10by1zZWUtaGVyZS0wMTIzNDU2Nzg5';

const INSPECTOR: BridgeInspector = {
  servers: [
    {
      name: 'default',
      credential_id: null,
      revoked: false,
      last_used_at: null,
      sockets: 0,
      deliveries_taken: 0,
    },
    {
      name: 'lobby-1',
      credential_id: LOBBY,
      revoked: false,
      last_used_at: '2026-05-02T09:13:04.000Z',
      sockets: 2,
      deliveries_taken: 3,
    },
    {
      name: 'old-mines',
      credential_id: '0f8e7d6c-5b4a-4938-8271-605f4e3d2c1b',
      revoked: true,
      last_used_at: null,
      sockets: 0,
      deliveries_taken: 0,
    },
  ],
  deliveries: { waiting: 4, taken: 3, acknowledged_last_24h: 41 },
  batches: [
    {
      id: 2,
      received_at: '2026-05-02T09:13:04.000Z',
      server: 'lobby-1',
      applied: 0,
      skipped: 0,
      refused: 2,
      errors: [
        { index: 1, code: 'unknown_player', reason: 'unknown player 1234' },
        { index: 3, code: 'event_invalid', reason: 'xp_delta: too small' },
      ],
    },
    {
      id: 1,
      received_at: '2026-05-02T09:13:01.000Z',
      server: 'lobby-1',
      applied: 12,
      skipped: 1,
      refused: 0,
      errors: [],
    },
  ],
};

/** The inspector, and an owner's create and revoke, which change what it answers next. */
function stubBridgeApi(inspector: BridgeInspector = INSPECTOR) {
  let current = structuredClone(inspector);
  return stubFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/admin/bridge' && request.method === 'GET') return json(current);
    if (path === '/api/admin/bridge/credentials' && request.method === 'POST') {
      const { name } = (await request.json()) as { name: string };
      const credential = {
        id: '11111111-2222-4333-8444-555555555555',
        name,
        created_at: '2026-05-03T10:00:00.000Z',
        created_by: 'Steve',
        last_used_at: null,
        revoked_at: null,
      };
      current = {
        ...current,
        servers: [
          ...current.servers,
          {
            name,
            credential_id: credential.id,
            revoked: false,
            last_used_at: null,
            sockets: 0,
            deliveries_taken: 0,
          },
        ],
      };
      return json({ credential, token: TOKEN } satisfies CreatedBridgeCredential);
    }
    const revoke = /^\/api\/admin\/bridge\/credentials\/([^/]+)$/.exec(path);
    if (revoke && request.method === 'DELETE') {
      current = {
        ...current,
        servers: current.servers.map((s) =>
          s.credential_id === revoke[1] ? { ...s, revoked: true, sockets: 0 } : s,
        ),
      };
      return json({ credentials: [] });
    }
    return json({ detail: 'Not found' }, 404);
  });
}

function renderPage(roles: string[] = ['OWNER']) {
  storeSession(roles, 'Steve');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoute(
    <QueryClientProvider client={client}>
      <GameServersPage />
    </QueryClientProvider>,
    { path: '/admin/servers' },
  );
}

const serverRows = async () =>
  within(await screen.findByRole('list', { name: 'Game servers' })).getAllByRole('listitem');

describe('GameServersPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each server's last contact, sockets and deliveries held, and the delivery counts", async () => {
    stubBridgeApi();
    renderPage(['ADMIN']);
    const rows = await serverRows();
    expect(rows.map((row) => row.getAttribute('data-server'))).toEqual(['default', 'lobby-1', 'old-mines']);
    expect(rows[0]).toHaveTextContent('BRIDGE_TOKEN');
    expect(rows[0]).toHaveTextContent('Last contact never');
    expect(within(rows[1]!).getByText('Sockets').nextSibling).toHaveTextContent('2');
    expect(within(rows[1]!).getByText('Holding').nextSibling).toHaveTextContent('3');
    expect(rows[1]!.querySelector('time')).toHaveAttribute('dateTime', '2026-05-02T09:13:04.000Z');
    expect(rows[2]).toHaveTextContent('Revoked');
    expect(screen.getByText('Waiting').nextSibling).toHaveTextContent('4');
    expect(screen.getByText('Taken').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('Delivered').nextSibling).toHaveTextContent('41');
    // Only an owner makes and revokes credentials.
    expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(screen.queryByLabelText('New credential for a game server')).toBeNull();
  });

  it("lists the newest batches, a refused one's refusals by index, code and reason on demand", async () => {
    stubBridgeApi();
    renderPage(['ADMIN']);
    const table = await screen.findByRole('table');
    const [, refused, applied] = within(table).getAllByRole('row');
    expect(applied).toHaveTextContent(/lobby-1\s*1210$/);
    expect(within(table).queryByRole('list', { name: 'Refusals' })).toBeNull();
    const user = userEvent.setup();
    const toggle = within(refused!).getByRole('button', { name: '2 refused: show the reasons' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const refusals = within(within(table).getByRole('list', { name: 'Refusals' })).getAllByRole('listitem');
    expect(refusals.map((r) => r.textContent)).toEqual([
      'Event 1unknown_playerunknown player 1234',
      'Event 3event_invalidxp_delta: too small',
    ]);
    await user.click(toggle);
    expect(within(table).queryByRole('list', { name: 'Refusals' })).toBeNull();
  });

  it('says when no batch has been received yet', async () => {
    stubBridgeApi({ ...INSPECTOR, batches: [] });
    renderPage(['ADMIN']);
    expect(await screen.findByText('No batch has been received yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lets an owner make a credential, showing its token once with a copy button', async () => {
    const { paths } = stubBridgeApi();
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New credential for a game server'), 'mines-2');
    await user.click(screen.getByRole('button', { name: 'Create credential' }));
    const shown = await screen.findByRole('region', { name: "New credential's token" });
    expect(shown).toHaveTextContent(TOKEN);
    expect(shown).toHaveTextContent('it will not be shown again');
    expect(within(shown).getByRole('button', { name: 'Copy token' })).toBeEnabled();
    expect(paths()).toContain('POST /api/admin/bridge/credentials');
    // The list follows.
    await vi.waitFor(async () =>
      expect((await serverRows()).map((row) => row.getAttribute('data-server'))).toContain('mines-2'),
    );
    await user.click(within(shown).getByRole('button', { name: 'Done, hide it' }));
    expect(screen.queryByText(TOKEN)).toBeNull();
  });

  it("shows the server's refusal of a new credential", async () => {
    stubFetch(async (request) =>
      request.method === 'POST'
        ? json({ detail: 'A credential named lobby-1 is in use', code: 'credential_name_taken' }, 409)
        : json(INSPECTOR),
    );
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New credential for a game server'), 'lobby-1');
    await user.click(screen.getByRole('button', { name: 'Create credential' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A credential named lobby-1 is in use');
  });

  it('revokes a credential after a confirmation, and the list follows', async () => {
    const { paths } = stubBridgeApi();
    renderPage();
    const user = userEvent.setup();
    // Not "default" (BRIDGE_TOKEN) nor one already revoked.
    await user.click(await screen.findByRole('button', { name: 'Revoke lobby-1' }));
    expect(screen.getAllByRole('button', { name: /^Revoke / })).toHaveLength(1);
    const dialog = screen.getByRole('dialog', { name: 'Revoke lobby-1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(paths().filter((p) => p.startsWith('DELETE'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke lobby-1' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke credential' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The credential lobby-1 is revoked');
    expect(paths().filter((p) => p.startsWith('DELETE'))).toEqual([
      `DELETE /api/admin/bridge/credentials/${LOBBY}`,
    ]);
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke lobby-1' })).toBeNull());
  });

  it('says why when the inspector is refused', async () => {
    stubFetch(() => json({ detail: 'You do not have permission to do that' }, 403));
    renderPage(['ADMIN']);
    expect(await screen.findAllByText('You do not have permission to do that')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
