// Runs the OAuth2 server that stands in for Discord (apps/server/test/discord-stand-in.ts) on its
// fixed port until stopped, with the demo site (SITE_PORT) as its one client:
// node --import tsx e2e/support/discord-stand-in.ts <site port>
import { startDiscordStandIn } from '../../apps/server/test/discord-stand-in.ts';
import { DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET, DISCORD_STAND_IN_PORT } from './discord.ts';

const sitePort = process.argv[2];
if (!sitePort) throw new Error('usage: discord-stand-in.ts <site port>');

const standIn = await startDiscordStandIn({
  port: DISCORD_STAND_IN_PORT,
  clientId: DISCORD_CLIENT_ID,
  clientSecret: DISCORD_CLIENT_SECRET,
  // The site answers on both names; the browser in the journeys uses localhost.
  redirectUris: [`http://localhost:${sitePort}`, `http://127.0.0.1:${sitePort}`].map(
    (origin) => `${origin}/api/account/discord/callback`,
  ),
});
console.log(`Discord stand-in at ${standIn.origin}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void standIn.close().then(() => process.exit(0)));
}
