// The signed-in player's notifications (the bell in the header): the list, marking read, and which
// kinds they receive. The unread count also comes live on their social socket (/api/social/ws).
// Every process deletes notifications older than NOTIFICATIONS_KEEP_DAYS when it starts and once an
// hour, in batches, one process at a time (service.ts, pruneNotifications).
import { errorSchema } from '@prison/shared/errors';
import {
  markReadSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  unreadCountSchema,
} from '@prison/shared/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { authenticate } from '../../plugins/authenticate.ts';
import type { AccessTokens } from '../auth/tokens.ts';
import { listNotifications, markRead, preferencesOf, pruneNotifications, setPreferences } from './service.ts';

const PRUNE_EVERY_MS = 3_600_000;

export const notificationsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  tokens: AccessTokens;
  /** NOTIFICATIONS_KEEP_DAYS. */
  keepDays: number;
}> = async (app, { db, tokens, keepDays }) => {
  const prune = () =>
    pruneNotifications(db, keepDays).then(
      (pruned) => {
        if (pruned && pruned.deleted > 0) app.log.info(pruned, 'deleted old notifications');
      },
      (err: unknown) => app.log.warn({ err }, 'deleting old notifications failed'),
    );
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  app.addHook('onReady', async () => void prune());

  const errors = { 401: errorSchema, 503: errorSchema };

  app.get(
    '/api/notifications',
    {
      onRequest: authenticate(tokens),
      schema: {
        operationId: 'listNotifications',
        tags: ['notifications'],
        summary: "The signed-in player's notifications, newest first, a page at a time",
        description:
          `Each with its kind's facts and the page it is about; \`unread\` counts all of the player's ` +
          `unread ones. Kept NOTIFICATIONS_KEEP_DAYS days (90 by default). The unread count also ` +
          "comes on the player's social socket (/api/social/ws) whenever it changes.",
        security: [{ playerToken: [] }],
        querystring: notificationsQuerySchema,
        response: { 200: notificationsPageSchema, 400: errorSchema, ...errors },
      },
    },
    (request) => listNotifications(db, request.auth!.uuid, request.query),
  );

  app.post(
    '/api/notifications/read',
    {
      onRequest: authenticate(tokens),
      schema: {
        operationId: 'markNotificationsRead',
        tags: ['notifications'],
        summary: 'Mark notifications read: those named, or all',
        description:
          "Ids that are not the player's, or already read, change nothing. Answers the unread count.",
        security: [{ playerToken: [] }],
        body: markReadSchema,
        response: { 200: unreadCountSchema, 400: errorSchema, ...errors },
      },
    },
    async (request) => ({ unread: await markRead(db, request.auth!.uuid, request.body) }),
  );

  app.get(
    '/api/notifications/preferences',
    {
      onRequest: authenticate(tokens),
      schema: {
        operationId: 'getNotificationPreferences',
        tags: ['notifications'],
        summary: 'Which kinds of notification the signed-in player receives',
        security: [{ playerToken: [] }],
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    (request) => preferencesOf(db, request.auth!.uuid),
  );

  app.put(
    '/api/notifications/preferences',
    {
      onRequest: authenticate(tokens),
      schema: {
        operationId: 'setNotificationPreferences',
        tags: ['notifications'],
        summary: 'Turn kinds of notification on or off',
        description:
          'The kinds named are turned on (true) or off (false); the others stay as they are. A kind ' +
          'turned off is not written at all from then on. Answers every kind.',
        security: [{ playerToken: [] }],
        body: notificationPreferencesUpdateSchema,
        response: { 200: notificationPreferencesSchema, 400: errorSchema, ...errors },
      },
    },
    (request) => setPreferences(db, request.auth!.uuid, request.body),
  );
};
