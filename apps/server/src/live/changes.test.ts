import type { Dashboard } from '@prison/shared/admin';
import type { LeaderboardEntry, LeaderboardMessage } from '@prison/shared/leaderboard';
import type { OnlineMessage } from '@prison/shared/live';
import type { PlayerPageMessage } from '@prison/shared/players';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type Change, type ChangeType, topicsOf } from './changes.ts';
import type { LiveHub } from './hub.ts';
import { playerPageTopic, TOPICS, type Topic } from './topics.ts';

const A = '00000000-0000-0000-0000-00000000000a';
const B = '00000000-0000-0000-0000-00000000000b';

// One of each kind of change: a kind added to Change without one here does not compile.
const EXAMPLES: { [T in ChangeType]: Extract<Change, { type: T }> } = {
  'presence.changed': { type: 'presence.changed', player: A },
  'player.named': { type: 'player.named', player: A },
  'progress.changed': { type: 'progress.changed', player: A },
  'balance.changed': { type: 'balance.changed', player: A },
  'stats.changed': { type: 'stats.changed', player: A },
  'activity.added': { type: 'activity.added', actor: A, milestone: true },
  'gang.changed': { type: 'gang.changed', gang: 'g' },
  'treasury.changed': { type: 'treasury.changed', gang: 'g' },
  'membership.changed': { type: 'membership.changed', player: A },
  'friendship.changed': { type: 'friendship.changed', players: [A, B] },
  'listing.changed': { type: 'listing.changed' },
  'server.reported': { type: 'server.reported', backfill: true },
  'docs.changed': { type: 'docs.changed' },
  'privacy.changed': { type: 'privacy.changed', player: A },
  'discord.changed': { type: 'discord.changed', player: A },
  'punishment.changed': { type: 'punishment.changed', player: A },
  'appeal.changed': { type: 'appeal.changed', player: A },
  'action.changed': { type: 'action.changed' },
  'notification.changed': { type: 'notification.changed', player: A },
};

/** The catalogue's entry a topic belongs to: its name, or its family's. */
const entryOf = (topic: Topic) => (topic.includes(':') ? topic.slice(0, topic.indexOf(':') + 1) : topic);

describe('the change registry', () => {
  it('sends every change to at least one topic of the catalogue', () => {
    const catalogue = new Set<string>(Object.values(TOPICS));
    for (const change of Object.values(EXAMPLES)) {
      const topics = topicsOf(change);
      expect(topics.length, change.type).toBeGreaterThan(0);
      for (const topic of topics) expect(catalogue, `${change.type} -> ${topic}`).toContain(entryOf(topic));
    }
  });

  it('reaches every topic of the catalogue from some change', () => {
    const reached = new Set(Object.values(EXAMPLES).flatMap((change) => topicsOf(change).map(entryOf)));
    for (const topic of Object.values(TOPICS)) expect(reached, topic).toContain(topic);
  });

  it("names one player's page, not the whole family, for a change about one player", () => {
    expect(topicsOf(EXAMPLES['balance.changed'])).toContain(`player:${A}`);
    expect(topicsOf({ type: 'activity.added', actor: A, milestone: false })).not.toContain(`player:${A}`);
    expect(topicsOf({ type: 'server.reported', backfill: false })).not.toContain(TOPICS.statusHistory);
  });
});

describe('the topic catalogue', () => {
  // Checked by the compiler (npm run check): these lines do not run.
  it("gives every topic its shared value's type, and refuses a misspelt one", () => {
    const typed = (hub: LiveHub) => {
      expectTypeOf(hub.current(TOPICS.online)).resolves.toEqualTypeOf<OnlineMessage>();
      expectTypeOf(hub.peek(TOPICS.dashboard)).toEqualTypeOf<Dashboard | undefined>();
      expectTypeOf(hub.peek('leaderboard:level')).toEqualTypeOf<LeaderboardEntry[] | undefined>();
      expectTypeOf(hub.peek('leaderboard:level:10')).toEqualTypeOf<LeaderboardMessage | undefined>();
      expectTypeOf(hub.peek(playerPageTopic(A))).toEqualTypeOf<PlayerPageMessage | undefined>();
      // @ts-expect-error a misspelt topic
      hub.peek('dashbord');
      // @ts-expect-error a builder of the wrong value
      hub.define(TOPICS.online, async () => ({ value: { players: 1 } }));
    };
    expect(typed).toBeTypeOf('function');
  });
});
