// Two-factor sign-in (TOTP, RFC 6238): the answers and the number of recovery codes, without zod,
// for the pages that show them (auth.ts re-exports them with its schemas).

export const TWO_FACTOR_REQUIRED = 'Two-factor code required';
/** A staff route's answer to a staff account without two-factor sign-in when STAFF_2FA=required. */
export const STAFF_TWO_FACTOR_REQUIRED =
  'Staff accounts must turn on two-factor sign-in: enrol from the Security card of your profile.';
/**
 * A staff route's answer, when STAFF_2FA=required, to a session of an enrolled account that was
 * signed in without its code (before the account enrolled, or before the rule was turned on).
 */
export const STAFF_SIGN_IN_WITH_CODE =
  'Staff tools need a session signed in with your two-factor code: sign out and sign in again.';
/** Two-factor changes (setup, enable, disable) refuse a wrong current password with this. */
export const WRONG_PASSWORD = 'That password is not right.';
export const RECOVERY_CODE_COUNT = 10;
