// The server's one reading of the role names (lint refuses `@prison/shared/roles` anywhere else in
// it): which roles carry which staff power. Whether a request may use a power also depends on its
// session (staff.ts); these say only what roles give.
import {
  CONSOLE_ROLES,
  canEditDocs,
  canUseAdminConsole,
  isOwner,
  isStaffRole as isStaffRoleName,
  STAFF_ROLES,
} from '@prison/shared/roles';
import { type SQL, sql } from 'drizzle-orm';

export { STAFF_ROLES };

/**
 * What a staff route needs: `console` the admin console and staff reads (ADMIN, OWNER, WEB_ADMIN),
 * `docs` writing docs (those or DOCS_EDITOR), `owner` what only an owner does (clearing another
 * member's two-factor sign-in).
 */
export type StaffPower = 'console' | 'docs' | 'owner';

const HOLDS: Record<StaffPower, (roles: readonly string[]) => boolean> = {
  console: canUseAdminConsole,
  docs: canEditDocs,
  owner: isOwner,
};

/** Whether these roles carry a power (roles alone: access also asks staff.ts about the session). */
export const holdsPower = (roles: readonly string[], power: StaffPower) => HOLDS[power](roles);

/** A role that gives powers on the site (ADMIN, OWNER, WEB_ADMIN, DOCS_EDITOR), in any case. */
export const isStaffRole = isStaffRoleName;

/**
 * The accounts whose roles carry the console power (ADMIN, OWNER or WEB_ADMIN, in any case), as SQL
 * selecting `player` (their uuid as text): those told of what staff must see (a new appeal).
 */
export const consoleStaffSql = (): SQL => sql`
  select player_uuid::text as player from accounts
  where exists (select from unnest(roles) role where upper(role) = any(${`{${CONSOLE_ROLES.join(',')}}`}::text[]))`;
