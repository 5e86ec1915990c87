// The webhooks' outbox through a PostgreSQL outage: the server process sends a queue of messages to
// a local receiver standing in for Discord when the database goes away (a TCP proxy between them,
// cut, as in postgres-outage.test.ts) for a few seconds. The process stays up, the post in flight
// is recorded once the database is back, and every message arrives once, in order.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../../src/db/client.ts';
import type { DiscordBody } from '../../src/modules/webhooks/discord.ts';
import { listing, query } from '../auction-fixtures.ts';
import {
  BRIDGE_TOKEN,
  createPostgresDatabase,
  grantRoles,
  JWT_SECRET,
  newPlayer,
  signIn,
} from '../helpers.ts';
import { type ServerProcess, startServer } from '../server-process.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../webhook-receiver.ts';
import {
  call,
  isAlive,
  pause,
  postBatch,
  startProxy,
  stopServer,
  type TcpProxy,
  tempDirs,
} from './fault-kit.ts';

const OUTAGE_MS = 6000;

describe.skipIf(!process.env.TEST_DATABASE_URL)('webhooks through a PostgreSQL outage', () => {
  const dirs = tempDirs();
  let proxy: TcpProxy;
  let server: ServerProcess;
  let database: Database;
  let drop: () => Promise<void>;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    const created = await createPostgresDatabase();
    drop = created.drop;
    database = await openPostgres(created.url, () => {});
    const direct = new URL(created.url);
    proxy = await startProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(created.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    server = await startServer(
      {
        DATABASE_URL: proxied.toString(),
        BRIDGE_TOKEN,
        JWT_SECRET,
        DATA_DIR: dirs.make('webhook-outage'),
        WEBHOOK_ALLOW_HOSTS: receiver.host,
      },
      90_000,
    );
  }, 120_000);
  afterAll(async () => {
    await stopServer(server);
    await proxy?.close();
    await database?.close();
    await drop?.();
    await receiver?.close();
    dirs.removeAll();
  });

  it('stays up, and sends every message once, in order, when the database comes back', async () => {
    const owner = newPlayer({ username: 'OutageOwner' });
    const seller = newPlayer({ username: 'OutageSeller' });
    expect((await postBatch(server.url, [owner.join, seller.join])).status).toBe(200);
    await grantRoles(database.db, owner.uuid, ['OWNER']);
    const added = await call(`${server.url}/api/admin/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await signIn(database.db, owner.uuid)}` },
      body: { url: receiver.address('outage'), events: ['listing'] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);

    // The third post stays in flight until the database is away: Discord accepts it then, and the
    // site must record it once the database is back, and post it only once.
    receiver.holdFrom('outage', 3);
    const names = Array.from({ length: 10 }, (_, i) => `Vault ${String(i + 1).padStart(2, '0')}`);
    const listed = await postBatch(
      server.url,
      names.map((name) => listing({ seller: seller.uuid, item: { name, icon: 'chest' }, qty: 1 }).event),
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    await expect.poll(() => receiver.held('outage'), { timeout: 20_000 }).toBe(1);

    await proxy.setMode('cut');
    receiver.release('outage');
    await pause(OUTAGE_MS);
    expect(isAlive(server)).toBe(true);
    // Nothing more left while the post's record could not be written.
    expect(receiver.to('outage')).toHaveLength(3);
    await proxy.setMode('open');

    const unsent = async () =>
      (
        await query<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from webhook_messages where state <> 'sent'`,
        )
      )[0]!.n;
    await expect.poll(unsent, { timeout: 45_000, interval: 200 }).toBe(0);
    const titles = receiver.to('outage').map((r) => (r.body as DiscordBody).embeds[0]?.title);
    expect(titles).toEqual(names.map((name) => `OutageSeller listed 1 × ${name}`));
    expect(isAlive(server)).toBe(true);
  }, 120_000);
});
