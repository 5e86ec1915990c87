import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.ts';
import { type Database, MAX_NOTIFY_PAYLOAD, notifyPayload, notifyTopics } from '../db/client.ts';
import { committedHere } from './changes.ts';
import { LiveHub, REBUILD_INTERVAL_MS } from './hub.ts';

const quiet = { warn() {}, error() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the live hub', () => {
  let database: Database;
  let hub: LiveHub<[string, unknown]>;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    // The hub's own behaviour, on topics of its own: each test defines the ones it uses.
    hub = new LiveHub<[string, unknown]>(database, quiet);
    await hub.start();
  });
  afterAll(async () => {
    await hub.stop();
    await database.close();
  });

  let defined = 0;
  /** A topic holding `{ state }`, counting its builds; its builder throws while `failing` is set. */
  function counter() {
    const source = { name: `counter-${++defined}`, state: 0, builds: 0, failing: false };
    hub.define(source.name, async () => {
      source.builds++;
      if (source.failing) throw new Error('database down');
      return { value: { state: source.state } };
    });
    return source;
  }
  const notify = (topic: string) => database.db.transaction((tx) => notifyTopics(tx, [topic]));

  it('rebuilds a topic when a committed NOTIFY names it, coalescing bursts to one build a second', async () => {
    const counted = counter();
    expect(await hub.current(counted.name)).toEqual({ state: 0 });
    const before = counted.builds;
    for (let i = 1; i <= 20; i++) {
      counted.state = i;
      await notify(counted.name);
    }
    await sleep(REBUILD_INTERVAL_MS * 1.5);
    expect(await hub.current(counted.name)).toEqual({ state: 20 });
    expect(counted.builds - before).toBeLessThanOrEqual(2);
  });

  it('does not rebuild for a rolled-back transaction', async () => {
    const counted = counter();
    await hub.current(counted.name);
    const before = counted.builds;
    await database.db
      .transaction(async (tx) => {
        await notifyTopics(tx, [counted.name]);
        throw new Error('rollback');
      })
      .catch(() => {});
    await sleep(REBUILD_INTERVAL_MS * 1.5);
    expect(counted.builds).toBe(before);
  });

  it('invalidates a whole family of topics by its prefix', async () => {
    const family = `family-${++defined}:`;
    let state = 1;
    hub.define(family, async (topic) => ({ value: { topic, state } }));
    expect(await hub.current(`${family}a`)).toEqual({ topic: `${family}a`, state: 1 });
    expect(await hub.current(`${family}b`)).toEqual({ topic: `${family}b`, state: 1 });
    state = 2;
    await notify(family);
    await sleep(REBUILD_INTERVAL_MS * 1.5);
    expect(await hub.current(`${family}a`)).toEqual({ topic: `${family}a`, state: 2 });
    expect(await hub.current(`${family}b`)).toEqual({ topic: `${family}b`, state: 2 });
  });

  it('keeps the last snapshot while rebuilding fails, and recovers by itself', async () => {
    const counted = counter();
    counted.state = 20;
    expect(await hub.current(counted.name)).toEqual({ state: 20 });
    counted.state = 5;
    counted.failing = true;
    await notify(counted.name);
    await sleep(REBUILD_INTERVAL_MS * 1.5);
    expect(await hub.current(counted.name)).toEqual({ state: 20 });
    counted.failing = false;
    await sleep(2500); // The hub retries a failed build after two seconds.
    expect(await hub.current(counted.name)).toEqual({ state: 5 });
  });

  it('replaces a snapshot when it expires, even while rebuilding fails', async () => {
    const expiring = `expiring-${++defined}`;
    let failing = false;
    hub.define(expiring, async () => {
      if (failing) throw new Error('database down');
      return { value: { fresh: true }, expires: { inMs: 300, value: { fresh: false } } };
    });
    expect(await hub.current(expiring)).toEqual({ fresh: true });
    failing = true;
    await notify(expiring);
    await sleep(600);
    expect(await hub.current(expiring)).toEqual({ fresh: false });
  });

  it("has this process's own write in its topics before committedHere settles, when the write asks", async () => {
    // Topics of the site's names: committedHere speaks in changes, which name them.
    let docs = 1;
    let pages = 1;
    hub.define('docs', async () => ({ value: { docs } }));
    hub.define('player:', async (topic) => ({ value: { topic, pages } }));
    await hub.current('docs');
    await hub.current('player:a');
    await hub.current('player:b');

    docs = 2;
    await committedHere(database.db, [{ type: 'docs.changed' }]);
    expect(hub.peek('docs')).toEqual({ docs: 1 }); // Left to the NOTIFY's usual interval.
    await committedHere(database.db, [{ type: 'docs.changed' }], { rebuild: true });
    expect(hub.peek('docs')).toEqual({ docs: 2 });

    pages = 2;
    await committedHere(database.db, [{ type: 'privacy.changed', player: 'a' }], { rebuild: true });
    expect(hub.peek('player:a')).toEqual({ topic: 'player:a', pages: 2 });
    expect(hub.peek('player:b')).toEqual({ topic: 'player:b', pages: 1 });
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
