// Test support for backups and the move to PostgreSQL: a site filled like the demo (the simulator's
// world through the bridge, guides, accounts, an audit log, money above 10^15 with cents), the
// command-line tools run as `npm run` runs them, and what a database holds, table by table.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { seedBatches } from '@prison/simulator/seed';
import { generateWorld } from '@prison/simulator/world';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { countRows, moneySummary, siteTables } from '../../src/backup/catalog.ts';
import { type Database, type Db, rowsOf } from '../../src/db/client.ts';
import { recordAudit } from '../../src/modules/audit/service.ts';
import { createAccount } from '../../src/modules/auth/accounts.ts';
import { seedDemoGuides } from '../../src/modules/docs/demo.ts';
import { payout } from '../auction-fixtures.ts';
import { createTestAppOn, newPlayer, postEvents } from '../helpers.ts';

const CLI_DIR = fileURLToPath(new URL('../../src/cli/', import.meta.url));

/** Fills `database` like a demo site (then closes it): every table of the world has rows. */
export async function seedDemoLike(database: Database, players = 60): Promise<void> {
  const site = await createTestAppOn(database);
  try {
    const world = generateWorld({ players, now: Date.UTC(2025, 5, 1), seed: 'backup-test' });
    for (const batch of seedBatches(world)) {
      const answer = await postEvents(site.app, batch);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    // A fortune past 10^15 with cents: exact through the backup or the test fails.
    const rich = newPlayer({ username: 'BackupRich' });
    const answer = await postEvents(site.app, [rich.join, payout(rich.uuid, '4000000000000007.35')]);
    expect(answer.statusCode, answer.body).toBe(200);
    await seedDemoGuides(site.db);
    const admin = await createAccount(site.db, {
      username: world.players[1]!.username,
      password: 'backup-test-password',
      roles: ['ADMIN'],
      uuid: world.players[1]!.uuid,
    });
    await recordAudit(site.db, {
      actor: admin.uuid,
      action: 'account.roles',
      outcome: 'ok',
      detail: { n: 1 },
    });
  } finally {
    await site.close();
  }
}

/** A player holding `balance`, with the ledger row that says so; answers the uuid. */
export async function createPlayer(db: Db, balance: string, username = `P_${randomUUID().slice(0, 8)}`) {
  const uuid = randomUUID();
  await db.execute(
    sql`insert into players (uuid, username, balance) values (${uuid}, ${username}, ${balance})`,
  );
  await db.execute(
    sql`insert into ledger (player_uuid, delta, reason) values (${uuid}, ${balance}, 'starting money')`,
  );
  return uuid;
}

export interface Contents {
  counts: Record<string, number>;
  money: Awaited<ReturnType<typeof moneySummary>>;
  /** Every player's balance, exact, by uuid. */
  balances: Record<string, string>;
}

/** What a database holds: rows per table, the money figures, each balance. */
export async function contentsOf(db: Db): Promise<Contents> {
  const tables = (await siteTables(db)).map((t) => t.name);
  const counts = Object.fromEntries(await countRows(db, tables));
  const rows = rowsOf<{ uuid: string; balance: string }>(
    await db.execute(sql`select uuid::text as uuid, balance::text as balance from players`),
  );
  return {
    counts,
    money: await moneySummary(db),
    balances: Object.fromEntries(rows.map((r) => [r.uuid, r.balance])),
  };
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the command-line tool behind `npm run <name> -- args` (src/cli/<name>.ts) with the given
 * environment, from its TypeScript as the server processes of the tests run.
 */
export function runCli(name: string, args: string[], env: Record<string, string>): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', `${CLI_DIR}${name}.ts`, ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', DEMO: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}
