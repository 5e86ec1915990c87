import { onlineMessageSchema } from '@prison/shared/live';
import { useState } from 'react';
import { type LiveStatus, parseLiveMessage } from './live-socket.ts';
import { useLiveSocket } from './use-live-socket.ts';

/**
 * The count in a /ws/players message: a number, null when the server does not know (shown as a dash),
 * or undefined for a malformed message, which is ignored (spec 5).
 */
export function parseOnlineMessage(data: unknown): number | null | undefined {
  return parseLiveMessage(onlineMessageSchema, data)?.online;
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
