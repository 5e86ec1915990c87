// Spec 4: reconnect after 1 s, doubling per attempt, at most 16 s; reset after a successful open.
// Apart from the live messages' schemas (live.ts), so that a page's live socket comes without zod.
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 16_000;
export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_BASE_MS * 2 ** Math.max(0, attempt), RECONNECT_MAX_MS);
}
