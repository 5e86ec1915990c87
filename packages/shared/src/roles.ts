// Spec section 6. Role names compare case-insensitively.
const has = (roles: readonly string[], wanted: readonly string[]) =>
  roles.some((role) => wanted.includes(role.toUpperCase()));

/** The roles that give powers on the site; every other role (ranks, VIP…) is a name only. */
export const STAFF_ROLES = ['ADMIN', 'OWNER', 'WEB_ADMIN', 'DOCS_EDITOR'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (role: string): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role.toUpperCase());

/** Offered the Admin link in the header. */
export const isAdminUser = (roles: readonly string[]) => has(roles, ['OWNER', 'WEB_ADMIN']);
/** The roles the admin console and its API accept. */
export const CONSOLE_ROLES = ['ADMIN', 'OWNER', 'WEB_ADMIN'] as const;
/** Accepted by the admin console and its API. */
export const canUseAdminConsole = (roles: readonly string[]) => has(roles, CONSOLE_ROLES);
/** May create docs. */
export const canEditDocs = (roles: readonly string[]) =>
  has(roles, ['ADMIN', 'OWNER', 'WEB_ADMIN', 'DOCS_EDITOR']);
/** May clear another member's two-factor sign-in. */
export const isOwner = (roles: readonly string[]) => has(roles, ['OWNER']);
