// Sign-in, refresh-token rotation with reuse detection, sign-out (DESIGN.md section 4 "Auth").

import { type LoginResponse, REFRESH_TOKEN_DAYS, TWO_FACTOR_REQUIRED, type User } from '@prison/shared/auth';
import type { ErrorCode } from '@prison/shared/errors';
import { asLanguage } from '@prison/shared/languages';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { accounts, players, refreshTokens } from '../../db/schema.ts';
import { unauthenticated } from '../../errors.ts';
import { recordAudit } from '../audit/service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { type Device, endSession, type SignInMethod, startSession, touchSession } from './sessions.ts';
import { holdsPower } from './staff-roles.ts';
import { type AccessTokens, hashRefreshToken, newRefreshToken } from './tokens.ts';
import { checkSecondFactor } from './two-factor.ts';

export const BAD_CREDENTIALS = 'Invalid username or password';
export const BAD_REFRESH = 'Your session has ended. Please sign in again.';
export const BAD_SECOND_FACTOR = 'Invalid two-factor code';

/** The password was right but the second factor is missing or wrong: the login page asks for the code. */
export const secondFactorRefused = (code: ErrorCode, detail: string) =>
  unauthenticated(code, detail, { two_factor_required: true });

/** Why a sign-in failed, each counted by the route's limiter. */
export type LoginRefusal = 'credentials' | 'second_factor';

// Verifying against this when the name has no account makes both failures take as long.
let decoyHash: Promise<string> | null = null;
const decoy = () => {
  decoyHash ??= hashPassword('decoy password for unknown usernames');
  return decoyHash;
};

async function findUser(db: Db | Tx, uuid: string): Promise<User | null> {
  const [row] = await db
    .select({
      uuid: players.uuid,
      username: players.username,
      roles: accounts.roles,
      language: accounts.language,
    })
    .from(players)
    .leftJoin(accounts, eq(accounts.playerUuid, players.uuid))
    .where(eq(players.uuid, uuid));
  if (!row) return null;
  return {
    uuid: row.uuid,
    username: row.username,
    roles: row.roles ?? [],
    language: asLanguage(row.language) ?? null,
  };
}

async function issueRefreshToken(tx: Db | Tx, playerUuid: string, familyId: string): Promise<string> {
  const token = newRefreshToken();
  await tx.insert(refreshTokens).values({
    tokenHash: hashRefreshToken(token),
    familyId,
    playerUuid,
    expiresAt: sql`now() + make_interval(days => ${REFRESH_TOKEN_DAYS})`,
  });
  return token;
}

export async function login(
  db: Db,
  tokens: AccessTokens,
  username: string,
  password: string,
  code: string | undefined,
  device: Device,
): Promise<LoginResponse | LoginRefusal> {
  // Names are unique in game at any one time; after renames, the most recently seen holder wins.
  const [account] = await db
    .select({
      uuid: players.uuid,
      username: players.username,
      hash: accounts.passwordHash,
      roles: accounts.roles,
      language: accounts.language,
    })
    .from(players)
    .innerJoin(accounts, eq(accounts.playerUuid, players.uuid))
    .where(and(sql`lower(${players.username}) = lower(${username})`, isNotNull(accounts.passwordHash)))
    .orderBy(desc(sql`coalesce(${players.lastSeenAt}, ${players.createdAt})`))
    .limit(1);
  const ok = await verifyPassword(account?.hash ?? (await decoy()), password);
  if (!account || !ok) return 'credentials';
  const secondFactor = await checkSecondFactor(db, account.uuid, code);
  // Asking for the code is not a failure; a wrong one is.
  if (secondFactor === 'missing') throw secondFactorRefused('two_factor_required', TWO_FACTOR_REQUIRED);
  if (secondFactor === 'wrong') return 'second_factor';
  const signIn: SignInMethod = secondFactor === 'none' ? 'password' : secondFactor;
  const user: User = {
    uuid: account.uuid,
    username: account.username,
    roles: account.roles,
    language: asLanguage(account.language) ?? null,
  };
  const { sid, refresh_token } = await db.transaction(async (tx) => {
    // Recorded with the session it opens: a sign-in that fails to open one leaves no row.
    if (holdsPower(user.roles, 'console')) {
      await recordAudit(tx, {
        actor: user.uuid,
        action: 'auth.staff_login',
        outcome: 'ok',
        detail: { sign_in: signIn },
      });
    }
    const sid = await startSession(tx, user.uuid, device, signIn);
    return { sid, refresh_token: await issueRefreshToken(tx, user.uuid, sid) };
  });
  return { access_token: await tokens.sign({ ...user, sid }), refresh_token, user };
}

/** Rotates a refresh token. Presenting one that was already used ends its session. */
export async function refresh(db: Db, tokens: AccessTokens, presented: string) {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(presented)))
      .for('update');
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return null;
    if (row.usedAt) {
      // Someone replayed an old token: the thief or the owner, we cannot tell. End the session.
      await endSession(tx, row.familyId);
      return 'reused' as const;
    }
    const user = await findUser(tx, row.playerUuid);
    // The family is the session: one that has ended (signed out from elsewhere) is not resumed.
    if (!user || !(await touchSession(tx, row.familyId))) return null;
    await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(eq(refreshTokens.tokenHash, row.tokenHash));
    const refresh_token = await issueRefreshToken(tx, user.uuid, row.familyId);
    return { user, refresh_token, sid: row.familyId };
  });
  if (outcome === null || outcome === 'reused') throw unauthenticated('session_ended', BAD_REFRESH);
  const { user, sid, refresh_token } = outcome;
  return { access_token: await tokens.sign({ ...user, sid }), refresh_token };
}

/** Ends the presented refresh token's session. Unknown tokens are ignored: signing out always works. */
export async function logout(db: Db, presented: string | undefined): Promise<void> {
  if (!presented) return;
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(presented)));
  if (!row) return;
  await db.transaction((tx) => endSession(tx, row.familyId));
}

export async function currentUser(db: Db, uuid: string): Promise<User> {
  const user = await findUser(db, uuid);
  if (!user) throw unauthenticated('not_signed_in', 'Not signed in');
  return user;
}
