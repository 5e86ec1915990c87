// The one rule for what a player who hides their statistics (the Privacy switch on /profile) shows
// to others. Every route, socket, page and preview that carries a player's statistics or milestones
// asks it: the player themselves and staff (modules/auth/staff.ts: with STAFF_2FA=required, only a
// session past a second factor) read them; anyone else does not.
import { forbidden } from '../../errors.ts';
import type { Reader } from '../auth/staff.ts';

export const STATISTICS_PRIVATE = 'This player keeps their statistics private';

/** Whether `reader` may read the statistics and milestones of `player`. */
export function mayReadStatistics(reader: Reader, player: { uuid: string; hidden: boolean }): boolean {
  if (!player.hidden || reader.staff) return true;
  return reader.uuid !== null && reader.uuid.toLowerCase() === player.uuid.toLowerCase();
}

/** For a read that is only statistics: 403 when `reader` may not read them. */
export function requireStatistics(reader: Reader, player: { uuid: string; hidden: boolean }): void {
  if (!mayReadStatistics(reader, player)) throw forbidden('statistics_private', STATISTICS_PRIVATE);
}
