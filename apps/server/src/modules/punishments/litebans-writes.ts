// The site's side of following LiteBans (litebans.ts): how far each table has been read, and the
// changes writes.ts does not make to punishments already recorded: an edited reason or end, an end
// LiteBans came to by itself, a player's name learnt later. Each reports the players whose pages
// change, as writes.ts does.
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import type { Write } from '../../live/changes.ts';
import { IN_FORCE } from './active-ban.ts';
import { NO_PLAYER } from './litebans-rows.ts';

/** The highest id of a LiteBans table (its full name) the site has read; 0 before the first. */
export async function readCursor(db: Db, table: string): Promise<number> {
  const rows = await db.execute(sql`select last_id from litebans_cursor where table_name = ${table}`);
  const [row] = rowsOf<{ last_id: string | number }>(rows);
  return row ? Number(row.last_id) : 0;
}

/** Moves a table's cursor forward to `lastId`; never back, should another process be ahead. */
export async function advanceCursor(w: Write, table: string, lastId: number): Promise<void> {
  await w.tx.execute(sql`
    insert into litebans_cursor (table_name, last_id, synced_at) values (${table}, ${lastId}, now())
    on conflict (table_name) do update
      set last_id = greatest(litebans_cursor.last_id, excluded.last_id), synced_at = now()`);
}

/** A LiteBans punishment the site holds as in force. */
export interface HeldPunishment {
  id: number;
  sourceId: string;
  reason: string | null;
  until: Date | null;
}

/** Up to `limit` LiteBans punishments in force on the site with an id above `after`, by id. */
export async function heldInForce(db: Db, after: number, limit: number): Promise<HeldPunishment[]> {
  const rows = await db.execute(sql`
    select id, source_id, reason, until from punishments
    where source = 'litebans' and id > ${after} and ${IN_FORCE}
    order by id limit ${limit}`);
  return rowsOf<{
    id: string | number;
    source_id: string;
    reason: string | null;
    until: string | Date | null;
  }>(rows).map((r) => ({
    id: Number(r.id),
    sourceId: r.source_id,
    reason: r.reason,
    until: r.until === null ? null : new Date(r.until),
  }));
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function reportPlayers(w: Write, result: unknown): void {
  for (const { player } of rowsOf<{ player: string }>(result)) {
    w.changes.push({ type: 'punishment.changed', player });
  }
}

/** Takes over a reason or an end edited in LiteBans; a punishment revoked since is left as it is. */
export async function amendPunishments(
  w: Write,
  list: readonly { sourceId: string; reason: string | null; until: Date | null }[],
): Promise<void> {
  if (list.length === 0) return;
  const rows = list.map((a) => ({ source_id: a.sourceId, reason: a.reason, until: iso(a.until) }));
  const amended = await w.tx.execute(sql`
    update punishments p set reason = r.reason, until = r.until, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(source_id text, reason text, until timestamptz)
    where p.source = 'litebans' and p.source_id = r.source_id and p.revoked_at is null and p.type <> 'kick'
      and (p.reason is distinct from r.reason or p.until is distinct from r.until)
    returning p.player_uuid::text as player`);
  reportPlayers(w, amended);
}

/**
 * Ends punishments that LiteBans took out of force by itself (expired, replaced, deleted) at the
 * moment they stopped: their end moves back to it, and nobody is named as lifting them.
 */
export async function endPunishments(
  w: Write,
  list: readonly { sourceId: string; at: Date }[],
): Promise<void> {
  if (list.length === 0) return;
  const rows = list.map((e) => ({ source_id: e.sourceId, at: iso(e.at) }));
  const ended = await w.tx.execute(sql`
    update punishments p set until = r.at, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(source_id text, at timestamptz)
    where p.source = 'litebans' and p.source_id = r.source_id and p.revoked_at is null and p.type <> 'kick'
      and (p.until is null or p.until > r.at)
    returning p.player_uuid::text as player`);
  reportPlayers(w, ended);
}

// A LiteBans punishment whose player is still known by the fallback (litebans-rows.ts fallbackName).
const UNNAMED = sql.raw(
  `(source = 'litebans' and player_name = left(player_uuid::text, 8) and player_uuid <> '${NO_PLAYER.uuid}')`,
);

/** Up to `limit` players of LiteBans punishments with no name yet, with a uuid above `after`. */
export async function unnamedPlayers(db: Db, after: string, limit: number): Promise<string[]> {
  const rows = await db.execute(sql`
    select player_uuid::text as uuid from punishments
    where ${UNNAMED} and player_uuid > ${after}::uuid
    group by player_uuid order by player_uuid limit ${limit}`);
  return rowsOf<{ uuid: string }>(rows).map((r) => r.uuid);
}

/** Names the players of LiteBans punishments recorded before their name was known. */
export async function namePlayers(w: Write, list: readonly { uuid: string; name: string }[]): Promise<void> {
  if (list.length === 0) return;
  const named = await w.tx.execute(sql`
    update punishments p set player_name = r.name, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as r(uuid uuid, name text)
    where p.player_uuid = r.uuid and ${UNNAMED}
    returning p.player_uuid::text as player`);
  reportPlayers(w, named);
}

/** The site's own names of these players (they joined the game server the site hears from). */
export async function siteNamesOf(db: Db, uuids: readonly string[]): Promise<Map<string, string>> {
  if (uuids.length === 0) return new Map();
  const rows = await db.execute(sql`
    select uuid::text as uuid, username from players
    where uuid in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(uuids)}::jsonb))`);
  return new Map(rowsOf<{ uuid: string; username: string }>(rows).map((r) => [r.uuid, r.username]));
}
