// The ban a player's page says is in force: the newest public ban neither revoked nor ended.
import type { ActiveBan } from '@prison/shared/punishments';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';

/** Whether a punishment is in force now, as SQL over the punishments table's columns. */
export const IN_FORCE = sql.raw(
  `(type <> 'kick' and revoked_at is null and (until is null or until > now()))`,
);

/** The public ban in force on the player `uuid`, or null. */
export async function activeBan(db: Db, uuid: string): Promise<ActiveBan | null> {
  const rows = await db.execute(sql`
    select id, until, reason from punishments
    where player_uuid = ${uuid.toLowerCase()} and type = 'ban' and not silent and ${IN_FORCE}
    order by issued_at desc, id desc
    limit 1`);
  const [row] = rowsOf<{ id: string | number; until: string | Date | null; reason: string | null }>(rows);
  if (!row) return null;
  return {
    id: Number(row.id),
    until: row.until === null ? null : new Date(row.until).toISOString(),
    reason: row.reason,
  };
}
