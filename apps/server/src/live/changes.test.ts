import { describe, expect, it } from 'vitest';
import { type Change, type ChangeType, topicsOf } from './changes.ts';
import { TOPICS, type Topic } from './topics.ts';

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
