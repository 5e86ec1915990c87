import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, json, PLAYER, stubFetch, tokenExpiringIn } from '../../test/fake-fetch.ts';
import { isSessionExpired, readSession, saveSession } from './session.ts';
import { checkStoredSession, decodeTokenPayload } from './session-check.ts';
import { sessionCookieString } from './session-cookies.ts';

const ME = { ...PLAYER, roles: ['OWNER'] };
const PAIR = { access_token: tokenExpiringIn(900), refresh_token: 'new-refresh' };

function store(token: string, refreshToken: string | null = 'refresh') {
  saveSession({ token, refreshToken: refreshToken ?? '', user: PLAYER });
  if (refreshToken === null) localStorage.removeItem('refresh_token');
}

/** The demo server's answers: /me for a bearer token it accepts, and a refresh that works. */
function server({ refresh = json(PAIR), me = (): Response => json(ME) } = {}) {
  return stubFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/auth/refresh') return refresh.clone();
    if (path === '/api/auth/me') return me();
    return json({ detail: 'Not found' }, 404);
  });
}

function expectExpired() {
  expect(readSession()).toBeNull();
  expect(localStorage.getItem('token')).toBeNull();
  expect(document.cookie).not.toMatch(/cp_/);
  expect(isSessionExpired()).toBe(true);
}

afterEach(() => vi.unstubAllGlobals());

describe('decodeTokenPayload', () => {
  it('reads a base64url JSON payload', () => {
    expect(decodeTokenPayload(fakeToken({ sub: 'u', exp: 42, name: 'Élodie ✓', q: '??>>~~' }))).toEqual({
      sub: 'u',
      exp: 42,
      name: 'Élodie ✓',
      q: '??>>~~',
    });
  });

  it.each(['a.b', 'a.!!!.c', `a.${btoa('[1,2]')}.c`, `a.${btoa('not json')}.c`, 'a..c'])(
    'is null for %s',
    (token) => {
      expect(decodeTokenPayload(token)).toBeNull();
    },
  );
});

describe('checkStoredSession', () => {
  it('does nothing for a guest', async () => {
    const { paths } = server();
    expect(await checkStoredSession()).toBe('guest');
    expect(paths()).toEqual([]);
    expect(isSessionExpired()).toBe(false);
  });

  it.each(['not-a-jwt', 'two.parts', 'a.b.c.d'])(
    'expires a token without three dot-separated parts (%s), calling nothing',
    async (token) => {
      const { paths } = server();
      store(token);
      expect(await checkStoredSession()).toBe('expired');
      expect(paths()).toEqual([]);
      expectExpired();
    },
  );

  it('expires a token whose payload cannot be decoded', async () => {
    const { paths } = server();
    store('header.%%%.signature');
    expect(await checkStoredSession()).toBe('expired');
    expect(paths()).toEqual([]);
    expectExpired();
  });

  it('keeps the session when the page is left while /me is asked (the request is aborted)', async () => {
    const token = tokenExpiringIn(600);
    store(token);
    server({
      me: () => {
        // The browser leaves the page: pagehide, then the page's requests fail.
        window.dispatchEvent(new Event('pagehide'));
        throw new TypeError('Failed to fetch');
      },
    });
    try {
      expect(await checkStoredSession()).toBe('guest');
      expect(localStorage.getItem('token')).toBe(token);
      expect(isSessionExpired()).toBe(false);
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
  });

  it('keeps a token whose exp is in the future: no refresh, then /me with that token', async () => {
    const token = tokenExpiringIn(600);
    const { paths, requests } = server();
    store(token);
    expect(await checkStoredSession()).toBe('valid');
    expect(paths()).toEqual(['GET /api/auth/me']);
    expect(requests[0]!.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(readSession()?.token).toBe(token);
  });

  it.each([
    ['past', tokenExpiringIn(-5)],
    ['missing', fakeToken({ sub: PLAYER.uuid })],
    ['not a number', fakeToken({ sub: PLAYER.uuid, exp: 'tomorrow' })],
  ])('refreshes first when exp is %s, then fetches /me with the new token', async (_what, token) => {
    const { paths, requests } = server();
    store(token);
    expect(await checkStoredSession()).toBe('valid');
    expect(paths()).toEqual(['POST /api/auth/refresh', 'GET /api/auth/me']);
    expect(await requests[0]!.json()).toEqual({ refresh_token: 'refresh' });
    expect(requests[1]!.headers.get('authorization')).toBe(`Bearer ${PAIR.access_token}`);
    expect(readSession()).toMatchObject({ token: PAIR.access_token, refreshToken: 'new-refresh' });
  });

  it('expires a past token without calling anything when there is no refresh token', async () => {
    const { paths } = server();
    store(tokenExpiringIn(-5), null);
    expect(await checkStoredSession()).toBe('expired');
    expect(paths()).toEqual([]);
    expectExpired();
  });

  it('expires the session when the refresh is refused', async () => {
    const { paths } = server({ refresh: json({ detail: 'Invalid refresh token' }, 401) });
    store(tokenExpiringIn(-5), 'bogus');
    expect(await checkStoredSession()).toBe('expired');
    expect(paths()).toEqual(['POST /api/auth/refresh']);
    expectExpired();
  });

  it.each([
    ['answers 500', () => json({ detail: 'Internal server error' }, 500)],
    ['answers something that is not a user', () => json({ uuid: 1 })],
    [
      'cannot be reached',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('expires the session when /me %s', async (_what, me) => {
    server({ me });
    store(tokenExpiringIn(600));
    expect(await checkStoredSession()).toBe('expired');
    expectExpired();
  });

  it('expires the session when /me refuses the token and the refresh fails too', async () => {
    const { paths } = server({
      me: () => json({ detail: 'Not signed in' }, 401),
      refresh: json({ detail: 'Invalid refresh token' }, 401),
    });
    store(tokenExpiringIn(600));
    expect(await checkStoredSession()).toBe('expired');
    expect(paths()).toEqual(['GET /api/auth/me', 'POST /api/auth/refresh']);
    expectExpired();
  });

  it('keeps the session and stores the user /me answers (roles changed in game)', async () => {
    server();
    store(tokenExpiringIn(600));
    expect(readSession()?.user.roles).toEqual([]);
    expect(await checkStoredSession()).toBe('valid');
    expect(readSession()?.user).toEqual(ME);
    expect(decodeURIComponent(document.cookie)).toContain('"roles":["OWNER"]');
    expect(isSessionExpired()).toBe(false);
  });
});

describe('checkStoredSession with a session in the mirror cookies only', () => {
  // Signed in on the other host: the cookies hold a session, this host's storage none. The user
  // cookie claims OWNER; the server's word is that the player has no roles.
  function cookies(token: string) {
    const site = { protocol: 'http:', hostname: 'localhost' };
    const held = { cp_token: token, cp_refresh_token: 'cookie-refresh', cp_user: JSON.stringify(ME) };
    for (const [name, value] of Object.entries(held)) {
      // biome-ignore lint/suspicious/noDocumentCookie: the mirror cookies are plain document cookies.
      document.cookie = sessionCookieString(name, value, site);
    }
  }
  const confirming = () => server({ me: () => json(PLAYER) });

  it('takes it once /me confirms it, with the user /me names', async () => {
    const token = tokenExpiringIn(600);
    cookies(token);
    const { paths, requests } = confirming();
    expect(await checkStoredSession()).toBe('valid');
    expect(paths()).toEqual(['GET /api/auth/me']);
    expect(requests[0]!.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(readSession()).toEqual({ token, refreshToken: 'cookie-refresh', user: PLAYER });
  });

  it('refreshes an expired one first, and keeps the new pair', async () => {
    cookies(tokenExpiringIn(-5));
    const { paths, requests } = confirming();
    expect(await checkStoredSession()).toBe('valid');
    expect(paths()).toEqual(['POST /api/auth/refresh', 'GET /api/auth/me']);
    expect(await requests[0]!.json()).toEqual({ refresh_token: 'cookie-refresh' });
    expect(readSession()).toEqual({ token: PAIR.access_token, refreshToken: 'new-refresh', user: PLAYER });
  });

  it('does not take one the server refuses, and clears it from the cookies', async () => {
    cookies(tokenExpiringIn(600));
    server({ me: () => json({ detail: 'Not signed in' }, 401) });
    expect(await checkStoredSession()).toBe('guest');
    expect(readSession()).toBeNull();
    expect(document.cookie).not.toMatch(/cp_/);
    expect(isSessionExpired()).toBe(false);
  });

  it('leaves the cookies for the next page when the server cannot be reached', async () => {
    cookies(tokenExpiringIn(600));
    server({
      me: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await checkStoredSession()).toBe('guest');
    expect(readSession()).toBeNull();
    expect(document.cookie).toMatch(/cp_token=/);
  });

  it('keeps a refreshed pair in the cookies even when /me cannot be reached: the old one is spent', async () => {
    cookies(tokenExpiringIn(-5));
    server({
      me: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await checkStoredSession()).toBe('guest');
    expect(readSession()).toBeNull();
    expect(document.cookie).toContain('cp_refresh_token=new-refresh');
  });
});
