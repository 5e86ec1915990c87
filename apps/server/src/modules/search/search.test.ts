import type { SearchResult } from '@prison/shared/search';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  eventId,
  newPlayer,
  postEvents,
  type TestApp,
} from '../../../test/helpers.ts';
import { prefixEnd } from '../../db/prefix-range.ts';
import { SearchAnswers } from './service.ts';

const ev = (type: string, fields: Record<string, unknown>) => ({ id: eventId(type), type, ...fields });

describe('prefixEnd', () => {
  it('bounds every string that starts with the prefix', () => {
    expect(prefixEnd('ab')).toBe('ac');
    expect(prefixEnd('a_')).toBe('a`');
    for (const name of ['ab', 'ab_', 'abzzzz', 'ab~']) expect(name < prefixEnd('ab')).toBe(true);
    expect('ac' < prefixEnd('ab')).toBe(false);
  });
});

describe('SearchAnswers', () => {
  const result = (tag: string) => ({
    players: [],
    gangs: [{ id: tag, name: tag, color: null, status: 'Open', member_count: 0, online_count: 0 }],
  });

  it('keeps an answer for its time to live, for any case, and shares one read between searches', async () => {
    const reads: string[] = [];
    const answers = new SearchAnswers(async (q) => {
      reads.push(q);
      return result(`${q}${reads.length}`);
    }, 5000);
    const [a, b] = await Promise.all([answers.answer('Min', 0), answers.answer('min', 10)]);
    expect(a).toBe(b);
    expect(await answers.answer('MIN', 4999)).toBe(a);
    expect(reads).toEqual(['min']);
    expect(await answers.answer('min', 5000)).not.toBe(a);
    expect(reads).toEqual(['min', 'min']);
  });

  it('does not keep a failed read, and forgets the oldest answers past its size', async () => {
    let fail = true;
    const answers = new SearchAnswers(
      async (q) => {
        if (fail) throw new Error('database down');
        return result(q);
      },
      5000,
      2,
    );
    await expect(answers.answer('a', 0)).rejects.toThrow('database down');
    fail = false;
    expect((await answers.answer('a', 1)).gangs[0]?.id).toBe('a');
    const b = await answers.answer('b', 2);
    await answers.answer('c', 3);
    expect(await answers.answer('b', 4)).toBe(b);
    // 'a' was the oldest and went when 'c' came.
    const again = await answers.answer('a', 5);
    expect(again.gangs[0]?.id).toBe('a');
  });
});

describe.each(databaseKinds())('search on %s', (kind) => {
  let t: TestApp;
  const search = (q: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers });

  beforeAll(async () => {
    t = await createTestApp(kind);
    // Min is offline; Mina, Minaret and Mindy are online; Mindy_9 and Mint are offline; twelve
    // more "Miner" players fill the list past its limit.
    const online = ['Mina', 'Minaret', 'Mindy'].map((username) => newPlayer({ username }));
    const offline = ['Min', 'Mindy_9', 'Mint', 'A_Min', 'M_n'].map((username) => newPlayer({ username }));
    const many = Array.from({ length: 12 }, (_, i) =>
      newPlayer({ username: `Miner${String(i).padStart(2, '0')}` }),
    );
    const res = await postEvents(t.app, [
      ...[...online, ...offline, ...many].map((p) => p.join),
      ...[...offline, ...many].map((p) => ev('player.quit', { uuid: p.uuid })),
      ev('gang.upsert', { gang_id: 'g1', name: 'Mine Lords', status: 'Open' }),
      ev('gang.upsert', { gang_id: 'g2', name: 'Deep Miners', status: 'Closed' }),
      ev('gang.upsert', { gang_id: 'g3', name: 'min', status: 'Open' }),
      ev('gang.upsert', { gang_id: 'g4', name: 'Stone Crew', status: 'Open' }),
      ev('gang.member', { gang_id: 'g2', uuid: online[0]!.uuid, role: 'Leader' }),
    ]);
    expect(res.statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  it('lists the exact name first, then online players, then everyone by name, at most 8', async () => {
    const res = await search('MIN');
    expect(res.statusCode).toBe(200);
    const { players } = res.json<SearchResult>();
    expect(players.map((p) => p.username)).toEqual([
      'Min',
      'Mina',
      'Minaret',
      'Mindy',
      'Mindy_9',
      'Miner00',
      'Miner01',
      'Miner02',
    ]);
    expect(players[0]).toMatchObject({ online: false, rank: 'ROOKIE', level: 1 });
    expect(players[1]).toMatchObject({ online: true });
  });

  it('matches names by prefix only, any case, and underscores literally', async () => {
    expect((await search('mindy_')).json<SearchResult>().players.map((p) => p.username)).toEqual(['Mindy_9']);
    expect((await search('m_n')).json<SearchResult>().players.map((p) => p.username)).toEqual(['M_n']);
    expect((await search('%')).json<SearchResult>().players).toEqual([]);
    // Characters no name has match no one, without asking the database.
    for (const q of ['\uFFFE\uFFFF', 'mi n', 'é', '\u{1F600}']) {
      const res = await search(q);
      expect(res.statusCode, q).toBe(200);
      expect(res.json<SearchResult>().players).toEqual([]);
    }
    expect((await search('ine')).json<SearchResult>().players).toEqual([]);
  });

  it('finds gangs by any part of their name: exact, then prefix, then the rest, most online first', async () => {
    const { gangs } = (await search('min')).json<SearchResult>();
    expect(gangs.map((g) => g.name)).toEqual(['min', 'Mine Lords', 'Deep Miners']);
    expect(gangs[2]).toMatchObject({ id: 'g2', member_count: 1, online_count: 1, status: 'Closed' });
  });

  it('refuses a blank or over-long query with 400 {detail}', async () => {
    for (const url of [
      '/api/search',
      '/api/search?q=',
      '/api/search?q=%20%20',
      '/api/search?q=a%00',
      `/api/search?q=${'a'.repeat(33)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    expect((await search('a'.repeat(32))).statusCode).toBe(200);
  });

  it('reads names through the prefix indexes', async () => {
    // Forbid sequential scans so the plan shows which index serves each part of the query.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(
        sql`explain select uuid from players where (lower(username) collate "C") >= 'min' and (lower(username) collate "C") < 'mio' and online order by (lower(username) collate "C") limit 8`,
      )) as unknown as { rows: Array<Record<string, string>> };
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('players_online_username_prefix_idx');
  });
});

describe('search rate limit', () => {
  it('answers 429 {detail} past SEARCH_RATE_LIMIT searches a minute from one address', async () => {
    const t = await createTestApp('pglite', { SEARCH_RATE_LIMIT: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await t.app.inject({ method: 'GET', url: '/api/search?q=abc' })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
      const limited = await t.app.inject({ method: 'GET', url: '/api/search?q=abc' });
      expect(limited.json().detail).toMatch(/Too many requests/);
    } finally {
      await t.close();
    }
  });
});
