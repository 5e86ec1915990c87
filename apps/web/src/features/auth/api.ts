// Spec 2.6 Login and spec 8: the sign-in call. The start-up check, the refresh and the logout live
// with the session in lib/.
import { msg } from '@lingui/core/macro';
import type { LoginResponse } from '@prison/shared/auth';
import { fetchJson, isHttpError, jsonRequest } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { translate } from '../../lib/i18n.ts';
import { schemasOf } from '../../lib/lazy-schema.ts';

const schema = schemasOf(() => import('@prison/shared/auth'));
const loginResponseSchema = schema('loginResponseSchema');
const loginRefusalSchema = schema('loginRefusalSchema');

export const LOGIN_FAILED = msg`Login failed`;
const NETWORK_ERROR = msg`Network error`;

/** The password was right, and the account asks for its two-factor code (or the one sent was wrong). */
export class TwoFactorRequiredError extends Error {}

/**
 * POST /api/auth/player-login, with the two-factor code once the server asked for it. Rejects with the
 * server's refusal in the page's language (errorText), else "Login failed" (a TwoFactorRequiredError
 * when it asks for a code); with "Network error" when the request itself fails. No client-side checks: the server judges every input (spec 5).
 */
export async function requestLogin(
  username: string,
  password: string,
  code?: string,
): Promise<LoginResponse> {
  try {
    return await fetchJson(
      '/api/auth/player-login',
      loginResponseSchema,
      jsonRequest(code === undefined ? { username, password } : { username, password, code }),
    );
  } catch (error) {
    if (isHttpError(error)) {
      // Without its schema (its module could not load), the refusal is read as a plain one.
      const refusal = await loginRefusalSchema().then(
        (schema) => schema.safeParse(error.body),
        () => null,
      );
      if (refusal?.success && refusal.data.two_factor_required)
        throw new TwoFactorRequiredError(errorText(error, refusal.data.detail));
      throw new Error(errorText(error, translate(LOGIN_FAILED)));
    }
    // fetch rejects with a TypeError when the request itself fails; anything else is an answer that
    // is not a session.
    throw new Error(translate(error instanceof TypeError ? NETWORK_ERROR : LOGIN_FAILED));
  }
}
