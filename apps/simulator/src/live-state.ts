// What the simulated server knows while it runs: who is online, everyone's progress and money,
// gangs, friendships and the listings it put up. The live loop changes it and reports each change
// as a bridge event; the RCON endpoint reads it.

import type { GangRole } from './catalogue.ts';
import { type Gang, type GKitState, MAX_PLAYERS, type Player, type World } from './model.ts';

/**
 * A world player while the run goes on. `balance` is what the simulator has paid in and out; the
 * site may hold more (sales) or less (purchases).
 */
export interface LivePlayer
  extends Pick<
    Player,
    'uuid' | 'username' | 'level' | 'xp' | 'prestige' | 'rank' | 'balance' | 'activity' | 'isDemo'
  > {
  gangId: string | null;
  gkits: Map<string, GKitState>;
  lastLogoutAt: number;
  /** When the current session started, while online. */
  sessionStart: number | null;
}

export interface LiveGang extends Pick<Gang, 'id' | 'name' | 'status' | 'minLevel' | 'treasury'> {
  members: Map<string, GangRole>;
}

export interface LiveListing {
  id: string;
  sellerUuid: string;
}

export class LiveState {
  readonly maxOnline = MAX_PLAYERS;
  readonly players: LivePlayer[];
  readonly byUuid = new Map<string, LivePlayer>();
  readonly byName = new Map<string, LivePlayer>();
  /** Online players' uuids in the order they joined (the order `list` prints). */
  readonly online = new Set<string>();
  readonly gangs = new Map<string, LiveGang>();
  readonly friends = new Map<string, Set<string>>();
  /** Listings this run put up, which it may withdraw again. */
  readonly listings = new Map<string, LiveListing>();
  /** Players staff kicked over RCON; the live loop turns them into quits. */
  readonly kicks: { uuid: string; reason: string }[] = [];
  /** Auction purchases handed over in game this run (the simulator keeps no inventories). */
  deliveriesHandedOver = 0;

  constructor(world: World) {
    const gangOf = new Map<string, string>();
    for (const gang of world.gangs) {
      this.gangs.set(gang.id, {
        id: gang.id,
        name: gang.name,
        status: gang.status,
        minLevel: gang.minLevel,
        treasury: gang.treasury,
        members: new Map(gang.members.map((m) => [m.uuid, m.role])),
      });
      for (const m of gang.members) gangOf.set(m.uuid, gang.id);
    }
    this.players = world.players.map((p) => ({
      uuid: p.uuid,
      username: p.username,
      level: p.level,
      xp: p.xp,
      prestige: p.prestige,
      rank: p.rank,
      balance: p.balance,
      activity: p.activity,
      isDemo: p.isDemo,
      gangId: gangOf.get(p.uuid) ?? null,
      gkits: new Map(p.gkits.map((k) => [k.kitId, { ...k }])),
      lastLogoutAt: p.sessions[p.sessions.length - 1]!.end,
      sessionStart: null,
    }));
    for (const p of this.players) {
      this.byUuid.set(p.uuid, p);
      this.byName.set(p.username.toLowerCase(), p);
      this.friends.set(p.uuid, new Set());
    }
    for (const f of world.friendships) this.link(f.a, f.b);
  }

  onlinePlayers(): LivePlayer[] {
    return [...this.online].map((uuid) => this.byUuid.get(uuid)!);
  }

  player(uuid: string): LivePlayer {
    const player = this.byUuid.get(uuid);
    if (!player) throw new Error(`unknown player ${uuid}`);
    return player;
  }

  findOnline(name: string): LivePlayer | undefined {
    const player = this.byName.get(name.toLowerCase());
    return player && this.online.has(player.uuid) ? player : undefined;
  }

  areFriends(a: string, b: string): boolean {
    return this.friends.get(a)?.has(b) ?? false;
  }

  link(a: string, b: string): void {
    this.friends.get(a)?.add(b);
    this.friends.get(b)?.add(a);
  }

  unlink(a: string, b: string): void {
    this.friends.get(a)?.delete(b);
    this.friends.get(b)?.delete(a);
  }
}
