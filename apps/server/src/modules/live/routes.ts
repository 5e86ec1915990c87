import { type OnlineMessage, onlineMessageSchema } from '@prison/shared/live';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { LiveHub } from '../../live/hub.ts';
import { sameSiteOrigin } from '../../plugins/sockets.ts';

export const liveRoutes: FastifyPluginAsyncZod<{ hub: LiveHub; config: Config }> = async (app, { hub, config }) => {
  app.get(
    '/ws/players',
    {
      websocket: true,
      preValidation: sameSiteOrigin(config),
      schema: {
        tags: ['live'],
        summary: 'WebSocket: pushes {online} now and whenever the count changes (null while unknown)',
        response: { 200: onlineMessageSchema },
      },
    },
    (socket) => {
      hub.subscribe('players', socket).catch(() => socket.close(1011, 'unavailable'));
    },
  );

  app.get(
    '/api/online',
    {
      schema: {
        tags: ['live'],
        summary: 'The current online count, as pushed by /ws/players',
        response: { 200: onlineMessageSchema },
      },
    },
    async () => hub.current<OnlineMessage>('players'),
  );
};
