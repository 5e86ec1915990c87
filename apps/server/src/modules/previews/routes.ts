// The preview images of player and gang pages (the og:image of their HTML, pages.ts).
import { errorSchema } from '@prison/shared/errors';
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
const versionQuerySchema = z.object({
  v: z.string().max(32).optional().describe('Ignored: the page names the card version so caches refetch it'),
});
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
          'Avatar, name, rank, gang, level, prestige and balance. The avatar is the default head when the ' +
          'avatar service does not answer within 1.5 seconds. Cached for 5 minutes; the ETag changes ' +
          'when the player does.',
        params: playerNameParamsSchema,
        querystring: versionQuerySchema,
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
      const avatar = await avatars.of(page.uuid);
      const key = `player:${cardVersion(data)}:${avatar.digest}`;
      return sendCard(request, reply, key, () =>
        renderer.card(key, () => renderPlayerCard(data, avatar.png)),
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
          'Crest in the gang colour, name, status, treasury, members and minimum level. Cached for 5 ' +
          'minutes; the ETag changes when the gang does.',
        params: gangIdParamsSchema,
        querystring: versionQuerySchema,
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
      const key = `gang:${cardVersion(data)}`;
      return sendCard(request, reply, key, () => renderer.card(key, () => renderGangCard(data)));
    },
  );
};
