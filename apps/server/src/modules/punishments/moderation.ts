// Moderation from the site: staff punish and pardon through the game server (over RCON, with the
// owner's command templates, rcon/punishment-commands.ts; or, with PUNISH_VIA=plugin, through the
// plugin's delivery socket, the punishment_actions row being the outbox: bridge/actions-service.ts),
// and players appeal their bans and mutes, which staff
// accept (the punishment is lifted through the game server) or deny with a reply. The site records a
// punishment or its lifting only when the game reports it (the bridge's events, or the LiteBans
// database it follows): the game is the truth of who is banned. Every step is audited.
import {
  type ActionKind,
  APPEALS_PER_HOUR,
  type Appeal,
  type AppealState,
  type OwnPunishment,
  type PunishRequest,
  type StaffAction,
  type StaffAppeal,
  type StaffPunishment,
} from '@prison/shared/moderation';
import type { PunishmentType } from '@prison/shared/punishments';
import { type SQL, sql } from 'drizzle-orm';
import { BRIDGE_CHANNEL, bridgeActionPayload, type Db, rowsOf, type Tx } from '../../db/client.ts';
import { conflict, forbidden, notFound, rateLimited, unavailable } from '../../errors.ts';
import { type Change, committedHere, notifyChanges, writeIn } from '../../live/changes.ts';
import { RconError } from '../../rcon/client.ts';
import { COMMAND_NOT_ALLOWED, type CommandSender, commandAllowed, rconFailure } from '../../rcon/commands.ts';
import { type PunishmentCommands, pardonCommand, punishCommand } from '../../rcon/punishment-commands.ts';
import { recordAudit } from '../audit/service.ts';
import { addNotifications, notifyStaff } from '../notifications/writes.ts';
import { queueWebhooks } from '../webhooks/events.ts';
import { inForce } from './active-ban.ts';
import {
  decodeCursor,
  encodeCursor,
  NO_SUCH_PLAYER,
  NO_SUCH_PUNISHMENT,
  nameFilter,
  punishmentRow,
  type Row,
  toPunishment,
} from './service.ts';

export const NO_SUCH_APPEAL = 'No such appeal';
export const NOT_IN_FORCE = 'This punishment is no longer in force: there is nothing to lift';
export const NOT_APPEALABLE = 'Only a ban or mute that is still in force can be appealed';
export const APPEAL_EXISTS = 'You have already appealed this punishment';
export const APPEAL_DECIDED = 'This appeal has been decided already';
export const NOT_YOURS = 'You can appeal only your own punishments';
export const TOO_MANY_APPEALS = `You may send at most ${APPEALS_PER_HOUR} appeals an hour: try again later`;

/** How staff actions reach the game server. */
export interface ActionChannel {
  /** PUNISH_VIA: RCON at once, or the plugin's delivery socket (an outbox the plugin confirms). */
  via: 'rcon' | 'plugin';
  rcon: CommandSender;
  commands: PunishmentCommands;
  /** RCON_ALLOW: the first words a command may have (null: any). */
  allow: readonly string[] | null;
  log?: { warn(obj: unknown, msg?: string): void };
}

// ---- Reads ----

// A punishment as staff see it: the public columns, what is theirs, and its appeal.
const STAFF_COLUMNS = sql.raw(`p.silent, p.by_address, p.address, p.note, p.server,
  a.id as appeal_id, a.state as appeal_state`);

type StaffRow = Row & {
  silent: boolean;
  by_address: boolean;
  address: string | null;
  note: string | null;
  server: string | null;
  appeal_id: string | number | null;
  appeal_state: AppealState | null;
};

function toStaffPunishment(row: StaffRow): StaffPunishment {
  return {
    ...toPunishment(row),
    silent: row.silent,
    by_address: row.by_address,
    address: row.address,
    note: row.note,
    server: row.server,
    appeal: row.appeal_id === null ? null : { id: Number(row.appeal_id), state: row.appeal_state! },
  };
}

async function staffPunishments(db: Db, where: SQL, limit: number): Promise<StaffPunishment[]> {
  const rows = await db.execute(sql`
    select ${punishmentRow('p')}, ${STAFF_COLUMNS}
    from punishments p left join punishment_appeals a on a.punishment_id = p.id
    where ${where}
    order by p.issued_at desc, p.id desc
    limit ${limit}`);
  return rowsOf<StaffRow>(rows).map(toStaffPunishment);
}

/** GET /api/admin/punishments: every punishment, silent ones included, with what is for staff only. */
export async function listForStaff(
  db: Db,
  query: {
    type?: PunishmentType | undefined;
    active?: boolean | undefined;
    q?: string | undefined;
    player?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<{ punishments: StaffPunishment[]; next_cursor: string | null }> {
  const where: SQL[] = [sql`true`];
  if (query.type) where.push(sql`p.type = ${query.type}`);
  if (query.active !== undefined) where.push(query.active ? sql`${inForce('p')}` : sql`not ${inForce('p')}`);
  if (query.player) where.push(sql`p.player_uuid = ${query.player.toLowerCase()}`);
  if (query.q) {
    const byName = nameFilter(query.q, 'p');
    if (byName === null) return { punishments: [], next_cursor: null };
    where.push(byName);
  }
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    where.push(sql`(p.issued_at, p.id) < (${after.issuedAt}::timestamptz, ${after.id}::bigint)`);
  }
  const found = await staffPunishments(db, sql.join(where, sql` and `), query.limit + 1);
  const page = found.slice(0, query.limit);
  const last = page.at(-1);
  return {
    punishments: page,
    next_cursor: found.length > query.limit && last ? encodeCursor(last) : null,
  };
}

// ---- Staff actions ----

const ACTION_COLUMNS = sql.raw(`x.id, x.kind, x.player_uuid::text, x.player_name, x.staff_uuid::text,
  coalesce(s.username, x.staff_uuid::text) as staff_name, x.reason, x.duration_seconds, x.punishment_id,
  x.command, x.via, x.state, x.output, x.error, x.created_at`);

interface ActionRow {
  id: string | number;
  kind: ActionKind;
  player_uuid: string;
  player_name: string;
  staff_uuid: string;
  staff_name: string;
  reason: string | null;
  duration_seconds: number | null;
  punishment_id: string | number | null;
  command: string;
  via: StaffAction['via'];
  state: StaffAction['state'];
  output: string | null;
  error: string | null;
  created_at: string | Date;
}

function toAction(row: ActionRow): StaffAction {
  return {
    id: Number(row.id),
    kind: row.kind,
    player: { uuid: row.player_uuid, name: row.player_name },
    staff: { uuid: row.staff_uuid, name: row.staff_name },
    reason: row.reason,
    duration_seconds: row.duration_seconds,
    punishment_id: row.punishment_id === null ? null : Number(row.punishment_id),
    command: row.command,
    via: row.via,
    state: row.state,
    output: row.output,
    error: row.error,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** GET /api/admin/punishment-actions: what staff sent, newest first. */
export async function listActions(db: Db, limit: number): Promise<StaffAction[]> {
  const rows = await db.execute(sql`
    select ${ACTION_COLUMNS} from punishment_actions x left join players s on s.uuid = x.staff_uuid
    order by x.created_at desc, x.id desc limit ${limit}`);
  return rowsOf<ActionRow>(rows).map(toAction);
}

interface NewAction {
  kind: ActionKind;
  player: { uuid: string; name: string };
  reason: string | null;
  durationSeconds: number | null;
  punishmentId: number | null;
  command: string;
}

/**
 * Records the action and its audit row, and sends it to the game server. Over RCON: its command is
 * sent at once and the answer recorded; one the game server does not get answers 503 with the
 * reason, and the action says failed. Through the plugin: the row waits in the outbox, every
 * process's delivery sockets hear of it on commit, and the plugin confirms it later. A command
 * RCON_ALLOW does not list is refused either way (recorded and audited as refused). `alongside`
 * runs in the transaction that records the game server's answer (over RCON) or queues the action.
 */
async function sendAction(
  db: Db,
  channel: ActionChannel,
  staffUuid: string,
  action: NewAction,
  /** More to do in the same transaction as the action's record (an appeal's decision). */
  alongside?: (tx: Tx, actionId: number) => Promise<void>,
): Promise<StaffAction> {
  const allowed = commandAllowed(channel.allow, action.command);
  const id = await db.transaction(async (tx) => {
    const rows = await tx.execute(sql`
      insert into punishment_actions (kind, player_uuid, player_name, staff_uuid, reason, duration_seconds,
        punishment_id, command, via, state, error)
      values (${action.kind}, ${action.player.uuid}, ${action.player.name}, ${staffUuid}, ${action.reason},
        ${action.durationSeconds}, ${action.punishmentId}, ${action.command}, ${channel.via},
        ${allowed ? 'sending' : 'failed'}, ${allowed ? null : COMMAND_NOT_ALLOWED})
      returning id`);
    const actionId = Number(rowsOf<{ id: string | number }>(rows)[0]!.id);
    await recordAudit(tx, {
      actor: staffUuid,
      action: action.kind === 'pardon' ? 'punishment.pardon' : 'punishment.issue',
      target: action.player.name,
      outcome: allowed ? 'ok' : 'refused',
      detail: {
        action_id: actionId,
        kind: action.kind,
        player_uuid: action.player.uuid,
        command: action.command,
        via: channel.via,
        ...(action.punishmentId !== null && { punishment_id: action.punishmentId }),
        ...(action.durationSeconds !== null && { duration_seconds: action.durationSeconds }),
        ...(!allowed && { error: COMMAND_NOT_ALLOWED }),
      },
    });
    if (allowed && channel.via === 'plugin') {
      await tx.execute(
        sql`select pg_notify(${BRIDGE_CHANNEL}::text, ${bridgeActionPayload(actionId)}::text)`,
      );
      if (alongside) await alongside(tx, actionId);
    }
    await notifyChanges(tx, ACTION_CHANGED);
    return actionId;
  });
  await committedHere(db, ACTION_CHANGED);
  if (!allowed) throw forbidden('command_not_allowed', COMMAND_NOT_ALLOWED);
  if (channel.via === 'rcon') await sendOverRcon(db, channel, id, action.command, alongside);
  const rows = await db.execute(sql`
    select ${ACTION_COLUMNS} from punishment_actions x left join players s on s.uuid = x.staff_uuid
    where x.id = ${id}`);
  return toAction(rowsOf<ActionRow>(rows)[0]!);
}

/** Sends the action's command over RCON and records the answer (503 when the game server does not get it). */
async function sendOverRcon(
  db: Db,
  channel: ActionChannel,
  id: number,
  command: string,
  alongside?: (tx: Tx, actionId: number) => Promise<void>,
): Promise<void> {
  const outcome = await channel.rcon.send(command).then(
    (output) => ({ output, error: null, code: null }),
    (error: unknown) => {
      if (!(error instanceof RconError)) throw error;
      channel.log?.warn({ err: error, command }, 'punishment command not delivered over RCON');
      return { output: null, error: error.message, code: rconFailure(error) };
    },
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update punishment_actions set state = ${outcome.code ? 'failed' : 'sent'}, output = ${outcome.output},
        error = ${outcome.error}
      where id = ${id}`);
    if (!outcome.code && alongside) await alongside(tx, id);
    await notifyChanges(tx, ACTION_CHANGED);
  });
  await committedHere(db, ACTION_CHANGED);
  if (outcome.code) throw unavailable(outcome.code, outcome.error!);
}

/** POST /api/admin/punishments: punishes a player the site knows, through the game server. */
export async function punish(
  db: Db,
  channel: ActionChannel,
  staffUuid: string,
  request: PunishRequest,
): Promise<StaffAction> {
  const [player] = rowsOf<{ uuid: string; name: string }>(
    await db.execute(
      sql`select uuid::text, username as name from players where uuid = ${request.player.toLowerCase()}`,
    ),
  );
  if (!player) throw notFound('unknown_player', NO_SUCH_PLAYER);
  const timed = request.type === 'ban' || request.type === 'mute';
  const durationSeconds = timed ? (request.duration_seconds ?? null) : null;
  return sendAction(db, channel, staffUuid, {
    kind: request.type,
    player,
    reason: request.reason,
    durationSeconds,
    punishmentId: null,
    command: punishCommand(channel.commands, request.type, {
      player,
      reason: request.reason,
      durationSeconds,
    }),
  });
}

/** The punishment `id` (silent ones included), locked when `tx` is given, or a 404. */
async function punishmentFor(db: Db | Tx, id: number, lock = false) {
  const rows = await db.execute(sql`
    select p.id, p.type, p.player_uuid::text as player_uuid, p.player_name, p.silent, ${inForce('p')} as active
    from punishments p where p.id = ${id} ${lock ? sql`for update` : sql``}`);
  const [row] = rowsOf<{
    id: string | number;
    type: PunishmentType;
    player_uuid: string;
    player_name: string;
    silent: boolean;
    active: boolean;
  }>(rows);
  if (!row) throw notFound('unknown_punishment', NO_SUCH_PUNISHMENT);
  return { ...row, id: Number(row.id) };
}

/** POST /api/admin/punishments/{id}/pardon: lifts a ban, mute or warning in force through the game server. */
export async function pardon(
  db: Db,
  channel: ActionChannel,
  staffUuid: string,
  punishmentId: number,
  reason: string | null,
  alongside?: (tx: Tx, actionId: number) => Promise<void>,
): Promise<StaffAction> {
  const p = await punishmentFor(db, punishmentId);
  if (p.type === 'kick') throw conflict('punishment_not_revocable', 'A kick cannot be lifted');
  if (!p.active) throw conflict('punishment_not_in_force', NOT_IN_FORCE);
  const player = { uuid: p.player_uuid, name: p.player_name };
  return sendAction(
    db,
    channel,
    staffUuid,
    {
      kind: 'pardon',
      player,
      reason,
      durationSeconds: null,
      punishmentId,
      command: pardonCommand(channel.commands, p.type, { player, reason, durationSeconds: null })!,
    },
    alongside,
  );
}

// ---- Appeals ----

const APPEAL_COLUMNS = sql.raw(`a.id, a.punishment_id, a.state, a.text, a.reply, a.created_at, a.decided_at,
  a.decided_by_uuid::text, a.decided_by_name`);

interface AppealRow {
  id: string | number;
  punishment_id: string | number;
  state: AppealState;
  text: string;
  reply: string | null;
  created_at: string | Date;
  decided_at: string | Date | null;
  decided_by_uuid: string | null;
  decided_by_name: string | null;
}

function toAppeal(row: AppealRow): Appeal {
  return {
    id: Number(row.id),
    punishment_id: Number(row.punishment_id),
    state: row.state,
    text: row.text,
    reply: row.reply,
    created_at: new Date(row.created_at).toISOString(),
    decided_at: row.decided_at === null ? null : new Date(row.decided_at).toISOString(),
    decided_by:
      row.decided_by_name === null ? null : { uuid: row.decided_by_uuid, name: row.decided_by_name },
  };
}

const appealable = (p: { type: PunishmentType; active: boolean }) =>
  (p.type === 'ban' || p.type === 'mute') && p.active;

/**
 * The signed-in player's punishments with their appeals, newest first (at most 50): their silent
 * ones too (the player knows of them), but never an address or a staff note.
 */
export async function ownPunishments(db: Db, uuid: string): Promise<OwnPunishment[]> {
  const rows = await db.execute(sql`
    select ${punishmentRow('p')}, ${sql.raw(`a.id as appeal_id`)}, ${APPEAL_COLUMNS_AS('a')}
    from punishments p left join punishment_appeals a on a.punishment_id = p.id
    where p.player_uuid = ${uuid.toLowerCase()}
    order by p.issued_at desc, p.id desc
    limit 50`);
  return rowsOf<Row & Record<string, unknown>>(rows).map((row) => {
    const punishment = toPunishment(row);
    const appeal = row.appeal_id === null ? null : toAppeal(unprefixed(row));
    return { ...punishment, appeal, appealable: appeal === null && appealable(punishment) };
  });
}

/** The appeal's columns, each prefixed `appeal_` so they sit beside the punishment's. */
function APPEAL_COLUMNS_AS(alias: string): SQL {
  return sql.raw(
    ['punishment_id', 'state', 'text', 'reply', 'created_at', 'decided_at', 'decided_by_name']
      .map((c) => `${alias}.${c} as appeal_${c}`)
      .concat(`${alias}.decided_by_uuid::text as appeal_decided_by_uuid`)
      .join(', '),
  );
}

function unprefixed(row: Record<string, unknown>): AppealRow {
  const appeal: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (key.startsWith('appeal_')) appeal[key.slice(7)] = value;
  return appeal as unknown as AppealRow;
}

/** The change that tells the console's open moderation pages of an action sent or answered. */
const ACTION_CHANGED: Change[] = [{ type: 'action.changed' }];

/** The change that tells a player's open pages (their profile) and the console of their appeals. */
const appealChanged = (player: string): Change => ({ type: 'appeal.changed', player });

/** POST /api/punishments/{id}/appeal: the signed-in player appeals a ban or mute of theirs, once. */
export async function createAppeal(
  db: Db,
  playerUuid: string,
  punishmentId: number,
  text: string,
): Promise<Appeal> {
  const player = playerUuid.toLowerCase();
  const changes = [appealChanged(player)];
  const appeal = await db.transaction(async (tx) => {
    const p = await punishmentFor(tx, punishmentId, true);
    if (p.player_uuid !== player) {
      // Someone else's silent punishment is not there at all.
      if (p.silent) throw notFound('unknown_punishment', NO_SUCH_PUNISHMENT);
      throw forbidden('not_your_punishment', NOT_YOURS);
    }
    if (!appealable(p)) throw conflict('punishment_not_appealable', NOT_APPEALABLE);
    // Counted in the database, so the limit holds across every server process. The player's own
    // appeals are serialized by locking their row first.
    await tx.execute(sql`select 1 from players where uuid = ${player} for update`);
    const [{ recent }] = rowsOf<{ recent: number }>(
      await tx.execute(sql`
        select count(*)::int as recent from punishment_appeals
        where player_uuid = ${player} and created_at > now() - interval '1 hour'`),
    ) as [{ recent: number }];
    if (Number(recent) >= APPEALS_PER_HOUR) throw rateLimited('rate_limited', TOO_MANY_APPEALS);
    const rows = await tx.execute(sql`
      insert into punishment_appeals (punishment_id, player_uuid, text)
      values (${punishmentId}, ${player}, ${text})
      on conflict (punishment_id) do nothing
      returning id, punishment_id, state, text, reply, created_at, decided_at, decided_by_uuid::text, decided_by_name`);
    const [row] = rowsOf<AppealRow>(rows);
    if (!row) throw conflict('appeal_exists', APPEAL_EXISTS);
    await recordAudit(tx, {
      actor: player,
      action: 'appeal.create',
      target: String(punishmentId),
      outcome: 'ok',
      detail: { appeal_id: Number(row.id), punishment_id: punishmentId },
    });
    // Staff hear of it.
    const w = writeIn(tx);
    await notifyStaff(w, {
      kind: 'appeal.new',
      data: {
        appeal_id: Number(row.id),
        punishment_id: punishmentId,
        punishment_type: p.type as 'ban' | 'mute',
        player: { uuid: player, name: p.player_name },
      },
    });
    // So does Discord, unless the punishment was silent (webhooks/events.ts).
    if (!p.silent) {
      await queueWebhooks(w, [
        {
          event: 'appeal',
          data: {
            change: 'new',
            appeal_id: Number(row.id),
            punishment_id: punishmentId,
            punishment_type: p.type,
            player: { uuid: player, name: p.player_name },
            by: null,
          },
        },
      ]);
    }
    changes.push(...w.changes);
    await notifyChanges(tx, changes);
    return toAppeal(row);
  });
  await committedHere(db, changes, { rebuild: true });
  return appeal;
}

/** GET /api/admin/appeals: the open queue oldest first, or decided appeals newest first. */
export async function appealsForStaff(db: Db, state: AppealState): Promise<StaffAppeal[]> {
  const rows = await db.execute(sql`
    select ${APPEAL_COLUMNS}, ${punishmentRow('p', 'p_')}, ${sql.raw(`p.silent as p_silent,
      p.by_address as p_by_address, p.address as p_address, p.note as p_note, p.server as p_server`)}
    from punishment_appeals a join punishments p on p.id = a.punishment_id
    where a.state = ${state}
    order by ${state === 'open' ? sql`a.created_at, a.id` : sql`a.decided_at desc, a.id desc`}
    limit 200`);
  return rowsOf<AppealRow & Record<string, unknown>>(rows).map((row) => {
    const appeal = toAppeal(row);
    const p: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) if (key.startsWith('p_')) p[key.slice(2)] = value;
    p.appeal_id = appeal.id;
    p.appeal_state = appeal.state;
    return { ...appeal, punishment: toStaffPunishment(p as unknown as StaffRow) };
  });
}

/**
 * POST /api/admin/appeals/{id}/decision. Denied: with the reply, at once. Accepted: the punishment is
 * lifted through the game server (when it is still in force). Over RCON the appeal is accepted in
 * the same transaction that records the command's answer, and if the game server cannot be reached
 * it stays open and the answer is 503; through the plugin it is accepted in the transaction that
 * queues the pardon, which the outbox keeps until a game server carries it out.
 */
export async function decideAppeal(
  db: Db,
  channel: ActionChannel,
  staffUuid: string,
  appealId: number,
  decision: 'accept' | 'deny',
  reply: string,
): Promise<Appeal> {
  const [current] = rowsOf<AppealRow & { player_uuid: string }>(
    await db.execute(
      sql`select ${APPEAL_COLUMNS}, a.player_uuid::text as player_uuid from punishment_appeals a where a.id = ${appealId}`,
    ),
  );
  if (!current) throw notFound('unknown_appeal', NO_SUCH_APPEAL);
  if (current.state !== 'open') throw conflict('appeal_decided', APPEAL_DECIDED);
  const changes = [appealChanged(current.player_uuid)];
  const punishment = await punishmentFor(db, Number(current.punishment_id));
  const decide = async (tx: Tx, actionId: number | null) => {
    const rows = await tx.execute(sql`
      update punishment_appeals a set state = ${decision === 'accept' ? 'accepted' : 'denied'}, reply = ${reply},
        decided_at = now(), decided_by_uuid = ${staffUuid},
        decided_by_name = coalesce((select username from players where uuid = ${staffUuid}), ${staffUuid})
      where a.id = ${appealId} and a.state = 'open'
      returning ${APPEAL_COLUMNS}`);
    const [decided] = rowsOf<AppealRow>(rows);
    if (!decided) throw conflict('appeal_decided', APPEAL_DECIDED);
    await recordAudit(tx, {
      actor: staffUuid,
      action: decision === 'accept' ? 'appeal.accept' : 'appeal.deny',
      target: String(current.punishment_id),
      outcome: 'ok',
      detail: {
        appeal_id: appealId,
        punishment_id: Number(current.punishment_id),
        reply,
        action_id: actionId,
      },
    });
    // The player hears the answer.
    const w = writeIn(tx);
    await addNotifications(w, [
      {
        player: current.player_uuid,
        kind: 'appeal.answered',
        data: {
          appeal_id: appealId,
          punishment_id: punishment.id,
          punishment_type: punishment.type as 'ban' | 'mute',
          state: decision === 'accept' ? 'accepted' : 'denied',
        },
      },
    ]);
    if (!punishment.silent) {
      await queueWebhooks(w, [
        {
          event: 'appeal',
          data: {
            change: decision === 'accept' ? 'accepted' : 'denied',
            appeal_id: appealId,
            punishment_id: punishment.id,
            punishment_type: punishment.type,
            player: { uuid: current.player_uuid, name: punishment.player_name },
            by: decided.decided_by_name,
          },
        },
      ]);
    }
    await notifyChanges(tx, [...changes, ...w.changes]);
    changes.push(...w.changes);
  };
  if (decision === 'accept' && punishment.active) {
    await pardon(db, channel, staffUuid, punishment.id, `Appeal accepted: ${reply}`.slice(0, 256), decide);
  } else {
    await db.transaction((tx) => decide(tx, null));
  }
  await committedHere(db, changes, { rebuild: true });
  const [row] = rowsOf<AppealRow>(
    await db.execute(sql`select ${APPEAL_COLUMNS} from punishment_appeals a where a.id = ${appealId}`),
  );
  return toAppeal(row!);
}
