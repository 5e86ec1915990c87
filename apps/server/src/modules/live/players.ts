// The online count (spec section 7): the game server's last server.status report, unknown (null)
// once it has been silent for 60 seconds.
import type { OnlineMessage } from '@prison/shared/live';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serverStatus } from '../../db/schema.ts';
import type { TopicBuild } from '../../live/hub.ts';

export const STATUS_STALE_AFTER_MS = 60_000;

export async function buildOnline(db: Db, now = Date.now()): Promise<TopicBuild<OnlineMessage>> {
  const [row] = await db.select().from(serverStatus).where(eq(serverStatus.id, 1));
  if (!row) return { value: { online: null } };
  const age = now - row.reportedAt.getTime();
  if (age >= STATUS_STALE_AFTER_MS) return { value: { online: null } };
  // Rebuild the moment the report goes stale, even if nothing else happens.
  return { value: { online: row.online }, refreshInMs: STATUS_STALE_AFTER_MS - age + 50 };
}
