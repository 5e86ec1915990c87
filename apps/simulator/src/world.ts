// The simulated server's world, built deterministically from a seed: players with their progress,
// money, statistics and G-Kits, gangs, friendships, a history of activity and auction listings.

import { MAX_PRESTIGE, rankForLevel, xpForLevel } from '@prison/shared/experience';
import { GKITS } from './catalogue.ts';
import { DEMO_ADMIN, DEMO_PLAYER } from './demo-accounts.ts';
import { miningStats, roundMoney, typicalBalance, xpPerBlock } from './mining.ts';
import { DAY, type GKitState, HOUR, MINUTE, type Player, type Session, type World } from './model.ts';
import { generateUsernames } from './names.ts';
import { createRng, hashHex, type Rng } from './random.ts';
import { buildActivity, buildListings } from './world-history.ts';
import { buildFriendships, buildGangs } from './world-social.ts';

export const DEFAULT_SEED = 'demo';
export const DEFAULT_PLAYER_COUNT = 520;

export interface WorldOptions {
  seed?: string;
  players?: number;
  now?: number;
}

export function seedTag(seed: string): string {
  return /^[A-Za-z0-9_-]{1,16}$/.test(seed) ? seed : hashHex(seed).slice(0, 12);
}

export function generateWorld(options: WorldOptions = {}): World {
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? Date.now();
  const count = Math.max(40, options.players ?? DEFAULT_PLAYER_COUNT);
  const rng = createRng(`world:${seed}`);

  const players = buildPlayers(rng.fork('players'), count, now);
  const gangs = buildGangs(rng.fork('gangs'), players, now);
  const friendships = buildFriendships(rng.fork('friends'), players, gangs, now);
  const world: World = {
    seed,
    tag: seedTag(seed),
    now,
    players,
    gangs,
    friendships,
    listings: [],
    activity: [],
    // DemoAdmin's account and staff roles are made by the site in demo mode, not sent by the game
    // server: a game server may set passwords and ranks of players, but grants no staff role.
    accounts: [{ uuid: DEMO_PLAYER.uuid, password: DEMO_PLAYER.password }],
  };
  world.listings = buildListings(rng.fork('listings'), world);
  world.activity = buildActivity(rng.fork('activity'), world);
  return world;
}

function buildPlayers(rng: Rng, count: number, now: number): Player[] {
  const names = generateUsernames(rng.fork('names'), count - 2, [DEMO_PLAYER.username, DEMO_ADMIN.username]);
  const players = names.map((username, i) => {
    const r = rng.fork(`player:${i}`);
    // Most players are early in the season; an exponential tail reaches the high levels.
    const level = Math.min(80, 1 + Math.floor(-Math.log(1 - r.next()) * 17));
    const prestige = level < 30 ? 0 : Math.min(MAX_PRESTIGE, Math.floor((level - 30) / 10 + r.float(0, 1.6)));
    return makePlayer(r, { index: i + 1, uuid: r.uuid(), username, level, prestige, now, isDemo: false });
  });
  const demoPlayer = makePlayer(rng.fork('demo-player'), {
    index: 0,
    uuid: DEMO_PLAYER.uuid,
    username: DEMO_PLAYER.username,
    level: 42,
    prestige: 1,
    now,
    isDemo: true,
    balance: 8_750_420_000,
    activity: 0.9,
    lastSession: { start: now - 4.5 * HOUR, end: now - 3 * HOUR },
  });
  demoPlayer.gkits = demoGKits(demoPlayer, now);
  players.unshift(demoPlayer);
  players.push(
    makePlayer(rng.fork('demo-admin'), {
      index: count - 1,
      uuid: DEMO_ADMIN.uuid,
      username: DEMO_ADMIN.username,
      level: 64,
      prestige: 3,
      now,
      isDemo: true,
      balance: 2_400_000_000_000,
      activity: 0.5,
    }),
  );
  // A few whales at the very top of the economy.
  const byWealth = players.filter((p) => !p.isDemo).sort((a, b) => b.balance - a.balance);
  [1.02e15, 6.4e14, 3.85e14].forEach((balance, i) => {
    const whale = byWealth[i];
    if (whale) whale.balance = roundMoney(balance * rng.float(0.97, 1.03));
  });
  return players;
}

interface PlayerSeed {
  index: number;
  uuid: string;
  username: string;
  level: number;
  prestige: number;
  now: number;
  isDemo: boolean;
  balance?: number;
  activity?: number;
  /** Replaces the generated last session. */
  lastSession?: Session;
}

function makePlayer(r: Rng, s: PlayerSeed): Player {
  const { level, prestige, now } = s;
  const xp = r.int(xpForLevel(level), xpForLevel(level + 1) - 1);
  const activity = s.activity ?? Math.min(1, Math.max(0.04, 0.12 + level / 120 + r.normal() * 0.15));
  const sessions = makeSessions(r, level, activity, now);
  if (s.lastSession) {
    const earlier = sessions.filter((x) => x.end < s.lastSession!.start - 30 * MINUTE);
    sessions.splice(0, sessions.length, ...earlier, s.lastSession);
  }
  const exponent = Math.max(0.5, Math.log10(typicalBalance(level, prestige)) + r.normal() * 0.7);
  // Above ~1e14 fortunes flatten out: only a handful of whales get near 1e15.
  const softened = exponent > 14 ? 14 + (exponent - 14) * 0.35 : exponent;
  const balance = s.balance ?? roundMoney(10 ** softened);
  const blocks = Math.round((xp / xpPerBlock(level * 0.75)) * r.float(0.9, 1.1)) + r.int(20, 400);
  const firstLogin = sessions[0]!.start;
  const last = sessions[sessions.length - 1]!;
  const played = sessions.reduce((sum, x) => sum + (x.end - x.start) / 1000, 0);
  const stats: Record<string, number> = {
    ...miningStats(r, level, blocks),
    TIME_PLAYED: Math.round(played + level * r.float(1800, 4200)),
    FIRST_LOGIN: firstLogin,
    LAST_LOGIN: last.start,
    LAST_LOGOUT: last.end,
    MOMENTUM: level < 10 ? r.int(0, 20) : r.int(5, 60 + level * 2),
    PLAYER_KILLS: r.int(0, level * 6),
    DEATHS: r.int(0, level * 4 + 5),
    QUESTS_COMPLETED: Math.min(10 * 90, r.int(0, level * 8)),
    CRATES_OPENED: r.int(0, level * 3),
  };
  return {
    index: s.index,
    uuid: s.uuid,
    username: s.username,
    level,
    xp,
    prestige,
    rank: rankForLevel(level),
    balance,
    activity,
    sessions,
    stats,
    gkits: makeGKits(r, level, prestige, sessions),
    isDemo: s.isDemo,
  };
}

/** A first session weeks ago, a last one recently for active players, and a few in between. */
function makeSessions(r: Rng, level: number, activity: number, now: number): Session[] {
  const length = () => Math.round(r.logFloat(15 * MINUTE, 5 * HOUR));
  const firstStart = now - Math.round(Math.min(45, Math.max(1.2, 3 + level * 0.45 + r.float(-3, 12))) * DAY);
  const first = { start: firstStart, end: firstStart + length() };
  const hoursAgo = r.logFloat(0.1, 1 + (1 - activity) * 24 * 12);
  const lastEnd = Math.max(first.end + HOUR, now - Math.round(hoursAgo * HOUR) - 5 * MINUTE);
  const last = { start: Math.max(first.end + 30 * MINUTE, lastEnd - length()), end: lastEnd };
  if (last.end > now - MINUTE) return [{ start: first.start, end: now - MINUTE }];
  const sessions = [first];
  const gap = last.start - first.end;
  const middle = gap > 2 * DAY ? r.int(0, activity > 0.4 ? 3 : 1) : 0;
  const starts = Array.from({ length: middle }, () => first.end + r.float(0.05, 0.9) * gap).sort(
    (a, b) => a - b,
  );
  let cursor = first.end;
  for (const start of starts) {
    const begin = Math.round(Math.max(start, cursor + 30 * MINUTE));
    const end = Math.min(begin + length(), last.start - 30 * MINUTE);
    if (end - begin < 10 * MINUTE) continue;
    sessions.push({ start: begin, end });
    cursor = end;
  }
  sessions.push(last);
  return sessions;
}

function makeGKits(r: Rng, level: number, prestige: number, sessions: Session[]): GKitState[] {
  const lastSession = sessions[sessions.length - 1]!;
  return GKITS.map((kit) => {
    const eligible = level >= kit.unlockLevel && prestige >= kit.unlockPrestige;
    if (!eligible || r.chance(0.12)) {
      return { kitId: kit.id, unlocked: false, level: 1, cooldownEndsAt: null, lastClaimedAt: null };
    }
    const over = level - kit.unlockLevel;
    const kitLevel = Math.max(1, Math.min(kit.maxLevel, 1 + Math.floor(over / 8 + r.float(0, 1.5))));
    const claimed = r.chance(0.8);
    const lastClaimedAt = claimed ? Math.round(r.float(lastSession.start, lastSession.end)) : null;
    const cooldownEndsAt = lastClaimedAt === null ? null : lastClaimedAt + kit.cooldownHours * HOUR;
    return { kitId: kit.id, unlocked: true, level: kitLevel, cooldownEndsAt, lastClaimedAt };
  });
}

/** The demo player's kits show every card state: cooldown, ready, locked. */
function demoGKits(player: Player, now: number): GKitState[] {
  const last = player.sessions[player.sessions.length - 1]!;
  const claimed = (kitId: string, level: number, at: number) => {
    const hours = GKITS.find((k) => k.id === kitId)!.cooldownHours;
    return { kitId, unlocked: true, level, lastClaimedAt: at, cooldownEndsAt: at + hours * HOUR };
  };
  return [
    claimed('miner', 4, last.start + 10 * MINUTE),
    claimed('excavator', 3, now - 2 * DAY),
    claimed('alchemist', 2, last.start + 30 * MINUTE),
    { kitId: 'warden', unlocked: true, level: 1, lastClaimedAt: null, cooldownEndsAt: null },
    { kitId: 'tycoon', unlocked: false, level: 1, lastClaimedAt: null, cooldownEndsAt: null },
    claimed('ascendant', 1, now - 3 * DAY),
  ];
}
