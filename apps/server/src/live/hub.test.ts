import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, MAX_NOTIFY_PAYLOAD, notifyPayload, notifyTopics, openPglite } from '../db/client.ts';
import { LiveHub, REBUILD_INTERVAL_MS } from './hub.ts';

const quiet = { warn() {}, error() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the live hub', () => {
  let database: Database;
  let hub: LiveHub<[string, unknown]>;
  let state = 0;
  let builds = 0;
  let failing = false;
  beforeAll(async () => {
    database = await openPglite(null);
    // The hub's own behaviour, on topics of its own.
    hub = new LiveHub<[string, unknown]>(database, quiet);
    hub.define('counter', async () => {
      builds++;
      if (failing) throw new Error('database down');
      return { value: { state } };
    });
    hub.define('social:', async (topic) => ({ value: { topic, state } }));
    hub.define('expiring', async () => {
      if (failing) throw new Error('database down');
      return { value: { fresh: true }, expires: { inMs: 300, value: { fresh: false } } };
    });
    await hub.start();
  });
  afterAll(async () => {
    await hub.stop();
    await database.close();
  });

  it('rebuilds a topic when a committed NOTIFY names it, coalescing bursts to one build a second', async () => {
    expect(await hub.current('counter')).toEqual({ state: 0 });
    const before = builds;
    for (let i = 1; i <= 20; i++) {
      state = i;
      await database.db.transaction((tx) => notifyTopics(tx, ['counter']));
    }
    await sleep(REBUILD_INTERVAL_MS * 1.5);
    expect(await hub.current('counter')).toEqual({ state: 20 });
    expect(builds - before).toBeLessThanOrEqual(2);
  });

  it('does not rebuild for a rolled-back transaction', async () => {
    await sleep(REBUILD_INTERVAL_MS);
    const before = builds;
    await database.db
      .transaction(async (tx) => {
        await notifyTopics(tx, ['counter']);
        throw new Error('rollback');
      })
      .catch(() => {});
    await sleep(REBUILD_INTERVAL_MS * 1.5);
    expect(builds).toBe(before);
  });

  it('invalidates a whole family of topics by its prefix', async () => {
    state = 1;
    expect(await hub.current('social:a')).toEqual({ topic: 'social:a', state: 1 });
    expect(await hub.current('social:b')).toEqual({ topic: 'social:b', state: 1 });
    state = 2;
    await database.db.transaction((tx) => notifyTopics(tx, ['social:']));
    await sleep(REBUILD_INTERVAL_MS * 1.5);
    expect(await hub.current('social:a')).toEqual({ topic: 'social:a', state: 2 });
    expect(await hub.current('social:b')).toEqual({ topic: 'social:b', state: 2 });
  });

  it('keeps the last snapshot while rebuilding fails, and recovers by itself', async () => {
    state = 5;
    failing = true;
    await database.db.transaction((tx) => notifyTopics(tx, ['counter']));
    await sleep(REBUILD_INTERVAL_MS * 1.5);
    expect(await hub.current('counter')).toEqual({ state: 20 });
    failing = false;
    await sleep(2500); // The hub retries a failed build after two seconds.
    expect(await hub.current('counter')).toEqual({ state: 5 });
  });

  it('replaces a snapshot when it expires, even while rebuilding fails', async () => {
    failing = false;
    expect(await hub.current('expiring')).toEqual({ fresh: true });
    failing = true;
    await database.db.transaction((tx) => notifyTopics(tx, ['expiring']));
    await sleep(600);
    expect(await hub.current('expiring')).toEqual({ fresh: false });
    failing = false;
  });
});

describe('notifyPayload', () => {
  it('names each topic, or their families when the names would not fit in one NOTIFY', () => {
    expect(notifyPayload(['players', 'player:a', 'player:b', 'players'])).toBe('players,player:a,player:b');
    const many = Array.from({ length: 400 }, (_, i) => `player:${String(i).padStart(36, '0')}`);
    const payload = notifyPayload(['gangs', ...many, 'social:', 'social:friends:x']);
    expect(payload).toBe('gangs,player:,social:');
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_NOTIFY_PAYLOAD);
  });
});
