// The cache of first pages and summaries, against a listener the test drives: what it keeps, what
// makes it forget (this process's own commits, a NOTIFY, a lost listener, time on PostgreSQL), and
// that a read a write overtook is answered but not kept.
import { setTimeout } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { committedHere } from '../../live/changes.ts';
import { playerPageTopic, TOPICS } from '../../live/topics.ts';
import { ReadCache } from './listings.ts';

const SELLER = '0a0a0a0a-0000-4000-8000-000000000001';

/** A stand-in for the database's listener: the test says when it listens, notifies and is lost. */
function listener(kind: Database['kind']) {
  const db = {} as Db;
  let onPayload: (payload: string) => void = () => {};
  let onLost: () => void = () => {};
  const database = {
    kind,
    db,
    async listen(_channel: string, payload: (p: string) => void, lost?: () => void) {
      onPayload = payload;
      onLost = lost ?? (() => {});
      return async () => {};
    },
  } as unknown as Database;
  return {
    db,
    database,
    notify: (payload: string) => onPayload(payload),
    lose: () => onLost(),
  };
}

/** A read that counts how often it runs and answers the count. */
function counted() {
  let reads = 0;
  const read = async () => ({ value: ++reads, sellers: [SELLER.toUpperCase()] });
  return { read, reads: () => reads };
}

/** A cache on PostgreSQL whose listener listens. */
async function listening(keepMs = Number.POSITIVE_INFINITY) {
  const l = listener('postgres');
  const cache = new ReadCache(l.database, keepMs);
  await Promise.resolve();
  l.notify('*');
  return { ...l, cache };
}

describe('the listings read cache', () => {
  it('keeps nothing until its listener listens', async () => {
    const l = listener('postgres');
    const cache = new ReadCache(l.database, Number.POSITIVE_INFINITY);
    const { read, reads } = counted();
    await cache.get('page', read);
    await cache.get('page', read);
    expect(reads()).toBe(2);
    l.notify('*');
    await cache.get('page', read);
    await cache.get('page', read);
    expect(reads()).toBe(3);
  });

  it('keeps on PGlite once listen has resolved', async () => {
    const l = listener('pglite');
    const cache = new ReadCache(l.database, Number.POSITIVE_INFINITY);
    await setTimeout(0);
    const { read, reads } = counted();
    expect([await cache.get('page', read), await cache.get('page', read)]).toEqual([1, 1]);
    expect(reads()).toBe(1);
  });

  it('forgets at once when this process commits a listing change', async () => {
    const { cache, db } = await listening();
    const { read } = counted();
    expect(await cache.get('page', read)).toBe(1);
    committedHere(db, [{ type: 'balance.changed', player: 'someone' }]);
    expect(await cache.get('page', read)).toBe(1);
    committedHere(db, [{ type: 'listing.changed' }]);
    expect(await cache.get('page', read)).toBe(2);
  });

  it('forgets on a NOTIFY of the categories, and on a rename of a seller it names only', async () => {
    const { cache, notify } = await listening();
    const page = counted();
    const other = counted();
    await cache.get('page', page.read);
    await cache.get('other', async () => ({ value: await other.read().then((r) => r.value), sellers: [] }));
    notify(`${TOPICS.leaderboard},${playerPageTopic('ffffffff-0000-4000-8000-000000000000')}`);
    expect(await cache.get('page', page.read)).toBe(1);
    notify(playerPageTopic(SELLER));
    expect(await cache.get('page', page.read)).toBe(2);
    expect(await cache.get('other', other.read)).toBe(1);
    notify(TOPICS.categories);
    expect(await cache.get('other', other.read)).toBe(2);
  });

  it('hands a read a write overtook to its readers, and does not keep it', async () => {
    const { cache, db } = await listening();
    let release: () => void = () => {};
    let reads = 0;
    const read = () =>
      new Promise<{ value: number; sellers: string[] }>((resolve) => {
        reads++;
        release = () => resolve({ value: reads, sellers: [] });
      });
    const first = cache.get('page', read);
    const sharing = cache.get('page', read);
    committedHere(db, [{ type: 'listing.changed' }]);
    release();
    expect([await first, await sharing]).toEqual([1, 1]);
    const next = cache.get('page', read);
    release();
    expect(await next).toBe(2);
  });

  it('forgets everything when its listener is lost, and keeps nothing until it listens again', async () => {
    const { cache, lose, notify } = await listening();
    const { read, reads } = counted();
    await cache.get('page', read);
    lose();
    await cache.get('page', read);
    await cache.get('page', read);
    expect(reads()).toBe(3);
    notify('*');
    await cache.get('page', read);
    await cache.get('page', read);
    expect(reads()).toBe(4);
  });

  it('keeps an answer no longer than it was told to', async () => {
    const { cache } = await listening(30);
    const { read } = counted();
    expect(await cache.get('page', read)).toBe(1);
    expect(await cache.get('page', read)).toBe(1);
    await setTimeout(60);
    expect(await cache.get('page', read)).toBe(2);
  });
});
