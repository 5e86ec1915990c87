// The server process: read config, claim DATA_DIR, open and migrate the database, listen, follow a
// LiteBans database when one is set, and in demo mode play the game server. SIGINT/SIGTERM close
// sockets and the database cleanly.
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { buildApp, loggerOptions } from './app.ts';
import { startControlChannel } from './backup/control.ts';
import { startBackupSchedule } from './backup/schedule.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirBusyError, keepDataDirPrivate, lockDataDir, resolveSecrets } from './data-dir.ts';
import { type Database, openPglite, openPostgres } from './db/client.ts';
import { LiveHub } from './live/hub.ts';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`Configuration error: ${err.message}`);
    throw err;
  }
  let releaseDataDir: () => void;
  try {
    releaseDataDir = lockDataDir(config.dataDir);
  } catch (err) {
    if (err instanceof DataDirBusyError) fail(err.message);
    throw err;
  }
  try {
    keepDataDirPrivate(config.dataDir);
  } catch (err) {
    releaseDataDir();
    fail(
      `Cannot make the data directory ${config.dataDir} private to this user: ${(err as Error).message}. ` +
        'Its files must belong to the user the server runs as (chown -R).',
    );
  }
  const log = pino(loggerOptions(config.logLevel));
  // Node 20 still runs the site, but gets no security fixes since its end of life (2026-04-30).
  if (Number(process.versions.node.split('.')[0]) < 22) {
    log.warn(
      { node: process.version },
      'this Node.js release gets no more security fixes: run the site on Node 24, the current long-term release',
    );
  }
  // A dependency failing later must not take the process down: log it and keep serving.
  process.on('unhandledRejection', (err) => log.error({ err }, 'unhandled rejection'));

  let secrets: ReturnType<typeof resolveSecrets>;
  try {
    secrets = resolveSecrets(config);
  } catch (err) {
    releaseDataDir();
    fail(err instanceof ConfigError ? `Configuration error: ${err.message}` : (err as Error).message);
  }
  let database: Database;
  try {
    database = config.databaseUrl
      ? await openPostgres(config.databaseUrl, (msg, err) => log.warn({ err }, msg))
      : await openPglite(config.dataDir);
  } catch (err) {
    releaseDataDir();
    log.error({ err }, 'cannot open the database');
    fail(`Cannot open the database: ${(err as Error).message}`);
  }
  log.info({ database: database.kind }, 'database ready');

  const hub = new LiveHub(database, log);
  const app = await buildApp({ config, database, hub, secrets, loggerInstance: log });
  // Signals are handled from here on: a stop that comes while the site starts (listening, the
  // control channel, backups, demo mode's simulated game server) still closes what is open cleanly.
  let control: Awaited<ReturnType<typeof startControlChannel>> | null = null;
  let backups: ReturnType<typeof startBackupSchedule> | null = null;
  let litebans: { stop(): Promise<void> } | null = null;
  let simulator: { stop(): Promise<void> } | null = null;
  const stopSimulating = new AbortController();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000).unref();
    try {
      stopSimulating.abort();
      await simulator?.stop();
      await backups?.stop();
      await litebans?.stop();
      await control?.close();
      await app.close();
      await hub.stop();
      await database.close();
    } catch (err) {
      log.error({ err }, 'error during shutdown');
      process.exitCode = 1;
    } finally {
      releaseDataDir();
    }
    log.info('stopped');
    process.exit();
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  let port: number;
  try {
    await hub.start();
    if (config.demo) {
      const { seedDemoGuides } = await import('./modules/docs/demo.ts');
      await seedDemoGuides(database.db);
      // The demo's staff account comes from the site itself: the game server may not grant staff roles.
      const { ensureDemoStaff } = await import('./modules/auth/accounts.ts');
      const { DEMO_ADMIN } = await import('@prison/simulator/demo-accounts');
      await ensureDemoStaff(database.db, DEMO_ADMIN);
    }
    await app.listen({ port: config.port, host: config.host });
    port = (app.server.address() as AddressInfo).port;
  } catch (err) {
    // A stop during start-up closes the app under the start: the shutdown finishes the process.
    if (closing) return;
    log.error({ err }, 'start-up failed');
    await app.close().catch(() => {});
    await hub.stop();
    await database.close().catch(() => {});
    releaseDataDir();
    fail(`Start-up failed: ${(err as Error).message}`);
  }
  if (closing) return;
  // The embedded database belongs to this process: `npm run backup` asks it through the control socket.
  if (database.kind === 'pglite' && !closing)
    control = await startControlChannel(config.dataDir, database, log);
  if (config.backups && !closing) backups = startBackupSchedule(database, config.backups, log);
  // LiteBans' database, read only: its rows become the site's punishments (docs/litebans.md).
  if (config.litebans && !closing) {
    const { startLitebansFollowing } = await import('./modules/punishments/litebans.ts');
    if (!closing) litebans = startLitebansFollowing(config.litebans, database.db, log);
  }

  if (config.demo && !closing) {
    const { startSimulator } = await import('@prison/simulator/simulator');
    // The simulated game server connects as a real one would: with a credential of its own.
    const { simulatorCredential } = await import('./modules/bridge/credentials.ts');
    const token = await simulatorCredential(database.db, secrets.bridgeToken).catch((err: unknown) => {
      log.warn(
        { err },
        'the simulated game server connects with BRIDGE_TOKEN: its own credential was not made',
      );
      return secrets.bridgeToken;
    });
    const siteHost = ['0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host;
    const simulated = await startSimulator({
      url: `http://${siteHost.includes(':') ? `[${siteHost}]` : siteHost}:${port}`,
      token,
      rconHost: config.rcon.host,
      rconPort: config.rcon.port ?? 0,
      rconPassword: secrets.rconPassword ?? '',
      signal: stopSimulating.signal,
      log: (msg: string) => log.info({ simulator: true }, msg),
    });
    // Without RCON_PORT the simulator listens on a free port; the admin console's RCON client reads
    // config.rcon at each connection (modules/admin/routes.ts), so it follows.
    config.rcon.port ||= simulated.rconPort;
    simulator = simulated;
    log.info('demo mode: the simulated game server is running (sign in as DemoPlayer / prison-demo)');
  }
}

await main();
