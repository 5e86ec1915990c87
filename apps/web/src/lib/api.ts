// Calls to the site's API (spec 7); every call of the site goes through here. fetchJson (no sign-in)
// and apiJson (signed in) answer the parsed body, or throw HttpError("HTTP {status}") carrying the
// answer's {detail}. Each names the schema of its answer as a LazySchema (lazy-schema.ts), loaded
// alongside the answer. Framework-free, so TanStack Query fetchers, the start-up check and event
// handlers all share the same rules:
// - apiFetch adds Authorization: Bearer {token} unless the caller set an Authorization header;
// - a 401 triggers one refresh and one retry; concurrent 401s share that one refresh;
// - when the refresh fails the session expires and the original 401 response is returned.
import type { z } from 'zod';
import { type LazySchema, schemasOf } from './lazy-schema.ts';
import { logout, readRefreshToken, readToken, saveTokens } from './session.ts';

/** A non-OK answer: a plain Error("HTTP {status}") (spec 8 Plain fetch non-OK) that also carries the status. */
export type HttpError = Error & {
  readonly status: number;
  readonly detail?: string;
  /** The error's stable name (packages/shared/src/errors.ts), by which the page words it (error-text.ts). */
  readonly code?: string;
  /** The whole answer when it was JSON, for the fields beside `detail` (e.g. two_factor_required). */
  readonly body?: unknown;
};

export function httpError(status: number, body: unknown): HttpError {
  const error = new Error(`HTTP ${status}`);
  const { detail, code } = (body ?? {}) as { detail?: unknown; code?: unknown };
  // Not enumerable: the error stays equal to Error("HTTP {status}") wherever errors are compared.
  Object.defineProperties(error, {
    status: { value: status },
    detail: { value: typeof detail === 'string' && detail ? detail : undefined },
    code: { value: typeof code === 'string' && code ? code : undefined },
    body: { value: body },
  });
  return error as HttpError;
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof Error && typeof (error as Partial<HttpError>).status === 'number';
}

/** An error answering 404: the player, gang or page asked for does not exist. */
export const isNotFound = (error: unknown): boolean => isHttpError(error) && error.status === 404;

/** An error answer's JSON body, if it is JSON. */
async function errorBody(response: Response): Promise<unknown> {
  try {
    return (await response.json()) ?? undefined;
  } catch {
    return undefined;
  }
}

async function readJson<S extends z.ZodType>(
  answer: Promise<Response>,
  schema: LazySchema<S>,
): Promise<z.infer<S>> {
  // The schema loads while the answer is on its way; the answer's own failure comes first.
  const loading = schema();
  loading.catch(() => {});
  const response = await answer;
  if (!response.ok) throw httpError(response.status, await errorBody(response.clone()));
  // 204 No Content: no body to read, so the schema is given null (noContent accepts it).
  const body = response.status === 204 ? null : await response.json();
  return (await loading).parse(body);
}

/** The schema of an answer with no content (204), such as a deletion's. */
export const noContent = schemasOf(() => import('@prison/shared/errors'))('noContentSchema');

function acceptingJson(init?: RequestInit): RequestInit {
  const headers = new Headers(init?.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  return { ...init, headers };
}

/** A request that sends `body` as JSON: a POST unless `init` says otherwise. */
export function jsonRequest(body: unknown, init: RequestInit = {}): RequestInit {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json');
  return { method: 'POST', ...init, headers, body: JSON.stringify(body) };
}

let publicFetch: typeof fetch = (input, init) => fetch(input, init);

/**
 * Where unauthenticated calls go: the network in a browser; the server's own routes, in process, when
 * it renders a public page (entry-server.tsx), whose data comes from the same answers.
 */
export function setPublicFetch(implementation: typeof fetch): void {
  publicFetch = implementation;
}

/** An unauthenticated JSON call (docs, leaderboard): throws Error("HTTP {status}") on a non-OK answer. */
export function fetchJson<S extends z.ZodType>(
  input: RequestInfo | URL,
  schema: LazySchema<S>,
  init?: RequestInit,
): Promise<z.infer<S>> {
  return readJson(publicFetch(input, acceptingJson(init)), schema);
}

/** An authenticated JSON call through apiFetch; throws HttpError ("HTTP {status}") on a non-OK answer. */
export function apiJson<S extends z.ZodType>(
  input: RequestInfo | URL,
  schema: LazySchema<S>,
  init?: RequestInit,
): Promise<z.infer<S>> {
  return readJson(apiFetch(input, acceptingJson(init)), schema);
}

function callerAuthorization(input: RequestInfo | URL, init: RequestInit): boolean {
  return (
    new Headers(init.headers).has('authorization') ||
    (input instanceof Request && input.headers.has('authorization'))
  );
}

function withBearer(init: RequestInit, token: string): RequestInit {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${token}`);
  return { ...init, headers };
}

/** fetch for authenticated calls (spec 4 and 7). */
export async function apiFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  // A caller that brings its own credentials gets exactly its own call: there is nothing of ours to refresh.
  if (callerAuthorization(input, init)) return fetch(input, init);
  const token = readToken();
  // A guest's call goes out as it is; its 401 is an answer for the page (e.g. the auction's sign-in banner).
  // The server renders pages as a guest sees them, and so through the same path (setPublicFetch).
  if (!token) return publicFetch(input, init);
  // A Request's body can be read once: keep a copy for the retry.
  const retryInput = input instanceof Request ? input.clone() : input;
  const response = await fetch(input, withBearer(init, token));
  if (response.status !== 401) return response;
  const fresh = await refreshAccessToken(token);
  if (!fresh) return response;
  // The retry's answer is final, a second 401 included: one refresh and one retry per call.
  return fetch(retryInput, withBearer(init, fresh));
}

/** POST /api/auth/refresh's answer (lib/session-check.ts uses it too). */
export const tokenPairSchema = schemasOf(() => import('@prison/shared/auth'))('tokenPairSchema');

let refreshing: Promise<string | null> | null = null;

/**
 * Trades the refresh token for a new pair after `staleToken` was refused, and answers the new access
 * token, or null when the session is over. Single-flight: the server revokes the whole session when a
 * refresh token is presented twice, so concurrent 401s in this tab share one refresh, and other tabs
 * of this site (same storage) wait for it through a Web Lock where the browser has them.
 */
export function refreshAccessToken(staleToken: string): Promise<string | null> {
  if (!refreshing) {
    const run = withRefreshLock(() => refreshUnlessDone(staleToken));
    refreshing = run.finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('session-refresh', task) : task();
}

async function refreshUnlessDone(staleToken: string): Promise<string | null> {
  const current = readToken();
  // Signed out meanwhile (this tab or another): nothing to refresh, and nothing has expired.
  if (!current) return null;
  // Another call or tab has refreshed since staleToken was sent: use its token.
  if (current !== staleToken) return current;
  const refreshToken = readRefreshToken();
  if (!refreshToken) {
    logout('expired');
    return null;
  }
  try {
    const pair = await fetchJson(
      '/api/auth/refresh',
      tokenPairSchema,
      jsonRequest({ refresh_token: refreshToken }),
    );
    saveTokens(pair.access_token, pair.refresh_token);
    return pair.access_token;
  } catch {
    // Spec 4: a failed refresh expires the session, unless it was replaced meanwhile (a new sign-in).
    if (readToken() === staleToken) logout('expired');
    return null;
  }
}

/**
 * Spec 2.2 Logout: clears the session at once and tells the server to revoke the refresh token,
 * without waiting for it (keepalive lets the call finish if the page navigates away).
 */
export function signOut(): void {
  const refreshToken = readRefreshToken();
  logout();
  if (!refreshToken) return;
  fetch('/api/auth/logout', jsonRequest({ refresh_token: refreshToken }, { keepalive: true })).catch(() => {
    // Fire and forget: the session is gone from this browser either way.
  });
}
