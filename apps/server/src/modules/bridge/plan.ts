// How a batch is applied a set at a time: its events are grouped by type, and each group is one
// domain operation (one statement or two, however many events it holds). Where the order of two
// events matters, they go to different rounds, applied one after the other, so a batch has the
// effect of its events applied one by one, in order. Most batches need a single round.
//
// Order matters between two events that change the same thing, unless they are of one type whose
// operation takes them together in order (a player's balance deltas, XP, statistics and G-Kits, a
// gang's treasury, a category's listings, a gang's new members). A join and a quit of one player,
// a gang's disbanding and what names that gang, a listing and its withdrawal, two changes to one
// friendship, membership or account: each in a later round than the one before it.
import type { BridgeEventType, ReceivedBridgeEvent } from '@prison/shared/bridge';

/** What an event changes, and whether events of its type that change the same may share a round. */
interface Claim {
  key: string;
  together: boolean;
}

const one = (key: string): Claim => ({ key, together: false });
const many = (key: string): Claim => ({ key, together: true });
const player = (uuid: string) => uuid.toLowerCase();

function claims(event: ReceivedBridgeEvent): Claim[] {
  switch (event.type) {
    case 'player.join':
    case 'player.quit':
      return [one(`presence ${player(event.uuid)}`)];
    case 'player.progress':
      return [many(`progress ${player(event.uuid)}`)];
    case 'player.balance':
      return [many(`balance ${player(event.uuid)}`)];
    case 'player.stats':
      return [many(`stats ${player(event.uuid)}`)];
    case 'player.gkit':
      return [many(`gkit ${player(event.uuid)}`)];
    // Appended in order by one statement; the players they name exist from the first round on.
    case 'activity':
      return [];
    case 'gang.upsert':
    case 'gang.disband':
      return [one(`gang ${event.gang_id}`)];
    case 'gang.treasury':
      return [many(`gang ${event.gang_id}`)];
    case 'gang.member':
    case 'gang.leave':
      return [one(`member ${player(event.uuid)}`), many(`gang ${event.gang_id}`)];
    case 'friend.add':
    case 'friend.remove': {
      const pair = [player(event.uuid), player(event.friend_uuid)].sort();
      return [one(`friends ${pair.join(' ')}`)];
    }
    case 'auction.listed':
      return [one(`listing ${event.listing_id}`), many(`category ${event.category_key}`)];
    case 'auction.cancelled':
      return [one(`listing ${event.listing_id}`)];
    // Recorded once, at the end of the batch (status/service.ts recordReports).
    case 'server.status':
      return [];
    case 'account.password':
    case 'account.roles':
      return [one(`account ${player(event.uuid)}`)];
    case 'punishment.issued':
    case 'punishment.revoked':
      return [one(`punishment ${event.punishment_id}`)];
  }
}

/**
 * The order of the groups within a round: what creates players, gangs and listings comes before
 * what names them. (Nothing in one round deletes what another event of the same round needs: a
 * gang's disbanding shares no round with anything else about that gang.)
 */
export const GROUP_ORDER = [
  'player.join',
  'player.quit',
  'player.progress',
  'player.balance',
  'player.stats',
  'player.gkit',
  'activity',
  'gang.upsert',
  'gang.treasury',
  'gang.member',
  'gang.leave',
  'gang.disband',
  'friend.add',
  'friend.remove',
  'auction.listed',
  'auction.cancelled',
  'account.password',
  'account.roles',
  'punishment.issued',
  'punishment.revoked',
] as const satisfies readonly Exclude<BridgeEventType, 'server.status'>[];

export type GroupType = (typeof GROUP_ORDER)[number];

/** A round: the events of each type, in the batch's order. */
export type Round<E extends { event: ReceivedBridgeEvent }> = Map<GroupType, E[]>;

/**
 * Splits events (in the batch's order) into rounds. With `oneByOne`, each event is a round of its
 * own: the batch applied exactly as one event after another, to pin an error on one of them.
 */
export function planRounds<E extends { event: ReceivedBridgeEvent }>(
  events: readonly E[],
  { oneByOne = false } = {},
): Round<E>[] {
  const rounds: Round<E>[] = [];
  const last = new Map<string, { round: number; type: BridgeEventType }>();
  for (const item of events) {
    const { type } = item.event;
    if (type === 'server.status') continue;
    const own = claims(item.event);
    let round = oneByOne ? rounds.length : 0;
    for (const { key, together } of own) {
      const before = last.get(key);
      if (before) round = Math.max(round, together && before.type === type ? before.round : before.round + 1);
    }
    for (const { key } of own) last.set(key, { round, type });
    while (rounds.length <= round) rounds.push(new Map());
    const group = rounds[round]!.get(type);
    if (group) group.push(item);
    else rounds[round]!.set(type, [item]);
  }
  return rounds;
}
