import { STAFF_SIGN_IN_WITH_CODE, STAFF_TWO_FACTOR_REQUIRED } from '@prison/shared/two-factor';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, storeSession } from '../../../test/render-route.tsx';
import { httpError } from '../../lib/api.ts';
import { readSession } from '../../lib/session.ts';
import { AdminDashboardPage } from './admin-dashboard-page.tsx';
import { secondFactorStep } from './api.ts';

/** The console as a member of staff whose every admin call is refused with `detail` and `code`. */
function renderRefusedConsole(detail: string, code: string, path = '/admin/console') {
  const api = stubFetch(async (request) =>
    new URL(request.url).pathname === '/api/auth/logout' ? json(null, 204) : json({ detail, code }, 403),
  );
  storeSession(['OWNER']);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = renderRoute(
    <QueryClientProvider client={client}>
      <AdminDashboardPage />
    </QueryClientProvider>,
    { path, routes: [{ path: '/login', element: <h1>Sign in</h1> }] },
  );
  return { ...api, ...view };
}

describe('secondFactorStep', () => {
  it('reads the two refusals of STAFF_2FA=required by their codes, and nothing else', () => {
    const enrol = { detail: STAFF_TWO_FACTOR_REQUIRED, code: 'staff_two_factor_required' };
    const signInWithCode = { detail: STAFF_SIGN_IN_WITH_CODE, code: 'staff_sign_in_with_code' };
    expect(secondFactorStep(httpError(403, enrol))).toBe('enrol');
    expect(secondFactorStep(httpError(403, signInWithCode))).toBe('sign-in-with-code');
    // Whatever the language of the detail: the code decides.
    expect(secondFactorStep(httpError(403, { ...enrol, detail: 'Autre langue' }))).toBe('enrol');
    expect(secondFactorStep(httpError(403, { detail: STAFF_TWO_FACTOR_REQUIRED }))).toBeNull();
    expect(
      secondFactorStep(
        httpError(403, { detail: 'You do not have permission to do that', code: 'not_permitted' }),
      ),
    ).toBeNull();
    expect(secondFactorStep(httpError(400, signInWithCode))).toBeNull();
    expect(secondFactorStep(new Error('offline'))).toBeNull();
  });
});

describe('the console under STAFF_2FA=required', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a session signed in without the code to sign in again, coming back to the console', async () => {
    const { paths, router } = renderRefusedConsole(STAFF_SIGN_IN_WITH_CODE, 'staff_sign_in_with_code');
    const overview = screen.getByRole('region', { name: 'Operational overview' });
    const alert = await within(overview).findByRole('alert');
    expect(alert).toHaveTextContent(STAFF_SIGN_IN_WITH_CODE);
    expect(within(alert).queryByRole('link', { name: 'Enrol in two-factor sign-in' })).toBeNull();

    await userEvent.click(within(alert).getByRole('button', { name: 'Sign out and sign in again' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fadmin%2Fconsole');
    expect(readSession()).toBeNull();
    expect(paths()).toContain('POST /api/auth/logout');
  });

  it('sends an account without two-factor sign-in to enrol on its profile', async () => {
    renderRefusedConsole(STAFF_TWO_FACTOR_REQUIRED, 'staff_two_factor_required', '/admin');
    const overview = screen.getByRole('region', { name: 'Operational overview' });
    const alert = await within(overview).findByRole('alert');
    expect(alert).toHaveTextContent(STAFF_TWO_FACTOR_REQUIRED);
    expect(within(alert).getByRole('link', { name: 'Enrol in two-factor sign-in' })).toHaveAttribute(
      'href',
      '/profile#security',
    );
    expect(within(alert).queryByRole('button')).toBeNull();
    // The cards of the console, refused the same way, point at it rather than say it again.
    for (const name of ['Staff accounts', 'Audit log']) {
      const card = screen.getByRole('region', { name });
      expect(
        await within(card).findByText(
          'Waiting for two-factor sign-in: the notice at the top of the page says what to do.',
        ),
      ).toBeInTheDocument();
    }
    expect(screen.getAllByText(STAFF_TWO_FACTOR_REQUIRED, { exact: false })).toHaveLength(1);
  });
});
