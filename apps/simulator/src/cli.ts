// npm run simulate -- --url URL --token TOKEN [--rcon-port N] [--rcon-host H] [--rcon-password P]
//                     [--seed S] [--players N] [--tick-ms N]
// Plays the game server against any site until SIGINT or SIGTERM.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { startSimulator } from './simulator.ts';

const USAGE =
  'usage: npm run simulate -- --url URL --token TOKEN [--rcon-port 25575] [--rcon-host 127.0.0.1] ' +
  '[--rcon-password P] [--seed demo] [--players 520] [--tick-ms 1000]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function integer(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) fail(`--${name} must be a whole number`);
  return Number(value);
}

async function main() {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        url: { type: 'string' },
        token: { type: 'string' },
        'rcon-port': { type: 'string' },
        'rcon-host': { type: 'string' },
        'rcon-password': { type: 'string' },
        seed: { type: 'string' },
        players: { type: 'string' },
        'tick-ms': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const str = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  const url = str('url') ?? process.env.SITE_URL;
  const token = str('token') ?? process.env.BRIDGE_TOKEN;
  if (!url) fail('--url is required (the site address, e.g. http://127.0.0.1:8080)');
  if (!token) fail('--token is required (the site BRIDGE_TOKEN)');
  const rconPassword =
    str('rcon-password') ?? process.env.RCON_PASSWORD ?? randomBytes(12).toString('base64url');

  const simulator = await startSimulator({
    url,
    token,
    rconPort: integer(str('rcon-port'), 'rcon-port', 25575),
    rconHost: str('rcon-host'),
    rconPassword,
    seed: str('seed'),
    players: str('players') === undefined ? undefined : integer(str('players'), 'players', 520),
    tickMs: integer(str('tick-ms'), 'tick-ms', 1000),
  });
  console.log(`[simulator] RCON on port ${simulator.rconPort}, password ${rconPassword}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[simulator] ${signal}: stopping`);
    await simulator.stop();
    process.exit(0);
  };
  // A fatal bridge error (wrong token or address) ends the stream: nothing more to do here.
  void simulator.done.then(async () => {
    if (stopping) return;
    stopping = true;
    await simulator.stop();
    process.exit(1);
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('[simulator] failed to start:', (error as Error).message);
  process.exit(1);
});
