// Sign-in and sessions (spec sections 3 Session, 4, 7).
import { z } from 'zod';
import { errorSchema } from './errors.ts';
import { isStorableText } from './storable.ts';

export const userSchema = z.object({
  uuid: z.string(),
  username: z.string(),
  roles: z.array(z.string()),
});
export type User = z.infer<typeof userSchema>;

export const loginRequestSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'Enter your username')
    .max(32)
    // A name PostgreSQL could not store (storable.ts) is refused here rather than failing the query.
    .refine(isStorableText, 'A username cannot contain NUL characters or unpaired surrogates'),
  // Any length is checked against the account; the cap only bounds the work of hashing.
  password: z.string().min(1, 'Enter your password').max(1024),
  /** The second factor of an enrolled account: a current code or an unused recovery code. */
  code: z.string().trim().min(1, 'Enter your two-factor code').max(32).optional(),
});
export const tokenPairSchema = z.object({ access_token: z.string(), refresh_token: z.string() });
export const loginResponseSchema = tokenPairSchema.extend({ user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({ refresh_token: z.string().min(1).max(512) });
export const logoutRequestSchema = z.object({ refresh_token: z.string().max(512).optional() });

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;

// Two-factor sign-in (two-factor.ts holds its answers and counts without zod).
export {
  RECOVERY_CODE_COUNT,
  STAFF_SIGN_IN_WITH_CODE,
  STAFF_TWO_FACTOR_REQUIRED,
  TWO_FACTOR_REQUIRED,
  WRONG_PASSWORD,
} from './two-factor.ts';

/** A sign-in refused for want of a (right) second factor: the login page then asks for the code. */
export const loginRefusalSchema = errorSchema.extend({ two_factor_required: z.literal(true).optional() });
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number().int().nonnegative(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;
// Every change to two-factor sign-in asks for the account's current password, so that a stolen
// access token alone can neither turn it on (locking the owner out) nor off.
const currentPassword = z
  .string()
  .min(1, 'Enter your current password')
  .max(1024)
  .describe("The account's current password");
/** POST /api/auth/2fa/setup. */
export const twoFactorSetupRequestSchema = z.object({ password: currentPassword });
/** POST /api/auth/2fa/enable and /disable. */
export const twoFactorCodeRequestSchema = z.object({
  password: currentPassword,
  code: z
    .string()
    .trim()
    .min(1, 'Enter a code')
    .max(32)
    .describe('A current code from the authenticator (disable also takes an unused recovery code)'),
});
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

// Signed-in sessions: one per sign-in, listed on the profile, each of which its owner can sign out.
export const sessionSchema = z.object({
  id: z.guid(),
  device: z.string().describe('Read from the user agent it signed in with, e.g. "Chrome on Windows"'),
  address: z.string().nullable().describe('The address it signed in from'),
  created_at: z.string(),
  last_used_at: z.string().describe('Its sign-in or its latest refresh'),
  current: z.boolean().describe('Whether it is the session of the token that asked'),
});
export type SignedInSession = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });
export const sessionIdParamsSchema = z.object({ id: z.guid({ error: 'Not a session id' }) });
