import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, PLAYER, stubFetch } from '../../../test/fake-fetch.ts';
import { requestLogin, TwoFactorRequiredError } from './api.ts';
import { safeRedirect } from './login.ts';

afterEach(() => vi.unstubAllGlobals());

describe('safeRedirect', () => {
  it.each(['/leaderboard', '/profile', '/auction/ores?sort=price_asc#top', '/admin/console', '/'])(
    'honours the path %s on this site',
    (path) => {
      expect(safeRedirect(path)).toBe(path);
    },
  );

  it.each([
    ['missing', null],
    ['empty', ''],
    ['protocol-relative', '//example.com'],
    ['protocol-relative with a path', '//example.com/profile'],
    ['a backslash after the slash', '/\\example.com'],
    ['a backslash then a slash', '/\\/example.com'],
    ['a tab that browsers drop', '/\t/example.com'],
    ['a newline that browsers drop', '/\n/example.com'],
    ['absolute', 'https://example.com/profile'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['relative', 'leaderboard'],
    ['the login page itself', '/login?redirect=/profile'],
  ])('refuses a %s redirect', (_what, raw) => {
    expect(safeRedirect(raw)).toBeNull();
  });
});

describe('requestLogin', () => {
  it('posts the username and password as JSON and answers the session', async () => {
    const answer = { access_token: 'a.b.c', refresh_token: 'r', user: PLAYER };
    const { requests, paths } = stubFetch(async () => json(answer));
    expect(await requestLogin('DemoPlayer', 'prison-demo')).toEqual(answer);
    expect(paths()).toEqual(['POST /api/auth/player-login']);
    expect(requests[0]!.headers.get('content-type')).toBe('application/json');
    expect(await requests[0]!.json()).toEqual({ username: 'DemoPlayer', password: 'prison-demo' });
  });

  it('sends the two-factor code, and rejects with TwoFactorRequiredError when the server asks for one', async () => {
    const { requests } = stubFetch(async () =>
      json(
        { detail: 'Invalid two-factor code', code: 'wrong_two_factor_code', two_factor_required: true },
        401,
      ),
    );
    const refused = requestLogin('DemoPlayer', 'prison-demo', '000000');
    await expect(refused).rejects.toThrow(TwoFactorRequiredError);
    await expect(refused).rejects.toThrow('Invalid two-factor code');
    expect(await requests[0]!.json()).toEqual({
      username: 'DemoPlayer',
      password: 'prison-demo',
      code: '000000',
    });
  });

  it("rejects with the server's detail", async () => {
    stubFetch(async () => json({ detail: 'Invalid username or password' }, 401));
    await expect(requestLogin('DemoPlayer', 'wrong')).rejects.toThrow('Invalid username or password');
  });

  it.each([
    ['an error without a detail', () => json({}, 401)],
    ['an error that is not JSON', () => new Response('<h1>Bad gateway</h1>', { status: 502 })],
    ['a success that is not a session', () => json({ token: 'x' })],
    ['a success that is not JSON', () => new Response('ok', { status: 200 })],
  ])('rejects with "Login failed" on %s', async (_what, answer) => {
    stubFetch(async () => answer());
    await expect(requestLogin('DemoPlayer', 'prison-demo')).rejects.toThrow(new Error('Login failed'));
  });

  it('rejects with "Network error" when the request fails', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(requestLogin('DemoPlayer', 'prison-demo')).rejects.toThrow(new Error('Network error'));
  });
});
