// Messages pushed over the live sockets (spec section 7).
import { z } from 'zod';

// online is null while the count is unknown: no server.status report in the last 60 seconds.
export const onlineMessageSchema = z.object({ online: z.int().min(0).nullable() }).meta({
  id: 'OnlineCount',
  description:
    'How many players are online; null while unknown (no report from the game server for 60 seconds).',
  examples: [{ online: 87 }],
});
export type OnlineMessage = z.infer<typeof onlineMessageSchema>;

// Spec 4's reconnection delays (reconnect.ts holds them without zod).
export { RECONNECT_BASE_MS, RECONNECT_MAX_MS, reconnectDelay } from './reconnect.ts';
