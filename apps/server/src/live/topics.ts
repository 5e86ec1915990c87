// Every live topic the hub keeps, by name: the one place a topic is spelt, with the shared type of
// the value it holds. A topic is a snapshot that read endpoints answer from and sockets follow; a
// family (a name ending in ':') stands for every topic of that family (one per player, metric...).
// Modules define their builders under these names, and writes reach them only through the changes
// in changes.ts.
import type { Dashboard } from '@prison/shared/admin';
import type { AuctionCategory } from '@prison/shared/auction';
import type { Doc, DocsLiveMessage } from '@prison/shared/docs';
import type { LeaderboardEntry, LeaderboardMessage, LeaderboardMetric } from '@prison/shared/leaderboard';
import type { OnlineMessage } from '@prison/shared/live';
import type { ModerationLiveMessage } from '@prison/shared/moderation';
import type { PlayerPageMessage } from '@prison/shared/players';
import type { GangsMessage, SocialMessage } from '@prison/shared/social';
import type { ServerStatus } from '@prison/shared/status';

export const TOPICS = {
  /** The online count (/ws/players). */
  online: 'players',
  /** Every gang with its roster (/api/gangs/ws, the search's gangs). */
  gangs: 'gangs',
  /** The admin dashboard. */
  dashboard: 'dashboard',
  /** Stamps of the console's moderation lists (/api/admin/moderation/ws). */
  moderation: 'moderation',
  /** The auction's categories. */
  categories: 'auction',
  /** The docs list. */
  docs: 'docs',
  /** Each listed doc's slug and revision (/api/docs/ws): tells an open page its list is stale. */
  docsIndex: 'docs-index',
  /** The status page's current figures, and its charts' history. */
  status: 'status',
  statusHistory: 'status-history',
  /** `leaderboard:<metric>` and `leaderboard:<metric>:<limit>`. */
  leaderboard: 'leaderboard:',
  /** `social:<kind>:<uuid>`: a player's friends, overview and gang. */
  social: 'social:',
  /** `player:<uuid>`: a player's public page. */
  playerPage: 'player:',
} as const;

type TopicNames = (typeof TOPICS)[keyof typeof TOPICS];
/** The families: names that end with ':'. */
export type TopicFamily = Extract<TopicNames, `${string}:`>;
/** A topic: one of the names, or a member of a family. */
export type Topic = TopicNames | `${TopicFamily}${string}`;

/** A topic's name (or the pattern of its names) and the value it holds: the hub's sockets send it. */
export type TopicShape =
  | [typeof TOPICS.online, OnlineMessage]
  | [typeof TOPICS.gangs, GangsMessage]
  | [typeof TOPICS.dashboard, Dashboard]
  | [typeof TOPICS.moderation, ModerationLiveMessage]
  | [typeof TOPICS.categories, AuctionCategory[]]
  | [typeof TOPICS.docs, Doc[]]
  | [typeof TOPICS.docsIndex, DocsLiveMessage]
  | [typeof TOPICS.status, Omit<ServerStatus, 'history'>]
  | [typeof TOPICS.statusHistory, ServerStatus['history']]
  | [`${typeof TOPICS.leaderboard}${LeaderboardMetric}`, LeaderboardEntry[]]
  | [`${typeof TOPICS.leaderboard}${LeaderboardMetric}:${number}`, LeaderboardMessage]
  | [`${typeof TOPICS.social}${string}`, SocialMessage]
  | [`${typeof TOPICS.playerPage}${string}`, PlayerPageMessage];

/** A player's own punishments and appeals, on their social socket (their profile follows it). */
export const ownPunishmentsTopic = (uuid: string) =>
  `${TOPICS.social}punishments:${uuid.toLowerCase()}` as const;

/** A player's unread notifications, on their social socket (the bell in the header follows it). */
export const notificationsTopic = (uuid: string) =>
  `${TOPICS.social}notifications:${uuid.toLowerCase()}` as const;

/** The page of one player. */
export const playerPageTopic = (uuid: string) => `${TOPICS.playerPage}${uuid.toLowerCase()}` as const;
