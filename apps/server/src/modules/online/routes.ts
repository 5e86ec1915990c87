import { errorSchema } from '@prison/shared/errors';
import { onlineMessageSchema } from '@prison/shared/live';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { LiveHub } from '../../live/hub.ts';
import { TOPICS } from '../../live/topics.ts';
import { closeUnavailable, sameSiteOrigin, upgradeRequired } from '../../plugins/sockets.ts';
import { buildOnline } from './service.ts';

export const onlineRoutes: FastifyPluginAsyncZod<{ db: Db; hub: LiveHub; config: Config }> = async (
  app,
  { db, hub, config },
) => {
  hub.define(TOPICS.online, () => buildOnline(db));

  app.route({
    method: 'GET',
    url: '/ws/players',
    preValidation: sameSiteOrigin(config),
    schema: {
      operationId: 'onlinePlayersSocket',
      tags: ['live'],
      security: [],
      summary: 'WebSocket: the online count',
      description:
        'Pushes {"online": n} on connect and whenever the count changes; online is null while unknown ' +
        '(the game server has not reported for 60 seconds). Clients send nothing.',
      response: { 426: errorSchema },
    },
    handler: upgradeRequired,
    wsHandler: (socket) => {
      hub.subscribe(TOPICS.online, socket).catch(() => closeUnavailable(socket));
    },
  });

  app.get(
    '/api/online',
    {
      schema: {
        operationId: 'getOnlinePlayers',
        tags: ['live'],
        security: [],
        summary: 'The current online count, as pushed by /ws/players',
        response: { 200: onlineMessageSchema },
      },
    },
    async () => hub.current(TOPICS.online),
  );
};
