// A webhook message in Discord's format (https://discord.com/developers/docs/resources/webhook,
// "Execute Webhook", and the embed limits of "Message"): one embed in the site's colours, its title
// linking to the page it is about, the player's or gang's preview image when there is one. Every
// text is cut to Discord's limits, so no event can make a message Discord refuses; names and reasons
// come from players, so mentions in them are never turned into pings (allowed_mentions).

import type { I18n } from '@lingui/core';
import { stripColorCodes } from '@prison/shared/auction';
import { SITE_NAME } from '@prison/shared/brand';
import type { Language } from '@prison/shared/languages';
import { formatMoney } from '@prison/shared/money-format';
import { z } from 'zod';
import { serverI18n } from '../../i18n.ts';
import type { WebhookFacts } from './events.ts';

/** Discord's documented limits on a message's embeds (characters, counted as Discord counts them). */
export const DISCORD_LIMITS = {
  content: 2000,
  embeds: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  /** Titles, descriptions, field names and values, footers and authors of all embeds together. */
  total: 6000,
} as const;

const L = DISCORD_LIMITS;
const embedSchema = z.object({
  title: z.string().max(L.title).optional(),
  description: z.string().max(L.description).optional(),
  url: z.url().optional(),
  color: z.int().min(0).max(0xffffff).optional(),
  timestamp: z.iso.datetime().optional(),
  footer: z.object({ text: z.string().max(L.footer) }).optional(),
  author: z.object({ name: z.string().max(L.author), url: z.url().optional() }).optional(),
  thumbnail: z.object({ url: z.url() }).optional(),
  fields: z
    .array(
      z.object({
        name: z.string().min(1).max(L.fieldName),
        value: z.string().min(1).max(L.fieldValue),
        inline: z.boolean().optional(),
      }),
    )
    .max(L.fields)
    .optional(),
});
type Embed = z.infer<typeof embedSchema>;

/** What Discord accepts as a webhook's body, with its limits: the tests hold every message to it. */
export const discordBodySchema = z
  .object({
    content: z.string().max(L.content).optional(),
    username: z.string().min(1).max(80).optional(),
    embeds: z.array(embedSchema).max(L.embeds),
    allowed_mentions: z.object({ parse: z.array(z.string()).length(0) }),
  })
  .refine((body) => embedCharacters(body.embeds) <= L.total, {
    error: `Embeds hold at most ${L.total} characters in all`,
  });
export type DiscordBody = z.infer<typeof discordBodySchema>;

export function embedCharacters(embeds: readonly Embed[]): number {
  let total = 0;
  for (const e of embeds) {
    total += (e.title?.length ?? 0) + (e.description?.length ?? 0) + (e.footer?.text.length ?? 0);
    total += e.author?.name.length ?? 0;
    for (const f of e.fields ?? []) total += f.name.length + f.value.length;
  }
  return total;
}

/** The site's colours: its accent (amber), and green, red and blue for what goes well, badly, or waits. */
export const COLOURS = {
  accent: 0xfbbf24,
  good: 0x22c55e,
  bad: 0xef4444,
  waiting: 0x60a5fa,
  milestone: 0xa78bfa,
} as const;

/**
 * Cuts `text` to at most `max` UTF-16 units (the stricter way to count Discord's characters), never
 * inside a character, ending with an ellipsis when cut.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const char of text) {
    if (kept.length + char.length > max - 1) break;
    kept += char;
  }
  return `${kept}…`;
}

/** A value Discord's markdown shows as written (names with underscores, reasons with asterisks). */
const plain = (text: string) => text.replace(/([\\*_~\x60|>[\]])/g, '\\$1');

export interface MessageContext {
  /** The site's address (PUBLIC_URL) for links and images; none, and messages carry no links. */
  publicUrl: string | null;
  language: Language;
}

interface Wording {
  title: string;
  description?: string;
  path?: string;
  image?: string;
  colour: number;
  fields?: { name: string; value: string; inline?: boolean }[];
}

const playerPath = (name: string) => `/players/${encodeURIComponent(name)}`;
const playerImage = (name: string) => `/api/og/players/${encodeURIComponent(name)}.png`;

function word(i18n: I18n, { event, data }: WebhookFacts): Wording {
  switch (event) {
    case 'purchase': {
      const item = stripColorCodes(data.item_name);
      return {
        title: i18n._('{buyer} bought {qty} × {item}', { buyer: data.buyer.name, qty: data.qty, item }),
        description: i18n._('From {seller}, for {total} in all.', {
          seller: plain(data.seller.name),
          total: formatMoney(data.total),
        }),
        path: '/auction',
        image: playerImage(data.buyer.name),
        colour: COLOURS.good,
      };
    }
    case 'listing': {
      const item = stripColorCodes(data.item_name);
      return {
        title: i18n._('{seller} listed {qty} × {item}', { seller: data.seller.name, qty: data.qty, item }),
        description: i18n._('{price} each, in the auction house.', { price: formatMoney(data.price) }),
        path: '/auction',
        image: playerImage(data.seller.name),
        colour: COLOURS.accent,
      };
    }
    case 'punishment': {
      const issued = data.change === 'issued';
      const fields = [
        { name: i18n._('Player'), value: plain(data.player.name), inline: true },
        { name: i18n._('Staff'), value: plain(data.staff ?? i18n._('Console')), inline: true },
      ];
      if (issued && data.type !== 'kick' && data.type !== 'warning') {
        fields.push({
          name: i18n._('Until'),
          value: data.until ? `<t:${Math.floor(Date.parse(data.until) / 1000)}:f>` : i18n._('Permanent'),
          inline: true,
        });
      }
      return {
        title: issued
          ? i18n._('{player} was given a {type}', {
              player: data.player.name,
              type: punishmentWord(i18n, data.type),
            })
          : i18n._("{player}'s {type} was lifted", {
              player: data.player.name,
              type: punishmentWord(i18n, data.type),
            }),
        ...(data.reason && { description: plain(data.reason) }),
        path: `/punishments/${data.punishment_id}`,
        image: playerImage(data.player.name),
        colour: issued ? COLOURS.bad : COLOURS.good,
        fields,
      };
    }
    case 'appeal': {
      const type = punishmentWord(i18n, data.punishment_type);
      const title =
        data.change === 'new'
          ? i18n._('{player} appealed their {type}', { player: data.player.name, type })
          : data.change === 'accepted'
            ? i18n._("{player}'s appeal was accepted", { player: data.player.name })
            : i18n._("{player}'s appeal was denied", { player: data.player.name });
      return {
        title,
        ...(data.by && { description: i18n._('Decided by {staff}.', { staff: plain(data.by) }) }),
        path: `/punishments/${data.punishment_id}`,
        image: playerImage(data.player.name),
        colour:
          data.change === 'new' ? COLOURS.waiting : data.change === 'accepted' ? COLOURS.good : COLOURS.bad,
      };
    }
    case 'doc':
      return {
        title:
          data.change === 'created'
            ? i18n._('New page: {title}', { title: data.title })
            : i18n._('Page edited: {title}', { title: data.title }),
        description: i18n._('By {staff}.', { staff: plain(data.by) }),
        path: `/docs/${encodeURIComponent(data.slug)}`,
        colour: COLOURS.accent,
      };
    case 'server':
      return data.change === 'down'
        ? {
            title: i18n._('The game server went quiet'),
            description: i18n._('No report since <t:{since}:T>.', {
              since: Math.floor(Date.parse(data.since) / 1000),
            }),
            path: '/status',
            colour: COLOURS.bad,
          }
        : {
            title: i18n._('The game server is back'),
            description: i18n._('{online, plural, one {# player online} other {# players online}}.', {
              online: data.online ?? 0,
            }),
            path: '/status',
            colour: COLOURS.good,
          };
    case 'milestone':
      return data.kind === 'prestige'
        ? {
            title: i18n._('{player} reached prestige {prestige}', {
              player: data.player.name,
              prestige: data.prestige,
            }),
            path: playerPath(data.player.name),
            image: playerImage(data.player.name),
            colour: COLOURS.milestone,
          }
        : {
            title: i18n._("{gang}'s treasury passed {mark}", {
              gang: data.gang.name,
              mark: formatMoney(data.mark),
            }),
            path: `/gangs/${encodeURIComponent(data.gang.id)}`,
            image: `/api/og/gangs/${encodeURIComponent(data.gang.id)}.png`,
            colour: COLOURS.milestone,
          };
  }
}

function punishmentWord(i18n: I18n, type: string): string {
  switch (type) {
    case 'ban':
      return i18n._('ban');
    case 'mute':
      return i18n._('mute');
    case 'warning':
      return i18n._('warning');
    case 'kick':
      return i18n._('kick');
    default:
      return type;
  }
}

/** The body to post for an event, cut to Discord's limits. */
export function discordMessage(facts: WebhookFacts, at: Date, context: MessageContext): DiscordBody {
  const wording = word(serverI18n(context.language), facts);
  const base = context.publicUrl;
  const embed: Embed = {
    title: clip(wording.title, L.title),
    color: wording.colour,
    timestamp: at.toISOString(),
    footer: { text: SITE_NAME },
  };
  if (wording.description) embed.description = clip(wording.description, L.description);
  if (base && wording.path) embed.url = `${base}${wording.path}`;
  if (base && wording.image) embed.thumbnail = { url: `${base}${wording.image}` };
  if (wording.fields) {
    embed.fields = wording.fields
      .slice(0, L.fields)
      .map((f) => ({ ...f, name: clip(f.name, L.fieldName), value: clip(f.value || '—', L.fieldValue) }));
  }
  fitTotal(embed);
  return { username: SITE_NAME, embeds: [embed], allowed_mentions: { parse: [] } };
}

/** Shortens the description, then the fields, until the embed holds Discord's total. */
function fitTotal(embed: Embed): void {
  let over = embedCharacters([embed]) - L.total;
  if (over <= 0) return;
  if (embed.description) {
    const keep = Math.max(embed.description.length - over, 0);
    over -= embed.description.length - keep;
    if (keep < 2) delete embed.description;
    else embed.description = clip(embed.description, keep);
  }
  for (const field of embed.fields ?? []) {
    if (over <= 0) return;
    const keep = Math.max(field.value.length - over, 2);
    over -= field.value.length - keep;
    field.value = clip(field.value, keep);
  }
}

/** A message's title as Discord shows it, for the console's list of parked messages. */
export const messageTitle = (facts: WebhookFacts, language: Language) =>
  clip(word(serverI18n(language), facts).title, L.title);

/** The test message the console's button sends. */
export function testMessage(context: MessageContext, by: string): DiscordBody {
  const i18n = serverI18n(context.language);
  return {
    username: SITE_NAME,
    embeds: [
      {
        title: i18n._('Test message from {site}', { site: SITE_NAME }),
        description: i18n._('{owner} sent this from the admin console: this address works.', {
          owner: plain(by),
        }),
        color: COLOURS.accent,
        timestamp: new Date().toISOString(),
        footer: { text: SITE_NAME },
        ...(context.publicUrl && { url: context.publicUrl }),
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

/**
 * The OpenAPI document's `webhooks`: what the site posts to each address, in Discord's format, for
 * a relay of the owner's own (WEBHOOK_ALLOW_HOSTS) to read as Discord would.
 */
export function openApiWebhooks(): Record<string, unknown> {
  const { $schema: _, ...schema } = z.toJSONSchema(discordBodySchema, { io: 'input' }) as Record<
    string,
    unknown
  >;
  const example = discordMessage(
    {
      event: 'purchase',
      data: {
        listing_id: 'a1b2c3',
        item_name: '§bDiamond Pickaxe',
        qty: 16,
        total: '48210.00',
        buyer: { uuid: '5d2f3c1a-8b4e-4f6a-9c7d-1e2f3a4b5c6d', name: 'Steve' },
        seller: { uuid: 'a7e4b9c2-3d1f-4e8a-b6c5-9f0e1d2c3b4a', name: 'Alex' },
      },
    },
    new Date('2026-11-27T18:40:00.000Z'),
    { publicUrl: 'https://prison.example.net', language: 'en' },
  );
  return {
    discordMessage: {
      post: {
        operationId: 'discordWebhookMessage',
        tags: ['admin'],
        summary: 'What the site posts to each webhook address, for every event of a kind it takes',
        description:
          "Discord's Execute Webhook body: one embed in the site's colours, its title linking to the page " +
          "the event is about, the player's or gang's preview image, cut to Discord's limits (title 256 " +
          'characters, description 4,096, 25 fields, 6,000 in all), mentions never turned into pings. ' +
          'Sent from an outbox, oldest first per address: a 429 is waited out (`retry_after`, and ' +
          '`X-RateLimit-Remaining`/`X-RateLimit-Reset-After` after each answer), a 5xx or a network ' +
          'error is retried after 5 s, 10 s, 20 s... (at most 15 minutes) and parked after 8 attempts, ' +
          'another 4xx is parked at once.',
        // No credential goes with it: the address's token is the secret.
        security: [],
        requestBody: { required: true, content: { 'application/json': { schema, example } } },
        responses: {
          '204': {
            description: 'Accepted (Discord answers 204 without `?wait=true`); any 2xx is taken as sent',
          },
          '429': {
            description: 'Rate limited: the address waits `retry_after` seconds, the message goes again',
          },
          '5XX': { description: 'Tried again after a backoff, then parked after the last attempt' },
        },
      },
    },
  };
}
