// End-to-end tests in the system Chromium against the built server on fresh data directories.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BRIDGE_TOKEN } from './e2e/demo-accounts.ts';
import { DISCORD_SITE_ENV, DISCORD_STAND_IN_ORIGIN } from './e2e/support/discord.ts';
import { WEBHOOK_RECEIVER_HOST } from './e2e/support/webhook-receiver.ts';

// Two servers: the demo site (public routes and the /admin path mode), and one with an admin host
// (admin-host mode). Chromium resolves *.localhost to this machine, so admin.localhost works.
export const SITE_PORT = 4310;
export const ADMIN_HOST_PORT = 4311;

const fresh = (name: string) => mkdtempSync(join(tmpdir(), `e2e-${name}-`));

export default defineConfig({
  testDir: 'e2e',
  // A journey takes 10 to 40 s here; on a shared machine running at half its speed (Lighthouse's CPU
  // index falls from about 2,500 to 1,000 at times) the longest took past 45 s. A bound, not a goal:
  // the journeys that set their own (many pages, or waiting on the simulated world) have twice what
  // they took at that speed.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${SITE_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node scripts/start.mjs',
      url: `http://127.0.0.1:${SITE_PORT}/readyz`,
      env: {
        PORT: String(SITE_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: fresh('site'),
        LOG_LEVEL: 'warn',
        BRIDGE_TOKEN: E2E_BRIDGE_TOKEN,
        // Staff punishments go to the simulated server's plugin on its delivery socket (the RCON
        // road is tested on the wire by the server's moderation tests).
        PUNISH_VIA: 'plugin',
        // Players link their Discord account through a local OAuth2 server standing in for Discord's.
        ...DISCORD_SITE_ENV,
        // The webhooks journey's receiver, standing in for Discord's webhook endpoint.
        WEBHOOK_ALLOW_HOSTS: WEBHOOK_RECEIVER_HOST,
      },
      timeout: 120_000,
      reuseExistingServer: false,
    },
    // The OAuth2 server standing in for Discord's, which the demo site's players link their account with.
    {
      command: `node --import tsx e2e/support/discord-stand-in.ts ${SITE_PORT}`,
      url: `${DISCORD_STAND_IN_ORIGIN}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      command: 'node scripts/start.mjs',
      url: `http://127.0.0.1:${ADMIN_HOST_PORT}/readyz`,
      env: {
        PORT: String(ADMIN_HOST_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: fresh('admin-host'),
        DEMO: 'off',
        ADMIN_HOSTS: 'admin.localhost',
        LOG_LEVEL: 'warn',
      },
      timeout: 120_000,
      reuseExistingServer: false,
    },
  ],
});
