// The local OAuth2 server that stands in for Discord in the journeys (discord-stand-in.ts, started by
// playwright.config.ts), and the DISCORD_* settings that point the demo site at it.

export const DISCORD_STAND_IN_PORT = 4390;
export const DISCORD_STAND_IN_ORIGIN = `http://127.0.0.1:${DISCORD_STAND_IN_PORT}`;
export const DISCORD_CLIENT_ID = 'e2e-site';
export const DISCORD_CLIENT_SECRET = 'e2e-discord-client-secret-0123456789';

/** The demo site's settings for its Discord application: this machine's stand-in. */
export const DISCORD_SITE_ENV = {
  DISCORD_CLIENT_ID,
  DISCORD_CLIENT_SECRET,
  DISCORD_AUTHORIZE_URL: `${DISCORD_STAND_IN_ORIGIN}/auth`,
  DISCORD_TOKEN_URL: `${DISCORD_STAND_IN_ORIGIN}/token`,
  DISCORD_USER_URL: `${DISCORD_STAND_IN_ORIGIN}/users/@me`,
};
