// Gangs and friendships of the generated world.
import { GANG_STATUSES } from '@prison/shared/bridge';
import { GANG_COLORS, GANG_NAMES, type GangRole } from './catalogue.ts';
import { DEMO_ADMIN, DEMO_PLAYER } from './demo-accounts.ts';
import { roundMoney } from './mining.ts';
import { DAY, type Friendship, type Gang, type GangStatus, HOUR, type Player } from './model.ts';
import type { Rng } from './random.ts';

export const gangIdFor = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const MIN_LEVELS: Record<GangStatus, readonly number[]> = {
  Open: [0, 0, 5, 10, 15],
  InviteOnly: [10, 15, 20, 25, 30],
  Closed: [20, 25, 30, 40],
};

export function buildGangs(rng: Rng, players: Player[], now: number): Gang[] {
  const count = Math.min(GANG_NAMES.length, Math.max(3, Math.floor(players.length / 20)));
  const colors = rng.shuffle([...GANG_COLORS]);
  const available = new Set(players.filter((p) => p.uuid !== DEMO_ADMIN.uuid && p.uuid !== DEMO_PLAYER.uuid));
  const firstLogin = (p: Player) => p.sessions[0]!.start;

  const gangs: Gang[] = GANG_NAMES.slice(0, count).map((name, i) => {
    // Every status appears; after that Open is the most common.
    const status: GangStatus =
      i < GANG_STATUSES.length
        ? GANG_STATUSES[i]!
        : rng.weighted([
            ['Open', 5],
            ['InviteOnly', 3],
            ['Closed', 2],
          ]);
    const minLevel = rng.pick(MIN_LEVELS[status]);
    // The leader: a seasoned player who qualifies for their own gang.
    const candidates = [...available].filter((p) => p.level >= Math.max(minLevel, 22));
    const leader = candidates.length
      ? rng.pick(candidates)
      : [...available].sort((a, b) => b.level - a.level)[0]!;
    available.delete(leader);
    const createdAt = Math.min(now - DAY, firstLogin(leader) + Math.round(rng.float(1, 72) * HOUR));
    return {
      id: gangIdFor(name),
      name,
      status,
      color: colors[i % colors.length]!,
      minLevel: Math.min(minLevel, leader.level),
      treasury: 0,
      createdAt,
      members: [{ uuid: leader.uuid, role: 'Leader' as GangRole, joinedAt: createdAt }],
    };
  });

  const capacity = new Map(gangs.map((g) => [g.id, rng.int(4, 30)]));
  const demoGang = gangs.find((g) => g.status !== 'Closed' && g.minLevel <= 42) ?? gangs[0]!;
  const joiners = rng.shuffle([...available]);
  for (const player of [players.find((p) => p.uuid === DEMO_PLAYER.uuid)!, ...joiners]) {
    const isDemo = player.uuid === DEMO_PLAYER.uuid;
    if (!isDemo && !rng.chance(0.62)) continue;
    const open = gangs.filter((g) => g.minLevel <= player.level && g.members.length < capacity.get(g.id)!);
    if (!isDemo && open.length === 0) continue;
    const gang = isDemo
      ? demoGang
      : rng.weighted(open.map((g) => [g, capacity.get(g.id)! - g.members.length] as const));
    const from = Math.max(gang.createdAt, firstLogin(player));
    const joinedAt = Math.round(from + rng.float(0, 0.9) * Math.max(HOUR, now - HOUR - from));
    gang.members.push({ uuid: player.uuid, role: 'Member', joinedAt });
  }

  const byUuid = new Map(players.map((p) => [p.uuid, p]));
  for (const gang of gangs) {
    const rest = gang.members.slice(1).sort((a, b) => byUuid.get(b.uuid)!.level - byUuid.get(a.uuid)!.level);
    const officers = rest.length >= 3 ? rng.int(1, Math.min(3, Math.floor(rest.length / 3))) : 0;
    rest.forEach((member, i) => {
      if (i < officers) member.role = 'Officer';
      else if (now - member.joinedAt < 4 * DAY && rng.chance(0.7)) member.role = 'Recruit';
    });
    const demo = gang.members.find((m) => m.uuid === DEMO_PLAYER.uuid);
    if (demo) demo.role = 'Officer';
    const wealth = gang.members.reduce((sum, m) => sum + byUuid.get(m.uuid)!.balance, 0);
    gang.treasury = roundMoney(wealth * rng.float(0.02, 0.15));
  }
  return gangs;
}

export function buildFriendships(rng: Rng, players: Player[], gangs: Gang[], now: number): Friendship[] {
  const gangOf = new Map<string, Gang>();
  for (const gang of gangs) for (const m of gang.members) gangOf.set(m.uuid, gang);
  const links = new Map<string, Friendship>();
  const degree = new Map<string, number>();
  const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  const link = (a: Player, b: Player) => {
    if (a.uuid === b.uuid || links.has(key(a.uuid, b.uuid))) return false;
    const from = Math.max(a.sessions[0]!.start, b.sessions[0]!.start);
    const since = Math.round(from + rng.float(0.02, 0.8) * Math.max(HOUR, now - from));
    links.set(key(a.uuid, b.uuid), { a: a.uuid, b: b.uuid, since });
    degree.set(a.uuid, (degree.get(a.uuid) ?? 0) + 1);
    degree.set(b.uuid, (degree.get(b.uuid) ?? 0) + 1);
    return true;
  };
  const byUuid = new Map(players.map((p) => [p.uuid, p]));
  const candidateFor = (player: Player): Player => {
    const gang = gangOf.get(player.uuid);
    if (gang && rng.chance(0.55)) return byUuid.get(rng.pick(gang.members).uuid)!;
    // Otherwise someone of a similar level, as players meet in the same mines.
    for (let tries = 0; tries < 6; tries++) {
      const other = rng.pick(players);
      if (Math.abs(other.level - player.level) < 15) return other;
    }
    return rng.pick(players);
  };

  for (const player of rng.shuffle([...players])) {
    const wanted = rng.weighted([
      [0, 2],
      [1, 3],
      [2, 4],
      [3, 4],
      [5, 3],
      [8, 2],
      [12, 1],
    ] as const);
    for (let tries = 0; (degree.get(player.uuid) ?? 0) < wanted && tries < wanted * 3; tries++) {
      const other = candidateFor(player);
      if ((degree.get(other.uuid) ?? 0) < 16) link(player, other);
    }
  }
  // The demo player is well connected: gang mates first, then anyone.
  const demo = byUuid.get(DEMO_PLAYER.uuid)!;
  const mates = gangOf.get(demo.uuid)?.members.map((m) => byUuid.get(m.uuid)!) ?? [];
  for (const other of [...mates, ...rng.shuffle([...players])]) {
    if ((degree.get(demo.uuid) ?? 0) >= 8) break;
    if (other.uuid !== DEMO_ADMIN.uuid) link(demo, other);
  }
  return [...links.values()];
}
