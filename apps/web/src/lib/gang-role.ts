// A gang member's role as the reader's language words it. The game's own roles (Leader, Officer,
// Member, Recruit: docs/plugin-guide.md) are translated; any other role a server adds is shown as the
// game wrote it.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { translate } from './i18n.ts';

const GANG_ROLES: Record<string, MessageDescriptor> = {
  Leader: msg`Leader`,
  Officer: msg`Officer`,
  Member: msg`Member`,
  Recruit: msg`Recruit`,
};

/** `role` in the page's language when it is one of the game's own, else as written. */
export function gangRoleLabel(role: string): string {
  return Object.hasOwn(GANG_ROLES, role) ? translate(GANG_ROLES[role]!) : role;
}
