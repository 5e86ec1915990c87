// Staff actions for the game server's plugin (PUNISH_VIA=plugin): the console queues a punishment or
// pardon in punishment_actions (modules/punishments/moderation.ts) with a NOTIFY on BRIDGE_CHANNEL;
// here they are listed, taken by one delivery socket of the network for a lease (as deliveries are,
// deliveries-service.ts), and confirmed: by the plugin's acknowledgement with its outcome, or by the
// punishment event that names the action (punishments/writes.ts).
import type { BridgeAction, BridgeActionsAck } from '@prison/shared/bridge-actions';
import type { ActionKind } from '@prison/shared/moderation';
import type { PunishmentSource, PunishmentType } from '@prison/shared/punishments';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { type Change, committedHere, notifyChanges } from '../../live/changes.ts';
import { type BridgeConnection, MAX_DELIVERIES_TAKEN, takeFromOutbox } from './deliveries-service.ts';

const WAITING = sql`d.via = 'plugin' and d.state = 'sending'`;

interface Row {
  id: string | number;
  kind: ActionKind;
  player_uuid: string;
  player_name: string;
  staff_uuid: string;
  staff_name: string | null;
  reason: string | null;
  duration_seconds: number | null;
  source: PunishmentSource | null;
  source_id: string | null;
  punishment_type: PunishmentType | null;
  command: string;
  created_at: string | Date;
}

function toAction(row: Row): BridgeAction {
  return {
    id: Number(row.id),
    kind: row.kind,
    player: { uuid: row.player_uuid, username: row.player_name },
    // A staff member is a signed-in player of the site, so their name is known; the uuid stands in
    // should the row be gone.
    staff: { uuid: row.staff_uuid, username: row.staff_name ?? row.staff_uuid },
    reason: row.reason,
    duration_seconds: row.duration_seconds,
    punishment:
      row.source && row.source_id && row.punishment_type
        ? { source: row.source, id: row.source_id, type: row.punishment_type }
        : null,
    command: row.command,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Waiting actions that `where` picks (the table aliased `d`), oldest first. */
async function waitingActions(db: Db, where: SQL, limit: number): Promise<BridgeAction[]> {
  const rows = await db.execute(sql`
    select d.id, d.kind, d.player_uuid::text as player_uuid, d.player_name, d.staff_uuid::text as staff_uuid,
      s.username as staff_name, d.reason, d.duration_seconds, p.source, p.source_id,
      p.type as punishment_type, d.command, d.created_at
    from punishment_actions d
      left join players s on s.uuid = d.staff_uuid
      left join punishments p on p.id = d.punishment_id
    where ${WAITING} and ${where}
    order by d.created_at, d.id
    limit ${limit}`);
  return rowsOf<Row>(rows).map(toAction);
}

/** GET /api/bridge/actions: every action waiting for the game server, whoever holds it, oldest first. */
export function pendingActions(db: Db, limit: number): Promise<BridgeAction[]> {
  return waitingActions(db, sql`true`, limit);
}

/**
 * Takes, for `connection`, the waiting actions it should have (of `ids`, or of all when null): the
 * same rules as the deliveries (takeFromOutbox), the player's server first.
 */
export async function takeActions(
  db: Db,
  connection: BridgeConnection,
  ids: string[] | null,
  limit = MAX_DELIVERIES_TAKEN,
): Promise<BridgeAction[]> {
  const among =
    ids === null
      ? sql`true`
      : sql`d.id = any(${`{${ids.filter((id) => /^\d{1,18}$/.test(id)).join(',')}}`}::bigint[])`;
  const taken = await takeFromOutbox(db, connection, {
    table: sql`punishment_actions`,
    pending: WAITING,
    among,
    limit,
  });
  if (taken.length === 0) return [];
  return waitingActions(db, sql`d.id = any(${`{${taken.join(',')}}`}::bigint[])`, taken.length);
}

/**
 * POST /api/bridge/actions/ack: records how the game server carried out actions it was handed. An
 * action already confirmed keeps its first outcome, except that the game's answer is kept for one
 * its punishment event confirmed first (the event names no answer). Answers how many were newly
 * confirmed.
 */
export async function acknowledgeActions(db: Db, results: BridgeActionsAck['results']): Promise<number> {
  // The first result for an id wins, as one after another would.
  const byId = new Map<number, BridgeActionsAck['results'][number]>();
  for (const result of results) if (!byId.has(result.id)) byId.set(result.id, result);
  const rows = JSON.stringify(
    [...byId.values()].map((r) => ({
      id: r.id,
      state: r.outcome === 'done' ? 'sent' : 'failed',
      output: r.outcome === 'done' ? (r.message ?? null) : null,
      error: r.outcome === 'refused' ? (r.message ?? 'The game server refused it') : null,
    })),
  );
  const answered = sql`jsonb_to_recordset(${rows}::jsonb) as r(id bigint, state text, output text, error text)`;
  const changes: Change[] = [{ type: 'action.changed' }];
  const { confirmed, changed } = await db.transaction(async (tx) => {
    const marked = rowsOf(
      await tx.execute(sql`
        update punishment_actions d set state = r.state, output = r.output, error = r.error,
          taken_by = null, lease_until = null
        from ${answered}
        where d.id = r.id and ${WAITING}
        returning d.id`),
    ).length;
    const answers = rowsOf(
      await tx.execute(sql`
        update punishment_actions d set output = r.output
        from ${answered}
        where d.id = r.id and d.via = 'plugin' and d.state = 'sent' and d.output is null and r.state = 'sent'
          and r.output is not null
        returning d.id`),
    ).length;
    // The console shows each action's state and answer.
    if (marked + answers > 0) await notifyChanges(tx, changes);
    return { confirmed: marked, changed: marked + answers > 0 };
  });
  if (changed) await committedHere(db, changes);
  return confirmed;
}
