// What a write changed, said as a typed change; this one registry decides which live topics each
// change invalidates. A domain operation takes a `Write` (the transaction and the changes made so far)
// and records its own changes there; whoever opened the transaction reports them with
// `notifyChanges` before it commits (the NOTIFY is delivered on commit, to every process), and
// `committedHere` once it has committed (this process's own readers, at once). No module
// names another module's topic. A misspelt change or topic does not compile; changes.test.ts shows that every change
// reaches a topic and every topic is reached.
import { type SQL, sql } from 'drizzle-orm';
import { type Db, LIVE_CHANNEL, notifyPayload, notifyTopics, type Tx } from '../db/client.ts';
import { notificationsTopic, ownPunishmentsTopic, playerPageTopic, TOPICS, type Topic } from './topics.ts';

export type Change =
  /** A player came online or went offline. */
  | { type: 'presence.changed'; player: string }
  /** A player was seen for the first time, or under a new name. */
  | { type: 'player.named'; player: string }
  /** XP, level, prestige or rank moved (and with them the player's last activity). */
  | { type: 'progress.changed'; player: string }
  | { type: 'balance.changed'; player: string }
  | { type: 'stats.changed'; player: string }
  /** Something happened in game; `milestone` when it shows on public pages. */
  | { type: 'activity.added'; actor: string; milestone: boolean }
  /** A gang was made, renamed, recoloured, reopened or disbanded. */
  | { type: 'gang.changed'; gang: string }
  | { type: 'treasury.changed'; gang: string }
  /** A player joined, left or changed role in a gang. */
  | { type: 'membership.changed'; player: string }
  | { type: 'friendship.changed'; players: readonly [string, string] }
  /** A listing was added, withdrawn or bought from. */
  | { type: 'listing.changed' }
  /** The game server reported its status; `backfill` for reports from the past. */
  | { type: 'server.reported'; backfill: boolean }
  /** A doc was created, edited, deleted or restored. */
  | { type: 'docs.changed' }
  /** A player hid or showed their statistics. */
  | { type: 'privacy.changed'; player: string }
  /** A player linked or unlinked their Discord account (its name shows on their page). */
  | { type: 'discord.changed'; player: string }
  /** A punishment of a player was issued or lifted (a ban in force shows on their page). */
  | { type: 'punishment.changed'; player: string }
  /** A player appealed a punishment, or staff decided an appeal. */
  | { type: 'appeal.changed'; player: string }
  /** Staff sent a punishment or pardon to the game server, or the game server answered one. */
  | { type: 'action.changed' }
  /** A player was notified of something, or read their notifications. */
  | { type: 'notification.changed'; player: string };

export type ChangeType = Change['type'];

/** A write in progress: its transaction, and what its domain operations have changed so far. */
export interface Write {
  readonly tx: Tx;
  readonly changes: Change[];
}

/** A new write in `tx`, with nothing changed yet. */
export const writeIn = (tx: Tx): Write => ({ tx, changes: [] });

/** The topics a change invalidates. */
export function topicsOf(change: Change): Topic[] {
  switch (change.type) {
    case 'presence.changed':
      return [TOPICS.gangs, TOPICS.social, playerPageTopic(change.player)];
    case 'player.named':
      return [TOPICS.leaderboard, TOPICS.gangs, TOPICS.social, playerPageTopic(change.player)];
    case 'progress.changed':
      // The rosters show each member's last activity, which playing moves.
      return [
        TOPICS.leaderboard,
        TOPICS.gangs,
        TOPICS.social,
        TOPICS.dashboard,
        playerPageTopic(change.player),
      ];
    case 'balance.changed':
      return [TOPICS.leaderboard, TOPICS.dashboard, playerPageTopic(change.player)];
    case 'stats.changed':
      return [playerPageTopic(change.player)];
    case 'activity.added':
      return change.milestone ? [TOPICS.dashboard, playerPageTopic(change.actor)] : [TOPICS.dashboard];
    case 'gang.changed':
      // Every member's page shows the gang's name and colour; the dashboard its treasury leaders.
      return [TOPICS.gangs, TOPICS.social, TOPICS.dashboard, TOPICS.playerPage];
    case 'treasury.changed':
      return [TOPICS.gangs, TOPICS.social, TOPICS.dashboard];
    case 'membership.changed':
      return [TOPICS.gangs, TOPICS.social, playerPageTopic(change.player)];
    case 'friendship.changed':
      return [TOPICS.social, ...change.players.map(playerPageTopic)];
    case 'listing.changed':
      return [TOPICS.categories];
    case 'server.reported':
      return change.backfill
        ? [TOPICS.online, TOPICS.dashboard, TOPICS.status, TOPICS.statusHistory]
        : [TOPICS.online, TOPICS.dashboard, TOPICS.status];
    case 'docs.changed':
      return [TOPICS.docs, TOPICS.docsIndex];
    case 'privacy.changed':
    case 'discord.changed':
      return [playerPageTopic(change.player)];
    case 'punishment.changed':
      return [playerPageTopic(change.player), ownPunishmentsTopic(change.player), TOPICS.moderation];
    case 'appeal.changed':
      return [ownPunishmentsTopic(change.player), TOPICS.moderation];
    case 'action.changed':
      return [TOPICS.moderation];
    case 'notification.changed':
      return [notificationsTopic(change.player)];
  }
}

/** Tells every process's live hub, on commit, which topics the changes invalidate. */
export async function notifyChanges(tx: Tx | Db, changes: Iterable<Change>): Promise<void> {
  await notifyTopics(tx, topicsOfAll(changes));
}

function topicsOfAll(changes: Iterable<Change>): Set<Topic> {
  const topics = new Set<Topic>();
  for (const change of changes) for (const topic of topicsOf(change)) topics.add(topic);
  return topics;
}

type CommitListener = (topics: ReadonlySet<Topic>, rebuild: boolean) => void | Promise<void>;
const commitListeners = new WeakMap<Db, Set<CommitListener>>();

/**
 * Tells this process's readers at once what a write it has just committed changed. The NOTIFY
 * reaches this process's own listener too, but on PostgreSQL only milliseconds after the commit:
 * an answer kept by this process must not outlive its own writes by even that long (a buyer's next
 * page comes from the process that answered the purchase). With `rebuild`, this process's live
 * topics that the changes touch are rebuilt before the promise settles, so that the writer's next
 * read, and every page open on this process, shows the write (a doc saved, statistics hidden);
 * without it they follow the NOTIFY on the hub's usual interval (writes that come by the thousand,
 * such as the game's). Call it after the commit, never before: a read that starts before the commit
 * must not be kept as the new state.
 */
export async function committedHere(
  db: Db,
  changes: Iterable<Change>,
  { rebuild = false }: { rebuild?: boolean } = {},
): Promise<void> {
  const listeners = commitListeners.get(db);
  if (!listeners?.size) return;
  const topics = topicsOfAll(changes);
  if (topics.size === 0) return;
  await Promise.all([...listeners].map((listener) => listener(topics, rebuild)));
}

/** Calls `listener` with the topics of every write this process commits on `db` (`committedHere`). */
export function onCommittedHere(db: Db, listener: CommitListener): () => void {
  const listeners = commitListeners.get(db) ?? new Set<CommitListener>();
  commitListeners.set(db, listeners);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * `notifyChanges` as an expression of a write that is one statement (the purchase): it sends the
 * same NOTIFY when the statement evaluates it. A player the statement finds only as it runs is named
 * in `changes` by a stand-in (lower case: topic names are), and `players` gives, for each stand-in,
 * the SQL naming that player's uuid.
 */
export function notifyChangesSql(changes: Iterable<Change>, players: Record<string, SQL> = {}): SQL {
  let payload = sql`${notifyPayload(topicsOfAll(changes))}::text`;
  for (const [standIn, player] of Object.entries(players)) {
    payload = sql`replace(${payload}, ${standIn}::text, (${player})::text)`;
  }
  return sql`pg_notify(${LIVE_CHANNEL}::text, ${payload})`;
}
