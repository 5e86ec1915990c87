// Spec 2.6 Login and spec 8: the sign-in call. The start-up check, the refresh and the logout live
// with the session in lib/.
import { type LoginResponse, loginResponseSchema } from '@prison/shared/auth';
import { fetchJson, isHttpError, jsonRequest } from '../../lib/api.ts';

export const LOGIN_FAILED = 'Login failed';
const NETWORK_ERROR = 'Network error';

/**
 * POST /api/auth/player-login. Rejects with the server's detail, else "Login failed"; with "Network
 * error" when the request itself fails. No client-side checks: the server judges every input (spec 5).
 */
export async function requestLogin(username: string, password: string): Promise<LoginResponse> {
  try {
    return await fetchJson(
      '/api/auth/player-login',
      loginResponseSchema,
      jsonRequest({ username, password }),
    );
  } catch (error) {
    if (isHttpError(error)) throw new Error(error.detail ?? LOGIN_FAILED);
    // fetch rejects with a TypeError when the request itself fails; anything else is an answer that
    // is not a session.
    throw new Error(error instanceof TypeError ? NETWORK_ERROR : LOGIN_FAILED);
  }
}
