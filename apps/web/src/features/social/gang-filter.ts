import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { gangStatusLabel } from '@prison/shared/gang-status';
import { translate } from '../../lib/i18n.ts';

/** The statuses' words as the gang badges show them (components/ui/gang-status-badge.tsx). */
const STATUS_WORDS: Record<string, MessageDescriptor> = {
  Open: msg`Open`,
  InviteOnly: msg`Invite only`,
  Closed: msg`Closed`,
};

/** The status as the page's language writes it; any other status as the game names it. */
const statusWords = (status: string) =>
  Object.hasOwn(STATUS_WORDS, status) ? translate(STATUS_WORDS[status]!) : gangStatusLabel(status);

/**
 * Spec 2.8 "Search by name or status": trimmed and case-insensitive; a blank search keeps every gang.
 * A status matches as the game names it and as the page shows it.
 */
export function filterGangs<T extends { name: string; status: string }>(
  gangs: readonly T[],
  query: string,
): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...gangs];
  return gangs.filter((gang) =>
    [gang.name, gang.status, gangStatusLabel(gang.status), statusWords(gang.status)].some((text) =>
      text.toLowerCase().includes(needle),
    ),
  );
}
