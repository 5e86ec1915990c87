// Signed-in sessions: a sign-in and every rotation of its refresh token (its family) are one
// session, which its owner sees on the profile and can sign out. Access tokens name their session
// (the `sid` claim), and the app's verify reads the session's revoked_at on every request (one
// primary-key read), so an ended session's tokens are refused from the next request on every process.
// Ending a session also NOTIFYs SESSIONS_CHANNEL, on commit, so that every process closes its live
// sockets (plugins/sockets.ts).
import { randomUUID } from 'node:crypto';
import { REFRESH_TOKEN_DAYS, type SignedInSession } from '@prison/shared/auth';
import { and, desc, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { type Db, MAX_NOTIFY_PAYLOAD, type Tx } from '../../db/client.ts';
import { refreshTokens, sessions } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { deviceLabel } from './device.ts';
import { type AccessTokens, InvalidTokenError } from './tokens.ts';

export const SESSIONS_CHANNEL = 'sessions';
export const NO_SUCH_SESSION = 'No such session';
// Enough to tell a browser by; a hostile header costs nothing more to keep.
const MAX_USER_AGENT = 512;
// The newest of them, the current one always included: more than a person has, fewer than a script.
const MAX_LISTED = 50;

/** Where a sign-in came from: its User-Agent header and its address. */
export interface Device {
  userAgent: string | null;
  address: string | null;
}

/**
 * How a session was signed in: the password alone, or with a current code from the authenticator
 * (or, in the session that turned two-factor sign-in on, the code that confirmed it), or with a
 * recovery code. The two last have passed a second factor.
 */
export type SignInMethod = 'password' | 'password_and_code' | 'recovery_code';

/** Opens a session for a sign-in. Its id is the family id of the refresh tokens it rotates through. */
export async function startSession(
  tx: Db | Tx,
  playerUuid: string,
  device: Device,
  signIn: SignInMethod = 'password',
): Promise<string> {
  const id = randomUUID();
  await tx.insert(sessions).values({
    id,
    playerUuid,
    userAgent: device.userAgent?.slice(0, MAX_USER_AGENT) || null,
    address: device.address,
    signIn,
  });
  return id;
}

/** The session that has just turned two-factor sign-in on has passed its second factor. */
export async function markSecondFactor(tx: Db | Tx, id: string): Promise<void> {
  await tx.update(sessions).set({ signIn: 'password_and_code' }).where(eq(sessions.id, id));
}

/** A refresh uses the session now; false when it has ended. */
export async function touchSession(tx: Db | Tx, id: string): Promise<boolean> {
  const touched = await tx
    .update(sessions)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return touched.length > 0;
}

/** Tells every process, on commit, to close the live sockets of these sessions. */
async function notifyEnded(tx: Db | Tx, ids: string[]): Promise<void> {
  // A payload must stay under PostgreSQL's limit (each id is 36 characters and a comma): a player
  // with hundreds of sessions takes several.
  const perPayload = Math.floor(MAX_NOTIFY_PAYLOAD / 37);
  for (let i = 0; i < ids.length; i += perPayload) {
    await tx.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${ids.slice(i, i + perPayload).join(',')})`);
  }
}

/** Ends the sessions `which` selects that are still open, with their refresh tokens; answers their ids. */
async function endSessions(tx: Db | Tx, which: SQL | undefined): Promise<string[]> {
  const now = new Date();
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(which, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  const ids = ended.map((row) => row.id);
  if (ids.length === 0) return ids;
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(inArray(refreshTokens.familyId, ids), isNull(refreshTokens.revokedAt)));
  await notifyEnded(tx, ids);
  return ids;
}

/** Signs one session out (a logout, a replayed refresh token); false when it had already ended. */
export async function endSession(tx: Db | Tx, id: string): Promise<boolean> {
  return (await endSessions(tx, eq(sessions.id, id))).length > 0;
}

/**
 * Signs every session of a player out (a new password, a role change, "Sign out everywhere", their
 * two-factor sign-in cleared), or every one but `except` (two-factor sign-in turned on in it).
 */
export async function endPlayerSessions(
  tx: Db | Tx,
  playerUuid: string,
  { except }: { except?: string } = {},
): Promise<void> {
  await endSessions(
    tx,
    and(eq(sessions.playerUuid, playerUuid), except === undefined ? undefined : ne(sessions.id, except)),
  );
}

/** "Sign out" on the profile: one of the player's own sessions, else 404. */
export async function revokeSession(db: Db, playerUuid: string, id: string): Promise<void> {
  const ended = await db.transaction((tx) =>
    endSessions(tx, and(eq(sessions.id, id), eq(sessions.playerUuid, playerUuid))),
  );
  if (ended.length === 0) throw notFound('unknown_session', NO_SUCH_SESSION);
}

export function logoutEverywhere(db: Db, playerUuid: string): Promise<void> {
  return db.transaction((tx) => endPlayerSessions(tx, playerUuid));
}

/**
 * The player's open sessions: the current one, then the most recently used first. A session whose newest refresh token has
 * expired (unused for REFRESH_TOKEN_DAYS) cannot be resumed, so it is not listed.
 */
export async function listSessions(
  db: Db,
  playerUuid: string,
  currentId: string,
): Promise<SignedInSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.playerUuid, playerUuid),
        isNull(sessions.revokedAt),
        sql`${sessions.lastUsedAt} > now() - make_interval(days => ${REFRESH_TOKEN_DAYS})`,
      ),
    )
    .orderBy(desc(sql`${sessions.id} = ${currentId}`), desc(sessions.lastUsedAt), desc(sessions.id))
    .limit(MAX_LISTED);
  return rows.map((row) => ({
    id: row.id,
    device: deviceLabel(row.userAgent),
    address: row.address,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    current: row.id === currentId,
  }));
}

/** Which of these sessions have ended (for a process that may have missed the NOTIFY). */
export async function endedSessions(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, ids), isNotNull(sessions.revokedAt)));
  return rows.map((row) => row.id);
}

/**
 * The app's access tokens: verify also refuses a token whose session has ended. One primary-key
 * read per authenticated request, prepared once, and never a cache: a cache told by NOTIFY would
 * let another process accept the token for the few milliseconds the NOTIFY takes.
 */
export function sessionAccessTokens(db: Db, tokens: AccessTokens): AccessTokens {
  const open = db
    .select({ signIn: sessions.signIn })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        eq(sessions.playerUuid, sql.placeholder('uuid')),
        isNull(sessions.revokedAt),
      ),
    )
    .prepare('open_session');
  return {
    sign: tokens.sign,
    async verify(token) {
      const claims = await tokens.verify(token);
      const [row] = await open.execute({ sid: claims.sid, uuid: claims.uuid });
      if (!row) throw new InvalidTokenError(false);
      return { ...claims, secondFactor: row.signIn !== 'password' };
    },
  };
}
