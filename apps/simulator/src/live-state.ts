// What the simulated server knows while it runs: who is online, everyone's progress and money,
// gangs, friendships, the listings it put up and the punishments in force. The live loop changes it
// and reports each change as a bridge event; the RCON endpoint reads it, and queues the console's
// punishments and pardons for the live loop to report.

import type { Delivery } from '@prison/shared/bridge';
import type { GangRole } from './catalogue.ts';
import { type Gang, type GKitState, MAX_PLAYERS, type Player, type World } from './model.ts';
import { Moderation } from './moderation.ts';
import { centsOf } from './money.ts';
import { seedPunishments } from './punishments.ts';

/** A movement of money a site purchase made, as its delivery carries it. */
export type SiteMoney = Delivery['money'][number];

/** A world player while the run goes on. */
export interface LivePlayer
  extends Pick<Player, 'uuid' | 'username' | 'level' | 'xp' | 'prestige' | 'rank' | 'activity' | 'isDemo'> {
  /**
   * The game's balance, in cents: the truth the site's ledger mirrors. It moves with what the
   * simulator pays in and out (reported as player.balance) and with the money of each site purchase
   * handed over (applySiteMoney), so it equals the player's balance on the site once both sides have
   * heard of everything.
   */
  balance: bigint;
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
  /** The unit price it was listed at. */
  price: number;
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
  /** The punishments in force, and the console's changes the live loop has yet to report. */
  readonly moderation: Moderation;
  /** Auction purchases handed over in game this run (the simulator keeps no inventories). */
  deliveriesHandedOver = 0;
  /** The site's ledger ids whose movements this run applied, oldest first (at most ledgerMemory). */
  private readonly appliedLedger = new Set<number>();

  constructor(
    world: World,
    private readonly ledgerMemory = 20_000,
  ) {
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
      balance: centsOf(p.balance),
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
    // The seed's history, with the ids seed.ts gives it (seed:<tag>:<key>), so that the console
    // can lift a ban or mute of the past month and the live loop keeps a banned player away.
    this.moderation = new Moderation(
      seedPunishments(world, (key) => `seed:${world.tag}:${key}`),
      world.now,
    );
  }

  /**
   * Applies the money a site purchase moved, each movement once by its ledger id, however often its
   * delivery is seen (socket and list, a reconnection). The site already has these rows, so they
   * are not reported back as player.balance. A player this server does not know moves nothing.
   * Answers the movements applied now.
   */
  applySiteMoney(money: readonly SiteMoney[]): SiteMoney[] {
    const applied: SiteMoney[] = [];
    for (const movement of money) {
      if (this.appliedLedger.has(movement.ledger_id)) continue;
      this.appliedLedger.add(movement.ledger_id);
      if (this.appliedLedger.size > this.ledgerMemory) {
        const [oldest] = this.appliedLedger;
        this.appliedLedger.delete(oldest!);
      }
      const player = this.byUuid.get(movement.player_uuid.toLowerCase());
      if (!player) continue;
      player.balance += centsOf(movement.delta);
      applied.push(movement);
    }
    return applied;
  }

  onlinePlayers(): LivePlayer[] {
    return [...this.online].map((uuid) => this.byUuid.get(uuid)!);
  }

  player(uuid: string): LivePlayer {
    const player = this.byUuid.get(uuid);
    if (!player) throw new Error(`unknown player ${uuid}`);
    return player;
  }

  /** Any of the world's players, online or not, by name in any case. */
  find(name: string): LivePlayer | undefined {
    return this.byName.get(name.toLowerCase());
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
