// A game plugin's client of the site, written as a stranger would: only against the types that
// openapi-typescript generates from the served documents (`paths` and `components` of
// /api/openapi.json; the schemas of /api/asyncapi.json for the delivery socket), with openapi-fetch
// and ws. No event or answer is declared here by hand. plugin-client.test.ts writes ./generated/
// beside a copy of this file, type-checks the two with `tsc --strict`, then runs it against the app.
import createClient from 'openapi-fetch';
import WebSocket from 'ws';
import type { components as socketComponents } from './generated/asyncapi.ts';
import * as examples from './generated/examples.ts';
import type { components, paths } from './generated/openapi.ts';

type Schemas = components['schemas'];
type BridgeEvent = Schemas['BridgeEvent'];
type EventType = BridgeEvent['type'];
export type Delivery = Schemas['Delivery'];
export type BridgeAction = Schemas['BridgeAction'];
type SocketMessage =
  | socketComponents['schemas']['DeliveryMessage']
  | socketComponents['schemas']['BridgeActionMessage'];
type Player = Pick<Schemas['PlayerJoinEvent'], 'uuid' | 'username'>;

export function bridgeClient(site: string, token: string) {
  return createClient<paths>({ baseUrl: site, headers: { authorization: `Bearer ${token}` } });
}
type BridgeClient = ReturnType<typeof bridgeClient>;

/**
 * One event or more of every type the document names, each its document's own example with this
 * world's players, gang and listings in it, in an order the site accepts: players join before
 * anything names them, a gang is created before its members, a listing before its withdrawal, a
 * punishment before its revocation. The
 * buyer is credited what two units of `listing` cost. tsc fails here when the document gains a type.
 */
export function everyEvent(world: {
  /** Makes each event's id unique. */
  idPrefix: string;
  seller: Player;
  buyer: Player;
  gangId: Schemas['GangUpsertEvent']['gang_id'];
  listing: Schemas['AuctionListedEvent']['listing_id'];
  withdrawnListing: Schemas['AuctionListedEvent']['listing_id'];
}): BridgeEvent[] {
  let counter = 0;
  const id = () => `${world.idPrefix}:${++counter}`;
  const { seller, buyer, gangId } = world;
  const listed = examples.AuctionListedEvent[0];
  const byType: { [T in EventType]: Extract<BridgeEvent, { type: T }>[] } = {
    'player.join': [
      { ...examples.PlayerJoinEvent[0], id: id(), ...seller },
      { ...examples.PlayerJoinEvent[0], id: id(), ...buyer },
    ],
    'player.quit': [{ ...examples.PlayerQuitEvent[0], id: id(), uuid: seller.uuid }],
    'player.progress': [{ ...examples.PlayerProgressEvent[0], id: id(), uuid: buyer.uuid }],
    'player.balance': [
      { ...examples.PlayerBalanceEvent[0], id: id(), uuid: buyer.uuid, delta: listed.price },
      { ...examples.PlayerBalanceEvent[0], id: id(), uuid: buyer.uuid, delta: listed.price },
    ],
    'player.stats': [{ ...examples.PlayerStatsEvent[0], id: id(), uuid: buyer.uuid }],
    'player.gkit': [{ ...examples.PlayerGkitEvent[0], id: id(), uuid: buyer.uuid }],
    activity: [{ ...examples.ActivityEvent[0], id: id(), actor_uuid: buyer.uuid, target_uuid: seller.uuid }],
    'gang.upsert': [{ ...examples.GangUpsertEvent[0], id: id(), gang_id: gangId }],
    'gang.treasury': [{ ...examples.GangTreasuryEvent[0], id: id(), gang_id: gangId }],
    'gang.member': [{ ...examples.GangMemberEvent[0], id: id(), gang_id: gangId, uuid: buyer.uuid }],
    'gang.leave': [{ ...examples.GangLeaveEvent[0], id: id(), gang_id: gangId, uuid: buyer.uuid }],
    'gang.disband': [{ ...examples.GangDisbandEvent[0], id: id(), gang_id: gangId }],
    'friend.add': [{ ...examples.FriendAddEvent[0], id: id(), uuid: buyer.uuid, friend_uuid: seller.uuid }],
    'friend.remove': [
      { ...examples.FriendRemoveEvent[0], id: id(), uuid: buyer.uuid, friend_uuid: seller.uuid },
    ],
    'auction.listed': [
      { ...listed, id: id(), listing_id: world.listing, seller_uuid: seller.uuid, qty: 2 },
      { ...listed, id: id(), listing_id: world.withdrawnListing, seller_uuid: seller.uuid },
    ],
    'auction.cancelled': [
      { ...examples.AuctionCancelledEvent[0], id: id(), listing_id: world.withdrawnListing },
    ],
    'server.status': [{ ...examples.ServerStatusEvent[0], id: id() }],
    'account.password': [{ ...examples.AccountPasswordEvent[0], id: id(), uuid: buyer.uuid }],
    'account.roles': [{ ...examples.AccountRolesEvent[0], id: id(), uuid: buyer.uuid }],
    'punishment.issued': [
      { ...examples.PunishmentIssuedEvent[0], id: id(), punishment_id: `${world.idPrefix}:p`, ...seller },
    ],
    'punishment.revoked': [
      { ...examples.PunishmentRevokedEvent[0], id: id(), punishment_id: `${world.idPrefix}:p` },
    ],
  };
  return Object.values(byType).flat();
}

/** The password the buyer set in game (account.password), to sign in on the site with. */
export const buyerPassword = examples.AccountPasswordEvent[0].password;
/** The listed item, as the game sent it. */
export const listedItem = examples.AuctionListedEvent[0].item;

export async function sendEvents(client: BridgeClient, events: BridgeEvent[]) {
  const { data, error, response } = await client.POST('/api/bridge/events', { body: { events } });
  if (error) throw new Error(`events refused (${response.status} ${error.code}): ${error.detail}`);
  return data;
}

/** Signs a player in with the password they set in game; answers their access token. */
export async function signIn(site: string, username: string, password: string) {
  const { data, error } = await createClient<paths>({ baseUrl: site }).POST('/api/auth/player-login', {
    body: { username, password },
  });
  if (error) throw new Error(`sign-in refused (${error.code}): ${error.detail}`);
  return data.access_token;
}

/** A purchase on the site by a signed-in player, as the web app makes it. */
export async function buyOnSite(site: string, accessToken: string, listingId: string, key: string) {
  const client = createClient<paths>({ baseUrl: site, headers: { authorization: `Bearer ${accessToken}` } });
  const { data, error } = await client.POST('/api/auction/purchase', {
    params: { header: { 'idempotency-key': key } },
    body: { id: listingId, qty: 1 },
  });
  if (error) throw new Error(`purchase refused (${error.code}): ${error.detail}`);
  return data;
}

/** A purchase a player makes in game: the purchase, or the refusal's status and `code`. */
export async function buyInGame(client: BridgeClient, body: Schemas['BridgePurchaseRequest'], key: string) {
  const { data, error, response } = await client.POST('/api/bridge/purchases', {
    params: { header: { 'idempotency-key': key } },
    body,
  });
  if (error) return { refused: { status: response.status, code: error.code } };
  return { purchase: data };
}

export async function pendingDeliveries(client: BridgeClient) {
  const { data, error } = await client.GET('/api/bridge/deliveries', { params: { query: { limit: 500 } } });
  if (error) throw new Error(`deliveries not listed (${error.code}): ${error.detail}`);
  return data;
}

export async function acknowledge(client: BridgeClient, ids: Delivery['id'][]) {
  const { data, error } = await client.POST('/api/bridge/deliveries/ack', { body: { ids } });
  if (error) throw new Error(`acknowledgement refused (${error.code}): ${error.detail}`);
  return data.acknowledged;
}

/** The staff actions waiting for a game server (PUNISH_VIA=plugin), oldest first. */
export async function pendingActions(client: BridgeClient) {
  const { data, error } = await client.GET('/api/bridge/actions', { params: { query: { limit: 500 } } });
  if (error) throw new Error(`actions not listed (${error.code}): ${error.detail}`);
  return data;
}

/**
 * Carries a staff punishment out as a plugin does: the punishment plugin issues it (here: the
 * document's own example of punishment.issued, with the action's player, staff member, reason and
 * length), the event naming the action is reported, then the outcome is acknowledged. Answers the
 * punishment's id in game and what the acknowledgement confirmed.
 */
export async function carryOut(client: BridgeClient, action: BridgeAction, idPrefix: string) {
  if (action.kind === 'pardon') throw new Error('this client carries out punishments only');
  const punishmentId = `${idPrefix}:action-${action.id}`;
  const issued: Schemas['PunishmentIssuedEvent'] = {
    ...examples.PunishmentIssuedEvent[0],
    id: `${idPrefix}:issued-${action.id}`,
    at: new Date().toISOString(),
    punishment_id: punishmentId,
    punishment_type: action.kind,
    uuid: action.player.uuid,
    username: action.player.username,
    staff: action.staff,
    reason: action.reason,
    until:
      action.duration_seconds === null
        ? null
        : new Date(Date.now() + action.duration_seconds * 1000).toISOString(),
    action_id: action.id,
  };
  await sendEvents(client, [issued]);
  const { data, error } = await client.POST('/api/bridge/actions/ack', {
    body: {
      results: [{ id: action.id, outcome: 'done', message: `${action.player.username} was punished.` }],
    },
  });
  if (error) throw new Error(`acknowledgement refused (${error.code}): ${error.detail}`);
  return { punishmentId, acknowledged: data.acknowledged };
}

/**
 * The delivery socket: every message as it came (`raw`, for a schema check) and as the plugin reads
 * it, and the first delivery or staff action, received or to come, that a condition accepts.
 */
export function followDeliveries(site: string, token: string) {
  const url = new URL('/api/bridge/ws', site);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } });
  const received: { raw: string; message: SocketMessage }[] = [];
  const waiting = new Set<() => void>();
  socket.on('message', (data) => {
    const raw = data.toString();
    const message: SocketMessage = JSON.parse(raw);
    received.push({ raw, message });
    for (const check of waiting) check();
  });
  // An error before the socket opens fails `opened`; one after it ends in a close, handled there.
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.on('error', reject);
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  /** The first message `pick` finds something in, received or to come. */
  const first = <T>(pick: (message: SocketMessage) => T | undefined, what: string) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        for (const { message } of received) {
          const found = pick(message);
          if (found !== undefined) {
            waiting.delete(check);
            resolve(found);
            return;
          }
        }
      };
      const gone = () => {
        waiting.delete(check);
        reject(new Error(`the delivery socket closed before the ${what} came`));
      };
      waiting.add(check);
      check();
      closed.then(gone);
    });
  return {
    received,
    opened,
    next(accept: (delivery: Delivery) => boolean) {
      return first((m) => ('delivery' in m && accept(m.delivery) ? m.delivery : undefined), 'delivery');
    },
    nextAction(accept: (action: BridgeAction) => boolean) {
      return first((m) => ('action' in m && accept(m.action) ? m.action : undefined), 'staff action');
    },
    /** Closes the socket as a plugin does when it stops (1001, going away). */
    async close() {
      socket.close(1001);
      await closed;
    },
  };
}
