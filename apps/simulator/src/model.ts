// The shapes of the simulated world, shared by its builders, the seed and the live loop.
import type { GANG_STATUSES } from '@prison/shared/bridge';
import type { Rank } from '@prison/shared/experience';
import type { AuctionCategory, GangRole } from './catalogue.ts';
import type { ListedItem } from './listed-items.ts';

export type GangStatus = (typeof GANG_STATUSES)[number];

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The game server's player slots, as its status reports say (max_online). */
export const MAX_PLAYERS = 500;

export interface Session {
  start: number;
  end: number;
}

export interface GKitState {
  kitId: string;
  unlocked: boolean;
  level: number;
  cooldownEndsAt: number | null;
  lastClaimedAt: number | null;
}

export interface Player {
  index: number;
  uuid: string;
  username: string;
  level: number;
  xp: number;
  prestige: number;
  rank: Rank;
  /**
   * A float, as a game server's own economy often is: the simulator only sends deltas, which the
   * site reads exactly as written and rounds once to cents; it never reads money back.
   */
  balance: number;
  /** 0..1: how likely the player is to be online at any moment. */
  activity: number;
  /** Sorted; the first starts at the first login, the last ends at the last logout. */
  sessions: Session[];
  stats: Record<string, number>;
  gkits: GKitState[];
  isDemo: boolean;
}

export interface GangMember {
  uuid: string;
  role: GangRole;
  joinedAt: number;
}

export interface Gang {
  id: string;
  name: string;
  status: GangStatus;
  color: string;
  minLevel: number;
  treasury: number;
  createdAt: number;
  members: GangMember[];
}

export interface Friendship {
  a: string;
  b: string;
  since: number;
}

export interface Listing {
  id: string;
  sellerUuid: string;
  category: Pick<AuctionCategory, 'key' | 'name' | 'icon'>;
  item: ListedItem;
  qty: number;
  price: number;
  listedAt: number;
}

export interface ActivityEntry {
  at: number;
  actorUuid: string;
  type: string;
  text: string | null;
  targetUuid: string | null;
}

export interface Account {
  uuid: string;
  password?: string;
  roles?: string[];
}

export interface World {
  seed: string;
  /** The seed as it appears in event ids: short and id-safe. */
  tag: string;
  /** The moment the world's history ends (epoch ms). */
  now: number;
  players: Player[];
  gangs: Gang[];
  friendships: Friendship[];
  listings: Listing[];
  /** Sorted by time. */
  activity: ActivityEntry[];
  accounts: Account[];
}
