// A player's notifications: their list, newest first, a page at a time; marking them read; which
// kinds they receive; and the retention that deletes old ones (NOTIFICATIONS_KEEP_DAYS), in batches,
// one process at a time.
import {
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationFacts,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationsPage,
} from '@prison/shared/notifications';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../errors.ts';
import { type Change, committedHere, notifyChanges } from '../../live/changes.ts';

const BAD_CURSOR = 'The cursor is not one this list gave: start again from the first page';

/** A page ends at a notification's id; the next starts below it. */
function decodeIdCursor(cursor: string): number {
  if (!/^[1-9]\d{0,15}$/.test(cursor)) throw invalid('invalid_cursor', BAD_CURSOR);
  return Number(cursor);
}

interface Row {
  id: string | number;
  kind: NotificationKind;
  data: Record<string, unknown>;
  created_at: string | Date;
  read: boolean;
}

/** The page a notification is about. */
export function linkOf(n: NotificationFacts): string {
  switch (n.kind) {
    case 'listing.sold':
    case 'purchase.delivered':
      return `/auction`;
    case 'friend.added':
      return `/players/${encodeURIComponent(n.data.friend.name)}`;
    case 'gang.changed':
      return `/gangs/${encodeURIComponent(n.data.gang.id)}`;
    case 'appeal.answered':
      return '/profile#punishments';
    case 'appeal.new':
      return '/admin/appeals';
  }
}

function toNotification(row: Row): Notification {
  const n = { kind: row.kind, data: row.data } as NotificationFacts;
  return {
    id: Number(row.id),
    created_at: new Date(row.created_at).toISOString(),
    read: row.read,
    link: linkOf(n),
    ...n,
  } as Notification;
}

/** How many of the player's notifications are unread. */
export async function unreadCount(db: Db, player: string): Promise<number> {
  const [row] = rowsOf<{ unread: number }>(
    await db.execute(sql`
      select count(*)::int as unread from notifications
      where player_uuid = ${player.toLowerCase()} and read_at is null`),
  );
  return Number(row?.unread ?? 0);
}

/** GET /api/notifications: the player's notifications, newest first, a page at a time. */
export async function listNotifications(
  db: Db,
  player: string,
  { cursor, limit }: { cursor?: string | undefined; limit: number },
): Promise<NotificationsPage> {
  const uuid = player.toLowerCase();
  const before = cursor === undefined ? null : decodeIdCursor(cursor);
  // One statement: the count and the page are of one moment. The count is the one row the page
  // joins to, so an empty page still brings it (with a null notification).
  const rows = rowsOf<Omit<Row, 'id'> & { id: Row['id'] | null; unread: number }>(
    await db.execute(sql`
      select u.unread, n.id, n.kind, n.data, n.created_at, n.read
      from (select count(*)::int as unread from notifications
            where player_uuid = ${uuid} and read_at is null) u
        left join lateral (
          select id, kind, data, created_at, read_at is not null as read from notifications
          where player_uuid = ${uuid} ${before === null ? sql`` : sql`and id < ${before}`}
          order by id desc
          limit ${limit + 1}
        ) n on true
      order by n.id desc`),
  );
  const found = rows.flatMap((row) => (row.id === null ? [] : [toNotification(row as Row)]));
  const page = found.slice(0, limit);
  return {
    unread: Number(rows[0]?.unread ?? 0),
    notifications: page,
    next_cursor: found.length > limit ? String(page.at(-1)!.id) : null,
  };
}

/** POST /api/notifications/read: marks the named notifications of the player, or all, read. */
export async function markRead(
  db: Db,
  player: string,
  which: { ids: number[] } | { all: true },
): Promise<number> {
  const uuid = player.toLowerCase();
  const changes: Change[] = [{ type: 'notification.changed', player: uuid }];
  const marked = await db.transaction(async (tx) => {
    const rows = await tx.execute(sql`
      update notifications set read_at = now()
      where player_uuid = ${uuid} and read_at is null
        ${'ids' in which ? sql`and id = any(${`{${which.ids.join(',')}}`}::bigint[])` : sql``}
      returning id`);
    const count = rowsOf(rows).length;
    if (count > 0) await notifyChanges(tx, changes);
    return count;
  });
  if (marked > 0) await committedHere(db, changes, { rebuild: true });
  return unreadCount(db, uuid);
}

/** Which kinds the player receives. */
export async function preferencesOf(db: Db, player: string): Promise<NotificationPreferences> {
  const [row] = rowsOf<{ off: string[] }>(
    await db.execute(sql`select notifications_off as off from players where uuid = ${player.toLowerCase()}`),
  );
  if (!row) throw notFound('unknown_player', 'No such player');
  const off = new Set(row.off);
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, !off.has(kind)]),
  ) as NotificationPreferences;
}

/** PUT /api/notifications/preferences: turns the kinds named on or off; answers them all. */
export async function setPreferences(
  db: Db,
  player: string,
  update: Partial<NotificationPreferences>,
): Promise<NotificationPreferences> {
  const on = NOTIFICATION_KINDS.filter((kind) => update[kind] === true);
  const off = NOTIFICATION_KINDS.filter((kind) => update[kind] === false);
  // One statement: two changes at once from two pages both hold.
  await db.execute(sql`
    update players set notifications_off = array(
      select distinct k from unnest(notifications_off || ${`{${off.join(',')}}`}::text[]) k
      where not (k = any(${`{${on.join(',')}}`}::text[]))
      order by k)
    where uuid = ${player.toLowerCase()}`);
  return preferencesOf(db, player);
}

// Old notifications go this many at a time, each batch in a transaction of its own, so that a site
// stopped for months does not start with one delete of every row past the retention.
const PRUNE_BATCH = 5_000;

/**
 * Every process prunes at start and every hour; they take turns. The turn is a transaction's
 * advisory lock: false when another process holds it.
 */
export async function tryPruneTurn(tx: Tx): Promise<boolean> {
  const [row] = rowsOf<{ ours: boolean }>(
    await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtextextended('notifications.prune', 0)) as ours`,
    ),
  );
  return row?.ours === true;
}

/**
 * Deletes notifications older than `keepDays`, the oldest first, `batch` at a time, until none is
 * left. Answers how many it deleted in how many statements, or null when another process was
 * pruning. Each batch takes the turn again: a process that finds it taken between two batches stops
 * there and leaves the rest to the one that took it, so two never delete at once.
 */
export async function pruneNotifications(
  db: Db,
  keepDays: number,
  batch = PRUNE_BATCH,
): Promise<{ deleted: number; batches: number } | null> {
  let deleted = 0;
  let batches = 0;
  for (;;) {
    const gone = await db.transaction(async (tx) => {
      if (!(await tryPruneTurn(tx))) return null;
      const [row] = rowsOf<{ deleted: number }>(
        await tx.execute(sql`
          with gone as (
            delete from notifications where id in (
              select id from notifications
              where created_at < now() - make_interval(days => ${keepDays})
              order by created_at
              limit ${batch})
            returning 1)
          select count(*)::int as deleted from gone`),
      );
      return Number(row?.deleted ?? 0);
    });
    if (gone === null) return batches === 0 ? null : { deleted, batches };
    deleted += gone;
    batches++;
    if (gone < batch) return { deleted, batches };
  }
}
