// A LiteBans row as the site records it (docs/litebans.md): who, by whom, until when, and whether
// LiteBans still holds it in force, was pardoned, or ended it by itself. Pure: litebans.ts reads the
// rows and writes what this makes of them.
import { MAX_PUNISHMENT_REASON, type PunishmentType } from '@prison/shared/punishments';
import type { Actor, IssuedPunishment } from './writes.ts';

/** One row of LiteBans' bans, mutes, warnings or kicks, as litebans-source.ts reads it. */
export interface LitebansRow {
  id: number;
  uuid: string | null;
  ip: string | null;
  reason: string | null;
  bannedByUuid: string | null;
  bannedByName: string | null;
  removedByUuid: string | null;
  removedByName: string | null;
  removedByReason: string | null;
  /** removed_by_date in ms; LiteBans fills it with the insert time until someone removes the row. */
  removedAt: number | null;
  /** ms since the epoch. */
  time: number;
  /** ms since the epoch; 0 or less: permanent. */
  until: number;
  serverOrigin: string | null;
  silent: boolean;
  ipban: boolean;
  active: boolean;
}

/** LiteBans' four tables of punishments, by the name after the prefix, and the type each holds. */
export const LITEBANS_TABLES = [
  { table: 'bans', type: 'ban' },
  { table: 'mutes', type: 'mute' },
  { table: 'warnings', type: 'warning' },
  { table: 'kicks', type: 'kick' },
] as const satisfies readonly { table: string; type: PunishmentType }[];

/** The site's source_id of a LiteBans row: 'ban:12'. */
export const sourceIdOf = (type: PunishmentType, id: number) => `${type}:${id}`;

/**
 * Who an address-only punishment (LiteBans' uuid null, '#offline#' or anything not a uuid) names:
 * nobody. It is kept, silent, so that only the console sees it and its address.
 */
export const NO_PLAYER = { uuid: '00000000-0000-0000-0000-000000000000', name: '(address only)' } as const;

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** A uuid in its dashed lower-case form, or null for anything else (null, 'CONSOLE', '#offline#'). */
export function uuidOf(value: string | null): string | null {
  const text = value?.trim() ?? '';
  if (!UUID.test(text)) return null;
  const hex = text.replaceAll('-', '').toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The name a player is shown by when no name of theirs is known: the first 8 characters of their
 * uuid, as the spec's rosters do. A later sync replaces it once LiteBans or the site learns the name.
 */
export const fallbackName = (uuid: string) => uuid.slice(0, 8);

// The console, as LiteBans and its web interface name it.
const CONSOLE = new Set(['console']);
const isConsole = (uuid: string | null, name: string | null) =>
  CONSOLE.has(uuid?.trim().toLowerCase() ?? '') || CONSOLE.has(name?.trim().toLowerCase() ?? '');

const UNPAIRED = /\p{Cs}/gu;
// Minecraft's formatting codes (§c, §l...) are for the game's chat, not for a page.
const FORMATTING = /§[0-9a-fk-orx]/gi;

/**
 * Text PostgreSQL can hold and a page can show: no NUL, no unpaired surrogate, no formatting code,
 * at most `max` characters; blank is null.
 */
export function cleanText(value: string | null, max: number): string | null {
  if (value === null) return null;
  const text = value.replaceAll('\u0000', '').replace(UNPAIRED, '\uFFFD').replace(FORMATTING, '').trim();
  return text === '' ? null : [...text].slice(0, max).join('');
}

/** The longest name kept (LiteBans' banned_by_name is 128 characters). */
const MAX_NAME = 128;
/** The latest time Date.toISOString writes as PostgreSQL reads it (year 9999). */
const LAST_TIME = Date.UTC(9999, 11, 31, 23, 59, 59);
const isTime = (ms: number) => Number.isFinite(ms) && ms > 0 && ms <= LAST_TIME;

/** Names learnt from LiteBans' history or the site's players, by dashed lower-case uuid. */
export type KnownNames = ReadonlyMap<string, string>;

/**
 * Who a row says acted (banned_by_* or removed_by_*): null for the console, or for no one named;
 * else the name given, or a known name of the uuid, or its fallback. A name with no uuid is kept
 * with a null uuid (the contract allows it): the console is only what LiteBans calls the console.
 */
export function actorOf(rawUuid: string | null, rawName: string | null, names: KnownNames): Actor {
  if (isConsole(rawUuid, rawName)) return null;
  const uuid = uuidOf(rawUuid);
  const name = cleanText(rawName, MAX_NAME);
  if (name?.startsWith('#')) return null;
  if (uuid === null) return name === null ? null : { uuid: null, name };
  return { uuid, name: name ?? names.get(uuid) ?? fallbackName(uuid) };
}

/** What LiteBans says of a row now. */
export type Standing =
  | { state: 'in-force' }
  /** Lifted by someone (an unban, an unmute): a revocation. */
  | { state: 'revoked'; at: Date; by: Actor; reason: string | null }
  /** Over without anyone lifting it: expired, replaced by a newer one, or gone from LiteBans. */
  | { state: 'ended'; at: Date };

/**
 * How LiteBans leaves a row it takes out of force. A person's unban writes removed_by_* with
 * their name (or the console's); LiteBans itself writes a marker starting with '#' ('#expired' when
 * the time ran out, and likewise when a newer punishment replaces it) or nothing at all. Only the
 * first is a revocation: the rest end the punishment at the moment it stopped, as if that had
 * always been its end, so that the site never names someone who lifted nothing.
 */
export function standingOf(row: LitebansRow, names: KnownNames, now: number): Standing {
  if (row.active) return { state: 'in-force' };
  const issued = isTime(row.time) ? row.time : now;
  const marker = row.removedByName?.trim().startsWith('#') ?? false;
  const someone =
    !marker &&
    (cleanText(row.removedByName, MAX_NAME) !== null ||
      uuidOf(row.removedByUuid) !== null ||
      isConsole(row.removedByUuid, null));
  const removedAt = row.removedAt !== null && isTime(row.removedAt) ? row.removedAt : null;
  if (someone) {
    return {
      state: 'revoked',
      // Never before it was issued, as the game's revocations.
      at: new Date(Math.max(removedAt ?? now, issued)),
      by: actorOf(row.removedByUuid, row.removedByName, names),
      reason: cleanText(row.removedByReason, MAX_PUNISHMENT_REASON),
    };
  }
  return { state: 'ended', at: new Date(endOf(row, issued, removedAt, now)) };
}

/**
 * When a row LiteBans took out of force by itself stopped: its own end when that has come; else
 * when LiteBans recorded the removal, if that is a time after the issue (removed_by_date holds the
 * insert time until a removal sets it); else now, when the site notices.
 */
function endOf(row: LitebansRow, issued: number, removedAt: number | null, now: number): number {
  if (isTime(row.until) && row.until <= now) return Math.max(row.until, issued);
  if (removedAt !== null && removedAt > issued + 1000 && removedAt <= now) return removedAt;
  return Math.max(now, issued);
}

/** A row's reason as the site keeps it: blank, or none, is null. */
export const reasonOf = (row: Pick<LitebansRow, 'reason'>) => cleanText(row.reason, MAX_PUNISHMENT_REASON);

/** A row's end as the site keeps it: null for permanent (0, -1, any value <= 0) and for a kick. */
export function untilOf(type: PunishmentType, row: Pick<LitebansRow, 'until'>): Date | null {
  if (type === 'kick') return null;
  // Past year 9999 is forever as far as anyone can tell, and PostgreSQL could not read it.
  return isTime(row.until) ? new Date(row.until) : null;
}

/** The punishment a LiteBans row records, with the end it came to if LiteBans ended it by itself. */
export function punishmentOf(
  type: PunishmentType,
  row: LitebansRow,
  names: KnownNames,
  standing: Standing,
  now: number,
): IssuedPunishment {
  const player = uuidOf(row.uuid);
  let until = untilOf(type, row);
  if (standing.state === 'ended' && type !== 'kick' && (until === null || until > standing.at)) {
    until = standing.at;
  }
  const address = row.ip?.trim() && !row.ip.trim().startsWith('#') ? cleanText(row.ip, 64) : null;
  return {
    source: 'litebans',
    sourceId: sourceIdOf(type, row.id),
    type,
    player:
      player === null ? { ...NO_PLAYER } : { uuid: player, name: names.get(player) ?? fallbackName(player) },
    staff: actorOf(row.bannedByUuid, row.bannedByName, names),
    reason: reasonOf(row),
    issuedAt: new Date(isTime(row.time) ? row.time : now),
    until,
    // An address-only punishment names no player to show it under: the console's alone.
    silent: row.silent || player === null,
    byAddress: row.ipban || player === null,
    address,
    note: null,
    server: cleanText(row.serverOrigin, 64),
  };
}
