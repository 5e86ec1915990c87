// The preview images of player and gang pages (the og:image of their HTML, pages.ts), in the
// language their address names (`?lang=de`, as pages.ts writes it; English without it).
import { errorSchema } from '@prison/shared/errors';
import { LANGUAGES, type Language, matchLanguage, SOURCE_LANGUAGE } from '@prison/shared/languages';
import { playerNameParamsSchema } from '@prison/shared/players';
import { gangIdParamsSchema } from '@prison/shared/social';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { etagOf, ifNoneMatch } from '../../plugins/etag.ts';
import { VISITOR } from '../auth/staff.ts';
import { playerPage } from '../players/public-page.ts';
import { NO_SUCH_PLAYER } from '../players/service.ts';
import { NO_SUCH_GANG } from '../social/routes.ts';
import { gangById } from '../social/service.ts';
import { Avatars } from './avatars.ts';
import { cardVersion, gangCardData, playerCardData } from './cards.ts';
import { renderGangCard, renderPlayerCard } from './render.ts';
import { CardRenderer } from './render-queue.ts';

/** Per address: a chat app unfurling a busy channel fetches a few; a scraper gets refused. */
export const PREVIEWS_PER_MINUTE = 60;

// Cards change when their player does; a few minutes' staleness is what link previews expect.
const CACHE_CONTROL = 'public, max-age=300';

// The image's bytes: an image/png answer, never JSON (reply.type sets it; a Buffer is sent as it is).
const pngResponse = {
  description: 'A 1200x630 PNG image',
  content: { 'image/png': { schema: z.string().meta({ format: 'binary' }) } },
};
const cardQuerySchema = z.object({
  v: z.string().max(32).optional().describe('Ignored: the page names the card version so caches refetch it'),
  lang: z
    .string()
    .optional()
    .describe(
      `The language of the card's words and figures (${LANGUAGES.join(', ')}); English when absent or not one of them`,
    ),
});

/** The language a card is drawn in: the one `lang` names, else English. */
const cardLanguage = (lang: string | undefined): Language =>
  matchLanguage(lang, LANGUAGES) ?? SOURCE_LANGUAGE;
const notModified = z.null().describe('Not modified: the browser has this image (If-None-Match)');

async function sendCard(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  card: () => Promise<Buffer>,
): Promise<FastifyReply> {
  const etag = etagOf(key);
  reply.headers({
    etag,
    'cache-control': CACHE_CONTROL,
    // A public picture meant to be shown by other sites (chat apps, social networks).
    'cross-origin-resource-policy': 'cross-origin',
  });
  if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('image/png').send(await card());
}

export const previewsRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  const avatars = new Avatars(config.avatarUrl);
  const renderer = new CardRenderer();
  const common = {
    // PNG does not compress further.
    compress: false,
    config: { rateLimit: { max: PREVIEWS_PER_MINUTE, timeWindow: 60_000 } },
  } as const;

  app.get(
    '/api/og/players/:name.png',
    {
      ...common,
      schema: {
        operationId: 'getPlayerPreviewImage',
        tags: ['players'],
        security: [],
        summary: "A player's link preview image (1200x630 PNG)",
        description:
          'Avatar, name, rank, gang, level, prestige and balance, in the language `lang` names. The avatar ' +
          'is the default head when the avatar service does not answer within 1.5 seconds. Cached for 5 ' +
          'minutes; the ETag changes when the player does.',
        params: playerNameParamsSchema,
        querystring: cardQuerySchema,
        response: {
          200: pngResponse,
          304: notModified,
          400: errorSchema,
          404: errorSchema,
          429: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const page = await playerPage(db, request.params.name, VISITOR, { heroOnly: true });
      if (!page) throw notFound('unknown_player', NO_SUCH_PLAYER);
      const data = playerCardData(page);
      const language = cardLanguage(request.query.lang);
      const avatar = await avatars.of(page.uuid);
      const key = `player:${language}:${cardVersion(data)}:${avatar.digest}`;
      return sendCard(request, reply, key, () =>
        renderer.card(key, () => renderPlayerCard(data, avatar.png, language)),
      );
    },
  );

  app.get(
    '/api/og/gangs/:id.png',
    {
      ...common,
      schema: {
        operationId: 'getGangPreviewImage',
        tags: ['social'],
        security: [],
        summary: "A gang's link preview image (1200x630 PNG)",
        description:
          'Crest in the gang colour, name, status, treasury, members and minimum level, in the language ' +
          '`lang` names. Cached for 5 minutes; the ETag changes when the gang does.',
        params: gangIdParamsSchema,
        querystring: cardQuerySchema,
        response: {
          200: pngResponse,
          304: notModified,
          400: errorSchema,
          404: errorSchema,
          429: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const gang = await gangById(db, request.params.id);
      if (!gang) throw notFound('unknown_gang', NO_SUCH_GANG);
      const data = gangCardData(gang);
      const language = cardLanguage(request.query.lang);
      const key = `gang:${language}:${cardVersion(data)}`;
      return sendCard(request, reply, key, () => renderer.card(key, () => renderGangCard(data, language)));
    },
  );
};
