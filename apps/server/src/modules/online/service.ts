// The online count (spec section 7): the game server's last server.status report, unknown (null)
// once it has been silent for 60 seconds.
import type { OnlineMessage } from '@prison/shared/live';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serverStatus } from '../../db/schema.ts';
import type { TopicBuild } from '../../live/hub.ts';

export const STATUS_STALE_AFTER_MS = 60_000;

export async function buildOnline(db: Db, agedByMs = 0): Promise<TopicBuild<OnlineMessage>> {
  // The age is measured on the database's clock, the one that stamped the report.
  const [row] = await db
    .select({
      online: serverStatus.online,
      ageMs: sql<number>`(extract(epoch from (now() - ${serverStatus.reportedAt})) * 1000)::float8`,
    })
    .from(serverStatus)
    .where(eq(serverStatus.id, 1));
  const unknown = { value: { online: null } };
  if (!row) return unknown;
  const age = Number(row.ageMs) + agedByMs;
  if (age >= STATUS_STALE_AFTER_MS) return unknown;
  const left = STATUS_STALE_AFTER_MS - age;
  // Unknown the moment the report goes stale, even if nothing else happens or the database is down.
  return {
    value: { online: row.online },
    refreshInMs: left + 50,
    expires: { inMs: left + 50, value: { online: null } },
  };
}
