// Sign-in and sessions (spec sections 3 Session, 4, 7).
import { z } from 'zod';

export const userSchema = z.object({
  uuid: z.string(),
  username: z.string(),
  roles: z.array(z.string()),
});
export type User = z.infer<typeof userSchema>;

// PostgreSQL text cannot hold NUL: such a name is refused here rather than failing the query.
const hasNoNul = (value: string) => !value.includes('\u0000');

export const loginRequestSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'Enter your username')
    .max(32)
    .refine(hasNoNul, 'A username cannot contain NUL characters'),
  // Any length is checked against the account; the cap only bounds the work of hashing.
  password: z.string().min(1, 'Enter your password').max(1024),
});
export const tokenPairSchema = z.object({ access_token: z.string(), refresh_token: z.string() });
export const loginResponseSchema = tokenPairSchema.extend({ user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({ refresh_token: z.string().min(1).max(512) });
export const logoutRequestSchema = z.object({ refresh_token: z.string().max(512).optional() });

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;
