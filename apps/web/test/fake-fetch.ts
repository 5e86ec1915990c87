import { vi } from 'vitest';

type FetchHandler = (request: Request) => Response | Promise<Response>;

/** A JSON answer as the API server sends it. */
export function json(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Replaces the global fetch with `handler` (undo with vi.unstubAllGlobals). Every call is recorded as a
 * Request, so tests can check the method, the path, the headers and the body that went out.
 */
export function stubFetch(handler: FetchHandler) {
  const requests: Request[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request
        ? new Request(input, init)
        : new Request(new URL(String(input), location.href), init);
    requests.push(request.clone());
    for (const waiter of waiting) if (requests.length >= waiter.count) waiter.resolve();
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  const paths = () => requests.map((r) => `${r.method} ${new URL(r.url).pathname}`);
  /**
   * Resolves once `count` requests in all have gone out, however long the page takes to send them (a
   * debounce, a module loaded first): a wait for the request itself, bounded by the test's own timeout
   * rather than by Testing Library's one second.
   */
  const requested = (count: number) =>
    new Promise<void>((resolve) => {
      if (requests.length >= count) resolve();
      else waiting.push({ count, resolve });
    });
  return { requests, paths, fetchMock, requested };
}

/** A JWT-shaped access token (the signature is not checked by the client). */
export function fakeToken(payload: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

export const PLAYER = { uuid: '5d2f3c1a-8b4e-4f6a-9c7d-1e2f3a4b5c6d', username: 'DemoPlayer', roles: [] };

/** A token for PLAYER that expires `seconds` from now (negative: already expired). */
export function tokenExpiringIn(seconds: number, sub: string = PLAYER.uuid): string {
  return fakeToken({ sub, exp: Math.floor(Date.now() / 1000) + seconds });
}

/**
 * Resolves after pending promise callbacks and timers of zero delay have run, and after the modules
 * being imported have loaded: a live message waits for its schema's (lib/lazy-schema.ts).
 */
export async function settle(): Promise<void> {
  await vi.dynamicImportSettled();
  await new Promise((resolve) => setTimeout(resolve, 0));
}
