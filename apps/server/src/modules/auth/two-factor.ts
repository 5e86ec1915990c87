// Two-factor sign-in (issue 15): TOTP as RFC 6238 has it (HMAC-SHA1, 30-second steps, 6 digits),
// accepting one step of clock drift either way. two_factor.last_step holds the newest step a code
// was accepted for, and only a later step is accepted after it, so no code works twice, on any
// process. Ten recovery codes stand in for a lost authenticator, each once; like refresh tokens they
// are random, so they are stored as a SHA-256 hash.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
  WRONG_PASSWORD,
} from '@prison/shared/auth';
import { SITE_NAME } from '@prison/shared/brand';
import { and, count, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { players, recoveryCodes, twoFactor } from '../../db/schema.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/service.ts';
import { isCurrentPassword } from './accounts.ts';
import { endPlayerSessions, markSecondFactor, type SignInMethod } from './sessions.ts';

export const STEP_SECONDS = 30;
export const DIGITS = 6;
const DRIFT_STEPS = 1;
const SECRET_BYTES = 20;

export const WRONG_CODE = 'That code is not right. Check the time on your device and try again.';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, as authenticator apps read secrets. */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const digit = BASE32.indexOf(char);
    if (digit < 0) throw new Error(`not base32: ${char}`);
    value = ((value << 5) | digit) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226 HOTP: the code of one counter value. */
export function hotp(key: Uint8Array, counter: number, digits = DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const number = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 10 ** digits).padStart(digits, '0');
}

/** The time step a moment (in milliseconds) falls in. */
export const stepAt = (ms: number) => Math.floor(ms / 1000 / STEP_SECONDS);

/** The TOTP code of a base32 secret for a time step. */
export const totp = (secret: string, step: number, digits = DIGITS) =>
  hotp(base32Decode(secret), step, digits);

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The step within drift of now whose code this is, if any. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const current = stepAt(now);
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
    if (sameText(totp(secret, step), code)) return step;
  }
  return null;
}

// Recovery codes: ten letters and digits of the base32 alphabet (50 bits), shown as two groups of five.
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** What the player typed, as stored: spaces, dashes and case do not matter. */
const normalise = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const hashRecoveryCode = (code: string) => createHash('sha256').update(normalise(code)).digest('hex');
const isTotpCode = (code: string) => new RegExp(`^\\d{${DIGITS}}$`).test(normalise(code));

/** Which kind of code was used up, if any. */
type UsedCode = 'totp' | 'recovery' | null;

/** Uses up a current code (a step later than any used) or an unused recovery code, if it is one. */
async function useCode(db: Db | Tx, uuid: string, secret: string, code: string): Promise<UsedCode> {
  if (isTotpCode(code)) {
    const step = matchingStep(secret, normalise(code));
    if (step === null) return null;
    // Conditional, so two sign-ins racing with one code (even on two processes) cannot both win.
    const used = await db
      .update(twoFactor)
      .set({ lastStep: step })
      .where(
        and(eq(twoFactor.playerUuid, uuid), or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step))),
      )
      .returning({ uuid: twoFactor.playerUuid });
    return used.length > 0 ? 'totp' : null;
  }
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.playerUuid, uuid),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0 ? 'recovery' : null;
}

async function enrolment(db: Db | Tx, uuid: string) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.playerUuid, uuid));
  return row ?? null;
}

/** Whether sign-in asks this account for a second factor. */
export async function isEnrolled(db: Db, uuid: string): Promise<boolean> {
  return Boolean((await enrolment(db, uuid))?.enabledAt);
}

export async function twoFactorStatus(db: Db, uuid: string): Promise<TwoFactorStatus> {
  const enabled = await isEnrolled(db, uuid);
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.playerUuid, uuid), isNull(recoveryCodes.usedAt)));
  return { enabled, recovery_codes_left: enabled ? (left?.n ?? 0) : 0 };
}

/**
 * Every change to two-factor sign-in asks for the current password first: a stolen access token
 * alone can neither turn it on (keeping the secret and the recovery codes, and locking the owner
 * out) nor off. A wrong one is audited and refused as a wrong code is.
 */
async function requirePassword(
  db: Db,
  uuid: string,
  password: string,
  action: '2fa.enable' | '2fa.disable',
): Promise<void> {
  if (await isCurrentPassword(db, uuid, password)) return;
  await recordAudit(db, { actor: uuid, action, outcome: 'refused', detail: { reason: 'wrong password' } });
  throw invalid('wrong_password', WRONG_PASSWORD);
}

/** A new secret, not active until a code from it is confirmed; replaces any setup not confirmed. */
export async function setUp(db: Db, uuid: string, password: string): Promise<TwoFactorSetup> {
  await requirePassword(db, uuid, password, '2fa.enable');
  const [player] = await db
    .select({ username: players.username })
    .from(players)
    .where(eq(players.uuid, uuid));
  const secret = base32Encode(randomBytes(SECRET_BYTES));
  const values = { secret, enabledAt: null, lastStep: null, createdAt: new Date() };
  // Only while not enabled: an enrolled account turns it off first, with a code.
  const started = await db
    .insert(twoFactor)
    .values({ playerUuid: uuid, ...values })
    .onConflictDoUpdate({ target: twoFactor.playerUuid, set: values, setWhere: isNull(twoFactor.enabledAt) })
    .returning({ uuid: twoFactor.playerUuid });
  if (started.length === 0) throw conflict('two_factor_already_on', 'Two-factor sign-in is already on.');
  const label = `${encodeURIComponent(SITE_NAME)}:${encodeURIComponent(player?.username ?? uuid)}`;
  const query = new URLSearchParams({ secret, issuer: SITE_NAME });
  return { secret, otpauth_url: `otpauth://totp/${label}?${query}` };
}

/**
 * Confirms the setup with a code from its secret: from now on sign-in asks for a code. The session
 * that confirms it (`sid`) has passed the second factor; every other session of the account is
 * signed out, since none of them has.
 */
export async function enable(
  db: Db,
  { uuid, sid }: { uuid: string; sid: string },
  { password, code }: { password: string; code: string },
): Promise<RecoveryCodes> {
  await requirePassword(db, uuid, password, '2fa.enable');
  const enabled = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(twoFactor).where(eq(twoFactor.playerUuid, uuid)).for('update');
    if (!row) throw conflict('two_factor_setup_not_started', 'Start the two-factor setup first.');
    if (row.enabledAt) throw conflict('two_factor_already_on', 'Two-factor sign-in is already on.');
    if (!isTotpCode(code) || (await useCode(tx, uuid, row.secret, code)) === null) return null;
    await recordAudit(tx, { actor: uuid, action: '2fa.enable', outcome: 'ok' });
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.playerUuid, uuid));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ playerUuid: uuid, codeHash: hashRecoveryCode(c) })));
    await tx.update(twoFactor).set({ enabledAt: new Date() }).where(eq(twoFactor.playerUuid, uuid));
    await markSecondFactor(tx, sid);
    await endPlayerSessions(tx, uuid, { except: sid });
    return { recovery_codes: codes };
  });
  if (!enabled) {
    await recordAudit(db, { actor: uuid, action: '2fa.enable', outcome: 'refused' });
    throw invalid('wrong_two_factor_code', WRONG_CODE);
  }
  return enabled;
}

/** Turns two-factor sign-in off with the current password and a current code or a recovery code. */
export async function disable(
  db: Db,
  uuid: string,
  { password, code }: { password: string; code: string },
): Promise<void> {
  await requirePassword(db, uuid, password, '2fa.disable');
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(twoFactor)
      .where(and(eq(twoFactor.playerUuid, uuid), isNotNull(twoFactor.enabledAt)))
      .for('update');
    if (!row) throw conflict('two_factor_not_on', 'Two-factor sign-in is not on.');
    if ((await useCode(tx, uuid, row.secret, code)) === null) return false;
    await recordAudit(tx, { actor: uuid, action: '2fa.disable', outcome: 'ok' });
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.playerUuid, uuid));
    await tx.delete(twoFactor).where(eq(twoFactor.playerUuid, uuid));
    return true;
  });
  if (!done) {
    await recordAudit(db, { actor: uuid, action: '2fa.disable', outcome: 'refused' });
    throw invalid('wrong_two_factor_code', WRONG_CODE);
  }
}

/**
 * The second factor at sign-in, once the password is right: 'none' for an account not enrolled,
 * else whether the code given (if any) was accepted and used up, and which kind it was: how the
 * session is signed in. A wrong code is audited.
 */
export async function checkSecondFactor(
  db: Db,
  uuid: string,
  code: string | undefined,
): Promise<'none' | 'missing' | 'wrong' | Exclude<SignInMethod, 'password'>> {
  const row = await enrolment(db, uuid);
  if (!row?.enabledAt) return 'none';
  if (code === undefined) return 'missing';
  const used = await useCode(db, uuid, row.secret, code);
  if (used === 'totp') return 'password_and_code';
  if (used === 'recovery') return 'recovery_code';
  await recordAudit(db, {
    actor: uuid,
    action: 'auth.second_factor_failed',
    outcome: 'refused',
  });
  return 'wrong';
}

/**
 * Clears a member's two-factor sign-in, for one who has lost both their authenticator and their
 * recovery codes: by an owner in the console (`by` their uuid) or from the command line (`by` null).
 * Every session of the member is signed out; they sign in with their password and enrol again.
 * Audited with the member as its target.
 */
export async function resetTwoFactor(
  db: Db,
  member: { uuid: string } | { username: string },
  by: string | null,
): Promise<{ uuid: string; username: string }> {
  return db.transaction(async (tx) => {
    const [player] = await tx
      .select({ uuid: players.uuid, username: players.username })
      .from(players)
      .where(
        'uuid' in member
          ? eq(players.uuid, member.uuid)
          : sql`lower(${players.username}) = lower(${member.username})`,
      )
      .orderBy(desc(sql`coalesce(${players.lastSeenAt}, ${players.createdAt})`))
      .limit(1);
    if (!player)
      throw notFound('unknown_player', `No player named ${'uuid' in member ? member.uuid : member.username}`);
    const [row] = await tx
      .select({ enabledAt: twoFactor.enabledAt })
      .from(twoFactor)
      .where(eq(twoFactor.playerUuid, player.uuid))
      .for('update');
    if (!row?.enabledAt)
      throw conflict('two_factor_not_on', `Two-factor sign-in is not on for ${player.username}.`);
    await recordAudit(tx, { actor: by, action: '2fa.reset', target: player.username, outcome: 'ok' });
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.playerUuid, player.uuid));
    await tx.delete(twoFactor).where(eq(twoFactor.playerUuid, player.uuid));
    await endPlayerSessions(tx, player.uuid);
    return player;
  });
}
