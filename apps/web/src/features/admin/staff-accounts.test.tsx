import type { StaffMember } from '@prison/shared/admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, storeSession } from '../../../test/render-route.tsx';
import { StaffAccounts } from './staff-accounts.tsx';

// storeSession's account is the signed-in member.
const ME = '8667ba71-b85a-4004-af54-457a9734eed7';
const BOB = '3f1c9a52-7d4e-4b8a-9e21-5c6d7e8f9a0b';
const STAFF: StaffMember[] = [
  { uuid: ME, username: 'Steve', roles: ['OWNER', 'WEB_ADMIN'], two_factor: true },
  { uuid: BOB, username: 'Bob', roles: ['ADMIN'], two_factor: true },
  {
    uuid: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    username: 'Quill',
    roles: ['DOCS_EDITOR'],
    two_factor: false,
  },
];

/** GET /api/admin/staff and the reset, which answers the new list (or `refuse` when given). */
function stubStaffApi({ refuse }: { refuse?: Response } = {}) {
  let staff = STAFF.map((member) => ({ ...member }));
  return stubFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/admin/staff' && request.method === 'GET') return json({ staff });
    const reset = /^\/api\/admin\/staff\/([^/]+)\/2fa\/reset$/.exec(path);
    if (reset && request.method === 'POST') {
      if (refuse) return refuse;
      staff = staff.map((member) => (member.uuid === reset[1] ? { ...member, two_factor: false } : member));
      return json({ staff });
    }
    return json({ detail: 'Not found' }, 404);
  });
}

function renderCard(roles: string[] = ['OWNER', 'WEB_ADMIN']) {
  storeSession(roles, 'Steve');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoute(
    <QueryClientProvider client={client}>
      <StaffAccounts />
    </QueryClientProvider>,
    { path: '/admin/console' },
  );
}

const rowOf = async (username: string) =>
  (await screen.findAllByRole('listitem')).find((row) => row.textContent?.startsWith(username))!;

describe('StaffAccounts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each member with their roles and whether two-factor sign-in is on', async () => {
    stubStaffApi();
    renderCard();
    const card = screen.getByRole('region', { name: 'Staff accounts' });
    const rows = within(await within(card).findByRole('list', { name: 'Staff members' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      'SteveYouRoles: OWNERWEB_ADMINTwo-factor on',
      'BobRoles: ADMINTwo-factor onClear two-factor',
      'QuillRoles: DOCS_EDITORTwo-factor off',
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'Bob' })).toHaveAttribute('href', '/players/Bob');
  });

  it('offers an owner the clear on the others who have it on, and nobody else', async () => {
    stubStaffApi();
    renderCard();
    expect(await screen.findByRole('button', { name: 'Clear two-factor for Bob' })).toBeEnabled();
    // Not on the owner themselves, nor on a member who has it off.
    expect(screen.getAllByRole('button', { name: /^Clear two-factor/ })).toHaveLength(1);
  });

  it('offers no clear to a member who is not an owner', async () => {
    stubStaffApi();
    renderCard(['ADMIN']);
    expect(await rowOf('Bob')).toHaveTextContent('Two-factor on');
    expect(screen.queryByRole('button', { name: /Clear two-factor/ })).toBeNull();
  });

  it('clears a member after a confirmation that says what it does, and the list follows', async () => {
    const { paths } = stubStaffApi();
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Clear two-factor for Bob' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear two-factor for Bob?' });
    expect(dialog).toHaveAccessibleDescription(
      'Their authenticator app and recovery codes stop working, and they are signed out everywhere. ' +
        'They sign in with their password alone and enrol again from the Security card of their profile. ' +
        'The audit log records it.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(paths().filter((path) => path.startsWith('POST'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Clear two-factor for Bob' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear two-factor' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Two-factor sign-in cleared for Bob. They sign in with their password and enrol again.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await rowOf('Bob')).toHaveTextContent('Two-factor off');
    expect(screen.queryByRole('button', { name: /Clear two-factor/ })).toBeNull();
    expect(paths().filter((path) => path.startsWith('POST'))).toEqual([
      `POST /api/admin/staff/${BOB}/2fa/reset`,
    ]);
  });

  it("shows the server's refusal in the dialog and reads the list again", async () => {
    const { paths } = stubStaffApi({
      refuse: json({ detail: 'Two-factor sign-in is not on for that player' }, 409),
    });
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Clear two-factor for Bob' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Clear two-factor' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Two-factor sign-in is not on for that player',
    );
    await vi.waitFor(() => expect(paths().filter((path) => path === 'GET /api/admin/staff')).toHaveLength(2));
  });

  it('says why when the list is refused', async () => {
    stubFetch(() => json({ detail: 'You do not have permission to do that' }, 403));
    renderCard();
    expect(await screen.findByText('You do not have permission to do that')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
