import type { SignedInSession } from '@prison/shared/auth';
import { WRONG_PASSWORD } from '@prison/shared/two-factor';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, storeSession } from '../../../test/render-route.tsx';
import { SecurityCard } from './security-card.tsx';
import { SessionsCard } from './sessions-card.tsx';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
const PASSWORD = 'correct horse';

const session = (id: string, device: string, current: boolean): SignedInSession => ({
  id,
  device,
  address: null,
  created_at: new Date().toISOString(),
  last_used_at: new Date().toISOString(),
  current,
});

/**
 * The two-factor API of one account, off to begin with (or on), signed in on two devices: the right
 * password is PASSWORD, the right code 123456, and a recovery code works to turn it off. Turning it on
 * signs the other device out, as the server does.
 */
function stubTwoFactorApi({ on = false } = {}) {
  let enabled = on;
  let sessions = [
    session('0b7e1d0a-1111-4111-8111-111111111111', 'Chrome on Windows', true),
    session('0b7e1d0a-2222-4222-8222-222222222222', 'Safari on iOS', false),
  ];
  return stubFetch(async (request) => {
    const path = new URL(request.url).pathname;
    const body: { password?: string; code?: string } =
      request.method === 'POST' ? await request.json().catch(() => ({})) : {};
    const status = () => json({ enabled, recovery_codes_left: enabled ? 10 : 0 });
    if (path === '/api/auth/sessions') return json({ sessions });
    if (path === '/api/auth/2fa') return status();
    if (body.password !== PASSWORD) return json({ detail: WRONG_PASSWORD }, 400);
    if (path === '/api/auth/2fa/setup') {
      return json({ secret: SECRET, otpauth_url: `otpauth://totp/Vaultbreak:Steve?secret=${SECRET}` });
    }
    const rightCode = body.code === '123456' || (path.endsWith('/disable') && body.code === CODES[3]);
    if (!rightCode) return json({ detail: 'That code is not right.' }, 400);
    enabled = path.endsWith('/enable');
    if (!enabled) return status();
    sessions = sessions.filter((s) => s.current);
    return json({ recovery_codes: CODES });
  });
}

function renderCards() {
  storeSession([], 'Steve');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoute(
    <QueryClientProvider client={client}>
      <SecurityCard />
      <SessionsCard />
    </QueryClientProvider>,
    { path: '/profile' },
  );
}

const bodiesOf = (requests: Request[], path: string) =>
  Promise.all(
    requests.filter((r) => new URL(r.url).pathname === path).map((r) => r.clone().json() as Promise<unknown>),
  );

describe('SecurityCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the password, enrols with a QR code and a code, shows the recovery codes once, and the other devices are signed out', async () => {
    const { requests } = stubTwoFactorApi();
    renderCards();
    const user = userEvent.setup();
    const card = screen.getByRole('region', { name: 'Security' });
    const devices = screen.getByRole('region', { name: 'Signed-in devices' });
    expect(await within(card).findByText('Two-factor off')).toBeInTheDocument();
    expect(await within(devices).findAllByRole('listitem')).toHaveLength(2);

    await user.click(within(card).getByRole('button', { name: 'Enable two-factor' }));
    const password = within(card).getByLabelText('Current password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveFocus();

    // Nothing is sent without a password; a wrong one is the server's sentence.
    await user.click(within(card).getByRole('button', { name: 'Continue' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Enter your current password');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.type(password, 'wrong');
    await user.click(within(card).getByRole('button', { name: 'Continue' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(WRONG_PASSWORD);
    await user.clear(password);
    await user.type(password, PASSWORD);
    await user.click(within(card).getByRole('button', { name: 'Continue' }));

    const qr = await within(card).findByRole('img', { name: 'QR code of your two-factor key' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(card).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(within(card).queryByLabelText('Current password')).not.toBeInTheDocument();

    const code = within(card).getByLabelText('2. Enter the 6-digit code the app shows');
    await user.type(code, '000000');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('That code is not right.');
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));

    const list = await within(card).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    // The password given before went again with the code; it was never written down in the browser.
    expect(await bodiesOf(requests, '/api/auth/2fa/setup')).toEqual([
      { password: 'wrong' },
      { password: PASSWORD },
    ]);
    expect((await bodiesOf(requests, '/api/auth/2fa/enable')).at(-1)).toEqual({
      password: PASSWORD,
      code: '123456',
    });
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain(PASSWORD);
    // Turning it on signed the phone out: the list is read again.
    await vi.waitFor(() => expect(within(devices).getAllByRole('listitem')).toHaveLength(1));
    expect(devices).not.toHaveTextContent('Safari on iOS');

    await user.click(within(card).getByRole('button', { name: 'I have saved them' }));
    expect(within(card).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(await within(card).findByText('Two-factor on')).toBeInTheDocument();
    expect(card).toHaveTextContent('10 recovery codes left.');
  });

  it('goes back to off when the password step is cancelled, sending nothing', async () => {
    const { paths } = stubTwoFactorApi();
    renderCards();
    const user = userEvent.setup();
    const card = screen.getByRole('region', { name: 'Security' });
    await user.click(await within(card).findByRole('button', { name: 'Enable two-factor' }));
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Enable two-factor' })).toBeInTheDocument();
    expect(paths().filter((path) => path.startsWith('POST'))).toEqual([]);
  });

  it('turns off with the password and a recovery code, saying what is wrong first', async () => {
    const { requests } = stubTwoFactorApi({ on: true });
    renderCards();
    const user = userEvent.setup();
    const card = screen.getByRole('region', { name: 'Security' });
    expect(await within(card).findByText('Two-factor on')).toBeInTheDocument();
    const form = within(card).getByRole('group', {
      name: 'To turn it off, enter your password and a code from your app or a recovery code',
    });
    const password = within(form).getByLabelText('Current password');
    const code = within(form).getByLabelText('Code');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    const disable = within(card).getByRole('button', { name: 'Disable two-factor' });

    await user.type(code, CODES[3]!);
    await user.click(disable);
    expect(within(card).getByRole('alert')).toHaveTextContent('Enter your current password');
    expect(password).toHaveFocus();
    await user.clear(code);
    await user.type(password, 'wrong');
    await user.click(disable);
    expect(within(card).getByRole('alert')).toHaveTextContent('Enter a code');
    expect(code).toHaveFocus();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(code, CODES[3]!);
    await user.click(disable);
    expect(await within(card).findByRole('alert')).toHaveTextContent(WRONG_PASSWORD);
    await user.clear(password);
    await user.type(password, PASSWORD);
    await user.click(disable);
    expect(await within(card).findByText('Two-factor off')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Enable two-factor' })).toBeInTheDocument();
    expect((await bodiesOf(requests, '/api/auth/2fa/disable')).at(-1)).toEqual({
      password: PASSWORD,
      code: CODES[3],
    });
  });
});
