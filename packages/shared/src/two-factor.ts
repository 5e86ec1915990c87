// Two-factor sign-in (TOTP, RFC 6238): the answers and the number of recovery codes, without zod,
// for the pages that show them (auth.ts re-exports them with its schemas).

export const TWO_FACTOR_REQUIRED = 'Two-factor code required';
/** The admin API's answer to a staff account without two-factor sign-in when STAFF_2FA=required. */
export const STAFF_TWO_FACTOR_REQUIRED =
  'Staff accounts must turn on two-factor sign-in: enrol from the Security card of your profile.';
export const RECOVERY_CODE_COUNT = 10;
