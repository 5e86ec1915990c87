import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, PLAYER, stubFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, storeSession } from '../../../test/render-route.tsx';
import { translate } from '../../lib/i18n.ts';
import { isSessionExpired, logout, readSession } from '../../lib/session.ts';
import { LoginPage, type LoginPageProps, SESSION_EXPIRED_MESSAGE } from './login-page.tsx';

const SESSION = { access_token: 'a.b.c', refresh_token: 'r', user: PLAYER };

const destinations = ['/profile', '/leaderboard', '/admin', '/'].map((path) => ({
  path,
  element: <h1>{`Landed on ${path}`}</h1>,
}));

function renderLogin(path = '/login', props: Partial<LoginPageProps> = {}, config = {}) {
  return renderRoute(<LoginPage defaultDestination="/profile" {...props} />, {
    path,
    routes: destinations,
    config,
  });
}

async function signIn(username = 'DemoPlayer', password = 'prison-demo') {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

afterEach(() => vi.unstubAllGlobals());

describe('LoginPage', () => {
  it('has a labelled username and password form that password managers understand', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByText(/\/site password/)).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('signs in, stores the session and goes to the default destination', async () => {
    const { requests } = stubFetch(async () => json(SESSION));
    const { router } = renderLogin();
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Landed on /profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(await requests[0]!.json()).toEqual({ username: 'DemoPlayer', password: 'prison-demo' });
    expect(readSession()).toEqual({ token: 'a.b.c', refreshToken: 'r', user: PLAYER });
    expect(document.cookie).toContain('cp_token=a.b.c');
  });

  it('reads "Signing in…" and cannot be sent twice while the server answers', async () => {
    let answer!: (response: Response) => void;
    const { requests } = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderLogin();
    const user = await signIn();
    const busy = screen.getByRole('button', { name: 'Signing in…' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(requests).toHaveLength(1);
    await act(async () => answer(json(SESSION)));
    expect(await screen.findByRole('heading', { name: 'Landed on /profile' })).toBeInTheDocument();
  });

  it("shows the server's detail and lets the player try again", async () => {
    stubFetch(async () => json({ detail: 'Invalid username or password' }, 401));
    renderLogin();
    await signIn('DemoPlayer', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(readSession()).toBeNull();
  });

  it('asks for the two-factor code when the account has it on, and sends it with the password', async () => {
    const { requests } = stubFetch(async (request) => {
      const { code } = await request.clone().json();
      if (code === '123456') return json(SESSION);
      return json(
        code === undefined
          ? { detail: 'Two-factor code required', code: 'two_factor_required', two_factor_required: true }
          : { detail: 'Invalid two-factor code', code: 'wrong_two_factor_code', two_factor_required: true },
        401,
      );
    });
    renderLogin();
    const user = await signIn();
    const code = await screen.findByLabelText('Two-factor code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    // Being asked is not an error; a wrong code is.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(code, 'wrong-code');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid two-factor code');
    await user.clear(screen.getByLabelText('Two-factor code'));
    await user.type(screen.getByLabelText('Two-factor code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Landed on /profile' })).toBeInTheDocument();
    expect(await Promise.all(requests.map((r) => r.json()))).toEqual([
      { username: 'DemoPlayer', password: 'prison-demo' },
      { username: 'DemoPlayer', password: 'prison-demo', code: 'wrong-code' },
      { username: 'DemoPlayer', password: 'prison-demo', code: '123456' },
    ]);
  });

  it('goes back to the name and password from the code step', async () => {
    stubFetch(async () =>
      json(
        { detail: 'Two-factor code required', code: 'two_factor_required', two_factor_required: true },
        401,
      ),
    );
    renderLogin();
    const user = await signIn();
    await user.click(await screen.findByRole('button', { name: 'Use another account' }));
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.queryByLabelText('Two-factor code')).not.toBeInTheDocument();
  });

  it('checks nothing itself: an empty form goes to the server, whose answer is shown', async () => {
    const { requests } = stubFetch(async () =>
      json({ detail: 'Invalid body: username: Enter your username' }, 400),
    );
    renderLogin();
    await signIn('', '');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid body: username: Enter your username');
    expect(await requests[0]!.json()).toEqual({ username: '', password: '' });
  });

  it('shows "Login failed" when the server gives no detail', async () => {
    stubFetch(async () => new Response('Bad gateway', { status: 502 }));
    renderLogin();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
  });

  it('shows "Network error" when the server cannot be reached', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderLogin();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Network error$/);
  });

  it.each([
    ['/leaderboard', '/leaderboard'],
    ['%2Fleaderboard', '/leaderboard'],
    ['//example.com', '/profile'],
    ['%2F%2Fexample.com', '/profile'],
    ['/%5Cexample.com', '/profile'],
    ['https://example.com', '/profile'],
    ['leaderboard', '/profile'],
  ])('with ?redirect=%s lands on %s', async (redirect, landing) => {
    stubFetch(async () => json(SESSION));
    const { router } = renderLogin(`/login?redirect=${redirect}`);
    await signIn();
    expect(await screen.findByRole('heading', { name: `Landed on ${landing}` })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(landing);
  });

  it('loads a destination outside its route set as a new page', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    stubFetch(async () => json(SESSION));
    renderLogin('/login?redirect=/admin/console', { isInApp: (path) => !path.startsWith('/admin') });
    await signIn();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin/console'));
  });

  it('shows the expired-session alert once, then acknowledges it', async () => {
    logout('expired');
    const first = renderLogin();
    expect(screen.getByRole('alert')).toHaveTextContent(translate(SESSION_EXPIRED_MESSAGE));
    await waitFor(() => expect(isSessionExpired()).toBe(false));
    first.unmount();
    renderLogin();
    expect(screen.queryByText(translate(SESSION_EXPIRED_MESSAGE))).not.toBeInTheDocument();
  });

  it('shows the expired-session alert when the session expires while the page is open', () => {
    storeSession([]);
    renderLogin();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => logout('expired'));
    expect(screen.getByRole('alert')).toHaveTextContent(translate(SESSION_EXPIRED_MESSAGE));
    expect(isSessionExpired()).toBe(false);
  });

  it('shows the form to a signed-in player, with a note saying who is signed in', () => {
    storeSession([], 'Steve');
    renderLogin();
    expect(screen.getByText(/You are signed in as/)).toHaveTextContent('You are signed in as Steve.');
    expect(screen.getByRole('link', { name: 'Go to my profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
  });

  it('offers the demo account on the demo server only', () => {
    const { unmount } = renderLogin('/login', {}, { demo: true });
    expect(screen.getByText(/Demo server/)).toHaveTextContent('DemoPlayer');
    unmount();
    renderLogin();
    expect(screen.queryByText(/Demo server/)).not.toBeInTheDocument();
  });
});
