// The owner's Discord webhooks in the admin console (OWNER only, audited): list, add, change the
// kinds of event, remove, send a test message, retry a parked message. Registered inside adminRoutes,
// so ADMIN_HOSTS holds them as the rest of the console's API. The outbox's sender runs with the app.
import { errorSchema } from '@prison/shared/errors';
import {
  createWebhookSchema,
  updateWebhookSchema,
  webhookListSchema,
  webhookMessageParamsSchema,
  webhookParamsSchema,
  webhookSchema,
  webhookTestResultSchema,
} from '@prison/shared/webhooks';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { STATUS_STALE_AFTER_MS } from '../online/service.ts';
import type { MessageContext } from '../webhooks/discord.ts';
import { WebhookSender } from '../webhooks/sender.ts';
import {
  addWebhook,
  listWebhooks,
  removeWebhook,
  retryMessage,
  testWebhook,
  updateWebhook,
} from '../webhooks/service.ts';

export const webhookRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  /** A new array of the sign-in and OWNER checks per route. */
  ownerOnly: () => onRequestHookHandler[];
}> = async (app, { db, config, ownerOnly }) => {
  // Messages are worded in the site's language, with links to PUBLIC_URL when it is set.
  const context: MessageContext = { publicUrl: config.publicUrl, language: config.languages.default };
  const language = context.language;
  // The game server counts as gone quiet when the status page says it is offline.
  const sender = new WebhookSender(db, {
    context,
    log: app.log,
    quietAfterMs: STATUS_STALE_AFTER_MS,
    allowHosts: config.webhookAllowHosts,
  });
  app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => sender.stop());

  const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 503: errorSchema };
  const security = [{ playerToken: [] }];
  const list = async () => ({
    webhooks: await listWebhooks(db, language),
    allowed_hosts: config.webhookAllowHosts,
  });

  app.get(
    '/api/admin/webhooks',
    {
      onRequest: ownerOnly(),
      schema: {
        operationId: 'listWebhooks',
        tags: ['admin'],
        summary: 'The Discord webhook addresses, masked, with their messages (OWNER only)',
        description:
          'Every address, oldest first, never in full; per address the kinds of event it receives, ' +
          'how many messages wait and were sent, the last error while some wait, and its parked ' +
          'messages with their errors.',
        security,
        response: { 200: webhookListSchema, ...errors },
      },
    },
    list,
  );

  app.post(
    '/api/admin/webhooks',
    {
      onRequest: ownerOnly(),
      schema: {
        operationId: 'createWebhook',
        tags: ['admin'],
        summary: 'Add a Discord webhook address and the kinds of event it receives (OWNER only)',
        description:
          'The address must be `https` on Discord’s own hosts with a webhook’s path ' +
          '(`/api/webhooks/{id}/{token}`), unless WEBHOOK_ALLOW_HOSTS names its host and port: 400 ' +
          '`webhook_address_refused` otherwise. 409 when it was added already, or when the site keeps ' +
          'as many as it may (25). The answer masks the address. Audited, the address masked.',
        security,
        body: createWebhookSchema,
        response: { 200: webhookSchema, 400: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) =>
      addWebhook(db, request.body, request.auth!, {
        allowHosts: config.webhookAllowHosts,
        language,
      }),
  );

  app.put(
    '/api/admin/webhooks/:id',
    {
      onRequest: ownerOnly(),
      schema: {
        operationId: 'updateWebhook',
        tags: ['admin'],
        summary: 'Change the kinds of event an address receives (OWNER only)',
        description: 'Events from now on follow the new kinds; messages already queued stay. Audited.',
        security,
        params: webhookParamsSchema,
        body: updateWebhookSchema,
        response: { 200: webhookSchema, 400: errorSchema, ...errors },
      },
    },
    async (request) => updateWebhook(db, request.params.id, request.body, request.auth!, language),
  );

  app.delete(
    '/api/admin/webhooks/:id',
    {
      onRequest: ownerOnly(),
      schema: {
        operationId: 'deleteWebhook',
        tags: ['admin'],
        summary: 'Remove an address and every message queued for it (OWNER only)',
        description: 'Audited. Answers every address left.',
        security,
        params: webhookParamsSchema,
        response: { 200: webhookListSchema, 400: errorSchema, ...errors },
      },
    },
    async (request) => {
      await removeWebhook(db, request.params.id, request.auth!);
      return list();
    },
  );

  app.post(
    '/api/admin/webhooks/:id/test',
    {
      onRequest: ownerOnly(),
      schema: {
        operationId: 'testWebhook',
        tags: ['admin'],
        summary: 'Send a test message to an address now (OWNER only)',
        description:
          'Posted at once, not through the outbox: 200 with Discord’s status when it accepted it; ' +
          '503 `webhook_failed` with what Discord (or the network) answered otherwise; 429 ' +
          '`webhook_rate_limited` while Discord asks the address to wait. Audited.',
        security,
        params: webhookParamsSchema,
        response: { 200: webhookTestResultSchema, 400: errorSchema, 429: errorSchema, ...errors },
      },
    },
    async (request) => testWebhook(db, request.params.id, request.auth!, context),
  );

  app.post(
    '/api/admin/webhooks/:id/messages/:message/retry',
    {
      onRequest: ownerOnly(),
      schema: {
        operationId: 'retryWebhookMessage',
        tags: ['admin'],
        summary: 'Queue a parked message again (OWNER only)',
        description:
          'The message waits again, its attempts counted from nothing, and goes in its turn. 409 ' +
          '`webhook_message_not_parked` for a message waiting or sent. Audited.',
        security,
        params: webhookMessageParamsSchema,
        response: { 200: webhookSchema, 400: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => retryMessage(db, request.params.id, request.params.message, request.auth!, language),
  );
};
