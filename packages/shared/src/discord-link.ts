// Discord account linking (issue 33): a player links their Discord account from /profile through
// Discord's OAuth2 (the authorization code with PKCE), and the linked name shows on their public
// page. The site asks Discord for the `identify` scope alone: the account's id and name.
import { z } from 'zod';
import { DISCORD_CALLBACK_PATH } from './discord-link-outcome.ts';

/** POST /api/account/discord/link: where to send the browser. */
export const discordAuthorizationSchema = z
  .object({
    url: z
      .url()
      .describe(
        "Discord's authorize address with the site's client id, redirect URI, scope, state and PKCE challenge",
      ),
  })
  .meta({
    id: 'DiscordAuthorization',
    description: `Where the browser goes to allow the link; it comes back to ${DISCORD_CALLBACK_PATH}.`,
    examples: [
      {
        url:
          'https://discord.com/oauth2/authorize?response_type=code&client_id=1234567890&redirect_uri=' +
          'https%3A%2F%2Fplay.example.net%2Fapi%2Faccount%2Fdiscord%2Fcallback&scope=identify&state=' +
          'v0Jm0xq3yv4mR1S8Y2tW6cQk&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' +
          '&code_challenge_method=S256',
      },
    ],
  });
export type DiscordAuthorization = z.infer<typeof discordAuthorizationSchema>;

/** GET and DELETE /api/account/discord: the signed-in player's link, and whether the site offers one. */
export const discordLinkSchema = z
  .object({
    offered: z
      .boolean()
      .describe('The site has a Discord application set up (DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET)'),
    account: z
      .object({
        id: z.string().describe("The Discord account's id"),
        name: z
          .string()
          .describe('Its name as Discord gave it when linked (the display name, else the username)'),
        linked_at: z.iso.datetime(),
      })
      .nullable()
      .describe('The linked Discord account, or null'),
  })
  .meta({
    id: 'DiscordLink',
    description: "The signed-in player's Discord account link.",
    examples: [
      {
        offered: true,
        account: { id: '80351110224678912', name: 'Nelly', linked_at: '2026-11-28T09:12:00.000Z' },
      },
    ],
  });
export type DiscordLink = z.infer<typeof discordLinkSchema>;

/** One value of the callback's query: a repeated or overlong one is as good as none. */
const param = z.string().max(2048).optional().catch(undefined);

/** GET /api/account/discord/callback: what Discord adds to the redirect URI. */
export const discordCallbackQuerySchema = z.object({
  code: param,
  state: param,
  /** OAuth2's error answer (RFC 6749 4.1.2.1), such as access_denied. */
  error: param,
});
