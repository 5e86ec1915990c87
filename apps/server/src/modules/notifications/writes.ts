// Notifications are written in the transaction of the write that causes them (a purchase, an
// acknowledged delivery, a friendship, a gang change, an appeal), so that none is sent for a write
// that rolled back, nor lost for one that committed. A kind the recipient turned off is not written
// at all. Each notification written tells the recipient's open pages (their unread count).
import type { NotificationFacts } from '@prison/shared/notifications';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import type { Write } from '../../live/changes.ts';
import { consoleStaffSql } from '../auth/staff-roles.ts';

/** A notification to write: its recipient, its kind and the kind's facts. */
export type NewNotification = NotificationFacts & { player: string };

/** Writes notifications for recipients who have not turned their kind off. */
export async function addNotifications(w: Write, list: readonly NewNotification[]): Promise<void> {
  if (list.length === 0) return;
  const rows = list.map((n) => ({ player: n.player.toLowerCase(), kind: n.kind, data: n.data }));
  const written = await w.tx.execute(sql`
    insert into notifications (player_uuid, kind, data)
    select r.player, r.kind, r.data
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(player uuid, kind text, data jsonb)
      join players p on p.uuid = r.player
    where not (r.kind = any(p.notifications_off))
    returning player_uuid::text as player`);
  for (const player of new Set(rowsOf<{ player: string }>(written).map((row) => row.player))) {
    w.changes.push({ type: 'notification.changed', player });
  }
}

/** Notifies every member of staff who may use the console (ADMIN, OWNER or WEB_ADMIN, in any case). */
export async function notifyStaff(w: Write, facts: NotificationFacts): Promise<void> {
  const staff = await w.tx.execute(consoleStaffSql());
  await addNotifications(
    w,
    rowsOf<{ player: string }>(staff).map(({ player }) => ({ player, ...facts }) as NewNotification),
  );
}

/**
 * Notifications as part of a write that is one statement (the purchase): a CTE named `name` that
 * inserts, for each row of `rows` (player_uuid, kind, data), a notification unless its recipient
 * turned the kind off, returning the recipients' uuids as `player`.
 */
export function notificationsCte(name: string, rows: SQL): SQL {
  return sql`${sql.raw(name)} as (
      insert into notifications (player_uuid, kind, data)
      select r.player_uuid, r.kind, r.data
      from (${rows}) r join players p on p.uuid = r.player_uuid
      where not (r.kind = any(p.notifications_off))
      returning player_uuid as player
    )`;
}
