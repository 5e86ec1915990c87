// The public record of punishments: the list (by type, in force or not, by a player's or a staff
// member's name), one punishment, a player's history, and the ban a player page shows. Keyset pages,
// newest first. Silent punishments are never read here, and the columns only staff may see (the
// address, the note) are never selected.
import {
  type PlayerPunishments,
  PUNISHMENT_TYPES,
  type Punishment,
  type PunishmentCounts,
  type PunishmentSource,
  type PunishmentsPage,
  type PunishmentType,
} from '@prison/shared/punishments';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { prefixEnd } from '../../db/prefix-range.ts';
import { players } from '../../db/schema.ts';
import { forbidden, invalid, notFound } from '../../errors.ts';
import { IN_FORCE, inForce } from './active-ban.ts';

export const NO_SUCH_PUNISHMENT = 'No such punishment';
/** As the players' routes say it (a punishment may name a player the site does not know). */
export const NO_SUCH_PLAYER = 'No such player';
export const BAD_CURSOR = 'This cursor is not one of ours: start again from the first page';
export const HISTORY_PRIVATE = 'This player keeps their punishment history private';

export interface Row {
  id: string | number;
  type: PunishmentType;
  player_uuid: string;
  player_name: string;
  staff_uuid: string | null;
  staff_name: string | null;
  reason: string | null;
  issued_at: string | Date;
  until: string | Date | null;
  revoked_at: string | Date | null;
  revoked_by_uuid: string | null;
  revoked_by_name: string | null;
  revoke_reason: string | null;
  source: PunishmentSource;
  active: boolean;
}

const PUBLIC_COLUMNS = [
  'id',
  'type',
  'player_uuid::text',
  'player_name',
  'staff_uuid::text',
  'staff_name',
  'reason',
  'issued_at',
  'until',
  'revoked_at',
  'revoked_by_uuid::text',
  'revoked_by_name',
  'revoke_reason',
  'source',
];

/**
 * The public columns of a punishment (of table alias `alias`), each named `prefix` + its name, and
 * whether it is in force now (`active`). Never `address`, `note` or `silent`.
 */
export function punishmentRow(alias = '', prefix = ''): SQL {
  const c = alias ? `${alias}.` : '';
  const columns = PUBLIC_COLUMNS.map((column) => {
    const name = column.replace('::text', '');
    return `${c}${column} as ${prefix}${name}`;
  });
  return sql.join(
    [sql.raw(columns.join(', ')), sql`${inForce(alias)} as ${sql.raw(`${prefix}active`)}`],
    sql`, `,
  );
}

const isoOf = (value: string | Date) => new Date(value).toISOString();
const actor = (uuid: string | null, name: string | null) =>
  uuid === null && name === null ? null : { uuid, name: name ?? uuid! };

export function toPunishment(row: Row): Punishment {
  return {
    id: Number(row.id),
    type: row.type,
    player: { uuid: row.player_uuid, name: row.player_name },
    staff: actor(row.staff_uuid, row.staff_name),
    reason: row.reason,
    issued_at: isoOf(row.issued_at),
    until: row.until === null ? null : isoOf(row.until),
    active: row.active,
    revoked:
      row.revoked_at === null
        ? null
        : {
            at: isoOf(row.revoked_at),
            by: actor(row.revoked_by_uuid, row.revoked_by_name),
            reason: row.revoke_reason,
          },
    source: row.source,
  };
}

/** A page's position: the issue time and id of the last punishment sent. */
interface After {
  issuedAt: string;
  id: number;
}

/** A page's cursor: where the next page starts, after the last punishment sent. */
export function encodeCursor(last: Pick<Punishment, 'issued_at' | 'id'>): string {
  return Buffer.from(`${last.issued_at}|${last.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): After {
  const text = Buffer.from(cursor, 'base64url').toString();
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\|([1-9]\d{0,15})$/.exec(text);
  if (!match || Number.isNaN(Date.parse(match[1]!)) || !Number.isSafeInteger(Number(match[2]))) {
    throw invalid('invalid_cursor', BAD_CURSOR);
  }
  return { issuedAt: match[1]!, id: Number(match[2]) };
}

/** Names a prefix of which can match: the characters of a player name (with a Bedrock prefix). */
const NAME_PREFIX = /^[.*]?[A-Za-z0-9_]*$/;

function nameStarts(column: string, q: string): SQL {
  const name = sql.raw(`(lower(${column}) collate "C")`);
  return sql`(${name} >= ${q} and ${name} < ${prefixEnd(q)})`;
}

/**
 * Punishments whose player's or staff member's name starts with `q` (any case), as ranges of the
 * name indexes; null when no name can start so. `alias` is the punishments table's, if any.
 */
export function nameFilter(q: string, alias = ''): SQL | null {
  const prefix = q.toLowerCase();
  if (!NAME_PREFIX.test(prefix)) return null;
  const c = alias ? `${alias}.` : '';
  return sql`(${nameStarts(`${c}player_name`, prefix)} or ${nameStarts(`${c}staff_name`, prefix)})`;
}

interface Filters {
  type?: PunishmentType | undefined;
  active?: boolean | undefined;
  q?: string | undefined;
}

/** The conditions of a filter, public punishments only; null when nothing can match. */
function conditions({ type, active, q }: Filters): SQL[] | null {
  const where = [sql`not silent`];
  if (type) where.push(sql`type = ${type}`);
  if (active !== undefined) where.push(active ? IN_FORCE : sql`not ${IN_FORCE}`);
  if (q !== undefined) {
    const byName = nameFilter(q);
    if (byName === null) return null;
    where.push(byName);
  }
  return where;
}

async function readPage(db: Db, where: SQL[], cursor: string | undefined, limit: number) {
  const after = cursor === undefined ? null : decodeCursor(cursor);
  const all = after
    ? [...where, sql`(issued_at, id) < (${after.issuedAt}::timestamptz, ${after.id}::bigint)`]
    : where;
  const rows = await db.execute(sql`
    select ${punishmentRow()} from punishments
    where ${sql.join(all, sql` and `)}
    order by issued_at desc, id desc
    limit ${limit + 1}`);
  const found = rowsOf<Row>(rows).map(toPunishment);
  const page = found.slice(0, limit);
  return { punishments: page, next_cursor: found.length > limit ? encodeCursor(page.at(-1)!) : null };
}

const NO_COUNTS: PunishmentCounts = { ban: 0, mute: 0, warning: 0, kick: 0 };

async function countByType(db: Db, where: SQL[]): Promise<PunishmentCounts> {
  const rows = await db.execute(sql`
    select type, count(*)::int as n from punishments where ${sql.join(where, sql` and `)} group by type`);
  const counts = { ...NO_COUNTS };
  for (const { type, n } of rowsOf<{ type: PunishmentType; n: number }>(rows)) {
    if (PUNISHMENT_TYPES.includes(type)) counts[type] = Number(n);
  }
  return counts;
}

/** GET /api/punishments: a page of the public list, with the counts per type on the first page. */
export async function listPunishments(
  db: Db,
  query: Filters & { cursor?: string | undefined; limit: number },
): Promise<PunishmentsPage> {
  const where = conditions(query);
  // A bad cursor is refused even when nothing could match.
  if (query.cursor !== undefined) decodeCursor(query.cursor);
  if (where === null) {
    return { punishments: [], next_cursor: null, counts: query.cursor === undefined ? NO_COUNTS : null };
  }
  if (query.cursor !== undefined)
    return { ...(await readPage(db, where, query.cursor, query.limit)), counts: null };
  const { type: _, ...anyType } = query;
  const [page, counts] = await Promise.all([
    readPage(db, where, undefined, query.limit),
    countByType(db, conditions(anyType)!),
  ]);
  return { ...page, counts };
}

/** GET /api/punishments/{id}: a public punishment (a silent one is not found). */
export async function punishmentById(db: Db, id: number): Promise<Punishment> {
  const rows = await db.execute(sql`
    select ${punishmentRow()} from punishments where id = ${id} and not silent`);
  const [row] = rowsOf<Row>(rows);
  if (!row) throw notFound('unknown_punishment', NO_SUCH_PUNISHMENT);
  return toPunishment(row);
}

/**
 * GET /api/players/{uuid}/punishments: a player's public history, newest first. A player the site
 * knows who hides it shows it to themselves and to staff only; a uuid the site knows neither as a
 * player nor from a punishment is not found.
 */
export async function playerPunishments(
  db: Db,
  uuid: string,
  reader: { uuid: string | null; staff: boolean },
  page: { cursor?: string | undefined; limit: number },
): Promise<PlayerPunishments> {
  const player = uuid.toLowerCase();
  const [known] = await db
    .select({ hidden: players.punishmentsHidden })
    .from(players)
    .where(sql`${players.uuid} = ${player}`);
  if (known?.hidden && reader.uuid !== player && !reader.staff) {
    throw forbidden('punishment_history_private', HISTORY_PRIVATE);
  }
  const result = await readPage(db, [sql`not silent`, sql`player_uuid = ${player}`], page.cursor, page.limit);
  if (!known && result.punishments.length === 0 && page.cursor === undefined) {
    throw notFound('unknown_player', NO_SUCH_PLAYER);
  }
  return result;
}
