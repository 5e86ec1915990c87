// The console commands that punish and pardon on the game server, as the owner's punishment plugin
// spells them (PUNISH_COMMAND_* settings). The defaults are LiteBans' (EssentialsX's are the same
// for most): `tempban Notch 7d X-ray`, `unban Notch`. Placeholders: {player} (the name), {uuid},
// {duration} (7d, 12h, 30m or 90s) and {reason}.
import type { PunishmentType } from '@prison/shared/punishments';

export interface PunishmentCommands {
  ban: string;
  tempban: string;
  mute: string;
  tempmute: string;
  warning: string;
  kick: string;
  unban: string;
  unmute: string;
  unwarn: string;
}

export const DEFAULT_PUNISHMENT_COMMANDS: PunishmentCommands = {
  ban: 'ban {player} {reason}',
  tempban: 'tempban {player} {duration} {reason}',
  mute: 'mute {player} {reason}',
  tempmute: 'tempmute {player} {duration} {reason}',
  warning: 'warn {player} {reason}',
  kick: 'kick {player} {reason}',
  unban: 'unban {player}',
  unmute: 'unmute {player}',
  unwarn: 'unwarn {player}',
};

/** The settings that name each command, for the configuration and its docs. */
export const COMMAND_SETTINGS: Record<keyof PunishmentCommands, string> = {
  ban: 'PUNISH_COMMAND_BAN',
  tempban: 'PUNISH_COMMAND_TEMPBAN',
  mute: 'PUNISH_COMMAND_MUTE',
  tempmute: 'PUNISH_COMMAND_TEMPMUTE',
  warning: 'PUNISH_COMMAND_WARN',
  kick: 'PUNISH_COMMAND_KICK',
  unban: 'PUNISH_COMMAND_UNBAN',
  unmute: 'PUNISH_COMMAND_UNMUTE',
  unwarn: 'PUNISH_COMMAND_UNWARN',
};

const PLACEHOLDER = /\{(player|uuid|duration|reason)\}/g;

/** Why a template cannot be used, or null: an unknown placeholder, or a duration where none is given. */
export function templateProblem(name: keyof PunishmentCommands, template: string): string | null {
  if (template.trim() === '') return 'must not be empty';
  if (/[\r\n]/.test(template)) return 'must be one line';
  const unknown = template.match(/\{[^}]*\}/g)?.find((p) => !/^\{(player|uuid|duration|reason)\}$/.test(p));
  if (unknown) return `has an unknown placeholder ${unknown} (use {player}, {uuid}, {duration}, {reason})`;
  const timed = name === 'tempban' || name === 'tempmute';
  if (template.includes('{duration}') && !timed)
    return 'cannot use {duration}: only the temporary ones have one';
  if (timed && !template.includes('{duration}')) return 'must say {duration}';
  return null;
}

/** A duration as punishment plugins read it: the largest unit that divides it (7d, 12h, 30m, 90s). */
export function formatDuration(seconds: number): string {
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3_600],
    ['m', 60],
  ] as const) {
    if (seconds % size === 0) return `${seconds / size}${unit}`;
  }
  return `${seconds}s`;
}

/** Text safe inside one console command: one line, no control characters, single spaces. */
function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface CommandFill {
  player: { uuid: string; name: string };
  reason: string | null;
  durationSeconds: number | null;
}

/** The command that issues a punishment of `type` (temporary when it has a duration). */
export function punishCommand(commands: PunishmentCommands, type: PunishmentType, fill: CommandFill): string {
  const timed = fill.durationSeconds !== null && (type === 'ban' || type === 'mute');
  const name: keyof PunishmentCommands =
    type === 'ban' ? (timed ? 'tempban' : 'ban') : type === 'mute' ? (timed ? 'tempmute' : 'mute') : type;
  return fillIn(commands[name], fill);
}

/** The command that lifts a punishment of `type`; null for a kick, which cannot be lifted. */
export function pardonCommand(
  commands: PunishmentCommands,
  type: PunishmentType,
  fill: CommandFill,
): string | null {
  const name = type === 'ban' ? 'unban' : type === 'mute' ? 'unmute' : type === 'warning' ? 'unwarn' : null;
  return name && fillIn(commands[name], fill);
}

function fillIn(template: string, { player, reason, durationSeconds }: CommandFill): string {
  const values: Record<string, string> = {
    player: player.name,
    uuid: player.uuid,
    duration: durationSeconds === null ? '' : formatDuration(durationSeconds),
    reason: reason === null ? '' : oneLine(reason),
  };
  return oneLine(template.replace(PLACEHOLDER, (_, key: string) => values[key]!));
}
