// The server's moderation, as a plugin such as LiteBans would report it: a month of past bans, mutes,
// warnings and kicks in the seed, and now and then a new one (or a pardon) while the server runs.
// Staff are a few long-standing players, DemoAdmin and the console. A few are silent, and one is an
// address ban with a staff note: the site shows those only in its admin console.
import type { BridgeEvent } from '@prison/shared/bridge';
import type { PunishmentType } from '@prison/shared/punishments';
import { DEMO_ADMIN } from './demo-accounts.ts';
import { DAY, HOUR, type Player, type World } from './model.ts';
import { createRng, type Rng } from './random.ts';

type WithoutIds<E> = E extends unknown ? Omit<E, 'id' | 'at'> : never;
export type PunishmentEvent = WithoutIds<Extract<BridgeEvent, { type: 'punishment.issued' }>>;

const REASONS: Record<PunishmentType, readonly (string | null)[]> = {
  ban: ['X-ray', 'Kill aura', 'Auto-clicker', 'Duping items', 'Scamming on the auction', 'Ban evasion'],
  mute: ['Spam', 'Advertising another server', 'Harassment', 'Caps spam', 'Toxic chat'],
  warning: ['Mine camping', 'Spawn killing', 'Inappropriate name', 'Arguing with staff', 'Spam'],
  kick: ['AFK in the mines', 'Flying', 'Relog to clear lag', 'Chat flood', null],
};

const MINUTE = 60_000;

/** Who punishes: null is the console. */
export type Staff = { uuid: string; username: string } | null;

/** The staff of a world: its three most active players, DemoAdmin and the console. */
export function staffOf(
  players: readonly Pick<Player, 'uuid' | 'username' | 'activity' | 'isDemo'>[],
): Staff[] {
  const regulars = players
    .filter((p) => !p.isDemo)
    .sort((a, b) => b.activity - a.activity || (a.uuid < b.uuid ? -1 : 1))
    .slice(0, 3)
    .map((p) => ({ uuid: p.uuid, username: p.username }));
  return [...regulars, { uuid: DEMO_ADMIN.uuid, username: DEMO_ADMIN.username }, null];
}

/** How long a punishment of this type lasts, in ms; null: permanent (and always for a kick). */
function lengthOf(rng: Rng, type: PunishmentType): number | null {
  switch (type) {
    case 'ban':
      return rng.chance(0.2) ? null : rng.pick([1, 3, 7, 14, 30]) * DAY;
    case 'mute':
      return rng.pick([30 * MINUTE, 1 * HOUR, 6 * HOUR, 1 * DAY, 3 * DAY]);
    case 'warning':
      return rng.chance(0.5) ? null : 30 * DAY;
    case 'kick':
      return null;
  }
}

/** A new punishment of `player` (not the demo accounts, whom the site's tests and tour rely on). */
export function punishment(
  rng: Rng,
  player: Pick<Player, 'uuid' | 'username'>,
  staff: readonly Staff[],
  type: PunishmentType = rng.weighted([
    ['warning', 4],
    ['kick', 3],
    ['mute', 3],
    ['ban', 2],
  ] as const),
): { event: PunishmentEvent; length: number | null } {
  const length = lengthOf(rng, type);
  const reason = rng.pick(REASONS[type]);
  return {
    event: {
      type: 'punishment.issued',
      punishment_id: '', // Filled in by the caller, which knows its ids.
      punishment_type: type,
      uuid: player.uuid,
      username: player.username,
      staff: rng.pick(staff),
      reason,
      // 'until' is set by the caller from when the punishment is issued.
      silent: rng.chance(0.05),
    },
    length,
  };
}

export const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A month of moderation before the world's `now`: about two punishments a day, some lifted early,
 * with ids fixed by the seed so that seeding again skips them.
 */
export function seedPunishments(world: World, id: (key: string) => string): BridgeEvent[] {
  const rng = createRng(`punishments:${world.seed}`);
  const staff = staffOf(world.players);
  const punishable = world.players.filter((p) => !p.isDemo && !staff.some((s) => s?.uuid === p.uuid));
  const events: BridgeEvent[] = [];
  const count = 60;
  for (let n = 0; n < count; n++) {
    const player = rng.pick(punishable);
    // Oldest first, spread over the past 30 days, never in the last hour.
    const at = world.now - 30 * DAY + ((n + rng.float(0, 0.9)) / count) * (30 * DAY - HOUR);
    const { event, length } = punishment(rng, player, staff);
    const punishmentId = id(`pun:${n}`);
    events.push({
      ...event,
      id: id(`pun:${n}:issued`),
      at: iso(at),
      punishment_id: punishmentId,
      until: length === null || event.punishment_type === 'kick' ? null : iso(at + length),
    } as BridgeEvent);
    // One in eight bans and mutes is lifted early: an appeal, a mistake.
    const liftable = event.punishment_type === 'ban' || event.punishment_type === 'mute';
    const end = length === null ? world.now : Math.min(world.now, at + length);
    if (liftable && rng.chance(0.125) && end - at > 2 * HOUR) {
      events.push({
        id: id(`pun:${n}:revoked`),
        type: 'punishment.revoked',
        at: iso(at + rng.float(0.1, 0.9) * (end - at)),
        punishment_id: punishmentId,
        staff: rng.pick(staff),
        reason: rng.pick(['Appeal accepted', 'Wrong player', 'Served enough', null]),
      });
    }
  }
  // One address ban with a note: the address and the note stay in the admin console.
  const evader = rng.pick(punishable);
  events.push({
    id: id('pun:address:issued'),
    type: 'punishment.issued',
    at: iso(world.now - 2 * DAY),
    punishment_id: id('pun:address'),
    punishment_type: 'ban',
    uuid: evader.uuid,
    username: evader.username,
    staff: staff[0] ?? null,
    reason: 'Ban evasion',
    until: null,
    by_address: true,
    address: '203.0.113.42',
    note: 'Third account from this address this month',
  });
  return events;
}
