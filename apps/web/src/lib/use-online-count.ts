import { onlineMessageSchema } from '@prison/shared/live';
import { useState } from 'react';
import type { LiveStatus } from './live-socket.ts';
import { useLiveSocket } from './use-live-socket.ts';

/**
 * The count in a /ws/players message: a number, null when the server does not know (shown as a dash),
 * or undefined for a malformed message, which is ignored (spec 5).
 */
export function parseOnlineMessage(data: unknown): number | null | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = onlineMessageSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data.online : undefined;
  } catch {
    return undefined;
  }
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
