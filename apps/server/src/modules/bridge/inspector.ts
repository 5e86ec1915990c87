// The admin console's bridge inspector (packages/shared/src/bridge-inspector.ts): every game server's
// credential with its last contact and what its sockets hold, the deliveries' state, and the newest
// batches (batch-log.ts). Read on request: an admin page opened now and then, not a live topic.
import { DEFAULT_CREDENTIAL_NAME } from '@prison/shared/bridge-credentials';
import {
  type BridgeBatchRecord,
  type BridgeInspector,
  type BridgeServer,
  INSPECTOR_BATCHES,
} from '@prison/shared/bridge-inspector';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { listCredentials } from './credentials.ts';
import { CONNECTION_STALE_MS } from './deliveries-service.ts';

interface Activity {
  server: string;
  sockets: number;
  taken: number;
  last_seen: string | Date | null;
}

const iso = (at: string | Date | null): string | null => (at === null ? null : new Date(at).toISOString());

const latest = (...times: (string | null)[]): string | null =>
  times.reduce<string | null>((a, b) => (a === null || (b !== null && b > a) ? b : a), null);

/** Per server name: its live sockets, the deliveries they hold, and when it was last heard from. */
async function activityByServer(db: Db): Promise<Map<string, Activity>> {
  const stale = `${CONNECTION_STALE_MS} milliseconds`;
  const rows = rowsOf<Activity>(
    await db.execute(sql`
      with live as (
        select id, server, seen_at from bridge_connections where seen_at > now() - ${stale}::interval
      ), names as (
        select server from live union select server from bridge_batches
      )
      select n.server,
        (select count(*)::int from live where live.server = n.server) as sockets,
        (select count(*)::int from deliveries d join live on live.id = d.taken_by
          where live.server = n.server and d.delivered_at is null and d.lease_until >= now()) as taken,
        greatest(
          (select max(seen_at) from live where live.server = n.server),
          (select max(received_at) from bridge_batches b where b.server = n.server)
        ) as last_seen
      from names n`),
  );
  return new Map(rows.map((row) => [row.server, row]));
}

async function deliveryCounts(db: Db): Promise<BridgeInspector['deliveries']> {
  const [row] = rowsOf<BridgeInspector['deliveries']>(
    await db.execute(sql`
      select
        (select count(*)::int from deliveries
          where delivered_at is null and (taken_by is null or lease_until < now())) as waiting,
        (select count(*)::int from deliveries
          where delivered_at is null and taken_by is not null and lease_until >= now()) as taken,
        (select count(*)::int from deliveries
          where delivered_at > now() - interval '1 day') as acknowledged_last_24h`),
  );
  return row!;
}

async function newestBatches(db: Db): Promise<BridgeBatchRecord[]> {
  const rows = rowsOf<Omit<BridgeBatchRecord, 'received_at'> & { received_at: string | Date }>(
    await db.execute(sql`
      select id::int as id, received_at, server, applied, skipped, refused, errors
      from bridge_batches order by id desc limit ${INSPECTOR_BATCHES}`),
  );
  return rows.map((row) => ({ ...row, received_at: iso(row.received_at)! }));
}

/** The inspector's answer: "default" (BRIDGE_TOKEN) first, then every credential, oldest first. */
export async function inspectBridge(db: Db): Promise<BridgeInspector> {
  const [credentials, activity, deliveries, batches] = await Promise.all([
    listCredentials(db),
    activityByServer(db),
    deliveryCounts(db),
    newestBatches(db),
  ]);
  const server = (
    name: string,
    credentialId: string | null,
    revoked: boolean,
    lastUsed: string | null,
  ): BridgeServer => {
    // A name's sockets and batches are its credential's in use; a revoked one keeps its own last use.
    const seen = revoked ? undefined : activity.get(name);
    return {
      name,
      credential_id: credentialId,
      revoked,
      last_used_at: latest(lastUsed, iso(seen?.last_seen ?? null)),
      sockets: seen?.sockets ?? 0,
      deliveries_taken: seen?.taken ?? 0,
    };
  };
  return {
    servers: [
      server(DEFAULT_CREDENTIAL_NAME, null, false, null),
      ...credentials.map((c) => server(c.name, c.id, c.revoked_at !== null, c.last_used_at)),
    ],
    deliveries,
    batches,
  };
}
