// Messages pushed over the live sockets (spec section 7).
import { z } from 'zod';

// online is null while the count is unknown: no server.status report in the last 60 seconds.
export const onlineMessageSchema = z.object({ online: z.int().min(0).nullable() });
export type OnlineMessage = z.infer<typeof onlineMessageSchema>;

// Spec 4: reconnect after 1 s, doubling per attempt, at most 16 s; reset after a successful open.
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 16_000;
export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_BASE_MS * 2 ** Math.max(0, attempt), RECONNECT_MAX_MS);
}
