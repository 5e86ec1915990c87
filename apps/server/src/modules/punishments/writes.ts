// The punishments' writes, in a caller's transaction: the game server's punishment.issued and
// punishment.revoked events (bridge/service.ts) and the rows followed from a LiteBans database
// (litebans.ts). Each reports the players whose pages change (a ban in force shows on the page).
import type { PunishmentSource, PunishmentType } from '@prison/shared/punishments';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import type { Write } from '../../live/changes.ts';
import { queueWebhooksFrom, WEBHOOK_RECENT } from '../webhooks/events.ts';

/** A person as a punishment names them: null for the console. */
export type Actor = { uuid: string | null; name: string } | null;

export interface IssuedPunishment {
  source: PunishmentSource;
  /** The source's own id: the plugin's, or LiteBans' '<table>:<id>'. */
  sourceId: string;
  type: PunishmentType;
  player: { uuid: string; name: string };
  staff: Actor;
  reason: string | null;
  issuedAt: Date;
  /** Null: permanent (ignored for a kick). */
  until: Date | null;
  silent: boolean;
  byAddress: boolean;
  address: string | null;
  note: string | null;
  server: string | null;
  /** The site's staff action this carries out (the plugin names it), confirmed by it. */
  actionId?: number | null;
}

export interface Revocation {
  source: PunishmentSource;
  sourceId: string;
  at: Date;
  by: Actor;
  reason: string | null;
  /** The site's staff action this carries out (the plugin names it), confirmed by it. */
  actionId?: number | null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Records new punishments; one whose (source, id) is already recorded is left as it is (the
 * bridge refuses such an event before this, a LiteBans row read twice is the same row).
 */
export async function issuePunishments(w: Write, list: readonly IssuedPunishment[]): Promise<void> {
  if (list.length === 0) return;
  const rows = list.map((p) => ({
    source: p.source,
    source_id: p.sourceId,
    type: p.type,
    player_uuid: p.player.uuid.toLowerCase(),
    player_name: p.player.name,
    staff_uuid: p.staff?.uuid?.toLowerCase() ?? null,
    staff_name: p.staff?.name ?? null,
    reason: p.reason,
    issued_at: iso(p.issuedAt),
    until: p.type === 'kick' ? null : iso(p.until),
    silent: p.silent,
    by_address: p.byAddress,
    address: p.address,
    note: p.note,
    server: p.server,
  }));
  const inserted = await w.tx.execute(sql`
    insert into punishments (source, source_id, type, player_uuid, player_name, staff_uuid, staff_name,
      reason, issued_at, until, silent, by_address, address, note, server)
    select source, source_id, type, player_uuid, player_name, staff_uuid, staff_name,
      reason, issued_at, until, silent, by_address, address, note, server
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(source text, source_id text, type text,
      player_uuid uuid, player_name text, staff_uuid uuid, staff_name text, reason text,
      issued_at timestamptz, until timestamptz, silent boolean, by_address boolean, address text,
      note text, server text)
    on conflict (source, source_id) do nothing
    returning id, player_uuid::text as player`);
  const ids = rowsOf<{ id: number; player: string }>(inserted);
  for (const { player } of ids) w.changes.push({ type: 'punishment.changed', player });
  await tellWebhooks(
    w,
    'issued',
    ids.map((row) => row.id),
  );
  await confirmActions(w, list);
}

/**
 * Confirms the staff actions that punishment events carry out: the game did it, whatever the plugin
 * acknowledged before, and a punishment issued for one is linked to it.
 */
async function confirmActions(w: Write, list: readonly (IssuedPunishment | Revocation)[]): Promise<void> {
  const rows = list.flatMap((p) =>
    p.actionId ? [{ action_id: p.actionId, source: p.source, source_id: p.sourceId }] : [],
  );
  if (rows.length === 0) return;
  const confirmed = await w.tx.execute(sql`
    update punishment_actions x set state = 'sent', error = null, taken_by = null, lease_until = null,
      punishment_id = coalesce(x.punishment_id, p.id)
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(action_id bigint, source text, source_id text)
      join punishments p on p.source = r.source and p.source_id = r.source_id
    where x.id = r.action_id
    returning x.id`);
  if (rowsOf(confirmed).length > 0) w.changes.push({ type: 'action.changed' });
}

/**
 * Lifts punishments before their end. One already revoked keeps its first revocation; a kick, or a
 * punishment not recorded, is left alone (the bridge refuses such events before this).
 */
export async function revokePunishments(w: Write, list: readonly Revocation[]): Promise<void> {
  if (list.length === 0) return;
  const rows = list.map((r, i) => ({
    i,
    source: r.source,
    source_id: r.sourceId,
    at: iso(r.at),
    by_uuid: r.by?.uuid?.toLowerCase() ?? null,
    by_name: r.by?.name ?? null,
    reason: r.reason,
  }));
  // The first revocation of each punishment in the list wins, as it would one after another.
  const revoked = await w.tx.execute(sql`
    with r as (
      select distinct on (source, source_id) *
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(i int, source text, source_id text,
        at timestamptz, by_uuid uuid, by_name text, reason text)
      order by source, source_id, i
    )
    update punishments p set revoked_at = r.at, revoked_by_uuid = r.by_uuid, revoked_by_name = r.by_name,
      revoke_reason = r.reason, updated_at = now()
    from r
    where p.source = r.source and p.source_id = r.source_id and p.revoked_at is null and p.type <> 'kick'
    returning p.id, p.player_uuid::text as player`);
  const ids = rowsOf<{ id: number; player: string }>(revoked);
  for (const { player } of ids) w.changes.push({ type: 'punishment.changed', player });
  await tellWebhooks(
    w,
    'lifted',
    ids.map((row) => row.id),
  );
  await confirmActions(w, list);
}

/**
 * Tells the webhooks that take punishments of those just issued or lifted: recent ones only, and
 * never a silent one (given without a word in game, it stays out of Discord too).
 */
async function tellWebhooks(w: Write, change: 'issued' | 'lifted', ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const issued = change === 'issued';
  await queueWebhooksFrom(
    w.tx,
    'punishment',
    sql`
      select jsonb_build_object('change', ${change}::text, 'punishment_id', p.id, 'type', p.type,
          'player', jsonb_build_object('uuid', p.player_uuid, 'name', p.player_name),
          'staff', ${issued ? sql`p.staff_name` : sql`p.revoked_by_name`},
          'reason', ${issued ? sql`p.reason` : sql`p.revoke_reason`},
          'until', ${issued ? sql`to_json(p.until)` : sql`null::json`}) as data,
        null::text as key
      from punishments p
      where p.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)
        and not p.silent
        and ${issued ? sql`p.issued_at` : sql`p.revoked_at`} > now() - ${WEBHOOK_RECENT}
      order by p.id`,
  );
}
