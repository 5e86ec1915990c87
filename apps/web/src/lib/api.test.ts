import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { json, PLAYER, settle, stubFetch } from '../../test/fake-fetch.ts';
import { apiFetch, apiJson, fetchJson, isHttpError, jsonRequest, signOut } from './api.ts';
import { lazySchema } from './lazy-schema.ts';
import { isSessionExpired, readSession, saveSession } from './session.ts';

const PAIR = { access_token: 'new.access.token', refresh_token: 'new-refresh' };

function signIn(token = 'old.access.token', refreshToken = 'old-refresh') {
  saveSession({ token, refreshToken, user: PLAYER });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const bearer = (request: Request) => request.headers.get('authorization');

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it('adds the stored access token as a bearer token', async () => {
    const { requests } = stubFetch(() => json({ ok: true }));
    const response = await apiFetch('/api/social/overview');
    expect(response.status).toBe(200);
    expect(bearer(requests[0]!)).toBe('Bearer old.access.token');
  });

  it('keeps an Authorization header the caller set, and leaves its 401 alone', async () => {
    const { requests, paths } = stubFetch(() => json({ detail: 'Not signed in' }, 401));
    const response = await apiFetch('/api/auth/me', { headers: { Authorization: 'Bearer mine' } });
    expect(bearer(requests[0]!)).toBe('Bearer mine');
    expect(response.status).toBe(401);
    expect(paths()).toEqual(['GET /api/auth/me']);
    expect(readSession()).not.toBeNull();
  });

  it("sends a guest's call without a header and returns its 401 without refreshing", async () => {
    localStorage.clear();
    const { requests, paths } = stubFetch(() => json({ detail: 'Not signed in' }, 401));
    const response = await apiFetch('/api/auction/categories');
    expect(response.status).toBe(401);
    expect(bearer(requests[0]!)).toBeNull();
    expect(paths()).toEqual(['GET /api/auction/categories']);
    expect(isSessionExpired()).toBe(false);
  });

  it('answers a 401 with one refresh and one retry carrying the new token, and stores the new pair', async () => {
    const { requests, paths } = stubFetch(async (request) => {
      if (request.url.endsWith('/api/auth/refresh')) return json(PAIR);
      return bearer(request) === 'Bearer new.access.token' ? json({ friends: [] }) : json({}, 401);
    });
    const response = await apiFetch('/api/social/overview');
    expect(response.status).toBe(200);
    expect(paths()).toEqual([
      'GET /api/social/overview',
      'POST /api/auth/refresh',
      'GET /api/social/overview',
    ]);
    expect(await requests[1]!.json()).toEqual({ refresh_token: 'old-refresh' });
    expect(bearer(requests[2]!)).toBe('Bearer new.access.token');
    expect(readSession()).toMatchObject({ token: 'new.access.token', refreshToken: 'new-refresh' });
    expect(document.cookie).toContain('cp_token=new.access.token');
    expect(document.cookie).toContain('cp_refresh_token=new-refresh');
  });

  it('sends the same method and body again on the retry', async () => {
    const { requests } = stubFetch(async (request) => {
      if (request.url.endsWith('/api/auth/refresh')) return json(PAIR);
      return bearer(request) === 'Bearer new.access.token' ? json({}) : json({}, 401);
    });
    await apiFetch('/api/auction/purchase', { method: 'POST', body: JSON.stringify({ id: 7, qty: 2 }) });
    expect(requests[2]!.method).toBe('POST');
    expect(await requests[2]!.json()).toEqual({ id: 7, qty: 2 });
  });

  it('returns a second 401 (after the retry) as it is, without another refresh', async () => {
    const { paths } = stubFetch(async (request) => {
      if (request.url.endsWith('/api/auth/refresh')) return json(PAIR);
      return json({ detail: 'Not signed in' }, 401);
    });
    const response = await apiFetch('/api/social/overview');
    expect(response.status).toBe(401);
    expect(paths()).toEqual([
      'GET /api/social/overview',
      'POST /api/auth/refresh',
      'GET /api/social/overview',
    ]);
    // The refresh itself worked: the session stays.
    expect(readSession()?.token).toBe('new.access.token');
    expect(isSessionExpired()).toBe(false);
  });

  it('shares one refresh between concurrent 401s (a refresh token presented twice ends the session)', async () => {
    const refreshAnswer = deferred<Response>();
    const { requests } = stubFetch(async (request) => {
      if (request.url.endsWith('/api/auth/refresh')) return refreshAnswer.promise;
      return bearer(request) === 'Bearer new.access.token' ? json({ path: request.url }) : json({}, 401);
    });
    const calls = Promise.all([apiFetch('/api/a'), apiFetch('/api/b'), apiFetch('/api/c')]);
    await settle();
    refreshAnswer.resolve(json(PAIR));
    const responses = await calls;
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    const refreshes = requests.filter((r) => r.url.endsWith('/api/auth/refresh'));
    expect(refreshes).toHaveLength(1);
    expect(requests.filter((r) => bearer(r) === 'Bearer new.access.token')).toHaveLength(3);
  });

  it('retries a late 401 with the token another call already refreshed, without refreshing again', async () => {
    const slowAnswer = deferred<void>();
    const { requests } = stubFetch(async (request) => {
      if (request.url.endsWith('/api/auth/refresh')) return json(PAIR);
      if (bearer(request) === 'Bearer new.access.token') return json({});
      if (request.url.endsWith('/api/slow')) await slowAnswer.promise;
      return json({}, 401);
    });
    const slow = apiFetch('/api/slow');
    expect((await apiFetch('/api/fast')).status).toBe(200);
    slowAnswer.resolve();
    expect((await slow).status).toBe(200);
    expect(requests.filter((r) => r.url.endsWith('/api/auth/refresh'))).toHaveLength(1);
  });

  it('expires the session when the refresh fails, and returns the original 401', async () => {
    const original = json({ detail: 'Your session has expired' }, 401);
    const { paths } = stubFetch(async (request) =>
      request.url.endsWith('/api/auth/refresh') ? json({ detail: 'Invalid refresh token' }, 401) : original,
    );
    const response = await apiFetch('/api/social/overview');
    expect(response).toBe(original);
    expect(paths()).toEqual(['GET /api/social/overview', 'POST /api/auth/refresh']);
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(document.cookie).not.toMatch(/cp_/);
    expect(isSessionExpired()).toBe(true);
  });

  it('expires the session when the refresh cannot reach the server', async () => {
    const original = json({}, 401);
    stubFetch(async (request) => {
      if (request.url.endsWith('/api/auth/refresh')) throw new TypeError('Failed to fetch');
      return original;
    });
    expect(await apiFetch('/api/social/overview')).toBe(original);
    expect(readSession()).toBeNull();
    expect(isSessionExpired()).toBe(true);
  });

  it('expires the session without a refresh call when there is no refresh token', async () => {
    localStorage.removeItem('refresh_token');
    const original = json({}, 401);
    const { paths } = stubFetch(async () => original);
    expect(await apiFetch('/api/social/overview')).toBe(original);
    expect(paths()).toEqual(['GET /api/social/overview']);
    expect(readSession()).toBeNull();
    expect(isSessionExpired()).toBe(true);
  });

  it('passes other answers through untouched', async () => {
    const { paths } = stubFetch(async () => json({ detail: 'You do not have permission to do that' }, 403));
    expect((await apiFetch('/api/admin/dashboard')).status).toBe(403);
    expect(paths()).toEqual(['GET /api/admin/dashboard']);
  });
});

describe('fetchJson', () => {
  const docs = lazySchema(async () => z.array(z.object({ title: z.string() })));

  it('answers the parsed body, without credentials', async () => {
    const { requests } = stubFetch(async () => json([{ title: 'Gangs' }]));
    expect(await fetchJson('/api/docs', docs)).toEqual([{ title: 'Gangs' }]);
    expect(bearer(requests[0]!)).toBeNull();
  });

  it.each([404, 500, 503])('throws Error("HTTP %i") on a non-OK answer', async (status) => {
    stubFetch(async () => json({ detail: 'nope' }, status));
    const failure = fetchJson('/api/leaderboard?limit=50', docs);
    await expect(failure).rejects.toThrow(new Error(`HTTP ${status}`));
    const error = await failure.catch((e: unknown) => e);
    expect(isHttpError(error) && error.status).toBe(status);
  });
});

describe('apiJson', () => {
  const result = lazySchema(async () => z.object({ output: z.string() }));

  it('sends a JSON body with the bearer token and answers the parsed body', async () => {
    const { requests, paths } = stubFetch(async () => json({ output: 'There are 3 players online' }));
    const answer = await apiJson('/api/admin/command', result, jsonRequest({ command: 'list' }));
    expect(answer).toEqual({ output: 'There are 3 players online' });
    expect(paths()).toEqual(['POST /api/admin/command']);
    expect(bearer(requests[0]!)).toBe('Bearer old.access.token');
    expect(requests[0]!.headers.get('content-type')).toBe('application/json');
    expect(await requests[0]!.json()).toEqual({ command: 'list' });
  });

  it('throws Error("HTTP {status}") carrying the detail of a refusal, if it has one', async () => {
    const { requests } = stubFetch(async (request) =>
      request.method === 'POST'
        ? json({ detail: 'This listing is no longer available' }, 409)
        : json({}, 500),
    );
    const purchase = jsonRequest({ id: 'l-1', qty: 1 }, { headers: { 'idempotency-key': 'k-1' } });
    const refused = await apiJson('/api/auction/purchase', result, purchase).catch((e: unknown) => e);
    expect(requests[0]!.headers.get('idempotency-key')).toBe('k-1');
    expect(refused).toEqual(new Error('HTTP 409'));
    expect(isHttpError(refused) && refused.detail).toBe('This listing is no longer available');
    const failed = await apiJson('/api/auction/categories', result).catch((e: unknown) => e);
    expect(isHttpError(failed) && [failed.status, failed.detail]).toEqual([500, undefined]);
  });
});

describe('signOut', () => {
  it('clears the session at once and asks the server to revoke the refresh token', async () => {
    const never = new Promise<Response>(() => {});
    const { requests, paths } = stubFetch(() => never);
    signOut();
    expect(readSession()).toBeNull();
    expect(document.cookie).not.toMatch(/cp_/);
    expect(isSessionExpired()).toBe(false);
    expect(paths()).toEqual(['POST /api/auth/logout']);
    expect(await requests[0]!.json()).toEqual({ refresh_token: 'old-refresh' });
  });

  it('ignores a logout call that fails', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    signOut();
    await settle();
    expect(readSession()).toBeNull();
  });
});
