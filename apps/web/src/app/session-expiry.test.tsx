import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute, storeSession } from '../../test/render-route.tsx';
import { SESSION_EXPIRED_MESSAGE } from '../features/auth/login-page.tsx';
import { translate } from '../lib/i18n.ts';
import {
  expireOnSessionClose,
  isSessionExpired,
  logout,
  SOCKET_SESSION_EXPIRED_MESSAGE,
} from '../lib/session.ts';
import { LoginRoute } from './login-route.tsx';
import { expiredLoginPath, SessionExpiryRedirect } from './session-expiry.tsx';

function renderPage(path: string) {
  return renderRoute(
    <>
      <SessionExpiryRedirect />
      <h1>Some page</h1>
    </>,
    { path, routes: [{ path: '/login', element: <LoginRoute set="public" /> }] },
  );
}

describe('expiredLoginPath', () => {
  it('comes back to the page afterwards', () => {
    expect(expiredLoginPath('/auction/ores?sort=price_asc')).toBe(
      '/login?redirect=%2Fauction%2Fores%3Fsort%3Dprice_asc',
    );
    expect(expiredLoginPath('/')).toBe('/login');
  });
});

describe('SessionExpiryRedirect', () => {
  it('goes to /login when the session expires, where the alert shows once', async () => {
    storeSession([]);
    const { router } = renderPage('/social');
    act(() => logout('expired'));
    expect(await screen.findByRole('alert')).toHaveTextContent(translate(SESSION_EXPIRED_MESSAGE));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fsocial');
    expect(isSessionExpired()).toBe(false);
  });

  it('says "Session expired" when a live feed closed with 1008 (spec 8)', async () => {
    storeSession([]);
    const { router } = renderPage('/social');
    act(() => expireOnSessionClose({ code: 1008 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(translate(SOCKET_SESSION_EXPIRED_MESSAGE));
    expect(router.state.location.pathname).toBe('/login');
    expect(isSessionExpired()).toBe(false);
  });

  it('stays put on a plain logout', () => {
    storeSession([]);
    const { router } = renderPage('/social');
    act(() => logout());
    expect(router.state.location.pathname).toBe('/social');
  });
});
