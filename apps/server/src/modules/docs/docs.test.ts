import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  eventId,
  newPlayer,
  postEvents,
  type TestApp,
} from '../../../test/helpers.ts';
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

  const account = (p: ReturnType<typeof newPlayer>, roles: string[]) => [
    p.join,
    { id: eventId(), type: 'account.password', uuid: p.uuid, password },
    { id: eventId(), type: 'account.roles', uuid: p.uuid, roles },
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
    return res.json() as { title: string; slug: string; content: string }[];
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const res = await postEvents(t.app, [
      ...account(editor, ['docs_editor']),
      ...account(owner, ['OWNER']),
      ...account(player, ['VIP']),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    tokens.editor = await signIn(editor.username);
    tokens.owner = await signIn(owner.username);
    tokens.player = await signIn(player.username);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists nothing at first, without signing in', async () => {
    expect(await list()).toEqual([]);
  });

  it('creates a doc with trimmed fields and a slug from the title, recording the author', async () => {
    const res = await create({ title: '  Welcome to the Yard  ', content: '\n# Welcome\n\nHello.\n\n' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      title: 'Welcome to the Yard',
      slug: 'welcome-to-the-yard',
      content: '# Welcome\n\nHello.',
    });
    const [row] = await t.db.select().from(docs).where(eq(docs.slug, 'welcome-to-the-yard'));
    expect(row?.authorUuid).toBe(editor.uuid);
  });

  it('lists every doc sorted by title, with only title, slug and content', async () => {
    for (const title of ['zebra crossings', 'Anvils', 'Season 10', 'Season 2']) {
      expect((await create({ title, content: `About ${title}` }, tokens.owner)).statusCode).toBe(201);
    }
    const all = await list();
    expect(all.map((d) => d.title)).toEqual([
      'Anvils',
      'Season 2',
      'Season 10',
      'Welcome to the Yard',
      'zebra crossings',
    ]);
    expect(Object.keys(all[0]!).sort()).toEqual(['content', 'slug', 'title']);
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
    });
    const huge = await create({ title: 'Huge', content: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().detail).toEqual(expect.any(String));
    expect((await list()).some((d) => d.title === 'Too big' || d.title === 'Huge')).toBe(false);
  });

  it('answers 401 without a valid token', async () => {
    const none = await create({ title: 'Anonymous', content: 'x' }, null);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: 'Not signed in' });
    const forged = await create({ title: 'Forged', content: 'x' }, 'a.b.c');
    expect(forged.statusCode).toBe(401);
  });

  it('answers 403 to a signed-in player without a docs role, before looking at the body', async () => {
    const res = await create({ title: 'Not mine to write', content: 'x' }, tokens.player);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You do not have permission to do that' });
    expect((await create({ title: '', content: '' }, tokens.player)).statusCode).toBe(403);
    expect((await list()).some((d) => d.title === 'Not mine to write')).toBe(false);
  });

  it('takes a role away at once, not when the token expires', async () => {
    const demoted = newPlayer({ username: 'ExEditor' });
    await postEvents(t.app, account(demoted, ['WEB_ADMIN']));
    const token = await signIn(demoted.username);
    expect((await create({ title: 'Before', content: 'x' }, token)).statusCode).toBe(201);
    await postEvents(t.app, [{ id: eventId(), type: 'account.roles', uuid: demoted.uuid, roles: [] }]);
    expect((await create({ title: 'After', content: 'x' }, token)).statusCode).toBe(403);
  });

  it('seeds the demo guides once, next to the docs staff wrote, and a later create avoids their slugs', async () => {
    await seedDemoGuides(t.db);
    await seedDemoGuides(t.db);
    const all = await list();
    for (const guide of DEMO_GUIDES) {
      expect(all.filter((d) => d.slug === guide.slug)).toEqual([guide]);
    }
    expect(all.map((d) => d.title)).toEqual(
      [...all.map((d) => d.title)].sort(Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare),
    );
    const gangs = await create({ title: 'Gangs', content: 'A second take' });
    expect(gangs.json().slug).toBe('gangs-2');
  });
});
