import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Doc } from '@prison/shared/docs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createPostgresDatabase,
  createTestApp,
  createTestAppOn,
  databaseKinds,
  eventId,
  grantRoles,
  newPlayer,
  postEvents,
  type TestApp,
} from '../../../test/helpers.ts';
import { answerHeaders, fetchRaw } from '../../../test/raw-fetch.ts';
import { openPostgres } from '../../db/client.ts';
import { docs } from '../../db/schema.ts';
import { seedDemoGuides } from './demo.ts';
import { DEMO_GUIDES } from './demo-guides.ts';

describe.each(databaseKinds())('docs on %s', (kind) => {
  let t: TestApp;
  const password = 'written-in-stone';
  const editor = newPlayer({ username: 'DocsWriter' });
  const owner = newPlayer({ username: 'TheOwner' });
  const player = newPlayer({ username: 'JustMining' });
  const tokens: Record<string, string> = {};

  // The game server gives the player a password; staff roles come from the command line (grantRoles).
  const account = (p: ReturnType<typeof newPlayer>) => [
    p.join,
    { id: eventId(), type: 'account.password', uuid: p.uuid, password },
  ];
  const signIn = async (username: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/player-login',
      payload: { username, password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().access_token as string;
  };
  const create = (payload: unknown, token: string | null = tokens.editor!) =>
    t.app.inject({
      method: 'POST',
      url: '/api/docs',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: payload as Record<string, unknown>,
    });
  const list = async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    return res.json() as Doc[];
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const res = await postEvents(t.app, [
      ...account(editor),
      ...account(owner),
      ...account(player),
      { id: eventId(), type: 'account.roles', uuid: player.uuid, roles: ['VIP'] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    await grantRoles(t.db, editor.uuid, ['docs_editor']);
    await grantRoles(t.db, owner.uuid, ['OWNER']);
    tokens.editor = await signIn(editor.username);
    tokens.owner = await signIn(owner.username);
    tokens.player = await signIn(player.username);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists nothing at first, without signing in', async () => {
    // At first: a server of its own, where no doc was ever written.
    const fresh = await createTestApp(kind);
    try {
      const res = await fresh.app.inject({ url: '/api/docs' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('creates a doc with trimmed fields and a slug from the title, recording the author', async () => {
    const res = await create({ title: '  Welcome to the Yard  ', content: '\n# Welcome\n\nHello.\n\n' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      title: 'Welcome to the Yard',
      slug: 'welcome-to-the-yard',
      content: '# Welcome\n\nHello.',
      revision: 1,
    });
    const [row] = await t.db.select().from(docs).where(eq(docs.slug, 'welcome-to-the-yard'));
    expect(row?.authorUuid).toBe(editor.uuid);
  });

  it('lists every doc sorted by title, with only title, slug, content and revision', async () => {
    const slugs = new Set<string>();
    for (const title of ['zebra crossings', 'Anvils', 'Visiting Hours', 'Season 10', 'Season 2']) {
      const res = await create({ title, content: `About ${title}` }, tokens.owner);
      expect(res.statusCode).toBe(201);
      slugs.add(res.json().slug);
    }
    // Its own docs, in the order of the whole list.
    const all = (await list()).filter((d) => slugs.has(d.slug));
    expect(all.map((d) => d.title)).toEqual([
      'Anvils',
      'Season 2',
      'Season 10',
      'Visiting Hours',
      'zebra crossings',
    ]);
    expect(Object.keys(all[0]!).sort()).toEqual(['content', 'revision', 'slug', 'title']);
  });

  it('sends the list as the same JSON in Brotli, gzip or plain, and a new doc in the very next one', async () => {
    const answer = async (encoding: string) => {
      const res = await t.app.inject({ url: '/api/docs', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers.vary).toBe('accept-encoding');
      const coding = res.headers['content-encoding'];
      const bytes = res.rawPayload;
      const plain =
        coding === 'br' ? brotliDecompressSync(bytes) : coding === 'gzip' ? gunzipSync(bytes) : bytes;
      return { coding, json: JSON.parse(plain.toString('utf8')) as { slug: string }[] };
    };
    // Answers under 1 KB are not worth compressing; this one makes the list longer.
    const long = await create({ title: 'The Long Read', content: 'Mine, sell, rank up. '.repeat(100) });
    expect(long.statusCode).toBe(201);
    const before = await answer('identity');
    expect(before.coding).toBeUndefined();
    expect((await answer('br')).coding).toBe('br');
    expect((await answer('br')).json).toEqual(before.json);
    expect((await answer('gzip;q=1, br;q=0')).coding).toBe('gzip');
    expect((await answer('gzip;q=1, br;q=0')).json).toEqual(before.json);
    const res = await create({ title: 'Fresh Off The Press', content: 'Read me first.' });
    expect(res.statusCode).toBe(201);
    for (const encoding of ['identity', 'br', 'gzip']) {
      const after = (await answer(encoding)).json.map((d) => d.slug);
      expect(after, encoding).toContain('fresh-off-the-press');
      expect(after).toHaveLength(before.json.length + 1);
    }
  });

  it('answers from the fast lane exactly what the route answers, and a new doc at once', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/docs`;
    const same = async (query: string, laned: boolean) => {
      const encodings: Record<string, string>[] = [
        {},
        { 'accept-encoding': 'br' },
        { 'accept-encoding': 'gzip' },
      ];
      for (const headers of encodings) {
        const before = t.app.fastLane.served;
        const routed = await t.app.inject({ url: `/api/docs${query}`, headers });
        const sent = await fetchRaw(`${url}${query}`, headers);
        expect(sent.status).toBe(200);
        expect(sent.body.equals(routed.rawPayload), `${query} ${JSON.stringify(headers)}`).toBe(true);
        expect(answerHeaders(sent.headers)).toEqual(answerHeaders(routed.headers));
        expect(t.app.fastLane.served - before).toBe(laned ? 1 : 0);
      }
    };
    await list();
    await same('', true);
    // A query the docs do not take is left to the route, which ignores it.
    await same('?page=2', false);
    expect((await create({ title: 'Hot Off The Lane', content: 'Fresh.' })).statusCode).toBe(201);
    const sent = JSON.parse((await fetchRaw(url, {})).body.toString()) as Doc[];
    expect(sent.map((d) => d.slug)).toContain('hot-off-the-lane');
  });

  it('numbers the slugs of docs with the same title', async () => {
    const slugs = [];
    for (let i = 0; i < 3; i++) {
      const res = await create({ title: 'Gang Wars', content: `Take ${i}` });
      expect(res.statusCode).toBe(201);
      slugs.push(res.json().slug);
    }
    expect(slugs).toEqual(['gang-wars', 'gang-wars-2', 'gang-wars-3']);
  });

  it('gives each of many concurrent creates with one title its own slug', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => create({ title: 'Mine Etiquette', content: `Draft ${i}` })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    const slugs = answers.map((a) => a.json().slug as string);
    expect(new Set(slugs)).toEqual(
      new Set(['mine-etiquette', ...Array.from({ length: 9 }, (_, i) => `mine-etiquette-${i + 2}`)]),
    );
    const stored = await t.db.select().from(docs);
    expect(stored.filter((d) => d.title === 'Mine Etiquette')).toHaveLength(10);
  });

  it('gives a title with no Latin reading a usable slug', async () => {
    const first = await create({ title: '新手指南', content: '欢迎' });
    const second = await create({ title: '🔥', content: 'fire' });
    const cyrillic = await create({ title: 'Гайд по шахтам', content: 'Шахты' });
    expect([first.json().slug, second.json().slug, cyrillic.json().slug]).toEqual([
      'doc',
      'doc-2',
      'gayd-po-shakhtam',
    ]);
  });

  it('keeps raw HTML as written (it is sanitized when shown)', async () => {
    const content = '<img src=x onerror="alert(1)"> and [x](javascript:alert(1))';
    const res = await create({ title: 'Raw', content });
    expect(res.json().content).toBe(content);
  });

  it.each([
    [{ title: '   ', content: 'Something' }, 'Enter a title'],
    [{ title: 'Blank body', content: ' \n\t ' }, 'Write the content'],
    [{ title: 'x'.repeat(201), content: 'Something' }, 'Keep the title to 200 characters or fewer'],
    [{ title: 'Two\nlines', content: 'Something' }, 'single line'],
    [{ title: 'Nul', content: 'a\u0000b' }, 'cannot be stored'],
    [{ content: 'No title' }, 'title'],
    [{ title: 42, content: 'Number title' }, 'title'],
  ])('refuses %j with 400 and a detail', async (payload, detail) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(detail);
  });

  it('accepts a 200-character title and 100 KB of content, and refuses more content with 413', async () => {
    const longest = await create({ title: 'T'.repeat(200), content: 'é'.repeat(50 * 1024) });
    expect(longest.statusCode, longest.body).toBe(201);
    const tooBig = await create({ title: 'Too big', content: `${'é'.repeat(50 * 1024)}x` });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({
      detail: 'The content is too long: a doc can hold at most 100 KB of text.',
      code: 'doc_too_large',
    });
    const huge = await create({ title: 'Huge', content: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().detail).toEqual(expect.any(String));
    expect((await list()).some((d) => d.title === 'Too big' || d.title === 'Huge')).toBe(false);
  });

  it('answers 401 without a valid token', async () => {
    const none = await create({ title: 'Anonymous', content: 'x' }, null);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: 'Not signed in', code: 'not_signed_in' });
    const forged = await create({ title: 'Forged', content: 'x' }, 'a.b.c');
    expect(forged.statusCode).toBe(401);
  });

  it('answers 403 to a signed-in player without a docs role, before looking at the body', async () => {
    const res = await create({ title: 'Not mine to write', content: 'x' }, tokens.player);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You do not have permission to do that', code: 'not_permitted' });
    expect((await create({ title: '', content: '' }, tokens.player)).statusCode).toBe(403);
    expect((await list()).some((d) => d.title === 'Not mine to write')).toBe(false);
  });

  it('takes a role away at once, not when the token expires', async () => {
    const demoted = newPlayer({ username: 'ExEditor' });
    await postEvents(t.app, account(demoted));
    await grantRoles(t.db, demoted.uuid, ['WEB_ADMIN']);
    const token = await signIn(demoted.username);
    expect((await create({ title: 'Before', content: 'x' }, token)).statusCode).toBe(201);
    await grantRoles(t.db, demoted.uuid, []);
    // The role change signs the editor out; signed in again, they may no longer write.
    expect((await create({ title: 'After', content: 'x' }, token)).statusCode).toBe(401);
    const again = await signIn(demoted.username);
    expect((await create({ title: 'After', content: 'x' }, again)).statusCode).toBe(403);
  });

  it('seeds the demo guides once, next to the docs staff wrote, and a later create avoids their slugs', async () => {
    await seedDemoGuides(t.db);
    await seedDemoGuides(t.db);
    // Written past the API: the list gains them when the seed's NOTIFY reaches the live hub.
    let all: Awaited<ReturnType<typeof list>> = [];
    await vi.waitFor(
      async () => {
        all = await list();
        for (const guide of DEMO_GUIDES) {
          expect(all.filter((d) => d.slug === guide.slug)).toEqual([{ ...guide, revision: 1 }]);
        }
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(all.map((d) => d.title)).toEqual(
      [...all.map((d) => d.title)].sort(Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare),
    );
    const gangs = await create({ title: 'Gangs', content: 'A second take' });
    expect(gangs.json().slug).toBe('gangs-2');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('docs across two server processes on PostgreSQL', () => {
  it('lists a doc created through one process in the other, which had already read the list', async () => {
    const { url, drop } = await createPostgresDatabase();
    const a = await createTestAppOn(await openPostgres(url, () => {}));
    const b = await createTestAppOn(await openPostgres(url, () => {}));
    try {
      const writer = newPlayer({ username: 'TwoSided' });
      const events = [
        writer.join,
        { id: eventId(), type: 'account.password', uuid: writer.uuid, password: 'written-in-stone' },
      ];
      expect((await postEvents(a.app, events)).statusCode).toBe(200);
      await grantRoles(a.db, writer.uuid, ['docs_editor']);
      const login = await a.app.inject({
        method: 'POST',
        url: '/api/auth/player-login',
        payload: { username: 'TwoSided', password: 'written-in-stone' },
      });
      const slugs = async (app: TestApp) =>
        (await app.app.inject('/api/docs')).json().map((d: Doc) => d.slug);
      expect(await slugs(b)).toEqual([]);
      const created = await a.app.inject({
        method: 'POST',
        url: '/api/docs',
        headers: { authorization: `Bearer ${login.json().access_token}` },
        payload: { title: 'Across The Wire', content: 'Hello from the other process.' },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(await slugs(a)).toEqual(['across-the-wire']);
      await expect.poll(() => slugs(b), { timeout: 10_000 }).toEqual(['across-the-wire']);
    } finally {
      await a.close();
      await b.close();
      await drop();
    }
  });
});
