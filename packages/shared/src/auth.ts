// Sign-in and sessions (spec sections 3 Session, 4, 7).
import { z } from 'zod';
import { errorSchema } from './errors.ts';
import { STEVE } from './examples.ts';
import { LANGUAGES } from './languages.ts';
import { isStorableText } from './storable.ts';

// The OpenAPI document's worked examples: Steve, signed in on one session.
const ACCESS_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlcyI6WyJWSVAiXSwic2lkIjoiM2Y2YzJhOGUtNWIxZC00YzdhLTllMmYtMGQ4YjdhNmM1ZTQxIiwic3ViIjoiODY2N2JhNzEtYjg1YS00MDA0LWFmNTQtNDU3YTk3MzRlZWQ3IiwiaWF0IjoxNzc3NjM4ODk2LCJleHAiOjE3Nzc2Mzk3OTZ9.wQWY4HUjrhJDIijvQOETp32tumeds8L2t6lRvxwNh-Y';
const REFRESH_TOKEN = 'bHaunoO_jU4CDO5yWChhEcTGFNnCOS0s4L2H0nXiJbY';
const USER = { uuid: STEVE, username: 'Steve', roles: ['VIP'], language: 'de' };

export const userSchema = z
  .object({
    uuid: z.string(),
    username: z.string(),
    roles: z.array(z.string()),
    language: z
      .enum(LANGUAGES)
      .nullable()
      .optional()
      .describe(
        'The site language the player chose, for every device they sign in on; null until they choose.',
      ),
  })
  .meta({
    id: 'User',
    description: 'The signed-in player: their in-game name and roles (ranks, VIP and staff roles alike).',
    examples: [USER],
  });
export type User = z.infer<typeof userSchema>;

export const loginRequestSchema = z
  .object({
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
  })
  .meta({
    id: 'LoginRequest',
    description:
      "An in-game account's name and password, and its two-factor code when it has two-factor sign-in on.",
    examples: [{ username: 'Steve', password: 'correct horse battery staple' }],
  });
export const tokenPairSchema = z.object({ access_token: z.string(), refresh_token: z.string() }).meta({
  id: 'TokenPair',
  description:
    'An access token (15 minutes, sent as `Authorization: Bearer`) and the refresh token that trades for the next pair, once.',
  examples: [{ access_token: ACCESS_TOKEN, refresh_token: REFRESH_TOKEN }],
});
export const loginResponseSchema = tokenPairSchema.extend({ user: userSchema }).meta({
  id: 'LoginResult',
  description: 'A new session: its tokens and who signed in.',
  examples: [{ access_token: ACCESS_TOKEN, refresh_token: REFRESH_TOKEN, user: USER }],
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({ refresh_token: z.string().min(1).max(512) }).meta({
  id: 'RefreshRequest',
  examples: [{ refresh_token: REFRESH_TOKEN }],
});
export const logoutRequestSchema = z.object({ refresh_token: z.string().max(512).optional() }).meta({
  id: 'LogoutRequest',
  examples: [{ refresh_token: REFRESH_TOKEN }],
});

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
export const loginRefusalSchema = errorSchema
  .extend({ two_factor_required: z.literal(true).optional() })
  .meta({
    id: 'LoginRefused',
    description:
      'A sign-in refused: wrong name or password, or (with `two_factor_required: true`) a code is wanted.',
    examples: [
      {
        detail: 'Two-factor code required',
        code: 'two_factor_required',
        two_factor_required: true,
      },
    ],
  });
export const twoFactorStatusSchema = z
  .object({
    enabled: z.boolean(),
    recovery_codes_left: z.number().int().nonnegative(),
  })
  .meta({
    id: 'TwoFactorStatus',
    description:
      'Whether the account signs in with a second factor, and how many unused recovery codes it holds.',
    examples: [{ enabled: true, recovery_codes_left: 9 }],
  });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string() }).meta({
  id: 'TwoFactorSetup',
  description:
    'A new authenticator secret (base32), and the same as an otpauth:// address for a QR code. Sign-in asks for a code once POST /api/auth/2fa/enable confirms one.',
  examples: [
    {
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      otpauth_url:
        'otpauth://totp/Vaultbreak:Steve?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Vaultbreak',
    },
  ],
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;
// Every change to two-factor sign-in asks for the account's current password, so that a stolen
// access token alone can neither turn it on (locking the owner out) nor off.
const currentPassword = z
  .string()
  .min(1, 'Enter your current password')
  .max(1024)
  .describe("The account's current password");
/** POST /api/auth/2fa/setup. */
export const twoFactorSetupRequestSchema = z.object({ password: currentPassword }).meta({
  id: 'TwoFactorSetupRequest',
  examples: [{ password: 'correct horse battery staple' }],
});
/** POST /api/auth/2fa/enable and /disable. */
export const twoFactorCodeRequestSchema = z
  .object({
    password: currentPassword,
    code: z
      .string()
      .trim()
      .min(1, 'Enter a code')
      .max(32)
      .describe('A current code from the authenticator (disable also takes an unused recovery code)'),
  })
  .meta({
    id: 'TwoFactorCodeRequest',
    examples: [{ password: 'correct horse battery staple', code: '492039' }],
  });
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) }).meta({
  id: 'RecoveryCodes',
  description:
    'Ten one-time codes that stand in for a lost authenticator, shown this once: the site keeps only their hashes.',
  examples: [
    {
      recovery_codes: [
        'i3ebl-2ja2z',
        'kf65l-3xfgc',
        'nm2mx-ccrqz',
        'nol2f-p5q7a',
        's6jxm-rggdq',
        'hdttu-ujldy',
        'lxphx-sty63',
        'jb7bu-7q3bn',
        '6yomp-gang7',
        '4htt5-65lz6',
      ],
    },
  ],
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

// Signed-in sessions: one per sign-in, listed on the profile, each of which its owner can sign out.
export const sessionSchema = z
  .object({
    id: z.guid(),
    device: z.string().describe('Read from the user agent it signed in with, e.g. "Chrome on Windows"'),
    address: z.string().nullable().describe('The address it signed in from'),
    created_at: z.string(),
    last_used_at: z.string().describe('Its sign-in or its latest refresh'),
    current: z.boolean().describe('Whether it is the session of the token that asked'),
  })
  .meta({ id: 'Session', description: 'A signed-in session: one per sign-in, refreshed as it is used.' });
export type SignedInSession = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) }).meta({
  id: 'SessionList',
  description: "The account's open sessions: the current one first, then the most recently used.",
  examples: [
    {
      sessions: [
        {
          id: '3f6c2a8e-5b1d-4c7a-9e2f-0d8b7a6c5e41',
          device: 'Firefox on Windows',
          address: '203.0.113.24',
          created_at: '2026-05-01T12:34:56.000Z',
          last_used_at: '2026-05-01T12:49:10.000Z',
          current: true,
        },
        {
          id: '0dc53bf4-368d-4bf3-9af1-ea947910b4a9',
          device: 'Safari on iPhone',
          address: '198.51.100.7',
          created_at: '2026-04-18T07:02:11.000Z',
          last_used_at: '2026-04-30T21:15:42.000Z',
          current: false,
        },
      ],
    },
  ],
});
export const sessionIdParamsSchema = z.object({ id: z.guid({ error: 'Not a session id' }) });

/** A signed-in feed's query: browsers cannot set an Authorization header on a WebSocket. */
export const socketTokenQuerySchema = z.object({
  token: z
    .string()
    .optional()
    .describe('The access token. Missing, invalid or expired: the socket is closed with 1008.'),
});
