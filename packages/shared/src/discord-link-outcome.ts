// Discord account linking: where Discord sends the browser back, and how /profile hears how it went.
// Without zod, for the pages that read them (discord-link.ts holds the schemas of the calls).

/** Where Discord sends the browser back to: the redirect URI the Discord application registers. */
export const DISCORD_CALLBACK_PATH = '/api/account/discord/callback';

/** The query parameter /profile reads the outcome from: `linked`, or `error` with a `reason`. */
export const DISCORD_RESULT_PARAM = 'discord';

/**
 * Why a trip to Discord and back linked nothing, as the callback tells /profile (`reason`):
 * - denied: the player did not allow it on Discord's page (or Discord refused the request);
 * - expired: the link was started more than ten minutes ago, already used, or in another browser;
 * - taken: that Discord account is linked to another player of the site;
 * - provider: Discord could not be reached or gave an answer the site could not use;
 * - off: the site no longer offers linking;
 * - unavailable: the site could not save the link (its database); nothing changed.
 */
export const DISCORD_LINK_FAILURES = [
  'denied',
  'expired',
  'taken',
  'provider',
  'off',
  'unavailable',
] as const;
export type DiscordLinkFailure = (typeof DISCORD_LINK_FAILURES)[number];
