// The delivery routes of the bridge (DESIGN.md section 7): the game server lists pending deliveries,
// acknowledges the ones it handed over, and holds a socket that receives each new one the moment
// its purchase commits; and, with PUNISH_VIA=plugin, the staff actions it is to carry out, on the
// same socket and as a list with their own acknowledgement. The same credentials as the events
// route (auth.ts).
import { randomUUID } from 'node:crypto';
import {
  deliveriesAckResultSchema,
  deliveriesAckSchema,
  deliveriesQuerySchema,
  deliveriesSchema,
} from '@prison/shared/bridge';
import {
  bridgeActionsAckResultSchema,
  bridgeActionsAckSchema,
  bridgeActionsQuerySchema,
  bridgeActionsSchema,
} from '@prison/shared/bridge-actions';
import { errorSchema } from '@prison/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { closeUnavailable, upgradeRequired } from '../../plugins/sockets.ts';
import { acknowledgeActions, pendingActions } from './actions-service.ts';
import { bridgeAuth } from './auth.ts';
import type { BridgeCredentials } from './credentials.ts';
import { acknowledgeDeliveries, pendingDeliveries } from './deliveries-service.ts';
import { DeliveryFeed } from './delivery-feed.ts';

export const deliveriesRoutes: FastifyPluginAsyncZod<{
  database: Database;
  credentials: BridgeCredentials;
}> = async (app, { database, credentials }) => {
  const auth = bridgeAuth(credentials);
  const feed = new DeliveryFeed(database, app.log);
  app.addHook('onClose', () => feed.stop());

  app.get(
    '/api/bridge/deliveries',
    {
      onRequest: auth,
      schema: {
        operationId: 'listDeliveries',
        tags: ['bridge'],
        summary: 'Pending deliveries (one per auction purchase), oldest first',
        description:
          'Every delivery not yet acknowledged, whoever holds it: for a single game server, or to ' +
          'recover after an outage. A network of servers uses the socket, which hands each delivery ' +
          'to one of them. A server may see one twice (here and on the socket): it applies each ' +
          'delivery id once.',
        security: [{ bridgeToken: [] }],
        querystring: deliveriesQuerySchema,
        response: { 200: deliveriesSchema, 400: errorSchema, 401: errorSchema, 503: errorSchema },
      },
    },
    async (request) => (await pendingDeliveries(database.db, request.query.limit)).deliveries,
  );

  app.post(
    '/api/bridge/deliveries/ack',
    {
      onRequest: auth,
      schema: {
        operationId: 'acknowledgeDeliveries',
        tags: ['bridge'],
        summary: 'Mark deliveries as handed over in game',
        description: 'Acknowledging a delivery again, or an unknown id, changes nothing.',
        security: [{ bridgeToken: [] }],
        body: deliveriesAckSchema,
        response: {
          200: deliveriesAckResultSchema,
          400: errorSchema,
          401: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => ({ acknowledged: await acknowledgeDeliveries(database.db, request.body.ids) }),
  );

  app.get(
    '/api/bridge/actions',
    {
      onRequest: auth,
      schema: {
        operationId: 'listActions',
        tags: ['bridge'],
        summary: 'Staff actions waiting for the game server, oldest first',
        description:
          'With PUNISH_VIA=plugin, the bans, mutes, warnings, kicks and pardons staff asked for in the ' +
          'admin console that no game server has confirmed yet, whoever holds them: for a single game ' +
          'server, or to recover after an outage (a network of servers uses the socket, which hands ' +
          'each to one of them). Carry each out once by its id, then confirm it with POST ' +
          '/api/bridge/actions/ack (or name it as action_id in the punishment event that reports it).',
        security: [{ bridgeToken: [] }],
        querystring: bridgeActionsQuerySchema,
        response: { 200: bridgeActionsSchema, 400: errorSchema, 401: errorSchema, 503: errorSchema },
      },
    },
    (request) => pendingActions(database.db, request.query.limit),
  );

  app.post(
    '/api/bridge/actions/ack',
    {
      onRequest: auth,
      schema: {
        operationId: 'acknowledgeActions',
        tags: ['bridge'],
        summary: 'Say how staff actions went in game',
        description:
          'done: carried out (the message is what the game answered); refused: the game would not, and ' +
          'staff see why. An action already confirmed keeps its first outcome; an unknown id changes ' +
          'nothing. The punishment itself is recorded by the punishment event the game reports.',
        security: [{ bridgeToken: [] }],
        body: bridgeActionsAckSchema,
        response: {
          200: bridgeActionsAckResultSchema,
          400: errorSchema,
          401: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => ({ acknowledged: await acknowledgeActions(database.db, request.body.results) }),
  );

  app.route({
    method: 'GET',
    url: '/api/bridge/ws',
    onRequest: auth,
    schema: {
      operationId: 'deliverySocket',
      tags: ['bridge', 'live'],
      summary: 'WebSocket: each new delivery the moment its purchase commits, and each staff action',
      description:
        "Bearer BRIDGE_TOKEN, or a game server's credential, in the Authorization header. Each " +
        'delivery is handed to one connected socket of the whole network: the socket of the server ' +
        'its buyer is on (the credential that reported their player.join) when that server is ' +
        'connected, else any; it is held while none is. On connect a socket is sent what waits for ' +
        'it, then each new one, one {"delivery": {...}} message per delivery, oldest first. The ' +
        'socket that was handed one keeps it for a lease of 60 seconds: acknowledge it with POST ' +
        '/api/bridge/deliveries/ack once it is safely recorded in game; unacknowledged, it is offered ' +
        'again when the lease ends or the socket closes. With PUNISH_VIA=plugin, staff actions come ' +
        'the same way, one {"action": {...}} message each, held by the socket of the server the player ' +
        'is on, else any, with the same lease: confirm each with POST /api/bridge/actions/ack. ' +
        'The client sends nothing.',
      security: [{ bridgeToken: [] }],
      response: { 401: errorSchema, 426: errorSchema },
    },
    handler: upgradeRequired,
    wsHandler: (socket, request) => {
      const { id: credentialId, name: server } = request.bridgeCredential!;
      const connection = { id: randomUUID(), server, credentialId };
      feed.follow(socket, connection).catch((err) => {
        app.log.warn({ err }, 'delivery socket could not start');
        closeUnavailable(socket);
      });
    },
  });
};
