// The social hub's live state (spec 2.8, 7): /api/gangs/ws for everyone, and /api/social/ws with
// the access token for the signed-in player's friends, overview, gang and own punishments. Close code
// 1008 on the social feed means the session expired: logout with reason expired (spec 4, 8).
import type { OwnPunishment } from '@prison/shared/moderation';
import type { Friend, Gang, SocialOverview } from '@prison/shared/social';
import { useState } from 'react';
import { schemasOf } from '../../lib/lazy-schema.ts';
import { type LiveStatus, readLiveMessage } from '../../lib/live-socket.ts';
import { expireOnSessionClose } from '../../lib/session.ts';
import { useFreshToken } from '../../lib/use-fresh-token.ts';
import { useLiveSocket } from '../../lib/use-live-socket.ts';

const schema = schemasOf(() => import('@prison/shared/social'));
const gangsMessageSchema = schema('gangsMessageSchema');
const socialMessageSchema = schema('socialMessageSchema');

/** Every gang, live; null until the first message. Malformed messages are ignored. */
export function useGangsFeed(): { gangs: Gang[] | null; status: LiveStatus } {
  const [gangs, setGangs] = useState<Gang[] | null>(null);
  const status = useLiveSocket('/api/gangs/ws', (data) => {
    readLiveMessage(gangsMessageSchema, data, (message) => setGangs(message.gangs));
  });
  return { gangs, status };
}

export interface SocialFeed {
  status: LiveStatus;
  /** Each undefined until its first message. */
  friends: Friend[] | undefined;
  overview: SocialOverview | undefined;
  gang: Gang | null | undefined;
  /** The player's own punishments with their appeals (the profile shows them). */
  punishments: OwnPunishment[] | undefined;
}

/** The signed-in player's feed; with no token, nothing is opened. */
export function useSocialFeed(token: string | null): SocialFeed {
  const [state, setState] = useState<Omit<SocialFeed, 'status'>>({
    friends: undefined,
    overview: undefined,
    gang: undefined,
    punishments: undefined,
  });
  useFreshToken(token);
  const path = token ? `/api/social/ws?token=${encodeURIComponent(token)}` : null;
  const status = useLiveSocket(
    path,
    (data) => {
      readLiveMessage(socialMessageSchema, data, (message) =>
        setState((current) => ({ ...current, ...message })),
      );
    },
    expireOnSessionClose,
  );
  return { status, ...state };
}
