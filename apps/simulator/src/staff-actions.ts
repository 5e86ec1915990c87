// The site's staff actions carried out on the simulated server (PUNISH_VIA=plugin; the plugin guide's
// "Staff actions"), as a plugin that uses a punishment plugin's API would: from the action's fields,
// not its command, in the staff member's name. A punishment is recorded in the live state's
// moderation at once and reported by the live loop on its next tick with the action's id; the
// answer is worded as LiteBans words its console's, and is what the acknowledgement carries.
import type { BridgeAction, BridgeActionsAck } from '@prison/shared/bridge-actions';
import type { LiveState } from './live-state.ts';

type Result = BridgeActionsAck['results'][number];

const refused = (action: BridgeAction, message: string): Result => ({
  id: action.id,
  outcome: 'refused',
  message,
});
const done = (action: BridgeAction, message: string): Result => ({ id: action.id, outcome: 'done', message });

/** Carries one action out; answers its outcome, for the acknowledgement. */
export function carryOutAction(state: LiveState, action: BridgeAction): Result {
  const player = state.byUuid.get(action.player.uuid.toLowerCase());
  if (!player) return refused(action, 'Player not found');
  const name = player.username;
  const by = { staff: action.staff, actionId: action.id };
  const moderation = state.moderation;
  if (action.kind === 'pardon') {
    const target = action.punishment;
    if (target?.source !== 'game') {
      return refused(action, 'This server does not keep that punishment: lift it where it was issued');
    }
    const what = target.type === 'ban' ? 'banned' : target.type === 'mute' ? 'muted' : 'warned';
    return moderation.revokeById(target.id, action.reason, by)
      ? done(action, `${name} is no longer ${what}`)
      : refused(action, `${name} is not ${what}`);
  }
  const type = action.kind;
  if (type === 'ban' && moderation.isBanned(player.uuid)) return refused(action, `${name} is already banned`);
  if (type === 'mute' && moderation.isMuted(player.uuid)) return refused(action, `${name} is already muted`);
  if (type === 'kick' && !state.online.has(player.uuid)) return refused(action, `${name} is not online`);
  const length = action.duration_seconds === null ? null : action.duration_seconds * 1000;
  moderation.issue({
    type,
    uuid: player.uuid,
    username: name,
    reason: action.reason,
    silent: false,
    length: type === 'ban' || type === 'mute' ? length : null,
    staff: action.staff,
    actionId: action.id,
  });
  const because = action.reason ? `: ${action.reason}` : '';
  const verb = { ban: 'banned', mute: 'muted', warning: 'warned', kick: 'kicked' }[type];
  const lasting = (type === 'ban' || type === 'mute') && length !== null ? ` for ${spoken(length)}` : '';
  return done(action, `${name} has been ${verb}${lasting} by ${action.staff.username}${because}`);
}

/** A length in the largest unit that divides it: "7 days", "12 hours", "90 seconds". */
function spoken(ms: number): string {
  const seconds = Math.round(ms / 1000);
  for (const [size, unit] of [
    [86_400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ] as const) {
    if (seconds % size === 0) return `${seconds / size} ${unit}${seconds === size ? '' : 's'}`;
  }
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}
