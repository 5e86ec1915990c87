import { useState } from 'react';
import { expireOnSessionClose } from './session.ts';
import { useFreshToken } from './use-fresh-token.ts';
import { useLiveSocket } from './use-live-socket.ts';

/**
 * The count in a social socket's {"notifications": {"unread": n}} message (notificationsMessageSchema
 * in @prison/shared/notifications), or undefined for another message or a malformed one. Checked by
 * hand rather than by the schema: every page's header shows the count, and zod would weigh on each.
 */
export function parseUnreadMessage(data: unknown): number | undefined {
  if (typeof data !== 'string') return undefined;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return undefined;
  }
  const unread = (message as { notifications?: { unread?: unknown } } | null)?.notifications?.unread;
  return typeof unread === 'number' && Number.isSafeInteger(unread) && unread >= 0 ? unread : undefined;
}

/**
 * The signed-in player's unread notifications, live (their social socket with only=notifications):
 * null until the first message, and while signed out.
 */
export function useUnreadNotifications(token: string | null): number | null {
  const [unread, setUnread] = useState<{ token: string; count: number } | null>(null);
  useFreshToken(token);
  useLiveSocket(
    token ? `/api/social/ws?only=notifications&token=${encodeURIComponent(token)}` : null,
    (data) => {
      const count = parseUnreadMessage(data);
      if (count !== undefined && token) setUnread({ token, count });
    },
    expireOnSessionClose,
  );
  return token && unread ? unread.count : null;
}
