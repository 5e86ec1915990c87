// LiteBans' console commands on the simulated server, as the site's staff send them over RCON
// (apps/server punishments/commands.ts spells them): ban, tempban, mute, tempmute, warn, kick,
// unban, unmute and unwarn, worded as LiteBans answers the console. A player is found by name in any
// case among everyone who ever played, online or not (a kick needs them online). Each accepted
// command is recorded in the live state's moderation at once and reported by the live loop on its
// next tick; `-s` anywhere before the reason makes a punishment silent, as in LiteBans.
import { MAX_PUNISHMENT_REASON } from '@prison/shared/punishments';
import type { LivePlayer, LiveState } from './live-state.ts';
import { DAY, HOUR, MINUTE } from './model.ts';

export const LITEBANS_USAGE = {
  ban: '/ban <player> [-s] [reason]',
  tempban: '/tempban <player> <duration> [-s] [reason]',
  mute: '/mute <player> [-s] [reason]',
  tempmute: '/tempmute <player> <duration> [-s] [reason]',
  warn: '/warn <player> [-s] [reason]',
  kick: '/kick <player> [-s] [reason]',
  unban: '/unban <player> [reason]',
  unmute: '/unmute <player> [reason]',
  unwarn: '/unwarn <player> [reason]',
} as const;

export type LiteBansCommand = keyof typeof LITEBANS_USAGE;

export const isLiteBansCommand = (label: string): label is LiteBansCommand =>
  Object.hasOwn(LITEBANS_USAGE, label);

const UNITS: Record<string, { ms: number; name: string }> = {
  s: { ms: 1000, name: 'second' },
  m: { ms: MINUTE, name: 'minute' },
  h: { ms: HOUR, name: 'hour' },
  d: { ms: DAY, name: 'day' },
  w: { ms: 7 * DAY, name: 'week' },
  mo: { ms: 30 * DAY, name: 'month' },
  y: { ms: 365 * DAY, name: 'year' },
};

/** A duration as LiteBans reads it (30s, 30m, 12h, 7d, 2w, 1mo, 1y, or several: 1d12h); null if not one. */
export function parseDuration(text: string): { ms: number; words: string } | null {
  if (!/^(\d+(mo|[smhdwy]))+$/i.test(text)) return null;
  let ms = 0;
  const words: string[] = [];
  for (const [, count, unit] of text.toLowerCase().matchAll(/(\d+)(mo|[smhdwy])/g)) {
    const n = Number(count);
    const { ms: size, name } = UNITS[unit!]!;
    ms += n * size;
    if (n > 0) words.push(`${n} ${name}${n === 1 ? '' : 's'}`);
  }
  return ms > 0 && Number.isSafeInteger(ms) ? { ms, words: words.join(', ') } : null;
}

const usage = (command: LiteBansCommand) => `Usage: ${LITEBANS_USAGE[command]}`;

/** Runs one LiteBans command (its label in lower case) and answers as LiteBans does on the console. */
export function runLiteBansCommand(
  state: LiveState,
  command: LiteBansCommand,
  args: readonly string[],
): string {
  const timed = command === 'tempban' || command === 'tempmute';
  const [name, text] = args;
  if (!name || (timed && !text)) return usage(command);
  const duration = timed ? parseDuration(text!) : null;
  if (timed && !duration) return `Invalid duration: ${text}\n${usage(command)}`;
  const rest = args.slice(timed ? 2 : 1);
  const silent = rest.some((word) => word.toLowerCase() === '-s');
  const reason = rest.filter((word) => word.toLowerCase() !== '-s').join(' ') || null;
  const player = state.find(name);
  if (!player) return 'Player not found';
  if (reason !== null && reason.length > MAX_PUNISHMENT_REASON) {
    return `The reason is too long (at most ${MAX_PUNISHMENT_REASON} characters)`;
  }
  const moderation = state.moderation;
  const issue = (type: 'ban' | 'mute' | 'warning' | 'kick') =>
    moderation.issue({
      type,
      uuid: player.uuid,
      username: player.username,
      reason,
      silent,
      length: duration?.ms ?? null,
    });
  const because = reason ? `: ${reason}` : '';
  switch (command) {
    case 'ban':
    case 'tempban':
      if (moderation.isBanned(player.uuid)) return `${player.username} is already banned`;
      issue('ban');
      return `${player.username} has been ${lasting(duration, 'banned')}${because}`;
    case 'mute':
    case 'tempmute':
      if (moderation.isMuted(player.uuid)) return `${player.username} is already muted`;
      issue('mute');
      return `${player.username} has been ${lasting(duration, 'muted')}${because}`;
    case 'warn':
      issue('warning');
      return `${player.username} has been warned${because}`;
    case 'kick':
      if (!state.online.has(player.uuid)) return `${player.username} is not online`;
      issue('kick');
      return `${player.username} has been kicked${because}`;
    case 'unban':
      return lift(state, player, 'ban', reason, 'has been unbanned', 'is not banned');
    case 'unmute':
      return lift(state, player, 'mute', reason, 'has been unmuted', 'is not muted');
    case 'unwarn':
      return moderation.revoke(player.uuid, 'warning', reason)
        ? `Removed the latest warning of ${player.username}`
        : `${player.username} has no warnings`;
  }
}

const lasting = (duration: { words: string } | null, done: string) =>
  duration ? `${done} for ${duration.words}` : `permanently ${done}`;

function lift(
  state: LiveState,
  player: LivePlayer,
  type: 'ban' | 'mute',
  reason: string | null,
  done: string,
  none: string,
): string {
  return state.moderation.revoke(player.uuid, type, reason)
    ? `${player.username} ${done}`
    : `${player.username} ${none}`;
}
