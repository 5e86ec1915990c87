// Discord webhooks: the owner gives the site webhook addresses in the admin console and picks, for
// each, the kinds of event it receives. What happens is written to an outbox in the transaction of
// the write that caused it (one message per event and address), and sent from there: retried with
// backoff, Discord's rate limits honoured, parked after repeated failures until an owner retries it.
// An address is a secret (whoever has it may post to the channel): it is never answered in full.
import { z } from 'zod';

/** The kinds of event an address may receive. */
export const WEBHOOK_EVENTS = [
  'purchase',
  'listing',
  'punishment',
  'appeal',
  'doc',
  'server',
  'milestone',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What each kind covers, as the console and the documents say it. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEvent, string> = {
  purchase: 'A listing of the auction house bought, on the site or in game',
  listing: 'A new listing in the auction house',
  punishment: 'A ban, mute, warning or kick given, and a punishment lifted',
  appeal: 'An appeal made, and an appeal answered',
  doc: 'A documentation page written or edited',
  server: 'The game server going quiet (down) and reporting again (back up)',
  milestone: "A player's prestige, and a gang's treasury passing a mark",
};

/** Discord's own hosts: an address elsewhere needs WEBHOOK_ALLOW_HOSTS. */
export const DISCORD_WEBHOOK_HOSTS = [
  'discord.com',
  'discordapp.com',
  'canary.discord.com',
  'ptb.discord.com',
];

/** How many addresses the site keeps at most. */
export const MAX_WEBHOOKS = 25;
/** After this many failed attempts in a row, a message is parked until an owner retries it. */
export const WEBHOOK_MAX_ATTEMPTS = 8;

export const WEBHOOK_URL_RULE =
  "A webhook address is https://discord.com/api/webhooks/{id}/{token}, as Discord's channel settings give it";

const webhookEventSchema = z
  .enum(WEBHOOK_EVENTS)
  .describe(
    `A kind of event:\n${WEBHOOK_EVENTS.map((e) => `- \`${e}\`: ${WEBHOOK_EVENT_DESCRIPTIONS[e]}`).join('\n')}`,
  );

/** POST /api/admin/webhooks */
export const createWebhookSchema = z
  .object({
    url: z
      .string()
      .trim()
      .min(1, 'Give the webhook address')
      .max(512, 'A webhook address is at most 512 characters')
      .describe("The channel's webhook address, from Discord's channel settings (Integrations, Webhooks)"),
    events: z
      .array(webhookEventSchema)
      .min(1, 'Pick at least one kind of event')
      .max(WEBHOOK_EVENTS.length)
      .describe('The kinds of event this address receives'),
  })
  .meta({
    id: 'CreateWebhook',
    examples: [
      {
        url: 'https://discord.com/api/webhooks/1180000000000000000/xAbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
        events: ['purchase', 'punishment', 'server'],
      },
    ],
  });
export type CreateWebhook = z.infer<typeof createWebhookSchema>;

/** PUT /api/admin/webhooks/{id}: the kinds of event, changed; the address stays. */
export const updateWebhookSchema = createWebhookSchema
  .pick({ events: true })
  .meta({ id: 'UpdateWebhook', examples: [{ events: ['appeal', 'doc'] }] });

export const webhookParamsSchema = z.object({ id: z.coerce.number().int().min(1, 'Not a webhook id') });
export const webhookMessageParamsSchema = z.object({
  id: z.coerce.number().int().min(1, 'Not a webhook id'),
  message: z.coerce.number().int().min(1, 'Not a message id'),
});

/** A message that failed WEBHOOK_MAX_ATTEMPTS times (or was refused for good), kept until retried. */
export const parkedWebhookMessageSchema = z
  .object({
    id: z.int().min(1),
    event: webhookEventSchema,
    title: z.string().describe("The message's title, as it would appear in Discord"),
    attempts: z.int().min(0),
    error: z.string().describe("Why the last attempt failed: Discord's answer, or the network's error"),
    created_at: z.iso.datetime(),
    parked_at: z.iso.datetime(),
  })
  .meta({ id: 'ParkedWebhookMessage' });
export type ParkedWebhookMessage = z.infer<typeof parkedWebhookMessageSchema>;

/** An address as the console lists it (the documents' example; the OpenAPI tests check it). */
const exampleWebhook = {
  id: 3,
  url: 'https://discord.com/api/webhooks/1180…/…6789',
  events: ['purchase', 'punishment', 'server'],
  created_at: '2026-11-20T10:00:00.000Z',
  created_by: 'Notch',
  waiting: 0,
  sent: 412,
  last_sent_at: '2026-11-27T18:40:02.000Z',
  last_error: null,
  parked: [
    {
      id: 9001,
      event: 'purchase',
      title: 'Steve bought 16 × Diamond Pickaxe',
      attempts: 8,
      error: 'Discord answered 500 Internal Server Error',
      created_at: '2026-11-26T08:00:00.000Z',
      parked_at: '2026-11-26T08:41:00.000Z',
    },
  ],
};

/** An address as it is listed: masked, never in full. */
export const webhookSchema = z
  .object({
    id: z.int().min(1),
    url: z.string().describe('The address, masked: its host and all but the last four characters hidden'),
    events: z.array(webhookEventSchema),
    created_at: z.iso.datetime(),
    created_by: z.string().describe("The owner's name who added it"),
    waiting: z.int().min(0).describe('Messages waiting to be sent'),
    sent: z.int().min(0).describe('Messages sent in the last 30 days'),
    last_sent_at: z.iso.datetime().nullable(),
    last_error: z
      .string()
      .nullable()
      .describe("The last attempt's error while messages still wait; null once sent"),
    parked: z.array(parkedWebhookMessageSchema).describe('Parked messages, newest first (at most 50)'),
  })
  .meta({
    id: 'Webhook',
    description: 'A Discord webhook address (masked) and the state of its messages.',
    examples: [exampleWebhook],
  });
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListSchema = z
  .object({
    webhooks: z.array(webhookSchema),
    allowed_hosts: z
      .array(z.string())
      .describe("Hosts (host:port) allowed besides Discord's own, from WEBHOOK_ALLOW_HOSTS"),
  })
  .meta({
    id: 'WebhookList',
    description: 'Every webhook address, oldest first, masked.',
    examples: [{ webhooks: [exampleWebhook], allowed_hosts: [] }],
  });
export type WebhookList = z.infer<typeof webhookListSchema>;

/** The answer to a test message: sent at once (not through the outbox), with Discord's status. */
export const webhookTestResultSchema = z
  .object({ status: z.int().describe("Discord's HTTP status (2xx)") })
  .meta({ id: 'WebhookTestResult', examples: [{ status: 204 }] });
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;
