// Discord account linking (discord-link.ts): the player's link, the trip to Discord, its way back,
// and unlinking. The way back is a browser's navigation, not a call: it always ends on /profile,
// saying how it went (?discord=linked, or ?discord=error&reason=...), never with an error body.
import {
  discordAuthorizationSchema,
  discordCallbackQuerySchema,
  discordLinkSchema,
} from '@prison/shared/discord-link';
import { DISCORD_CALLBACK_PATH, DISCORD_RESULT_PARAM } from '@prison/shared/discord-link-outcome';
import { errorSchema } from '@prison/shared/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { authenticate } from '../../plugins/authenticate.ts';
import { clientKey } from '../../plugins/client-address.ts';
import { siteOrigin } from '../../plugins/page-meta.ts';
import {
  discordLinkOf,
  finishLink,
  LINK_STATE_TTL_MS,
  LinkFailure,
  startLink,
  unlink,
} from './discord-link.ts';
import type { AccessTokens } from './tokens.ts';

/** Links started per account a minute: each is a row kept ten minutes. */
export const LINKS_PER_MINUTE = 10;

/**
 * The state this browser started, kept in a cookie only the callback reads: a player cannot hand
 * their own link to someone else's browser and have that person's Discord account linked to them.
 */
const STATE_COOKIE = 'discord_link_state';
const STATE_IN_COOKIES = new RegExp(`(?:^|;\\s*)${STATE_COOKIE}=([A-Za-z0-9_-]{1,64})(?:;|$)`);

function stateCookie(request: FastifyRequest, publicUrl: string | null, state: string | null): string {
  const secure = siteOrigin(publicUrl, request).startsWith('https:') ? '; Secure' : '';
  const life = state === null ? 'Max-Age=0' : `Max-Age=${LINK_STATE_TTL_MS / 1000}`;
  return `${STATE_COOKIE}=${state ?? ''}; Path=${DISCORD_CALLBACK_PATH}; ${life}; HttpOnly; SameSite=Lax${secure}`;
}

export const discordLinkRoutes: FastifyPluginAsyncZod<{
  db: Db;
  tokens: AccessTokens;
  config: Config;
}> = async (app, { db, tokens, config }) => {
  const errors = { 401: errorSchema, 503: errorSchema };
  const redirectUri = (request: FastifyRequest) =>
    `${siteOrigin(config.publicUrl, request)}${DISCORD_CALLBACK_PATH}`;
  const offered = config.discord !== null;

  app.get(
    '/api/account/discord',
    {
      onRequest: authenticate(tokens),
      schema: {
        operationId: 'getDiscordLink',
        tags: ['auth'],
        summary: "The signed-in player's linked Discord account, and whether the site offers linking",
        security: [{ playerToken: [] }],
        response: { 200: discordLinkSchema, ...errors },
      },
    },
    async (request) => discordLinkOf(db, request.auth!.uuid, offered),
  );

  app.post(
    '/api/account/discord/link',
    {
      onRequest: [
        authenticate(tokens),
        app.rateLimit({
          max: LINKS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `discord:${request.auth?.uuid ?? clientKey(request.ip)}`,
        }),
      ],
      schema: {
        operationId: 'startDiscordLink',
        tags: ['auth'],
        summary: 'Start linking a Discord account: where to send the browser',
        description:
          "Answers Discord's authorize address (OAuth2 authorization code with PKCE, scope `identify`) " +
          `for the browser to go to; Discord sends it back to ${DISCORD_CALLBACK_PATH}, which links ` +
          'the account and ends on /profile?discord=linked, or /profile?discord=error&reason=denied, ' +
          'expired, taken, provider, off or unavailable. The link must be finished within ten minutes, ' +
          'in the same browser (the answer sets a cookie the way back reads). 404 when the site has no ' +
          'Discord application set up.',
        security: [{ playerToken: [] }],
        response: { 200: discordAuthorizationSchema, 404: errorSchema, 429: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!config.discord) {
        throw notFound('discord_linking_off', 'This site does not offer linking a Discord account.');
      }
      const { state, url } = await startLink(db, config.discord, request.auth!.uuid, redirectUri(request));
      reply.header('cache-control', 'no-store');
      reply.header('set-cookie', stateCookie(request, config.publicUrl, state));
      return { url };
    },
  );

  // A browser's redirect target, not an operation a client calls: it answers only redirects, so it
  // stays out of the API document (whose operations each have a 2xx answer); the link operation
  // above and docs/discord-linking.md describe it.
  app.get(
    DISCORD_CALLBACK_PATH,
    { schema: { hide: true, querystring: discordCallbackQuerySchema } },
    async (request, reply) => {
      const browserState = STATE_IN_COOKIES.exec(request.headers.cookie ?? '')?.[1] ?? null;
      reply.header('cache-control', 'no-store');
      reply.header('set-cookie', stateCookie(request, config.publicUrl, null));
      try {
        const linked = await finishLink(
          db,
          config.discord,
          request.query,
          browserState,
          redirectUri(request),
        );
        request.log.info({ player: linked.uuid }, 'Discord account linked');
        return back(reply, { [DISCORD_RESULT_PARAM]: 'linked' });
      } catch (err) {
        if (err instanceof LinkFailure) {
          if (err.reason === 'provider') request.log.warn({ problem: err.problem }, 'Discord link failed');
          return back(reply, { [DISCORD_RESULT_PARAM]: 'error', reason: err.reason });
        }
        request.log.error({ err }, 'Discord link could not be saved');
        return back(reply, { [DISCORD_RESULT_PARAM]: 'error', reason: 'unavailable' });
      }
    },
  );

  app.delete(
    '/api/account/discord',
    {
      onRequest: authenticate(tokens),
      schema: {
        operationId: 'unlinkDiscord',
        tags: ['auth'],
        summary: "Unlink the signed-in player's Discord account",
        description:
          'Answers the link as it is now (none). Unlinking when nothing is linked changes nothing. ' +
          'The name leaves the player page at once.',
        security: [{ playerToken: [] }],
        response: { 200: discordLinkSchema, ...errors },
      },
    },
    async (request) => {
      await unlink(db, request.auth!.uuid);
      return discordLinkOf(db, request.auth!.uuid, offered);
    },
  );
};

/** To /profile, with how it went in the query. */
function back(reply: FastifyReply, result: Record<string, string>) {
  return reply.redirect(`/profile?${new URLSearchParams(result)}`, 303);
}
