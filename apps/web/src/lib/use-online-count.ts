import { useState } from 'react';
import type { LiveStatus } from './live-socket.ts';
import { useLiveSocket } from './use-live-socket.ts';

/**
 * The count in a /ws/players message (onlineMessageSchema in @prison/shared/live): a number, null
 * when the server does not know (shown as a dash), or undefined for a malformed message, which is
 * ignored (spec 5). Checked by hand rather than by the schema: the home page shows the count, and
 * zod would be a fifth of its code. online-count.test.tsx holds this check to the schema.
 */
export function parseOnlineMessage(data: unknown): number | null | undefined {
  if (typeof data !== 'string') return undefined;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const { online } = message as { online?: unknown };
  if (online === null) return null;
  return typeof online === 'number' && Number.isSafeInteger(online) && online >= 0 ? online : undefined;
}

/** The live players-online count (null while unknown) and the state of its connection. */
export function useOnlineCount(): { online: number | null; status: LiveStatus } {
  const [online, setOnline] = useState<number | null>(null);
  const status = useLiveSocket('/ws/players', (data) => {
    const count = parseOnlineMessage(data);
    if (count !== undefined) setOnline(count);
  });
  return { online, status };
}
