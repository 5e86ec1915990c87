// What each WebSocket of the site sends, for the AsyncAPI document (asyncapi.ts): its messages, by the
// shared schemas the server builds them with, with an example of each, who may connect, and the
// close codes beyond those every socket has. The address, query, parameters, summary and
// description come from the route itself. asyncapi.test.ts fails for a socket route missing here.
import {
  DELIVERY_EXAMPLE,
  type DeliveryMessage,
  deliveryMessageSchema,
  deliverySchema,
  itemSchema,
} from '@prison/shared/bridge';
import {
  BRIDGE_ACTION_EXAMPLE,
  type BridgeActionMessage,
  bridgeActionMessageSchema,
  bridgeActionSchema,
} from '@prison/shared/bridge-actions';
import { type DocsLiveMessage, docsLiveMessageSchema } from '@prison/shared/docs';
import {
  type LeaderboardMessage,
  leaderboardEntrySchema,
  leaderboardMessageSchema,
  leaderboardSchema,
} from '@prison/shared/leaderboard';
import { type OnlineMessage, onlineMessageSchema } from '@prison/shared/live';
import { type ModerationLiveMessage, moderationLiveMessageSchema } from '@prison/shared/moderation';
import type { NotificationsMessage } from '@prison/shared/notifications';
import { type PlayerPageMessage, playerPageMessageSchema, playerPageSchema } from '@prison/shared/players';
import { PUNISHMENT_EXAMPLE } from '@prison/shared/punishments';
import {
  friendSchema,
  type Gang,
  type GangsMessage,
  gangPageSchema,
  gangSchema,
  gangsMessageSchema,
  type SocialMessage,
  socialMessageSchema,
  socialOverviewSchema,
} from '@prison/shared/social';
import { CLOSE_CODES, CREDENTIAL_REVOKED_REASON } from '@prison/shared/sockets';
import { STAFF_SIGN_IN_WITH_CODE, STAFF_TWO_FACTOR_REQUIRED } from '@prison/shared/two-factor';
import { z } from 'zod';
import { MAX_BUFFERED_BYTES as FEED_BUFFER_BYTES } from '../live/hub.ts';
import { NOT_PERMITTED } from '../modules/auth/staff.ts';
import { MAX_BUFFERED_BYTES as DELIVERY_BUFFER_BYTES } from '../modules/bridge/delivery-feed.ts';
import { NOT_SIGNED_IN, SESSION_EXPIRED } from './authenticate.ts';
import { SESSION_ENDED } from './sockets.ts';

export interface SocketMessage<S extends z.ZodType = z.ZodType> {
  /** The message's name under components, and its payload schema's. */
  name: string;
  title: string;
  summary: string;
  /** The shared schema the server types this message with. */
  schema: S;
  examples: Array<{ name: string; summary: string; payload: z.output<S> }>;
}

/** A message with the type of its examples checked against its schema. */
const message = <S extends z.ZodType>(m: SocketMessage<S>): SocketMessage => m as unknown as SocketMessage;

export interface SocketCloseCode {
  code: number;
  /** The reasons the site sends with it, if any. */
  reasons?: readonly string[];
  meaning: string;
}

export type SocketSecurity = 'bridgeToken' | 'playerTokenInQuery';

export interface SocketChannel {
  /** The channel's and operation's name in the document. */
  id: string;
  /** The route's url as Fastify has it (`:uuid` for a parameter). */
  url: string;
  title: string;
  security?: SocketSecurity;
  /** Headers the handshake must carry (the bridge's bearer). */
  headers?: Record<string, { description: string; pattern: string }>;
  /** An example of each parameter of the address. */
  parameterExamples?: Record<string, string>;
  /** How far behind a socket may fall before it is dropped. */
  bufferedBytesLimit: number;
  messages: SocketMessage[];
  /** Close codes of this socket besides those of every socket (asyncapi.ts COMMON_CLOSE_CODES). */
  closeCodes?: SocketCloseCode[];
}

/** Schemas that several messages share, named so the document shows them once. */
export const NAMED_SCHEMAS: Array<[string, z.ZodType]> = [
  ['Delivery', deliverySchema],
  ['BridgeAction', bridgeActionSchema],
  ['Item', itemSchema],
  ['LeaderboardEntry', leaderboardEntrySchema],
  ['PlayerPage', playerPageSchema],
  ['Gang', gangSchema],
  ['Friend', friendSchema],
  ['SocialOverview', socialOverviewSchema],
];

/**
 * The worked example a shared schema carries for the API document (its registered `examples`):
 * the sockets show the same Steve, gang and ranking as the HTTP answers.
 */
function sharedExample<S extends z.ZodType>(schema: S): z.output<S> {
  const examples = z.globalRegistry.get(schema)?.examples as readonly unknown[] | undefined;
  const example = examples?.[0];
  if (example === undefined) throw new Error('A shared schema the sockets document has no example');
  return schema.parse(example);
}

/** How every feed opened with the access token closes when the token is not (or no longer) good. */
const SESSION_CLOSE: SocketCloseCode = {
  code: CLOSE_CODES.sessionExpired,
  reasons: [NOT_SIGNED_IN, SESSION_EXPIRED, SESSION_ENDED],
  meaning:
    'The access token is missing or invalid, it expired while connected, or its session was ' +
    'signed out: sign in again (or refresh the token) and reconnect with the new one',
};

const NOW = '2026-05-01T12:34:56.789Z';
const FRIEND = '853c80ef-3c37-49fd-aa49-938b674adae6';
const delivery: DeliveryMessage = { delivery: DELIVERY_EXAMPLE };
const staffAction: BridgeActionMessage = { action: BRIDGE_ACTION_EXAMPLE };
const gang: Gang = sharedExample(gangPageSchema).gang;
const playerPage: PlayerPageMessage = { player: sharedExample(playerPageSchema) };

const friends: SocialMessage = {
  friends: [
    {
      uuid: FRIEND,
      username: 'Alex',
      online: true,
      rank: 'CADET',
      level: 17,
      last_activity_at: NOW,
      friends_since: '2026-02-14T18:00:00.000Z',
    },
  ],
};

/** Every WebSocket route of the site: the bridge's delivery socket first, then the live feeds. */
export const SOCKET_CHANNELS: SocketChannel[] = [
  {
    id: 'deliveries',
    url: '/api/bridge/ws',
    title: "The game server's deliveries and staff actions",
    security: 'bridgeToken',
    headers: {
      Authorization: {
        description: "Bearer and the game server's credential (its own, or BRIDGE_TOKEN)",
        pattern: '^Bearer .+$',
      },
    },
    bufferedBytesLimit: DELIVERY_BUFFER_BYTES,
    messages: [
      message({
        name: 'DeliveryMessage',
        title: 'A delivery',
        summary:
          'Items bought on the auction, for the game server to hand over; acknowledge it with ' +
          'POST /api/bridge/deliveries/ack once handed over',
        schema: deliveryMessageSchema,
        examples: [{ name: 'pickaxes', summary: 'Two diamond pickaxes for Steve', payload: delivery }],
      }),
      message({
        name: 'BridgeActionMessage',
        title: 'A staff action',
        summary:
          'A ban, mute, warning, kick or pardon staff asked for (only with PUNISH_VIA=plugin), for the ' +
          'game server to carry out once; confirm it with POST /api/bridge/actions/ack, or name it as ' +
          'action_id in the punishment event that reports it',
        schema: bridgeActionMessageSchema,
        examples: [{ name: 'ban', summary: 'Steve bans Notch for 7 days', payload: staffAction }],
      }),
    ],
    closeCodes: [
      {
        code: CLOSE_CODES.credentialRevoked,
        reasons: [CREDENTIAL_REVOKED_REASON],
        meaning:
          "The game server's credential was revoked while the socket was open: what it held and did " +
          'not acknowledge goes to another server; it needs a new credential from the owner',
      },
    ],
  },
  {
    id: 'onlineCount',
    url: '/ws/players',
    title: 'The online count',
    bufferedBytesLimit: FEED_BUFFER_BYTES,
    messages: [
      message({
        name: 'OnlineMessage',
        title: 'The online count',
        summary: 'How many players are online; null while unknown (no report from the game server for 60 s)',
        schema: onlineMessageSchema,
        examples: [
          { name: 'known', summary: '37 players online', payload: { online: 37 } satisfies OnlineMessage },
          { name: 'unknown', summary: 'The game server is silent', payload: { online: null } },
        ],
      }),
    ],
  },
  {
    id: 'leaderboard',
    url: '/ws/leaderboard',
    title: 'The leaderboard',
    bufferedBytesLimit: FEED_BUFFER_BYTES,
    messages: [
      message({
        name: 'LeaderboardMessage',
        title: 'The ranking',
        summary: 'The top players of the metric asked for, best first',
        schema: leaderboardMessageSchema,
        examples: [
          {
            name: 'top',
            summary: 'The top players by level',
            payload: {
              entries: sharedExample(leaderboardSchema),
            } satisfies LeaderboardMessage,
          },
        ],
      }),
    ],
  },
  {
    id: 'playerPage',
    url: '/api/players/:uuid/ws',
    title: "A player's public page",
    parameterExamples: { uuid: playerPage.player!.uuid },
    bufferedBytesLimit: FEED_BUFFER_BYTES,
    messages: [
      message({
        name: 'PlayerPageMessage',
        title: "A player's page",
        summary: 'What the public page of the player shows; player is null for an unknown player',
        schema: playerPageMessageSchema,
        examples: [
          { name: 'player', summary: "Steve's page", payload: playerPage },
          { name: 'unknown', summary: 'No player has this uuid', payload: { player: null } },
        ],
      }),
    ],
  },
  {
    id: 'gangs',
    url: '/api/gangs/ws',
    title: 'Every gang',
    bufferedBytesLimit: FEED_BUFFER_BYTES,
    messages: [
      message({
        name: 'GangsMessage',
        title: 'Every gang',
        summary: 'Every gang with its roster, largest treasury first',
        schema: gangsMessageSchema,
        examples: [{ name: 'gangs', summary: 'One gang', payload: { gangs: [gang] } satisfies GangsMessage }],
      }),
    ],
  },
  {
    id: 'social',
    url: '/api/social/ws',
    title: "The signed-in player's friends, overview, gang, punishments and unread notifications",
    security: 'playerTokenInQuery',
    bufferedBytesLimit: FEED_BUFFER_BYTES,
    messages: [
      message({
        name: 'SocialFriendsMessage',
        title: 'Friends',
        summary: "The player's friends, online first, then by name",
        schema: socialMessageSchema.options[0],
        examples: [{ name: 'friends', summary: 'One friend, online', payload: friends }],
      }),
      message({
        name: 'SocialOverviewMessage',
        title: 'Overview',
        summary: "How many friends are online, and the player's gang in figures",
        schema: socialMessageSchema.options[1],
        examples: [
          {
            name: 'overview',
            summary: 'In a gang',
            payload: {
              overview: {
                friends: { online: 1, total: 12 },
                gang: {
                  name: gang.name,
                  role: 'Leader',
                  online_count: gang.online_count,
                  member_count: gang.member_count,
                },
              },
            },
          },
        ],
      }),
      message({
        name: 'SocialGangMessage',
        title: 'Gang',
        summary: "The player's gang with its roster; null in no gang",
        schema: socialMessageSchema.options[2],
        examples: [
          { name: 'gang', summary: 'In a gang', payload: { gang } },
          { name: 'none', summary: 'In no gang', payload: { gang: null } },
        ],
      }),
      message({
        name: 'SocialPunishmentsMessage',
        title: 'Punishments',
        summary:
          "The player's own punishments, newest first (at most 50), each with its appeal and whether it may be appealed",
        schema: socialMessageSchema.options[3],
        examples: [
          {
            name: 'punishments',
            summary: 'A ban in force, appealed and waiting',
            payload: {
              punishments: [
                {
                  ...PUNISHMENT_EXAMPLE,
                  appeal: {
                    id: 17,
                    punishment_id: PUNISHMENT_EXAMPLE.id,
                    state: 'open',
                    text: 'I was not using X-ray: I found the diamonds with a branch mine.',
                    reply: null,
                    created_at: '2026-11-21T10:00:00.000Z',
                    decided_at: null,
                    decided_by: null,
                  },
                  appealable: false,
                },
              ],
            },
          },
        ],
      }),
      message({
        name: 'SocialNotificationsMessage',
        title: 'Unread notifications',
        summary:
          "How many of the player's notifications are unread (alone with only=notifications): read the list with GET /api/notifications",
        schema: socialMessageSchema.options[4],
        examples: [
          {
            name: 'unread',
            summary: 'Two unread',
            payload: { notifications: { unread: 2 } } satisfies NotificationsMessage,
          },
        ],
      }),
    ],
    closeCodes: [SESSION_CLOSE],
  },
  {
    id: 'moderation',
    url: '/api/admin/moderation/ws',
    title: "The console's moderation lists (staff)",
    security: 'playerTokenInQuery',
    bufferedBytesLimit: FEED_BUFFER_BYTES,
    messages: [
      message({
        name: 'ModerationLiveMessage',
        title: 'Stamps of the moderation lists',
        summary:
          'A stamp of the punishments, the appeals and the actions sent to the game server: read a list ' +
          'again when its stamp changes',
        schema: moderationLiveMessageSchema,
        examples: [
          {
            name: 'stamps',
            summary: 'The three stamps',
            payload: {
              moderation: {
                punishments: '1204:1795811331.52',
                appeals: '17:2:1795800630.21',
                actions: '9e107d9d372bb6826bd81d3542a419d6',
              },
            } satisfies ModerationLiveMessage,
          },
        ],
      }),
    ],
    closeCodes: [
      SESSION_CLOSE,
      {
        code: CLOSE_CODES.notPermitted,
        reasons: [NOT_PERMITTED, STAFF_TWO_FACTOR_REQUIRED, STAFF_SIGN_IN_WITH_CODE],
        meaning:
          'The account may not use the admin console: it holds no staff role, or (STAFF_2FA=required) ' +
          'has no two-factor sign-in, or the session was signed in without the code',
      },
    ],
  },
  {
    id: 'docs',
    url: '/api/docs/ws',
    title: "Each doc's revision",
    bufferedBytesLimit: FEED_BUFFER_BYTES,
    messages: [
      message({
        name: 'DocsLiveMessage',
        title: 'The docs and their revisions',
        summary: 'Each listed doc by slug with its revision; a page whose list differs reads GET /api/docs',
        schema: docsLiveMessageSchema,
        examples: [
          {
            name: 'docs',
            summary: 'Two docs',
            payload: {
              docs: [
                { slug: 'getting-started', revision: 3 },
                { slug: 'rules', revision: 7 },
              ],
            } satisfies DocsLiveMessage,
          },
        ],
      }),
    ],
  },
];
