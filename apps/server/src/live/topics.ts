// Every live topic the hub keeps, by name: the one place a topic is spelt. A topic is a snapshot
// that read endpoints answer from and sockets follow; a family (a name ending in ':') stands for
// every topic of that family (one per player, metric...). Modules define their builders under these
// names, and writes reach them only through the changes in changes.ts.

export const TOPICS = {
  /** The online count (/ws/players). */
  online: 'players',
  /** Every gang with its roster (/api/gangs/ws, the search's gangs). */
  gangs: 'gangs',
  /** The admin dashboard. */
  dashboard: 'dashboard',
  /** The auction's categories. */
  categories: 'auction',
  /** The docs list. */
  docs: 'docs',
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

/** The page of one player. */
export const playerPageTopic = (uuid: string): Topic => `${TOPICS.playerPage}${uuid.toLowerCase()}`;
