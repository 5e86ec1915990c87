import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { storeSession } from '../../../test/render-route.tsx';
import { SecurityCard } from './security-card.tsx';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);

/** The two-factor API of one account, off to begin with; the right code is 123456. */
function stubTwoFactorApi() {
  let enabled = false;
  return stubFetch(async (request) => {
    const path = new URL(request.url).pathname;
    const code =
      request.method === 'POST'
        ? (
            await request
              .clone()
              .json()
              .catch(() => ({}))
          ).code
        : undefined;
    const status = () => json({ enabled, recovery_codes_left: enabled ? 10 : 0 });
    if (path === '/api/auth/2fa') return status();
    if (path === '/api/auth/2fa/setup') {
      return json({ secret: SECRET, otpauth_url: `otpauth://totp/Vaultbreak:Steve?secret=${SECRET}` });
    }
    if (code !== '123456') return json({ detail: 'That code is not right.' }, 400);
    enabled = path.endsWith('/enable');
    return path.endsWith('/enable') ? json({ recovery_codes: CODES }) : status();
  });
}

function renderCard() {
  storeSession([], 'Steve');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SecurityCard />
    </QueryClientProvider>,
  );
}

describe('SecurityCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('enrols with a QR code and a confirming code, shows the recovery codes once, then turns off', async () => {
    stubTwoFactorApi();
    renderCard();
    const user = userEvent.setup();
    const card = screen.getByRole('region', { name: 'Security' });
    expect(await within(card).findByText('Two-factor off')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Enable two-factor' }));
    const qr = await within(card).findByRole('img', { name: 'QR code of your two-factor key' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(card).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

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
    await user.click(within(card).getByRole('button', { name: 'I have saved them' }));
    expect(within(card).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(await within(card).findByText('Two-factor on')).toBeInTheDocument();
    expect(card).toHaveTextContent('10 recovery codes left.');

    await user.type(
      within(card).getByLabelText('To turn it off, enter a code from your app or a recovery code'),
      '123456',
    );
    await user.click(within(card).getByRole('button', { name: 'Disable two-factor' }));
    expect(await within(card).findByText('Two-factor off')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Enable two-factor' })).toBeInTheDocument();
  });
});
