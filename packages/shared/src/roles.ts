// Spec section 6. Role names compare case-insensitively.
const has = (roles: readonly string[], wanted: readonly string[]) =>
  roles.some((role) => wanted.includes(role.toUpperCase()));

/** Offered the Admin link in the header. */
export const isAdminUser = (roles: readonly string[]) => has(roles, ['OWNER', 'WEB_ADMIN']);
/** Accepted by the admin console and its API. */
export const canUseAdminConsole = (roles: readonly string[]) => has(roles, ['ADMIN', 'OWNER', 'WEB_ADMIN']);
/** May create docs. */
export const canEditDocs = (roles: readonly string[]) =>
  has(roles, ['ADMIN', 'OWNER', 'WEB_ADMIN', 'DOCS_EDITOR']);
