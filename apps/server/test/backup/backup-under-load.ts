// Issue 16: `npm run backup` taken while buyers keep buying restores to a site whose books balance.
// One scenario on PGlite (the running server answers through its control socket) and on PostgreSQL
// (the command connects itself), run by two test files; each starts a real server process.
import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/client.ts';
import { players } from '../../src/db/schema.ts';
import { brokenInvariants, listing, payout, query, totalMoney } from '../auction-fixtures.ts';
import { call, isAlive, postBatch, stopServer, tempDirs } from '../faults/fault-kit.ts';
import {
  BRIDGE_TOKEN,
  createPostgresDatabase,
  type DatabaseKind,
  JWT_SECRET,
  newPlayer,
  signIn,
} from '../helpers.ts';
import { type ServerProcess, startServer } from '../server-process.ts';
import { contentsOf, runCli } from './backup-kit.ts';

const BUYERS = 16;
const WORKERS = 6;
const FORTUNE = '1000000000000.00';
const PRICE = '12345678.91';
export const BACKUP_TEST_TIMEOUT = 240_000;

function world() {
  const seller = newPlayer({ username: 'BackupSeller' });
  const buyers = Array.from({ length: BUYERS }, (_, i) => newPlayer({ username: `BackupBuyer${i}` }));
  const offers = [1, 2, 3].map(() =>
    listing({ seller: seller.uuid, category: 'backup', categoryName: 'Backup', qty: 5000, price: PRICE }),
  );
  return {
    buyers,
    offers,
    events: [
      seller.join,
      ...buyers.flatMap((b) => [b.join, payout(b.uuid, FORTUNE)]),
      ...offers.map((o) => o.event),
    ],
    everyone: [seller, ...buyers].map((p) => p.uuid),
    money: `${BigInt(BUYERS) * 1_000_000_000_000n}.00`,
  };
}

export function backupUnderLoadTest(kind: DatabaseKind): void {
  const dirs = tempDirs();
  let server: ServerProcess | undefined;
  let restored: Database | undefined;
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    if (server && isAlive(server)) server.proc.kill('SIGKILL');
    await server?.exited;
    await restored?.close();
    for (const drop of drops) await drop();
    dirs.removeAll();
  });

  it(
    'restores a backup taken during purchases to a site whose ledger matches every balance',
    async () => {
      const dataDir = dirs.make(`backup-${kind}`);
      const env: Record<string, string> = { DATA_DIR: dataDir, BRIDGE_TOKEN, JWT_SECRET };
      if (kind === 'postgres') {
        const created = await createPostgresDatabase();
        drops.push(created.drop);
        env.DATABASE_URL = created.url;
      }
      const w = world();
      // Buyers signed in before the server starts: PGlite's files belong to one process.
      const seeding =
        kind === 'pglite' ? await openPglite(dataDir) : await openPostgres(env.DATABASE_URL!, () => {});
      let tokens: Map<string, string>;
      try {
        await seeding.db.insert(players).values(w.buyers.map(({ uuid, username }) => ({ uuid, username })));
        tokens = new Map(
          await Promise.all(w.buyers.map(async (b) => [b.uuid, await signIn(seeding.db, b.uuid)] as const)),
        );
      } finally {
        await seeding.close();
      }
      server = await startServer(env, 90_000);
      const url = server.url;
      const seeded = await postBatch(url, w.events);
      expect(seeded.status, JSON.stringify(seeded.body)).toBe(200);
      if (kind === 'pglite') {
        const socket = statSync(join(dataDir, 'control.sock'));
        expect(socket.isSocket()).toBe(true);
        expect(socket.mode & 0o777).toBe(0o600);
      }

      // Buyers buy until the backup is written, and a while before it starts.
      let backupDone = false;
      let bought = 0;
      let boughtDuringBackup = 0;
      let backupStarted = false;
      const worker = async (n: number) => {
        for (let i = n; !backupDone; i += WORKERS) {
          const buyer = w.buyers[i % BUYERS]!.uuid;
          const answer = await call(`${url}/api/auction/purchase`, {
            method: 'POST',
            headers: { authorization: `Bearer ${tokens.get(buyer)}`, 'idempotency-key': randomUUID() },
            body: { id: w.offers[i % w.offers.length]!.id, qty: 1 + (i % 2) },
            timeoutMs: 60_000,
          });
          // Past 60 purchases a minute a buyer is refused (429), which changes nothing.
          expect([200, 429], JSON.stringify(answer.body)).toContain(answer.status);
          if (answer.status === 200) {
            bought++;
            if (backupStarted) boughtDuringBackup++;
          }
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      const load = Promise.all(Array.from({ length: WORKERS }, (_, n) => worker(n)));
      while (bought < 10) await new Promise((r) => setTimeout(r, 20));
      const file = join(dirs.make(`backup-file-${kind}`), 'site.jsonl.gz');
      backupStarted = true;
      const backup = await runCli('backup', ['--out', file], env);
      backupDone = true;
      await load;
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(`Backup written: ${file}`);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // The site kept taking purchases while the backup was taken (on PGlite they waited their turn).
      expect(boughtDuringBackup).toBeGreaterThan(0);
      expect(isAlive(server)).toBe(true);
      expect(await stopServer(server)).toBe(0);
      if (kind === 'pglite') expect(existsSync(join(dataDir, 'control.sock'))).toBe(false);

      // Restored into an empty site of the same kind.
      const targetEnv: Record<string, string> = { DATA_DIR: dirs.make(`restored-${kind}`) };
      if (kind === 'postgres') {
        const created = await createPostgresDatabase();
        drops.push(created.drop);
        targetEnv.DATABASE_URL = created.url;
      }
      const restore = await runCli('restore', [file], targetEnv);
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toMatch(/auction_purchases: +\d+/);
      expect(restore.stdout).toContain("every player's balance equals the sum of their ledger");

      // Restoring again: the target is no longer empty, and is left as it is.
      const again = await runCli('restore', [file], targetEnv);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(
        kind === 'pglite' ? /already holds a database/ : /is not empty \(.*players: \d+ rows/,
      );

      restored =
        kind === 'pglite'
          ? await openPglite(targetEnv.DATA_DIR!)
          : await openPostgres(targetEnv.DATABASE_URL!, () => {});
      const db = restored.db;
      const [purchases] = await query<{ n: number }>(
        db,
        sql`select count(*)::int as n from auction_purchases`,
      );
      // Some purchases made it into the backup, and the backup is one moment: every purchase whole.
      expect(purchases!.n).toBeGreaterThan(0);
      expect(
        await brokenInvariants(
          db,
          w.everyone,
          w.offers.map((o) => o.id),
        ),
      ).toEqual([]);
      expect(await totalMoney(db, w.everyone)).toBe(w.money);
      const contents = await contentsOf(db);
      expect(contents.money.mismatched).toBe(0);
      expect(contents.counts.players).toBe(BUYERS + 1);
      // The restored database takes new rows: its sequences continue after the backup's.
      await db.execute(
        sql`insert into ledger (player_uuid, delta, reason) values (${w.buyers[0]!.uuid}, 0, 'probe')`,
      );
    },
    BACKUP_TEST_TIMEOUT,
  );
}
