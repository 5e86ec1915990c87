import type { ActivityItem } from '@prison/shared/players';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_FILTERS, type ActivityFilter, describeActivity, matchesFilter } from './activity-model.ts';
import { translate } from './i18n.ts';

function activity(overrides: Partial<ActivityItem> = {}): ActivityItem {
  return {
    id: 1,
    occurred_at: '2024-06-15T12:00:00Z',
    actor_uuid: '11111111-1111-4111-8111-111111111111',
    actor_username: 'Steve',
    target_uuid: null,
    target_username: null,
    activity_type: 'CHAT_MESSAGE',
    activity_text: 'hello',
    ...overrides,
  };
}

describe('describeActivity: join and quit', () => {
  it('shows PLAYER_JOIN as joined and PLAYER_QUIT as left', () => {
    expect(describeActivity(activity({ activity_type: 'PLAYER_JOIN' }))).toEqual({
      kind: 'presence',
      joined: true,
      name: 'Steve',
    });
    expect(describeActivity(activity({ activity_type: 'PLAYER_QUIT' }))).toEqual({
      kind: 'presence',
      joined: false,
      name: 'Steve',
    });
  });

  it('names a missing player "Unknown player"', () => {
    expect(describeActivity(activity({ activity_type: 'PLAYER_JOIN', actor_username: null }))).toMatchObject({
      name: 'Unknown player',
    });
  });
});

describe('describeActivity: private message', () => {
  it('shows sender, recipient and text', () => {
    expect(
      describeActivity(
        activity({
          activity_type: 'PRIVATE_MESSAGE',
          target_username: 'Alex',
          activity_text: 'meet at B mine',
        }),
      ),
    ).toEqual({ kind: 'private-message', from: 'Steve', to: 'Alex', text: 'meet at B mine' });
  });

  it('falls back to "Unknown" names and "Message content unavailable"', () => {
    expect(
      describeActivity(
        activity({
          activity_type: 'PRIVATE_MESSAGE',
          actor_username: null,
          target_username: '  ',
          activity_text: null,
        }),
      ),
    ).toEqual({
      kind: 'private-message',
      from: 'Unknown',
      to: 'Unknown',
      text: 'Message content unavailable',
    });
  });
});

describe('describeActivity: chat', () => {
  it('shows the speaker and text', () => {
    expect(describeActivity(activity())).toEqual({ kind: 'chat', name: 'Steve', text: 'hello' });
  });

  it('falls back to "Unknown player" and "Message unavailable"', () => {
    expect(describeActivity(activity({ actor_username: '', activity_text: null }))).toEqual({
      kind: 'chat',
      name: 'Unknown player',
      text: 'Message unavailable',
    });
    expect(describeActivity(activity({ activity_text: '   ' }))).toMatchObject({
      text: 'Message unavailable',
    });
  });
});

describe('describeActivity: level up', () => {
  const levelUp = (text: string | null) =>
    describeActivity(activity({ activity_type: 'LEVEL_UP', activity_text: text }));

  it('reads the level from JSON or a plain integer', () => {
    expect(levelUp('{"level":12}')).toEqual({ kind: 'level-up', name: 'Steve', level: 12 });
    expect(levelUp('12')).toMatchObject({ level: 12 });
    expect(levelUp(' 7 ')).toMatchObject({ level: 7 });
  });

  it('has no level for malformed, non-numeric or missing text', () => {
    for (const text of ['{"level":', '{"level":"12"}', 'twelve', '[12]', '12.5', null]) {
      expect(levelUp(text), String(text)).toMatchObject({ kind: 'level-up', level: null });
    }
  });

  it('names a missing player "Unknown player"', () => {
    expect(
      describeActivity(activity({ activity_type: 'LEVEL_UP', actor_username: null, activity_text: '3' })),
    ).toMatchObject({ name: 'Unknown player' });
  });
});

describe('describeActivity: G-Kit', () => {
  const gkit = (text: string | null, type = 'GKIT_UNLOCK') =>
    describeActivity(activity({ activity_type: type, activity_text: text }));

  it('shows an unlock with the kit name and level', () => {
    expect(gkit('{"kitName":"Miner","level":1,"status":"unlock"}')).toEqual({
      kind: 'gkit',
      name: 'Steve',
      kitName: 'Miner',
      level: 1,
      status: 'unlocked',
    });
  });

  it('reads any other status as upgraded', () => {
    expect(gkit('{"kitName":"Miner","level":3,"status":"upgrade"}', 'GKIT_LEVEL_UP')).toMatchObject({
      status: 'upgraded',
      level: 3,
    });
    expect(gkit('{"kitName":"Miner","level":3}', 'GKIT_LEVEL_UP')).toMatchObject({ status: 'upgraded' });
  });

  it('looks the name up in the catalogue when only the kit id is given', () => {
    expect(gkit('{"kitId":"alchemist","level":2,"status":"unlock"}')).toMatchObject({ kitName: 'Alchemist' });
    expect(gkit('{"kitId":"mystery_box","level":2}')).toMatchObject({ kitName: 'mystery_box' });
    expect(gkit('{"kitName":"","kitId":"warden"}')).toMatchObject({ kitName: 'Warden' });
  });

  it('treats malformed JSON as no details', () => {
    expect(gkit('{kitName: Miner')).toEqual({
      kind: 'gkit',
      name: 'Steve',
      kitName: null,
      level: null,
      status: 'upgraded',
    });
    expect(gkit(null)).toMatchObject({ kitName: null, level: null });
  });

  it('names a missing player "Unknown player"', () => {
    expect(
      describeActivity(
        activity({ activity_type: 'GKIT_LEVEL_UP', actor_username: null, activity_text: '{}' }),
      ),
    ).toMatchObject({ name: 'Unknown player' });
  });
});

describe('describeActivity: anything else', () => {
  it('shows actor, target, text and the type with spaces', () => {
    expect(
      describeActivity(
        activity({
          activity_type: 'TRADE_COMPLETED',
          target_username: 'Alex',
          activity_text: 'Traded 64 coal',
        }),
      ),
    ).toEqual({
      kind: 'generic',
      actor: 'Steve',
      target: 'Alex',
      text: 'Traded 64 coal',
      typeLabel: 'TRADE COMPLETED',
    });
  });

  it('falls back to "Unknown" with no target and no text', () => {
    expect(
      describeActivity(activity({ activity_type: 'CELL_RAID', actor_username: null, activity_text: null })),
    ).toEqual({ kind: 'generic', actor: 'Unknown', target: null, text: null, typeLabel: 'CELL RAID' });
  });
});

describe('activity filters (spec 2.7)', () => {
  it('offers the chips in order, All first', () => {
    expect(ACTIVITY_FILTERS.map((filter) => translate(filter.label))).toEqual([
      'All',
      'Messages',
      'Chat',
      'Joins',
      'Level Ups',
      'G-Kits',
      'Other',
    ]);
  });

  const cases: [string, ActivityFilter][] = [
    ['PRIVATE_MESSAGE', 'messages'],
    ['CHAT_MESSAGE', 'chat'],
    ['PLAYER_JOIN', 'joins'],
    ['PLAYER_QUIT', 'joins'],
    ['LEVEL_UP', 'level-ups'],
    ['GKIT_UNLOCK', 'gkits'],
    ['GKIT_LEVEL_UP', 'gkits'],
    ['GKIT_CLAIM', 'gkits'],
    ['TRADE_COMPLETED', 'other'],
    ['SOMETHING_NEW', 'other'],
  ];

  it('places each type under exactly one chip besides All', () => {
    for (const [type, expected] of cases) {
      const item = activity({ activity_type: type });
      const matching = ACTIVITY_FILTERS.map((filter) => filter.id).filter((id) => matchesFilter(item, id));
      expect(matching, type).toEqual(['all', expected]);
    }
  });
});
