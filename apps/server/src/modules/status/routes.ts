import { errorSchema } from '@prison/shared/errors';
import { type ServerStatus, serverStatusSchema } from '@prison/shared/status';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { LiveHub } from '../../live/hub.ts';
import {
  buildCurrentStatus,
  buildStatusHistory,
  foldOldSamples,
  STATUS_HISTORY_TOPIC,
  STATUS_TOPIC,
} from './service.ts';

const FOLD_EVERY_MS = 3_600_000;

export const statusRoutes: FastifyPluginAsyncZod<{ db: Db; hub: LiveHub }> = async (app, { db, hub }) => {
  hub.define(STATUS_TOPIC, buildCurrentStatus(db));
  hub.define(STATUS_HISTORY_TOPIC, buildStatusHistory(db));

  // Every process folds old samples once an hour; doing it twice at once folds each row once.
  const fold = () =>
    foldOldSamples(db).catch((err: unknown) => app.log.warn({ err }, 'folding old status samples failed'));
  const timer = setInterval(fold, FOLD_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.get(
    '/api/status',
    {
      schema: {
        operationId: 'getServerStatus',
        tags: ['status'],
        security: [],
        summary: 'The game server’s status and the history of players online (no sign-in needed)',
        description:
          'Online now of the maximum, the most online since midnight UTC, ticks per second and ' +
          'milliseconds per tick when the game server reports them (null otherwise); reporting is false ' +
          'once it has been silent for 60 seconds. The history holds the most players online per bucket: ' +
          '24 hours in 5-minute buckets, 7 days in hours, 30 days in 4-hour buckets, oldest first, null ' +
          'where nothing was reported. Answered from snapshots: the figures at most a second old, the ' +
          'history at most a minute.',
        response: { 200: serverStatusSchema, 503: errorSchema },
      },
    },
    async (): Promise<ServerStatus> => {
      const [current, history] = await Promise.all([
        hub.current(STATUS_TOPIC),
        hub.current(STATUS_HISTORY_TOPIC),
      ]);
      return { ...current, history };
    },
  );
};
