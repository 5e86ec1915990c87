// The ban a player's page says is in force: the newest public ban neither revoked nor ended.
import type { ActiveBan } from '@prison/shared/punishments';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';

/** Whether a punishment is in force now, as SQL over the punishments table's columns (of `alias`). */
export function inForce(alias = ''): SQL {
  const c = alias ? `${alias}.` : '';
  return sql.raw(
    `(${c}type <> 'kick' and ${c}revoked_at is null and (${c}until is null or ${c}until > now()))`,
  );
}
export const IN_FORCE = inForce();

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
