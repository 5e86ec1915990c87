// When a staff member's request may use a staff power. Every staff route, socket and read that shows
// more to staff asks this, so they all apply one rule: the roles (read fresh from the database, so a
// role taken away in game counts at once) and, with STAFF_2FA=required, a session that passed a
// second factor, of an account that still has two-factor sign-in on.
import { STAFF_SIGN_IN_WITH_CODE, STAFF_TWO_FACTOR_REQUIRED } from '@prison/shared/auth';
import type { Db } from '../../db/client.ts';
import { type DomainError, forbidden } from '../../errors.ts';
import { currentUser } from './service.ts';
import { holdsPower, type StaffPower } from './staff-roles.ts';
import type { AccessClaims } from './tokens.ts';
import { isEnrolled } from './two-factor.ts';

export const NOT_PERMITTED = 'You do not have permission to do that';

/** Who reads: a signed-in player (and whether they may read as staff now), or a visitor. */
export interface Reader {
  uuid: string | null;
  /** May read as staff: ADMIN, OWNER or WEB_ADMIN with, where required, a passed second factor. */
  staff: boolean;
  /** For staff refused a staff read for want of a second factor: the refusal, saying what to do. */
  staffRefusal?: DomainError;
}

export const VISITOR: Reader = { uuid: null, staff: false };

export type StaffStanding = 'staff' | 'not_staff' | 'enrol' | 'sign_in_with_code';

/**
 * Where a signed-in request stands for `power`: 'staff' when it may use it; 'not_staff' without the
 * role; with `twoFactorRequired`, 'enrol' for an account without two-factor sign-in and
 * 'sign_in_with_code' for a session signed in with the password alone.
 */
export async function staffStanding(
  db: Db,
  auth: AccessClaims,
  power: StaffPower,
  twoFactorRequired: boolean,
): Promise<StaffStanding> {
  const { roles } = await currentUser(db, auth.uuid);
  if (!holdsPower(roles, power)) return 'not_staff';
  if (!twoFactorRequired) return 'staff';
  // Both: the session passed a factor, and the account still has it (not turned off or cleared since).
  if (!(await isEnrolled(db, auth.uuid))) return 'enrol';
  return auth.secondFactor === true ? 'staff' : 'sign_in_with_code';
}

/** The refusal of a member of staff lacking the second factor (403); null for any other standing. */
export function secondFactorRefusal(standing: StaffStanding): DomainError | null {
  if (standing === 'enrol') return forbidden('staff_two_factor_required', STAFF_TWO_FACTOR_REQUIRED);
  if (standing === 'sign_in_with_code') return forbidden('staff_sign_in_with_code', STAFF_SIGN_IN_WITH_CODE);
  return null;
}

/** Throws the refusal of a standing other than 'staff' (403, saying what to do about it). */
export function refuseUnlessStaff(standing: StaffStanding): void {
  if (standing === 'staff') return;
  throw secondFactorRefusal(standing) ?? forbidden('not_permitted', NOT_PERMITTED);
}
