import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DOC_CHANGED, type Doc } from '@prison/shared/docs';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPostgresDatabase,
  createTestApp,
  createTestAppOn,
  databaseKinds,
  playerAccount,
  type TestApp,
} from '../../../test/helpers.ts';
import { connect } from '../../../test/live-socket.ts';
import { openPostgres } from '../../db/client.ts';
import { auditLog, docRevisions, docs } from '../../db/schema.ts';
import { encodeAhead, encodedBody } from '../../live/encoded-body.ts';
import { seedDemoGuides } from './demo.ts';
import { DOC_WRITES_PER_MINUTE } from './routes.ts';
import { NOT_DELETED } from './service.ts';

const password = 'written-in-stone';

/**
 * A signed-in account with `roles`: its password from the bridge and the sign-in page as a player's,
 * its roles as the command line sets them (the game server grants no staff role).
 */
async function account(t: TestApp, roles: string[], username?: string) {
  const player = await playerAccount(t, { username, password, roles });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/player-login',
    payload: { username: player.username, password },
  });
  expect(login.statusCode, login.body).toBe(200);
  return { ...player, token: login.json().access_token as string };
}

type Account = Awaited<ReturnType<typeof account>>;

/** The API as one account (or a guest, with null) calls it. */
function client(t: TestApp, who: Account | null) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: who ? { authorization: `Bearer ${who.token}` } : {},
      ...(payload && { payload }),
    });
  return {
    call,
    create: (title: string, content: string) => call('POST', '/api/docs', { title, content }),
    edit: (slug: string, body: { title: string; content: string; revision: number }) =>
      call('PUT', `/api/docs/${slug}`, body),
    remove: (slug: string) => call('DELETE', `/api/docs/${slug}`),
    restore: (slug: string) => call('POST', `/api/docs/${slug}/restore`),
    history: (slug: string) => call('GET', `/api/docs/${slug}/revisions`),
    revision: (slug: string, n: number) => call('GET', `/api/docs/${slug}/revisions/${n}`),
    restoreRevision: (slug: string, n: number, revision: number) =>
      call('POST', `/api/docs/${slug}/revisions/${n}/restore`, { revision }),
    deleted: () => call('GET', '/api/docs/deleted'),
  };
}

const listed = async (t: TestApp) => (await t.app.inject('/api/docs')).json() as Doc[];

/** The audit log's rows about one doc, oldest first. */
const auditOf = async (t: TestApp, slug: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.target, slug)).orderBy(asc(auditLog.id))).map(
    ({ actorUuid, actorName, action, outcome, detail }) => ({
      actorUuid,
      actorName,
      action,
      outcome,
      detail,
    }),
  );

describe.each(databaseKinds())('editing docs on %s', (kind) => {
  let t: TestApp;
  let editor: Account;
  let admin: Account;
  let player: Account;

  beforeAll(async () => {
    t = await createTestApp(kind);
    editor = await account(t, ['docs_editor'], 'QuillHolder');
    admin = await account(t, ['ADMIN'], 'HeadWarden');
    player = await account(t, ['VIP'], 'PlainMiner');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('edits the title and content as a new revision, keeping the slug, and keeps every revision', async () => {
    const api = client(t, editor);
    const created = await api.create('Yard Hours', 'Open at dawn.');
    expect(created.json()).toEqual({
      title: 'Yard Hours',
      slug: 'yard-hours',
      content: 'Open at dawn.',
      revision: 1,
    });

    const edited = await api.edit('yard-hours', {
      title: '  Yard Times ',
      content: 'Open at dusk. ✨',
      revision: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const doc = { title: 'Yard Times', slug: 'yard-hours', content: 'Open at dusk. ✨', revision: 2 };
    expect(edited.json()).toEqual(doc);
    expect((await listed(t)).find((d) => d.slug === 'yard-hours')).toEqual(doc);

    const history = await client(t, admin).history('yard-hours');
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json()).toEqual([
      { revision: 2, title: 'Yard Times', author: 'QuillHolder', created_at: expect.any(String), bytes: 17 },
      { revision: 1, title: 'Yard Hours', author: 'QuillHolder', created_at: expect.any(String), bytes: 13 },
    ]);
    const first = await client(t, admin).revision('yard-hours', 1);
    expect(first.json()).toMatchObject({ revision: 1, title: 'Yard Hours', content: 'Open at dawn.' });
    expect((await api.revision('yard-hours', 3)).statusCode).toBe(404);
    expect((await api.history('no-such-doc')).statusCode).toBe(404);

    // Saving what is already there makes no revision.
    const again = await api.edit('yard-hours', {
      title: 'Yard Times',
      content: 'Open at dusk. ✨',
      revision: 2,
    });
    expect(again.json()).toEqual(doc);
    expect((await api.history('yard-hours')).json()).toHaveLength(2);

    expect(await auditOf(t, 'yard-hours')).toEqual([
      {
        actorUuid: editor.uuid,
        actorName: 'QuillHolder',
        action: 'doc.create',
        outcome: 'ok',
        detail: { revision: 1 },
      },
      {
        actorUuid: editor.uuid,
        actorName: 'QuillHolder',
        action: 'doc.edit',
        outcome: 'ok',
        detail: { revision: 2 },
      },
    ]);
  });

  it('refuses an edit made over an older revision with 409, changes nothing, and logs the refusal', async () => {
    await client(t, editor).create('Cell Block Rules', 'No running.');
    // Both opened revision 1; the admin saves first.
    const first = await client(t, admin).edit('cell-block-rules', {
      title: 'Cell Block Rules',
      content: 'No running. No shouting.',
      revision: 1,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await client(t, editor).edit('cell-block-rules', {
      title: 'Cell Block Rules',
      content: 'Running allowed.',
      revision: 1,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ detail: DOC_CHANGED, code: 'doc_changed' });
    expect(DOC_CHANGED).toMatch(/^This doc changed since you opened it\. /);
    expect((await listed(t)).find((d) => d.slug === 'cell-block-rules')).toMatchObject({
      content: 'No running. No shouting.',
      revision: 2,
    });
    expect((await auditOf(t, 'cell-block-rules')).slice(1)).toEqual([
      {
        actorUuid: admin.uuid,
        actorName: 'HeadWarden',
        action: 'doc.edit',
        outcome: 'ok',
        detail: { revision: 2 },
      },
      {
        actorUuid: editor.uuid,
        actorName: 'QuillHolder',
        action: 'doc.edit',
        outcome: 'refused',
        detail: { reason: DOC_CHANGED },
      },
    ]);
    // An edit of a doc that does not exist is a 404, not a refusal worth logging.
    const missing = await client(t, editor).edit('no-such-doc', { title: 'x', content: 'y', revision: 1 });
    expect(missing.statusCode).toBe(404);
    expect(await auditOf(t, 'no-such-doc')).toEqual([]);
  });

  it('deletes a doc out of the list, shows it to staff, and restores it as it was', async () => {
    const api = client(t, editor);
    await api.create('Old Mines', 'Closed for the season.');
    expect(
      (await api.edit('old-mines', { title: 'Old Mines', content: 'Closed.', revision: 1 })).statusCode,
    ).toBe(200);

    const removed = await api.remove('old-mines');
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await listed(t)).some((d) => d.slug === 'old-mines')).toBe(false);
    const deleted = (await client(t, admin).deleted()).json();
    expect(deleted).toContainEqual({
      title: 'Old Mines',
      slug: 'old-mines',
      revision: 2,
      deleted_at: expect.any(String),
    });
    // Gone for edits, but its history is still there for staff.
    expect((await api.edit('old-mines', { title: 'x', content: 'y', revision: 2 })).statusCode).toBe(404);
    expect((await api.remove('old-mines')).statusCode).toBe(404);
    expect((await api.history('old-mines')).json()).toHaveLength(2);
    // Its slug stays taken, so that restoring it cannot collide.
    expect((await api.create('Old Mines', 'A new one.')).json().slug).toBe('old-mines-2');

    const restored = await client(t, admin).restore('old-mines');
    expect(restored.statusCode, restored.body).toBe(200);
    const doc = { title: 'Old Mines', slug: 'old-mines', content: 'Closed.', revision: 2 };
    expect(restored.json()).toEqual(doc);
    expect((await listed(t)).find((d) => d.slug === 'old-mines')).toEqual(doc);
    expect((await client(t, admin).deleted()).json().some((d: Doc) => d.slug === 'old-mines')).toBe(false);

    const twice = await client(t, admin).restore('old-mines');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: NOT_DELETED, code: 'doc_not_deleted' });
    expect((await api.restore('never-was')).statusCode).toBe(404);

    expect(
      (await auditOf(t, 'old-mines')).map(({ action, outcome, detail }) => [action, outcome, detail]),
    ).toEqual([
      ['doc.create', 'ok', { revision: 1 }],
      ['doc.edit', 'ok', { revision: 2 }],
      ['doc.delete', 'ok', { revision: 2 }],
      ['doc.restore', 'ok', { revision: 2 }],
      ['doc.restore', 'refused', { reason: NOT_DELETED }],
    ]);
  });

  it('restores an old revision as a new one, over the current revision only', async () => {
    const api = client(t, editor);
    await api.create('Pickaxe Guide', 'Iron first.');
    await api.edit('pickaxe-guide', { title: 'Pickaxes', content: 'Diamond first.', revision: 1 });

    expect((await api.restoreRevision('pickaxe-guide', 1, 1)).statusCode).toBe(409);
    expect((await api.restoreRevision('pickaxe-guide', 9, 2)).statusCode).toBe(404);
    const restored = await api.restoreRevision('pickaxe-guide', 1, 2);
    expect(restored.statusCode, restored.body).toBe(200);
    const doc = { title: 'Pickaxe Guide', slug: 'pickaxe-guide', content: 'Iron first.', revision: 3 };
    expect(restored.json()).toEqual(doc);
    expect((await listed(t)).find((d) => d.slug === 'pickaxe-guide')).toEqual(doc);
    expect((await api.history('pickaxe-guide')).json().map((r: { title: string }) => r.title)).toEqual([
      'Pickaxe Guide',
      'Pickaxes',
      'Pickaxe Guide',
    ]);
    expect(
      (await auditOf(t, 'pickaxe-guide'))
        .slice(2)
        .map(({ action, outcome, detail }) => [action, outcome, detail]),
    ).toEqual([
      ['doc.restore', 'refused', { reason: DOC_CHANGED }],
      ['doc.restore', 'ok', { from_revision: 1, revision: 3 }],
    ]);
  });

  it('answers 403 to a player without a docs role and 401 to a guest, on every staff route', async () => {
    await client(t, editor).create('Staff Notes', 'For staff.');
    const attempts = (api: ReturnType<typeof client>) => [
      api.edit('staff-notes', { title: 'Mine now', content: 'x', revision: 1 }),
      api.remove('staff-notes'),
      api.restore('staff-notes'),
      api.history('staff-notes'),
      api.revision('staff-notes', 1),
      api.restoreRevision('staff-notes', 1, 1),
      api.deleted(),
    ];
    for (const res of await Promise.all(attempts(client(t, player)))) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'You do not have permission to do that', code: 'not_permitted' });
    }
    for (const res of await Promise.all(attempts(client(t, null)))) expect(res.statusCode).toBe(401);
    expect((await listed(t)).find((d) => d.slug === 'staff-notes')).toMatchObject({
      title: 'Staff Notes',
      revision: 1,
    });
  });

  it(`limits creates and edits to ${DOC_WRITES_PER_MINUTE} a minute per account, not per address`, async () => {
    const eager = client(t, await account(t, ['docs_editor']));
    // Refused bodies count too: the limit comes before the body is read.
    for (let i = 0; i < DOC_WRITES_PER_MINUTE; i++) {
      const res =
        i % 2
          ? await eager.create('', '')
          : await eager.edit('anything', { title: '', content: '', revision: 1 });
      expect(res.statusCode).toBe(400);
    }
    const throttled = await eager.create('One Too Many', 'x');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().detail).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
    // Another editor, from the same address, is not held back.
    expect((await client(t, await account(t, ['docs_editor'])).create('', '')).statusCode).toBe(400);
  });

  it('tells /api/docs/ws of each change: a create, an edit, a deletion and a restore', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const feed = connect(`ws://127.0.0.1:${port}/api/docs/ws`);
    const revisionOf = (slug: string) => (m: Record<string, unknown>) =>
      (m as { docs: { slug: string; revision: number }[] }).docs.find((d) => d.slug === slug)?.revision;
    try {
      await feed.next((m) => Array.isArray(m.docs));
      const api = client(t, editor);
      await api.create('Visiting Day', 'Sundays.');
      await feed.next((m) => revisionOf('visiting-day')(m) === 1);
      await api.edit('visiting-day', { title: 'Visiting Day', content: 'Saturdays.', revision: 1 });
      await feed.next((m) => revisionOf('visiting-day')(m) === 2);
      const count = feed.messages.length;
      await api.remove('visiting-day');
      await feed.next(
        (m) => feed.messages.indexOf(m) >= count && revisionOf('visiting-day')(m) === undefined,
      );
      await api.restore('visiting-day');
      await feed.next((m) => feed.messages.indexOf(m) > count && revisionOf('visiting-day')(m) === 2);
    } finally {
      feed.socket.close();
    }
  });

  it('writes revision 1 of each demo guide it seeds, as a create does', async () => {
    await seedDemoGuides(t.db);
    const [gangs] = await t.db.select({ id: docs.id }).from(docs).where(eq(docs.slug, 'gangs'));
    const revisions = await t.db.select().from(docRevisions).where(eq(docRevisions.docId, gangs!.id));
    expect(revisions).toMatchObject([{ revision: 1, title: 'Gangs', authorUuid: null }]);
    expect((await client(t, editor).history('gangs')).json()).toMatchObject([{ revision: 1, author: null }]);
  });

  it('lets a doc be called Deleted, whose address the deleted list shares', async () => {
    const api = client(t, editor);
    expect((await api.create('Deleted', 'A doc about deleted things.')).json().slug).toBe('deleted');
    expect((await api.history('deleted')).json()).toMatchObject([{ revision: 1, title: 'Deleted' }]);
    expect(Array.isArray((await api.deleted()).json())).toBe(true);
  });

  it('keeps /healthz answering while a 15 MB docs list is compressed', async () => {
    // Text that does not compress to nothing: compressing it takes real work.
    let seed = 7;
    const words = Array.from({ length: 4000 }, () => {
      seed = (seed * 48271) % 2147483647;
      return seed.toString(36);
    });
    const list: Doc[] = Array.from({ length: 160 }, (_, i) => ({
      title: `Doc ${i}`,
      slug: `doc-${i}`,
      content: Array.from({ length: 15_000 }, (_, w) => words[(w * 31 + i * 7) % words.length]).join(' '),
      revision: 1,
    }));
    const json = encodedBody(list, 0, 'identity', (l) => l).bytes;
    expect(json.length).toBeGreaterThan(15 * 1024 * 1024);

    let compressed = false;
    const compressing = encodeAhead(list, 0, (l) => l).then(() => {
      compressed = true;
    });
    const health = await t.app.inject('/healthz');
    expect(health.statusCode).toBe(200);
    expect(compressed).toBe(false);
    await compressing;
    expect(brotliDecompressSync(encodedBody(list, 0, 'br', (l) => l).bytes).equals(json)).toBe(true);
    expect(gunzipSync(encodedBody(list, 0, 'gzip', (l) => l).bytes).equals(json)).toBe(true);
  });
});

describe.each(databaseKinds())('the docs limits on %s', (kind) => {
  let t: TestApp;
  let editor: Account;

  beforeAll(async () => {
    t = await createTestApp(kind, { DOCS_MAX_COUNT: '3', DOCS_MAX_TOTAL_KB: '2' });
    editor = await account(t, ['OWNER'], 'TightFist');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a doc past the count with 409 and text past the total with 413, and logs each refusal', async () => {
    const api = client(t, editor);
    const kb = (n: number) => 'x'.repeat(n * 1024);
    expect((await api.create('First', kb(1))).statusCode).toBe(201);
    const tooBig = await api.create('Second', `${kb(1)}y`);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({
      detail:
        'All docs together may hold at most 2 KB of text, and this would go past it. Shorten or delete a doc first.',
      code: 'docs_full',
    });
    expect((await api.create('Second', 'Short.')).statusCode).toBe(201);
    expect((await api.create('Third', 'Short.')).statusCode).toBe(201);
    const tooMany = await api.create('Fourth', 'Short.');
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({
      detail: 'The site already keeps 3 docs, the most it allows. Delete one that is no longer needed first.',
      code: 'docs_full',
    });
    expect((await listed(t)).map((d) => d.slug)).toEqual(['first', 'second', 'third']);

    // An edit may not grow past the total, but may always shrink.
    expect((await api.edit('second', { title: 'Second', content: kb(1), revision: 1 })).statusCode).toBe(413);
    expect((await api.edit('first', { title: 'First', content: 'Shorter.', revision: 1 })).statusCode).toBe(
      200,
    );
    // Restoring the long revision is growing again, within the total now.
    expect((await api.restoreRevision('first', 1, 2)).statusCode).toBe(200);

    // A deleted doc no longer counts, and does again when it comes back.
    expect((await api.remove('third')).statusCode).toBe(204);
    expect((await api.create('Fourth', 'Short.')).statusCode).toBe(201);
    expect((await api.restore('third')).statusCode).toBe(409);

    const refusals = await t.db
      .select({ action: auditLog.action, target: auditLog.target, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.outcome, 'refused'))
      .orderBy(asc(auditLog.id));
    expect(refusals.map(({ action, target }) => [action, target])).toEqual([
      ['doc.create', 'second'],
      ['doc.create', 'fourth'],
      ['doc.edit', 'second'],
      ['doc.restore', 'third'],
    ]);
    expect(refusals[1]!.detail).toEqual({ reason: tooMany.json().detail });
  });

  it('caps the whole history, so editing back and forth or deleting cannot grow it without end', async () => {
    const small = await createTestApp(kind, { DOCS_MAX_HISTORY_MB: '1' });
    try {
      const owner = await account(small, ['OWNER'], 'Historian');
      const api = client(small, owner);
      // 90 KB each, under the 100 KB a doc may hold.
      const text = (c: string) => c.repeat(90 * 1024);
      expect((await api.create('Toggle', text('a'))).statusCode).toBe(201);
      // The listed text never grows, but each revision is kept: the twelfth would pass 1 MB.
      let revision = 1;
      for (const c of 'bababababa') {
        expect((await api.edit('toggle', { title: 'Toggle', content: text(c), revision })).statusCode).toBe(
          200,
        );
        revision++;
      }
      const full = await api.edit('toggle', { title: 'Toggle', content: text('b'), revision });
      expect(full.statusCode).toBe(413);
      expect(full.json().detail).toContain('DOCS_MAX_HISTORY_MB');
      // A deleted doc's history still counts.
      expect((await api.remove('toggle')).statusCode).toBe(204);
      expect((await api.create('Again', text('c'))).statusCode).toBe(413);
    } finally {
      await small.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('doc edits across two server processes on PostgreSQL', () => {
  it("shows an edit made through one process in the other's list and live feed", async () => {
    const { url, drop } = await createPostgresDatabase();
    const a = await createTestAppOn(await openPostgres(url, () => {}));
    const b = await createTestAppOn(await openPostgres(url, () => {}));
    try {
      const api = client(a, await account(a, ['docs_editor'], 'FarWriter'));
      expect((await api.create('Across The Wire', 'Version one.')).statusCode).toBe(201);
      const content = async () =>
        ((await b.app.inject('/api/docs')).json() as Doc[]).find((d) => d.slug === 'across-the-wire')
          ?.content;
      await expect.poll(content, { timeout: 10_000 }).toBe('Version one.');

      await b.app.listen({ port: 0, host: '127.0.0.1' });
      const feed = connect(`ws://127.0.0.1:${(b.app.server.address() as AddressInfo).port}/api/docs/ws`);
      try {
        await feed.next(
          (m) => JSON.stringify(m) === JSON.stringify({ docs: [{ slug: 'across-the-wire', revision: 1 }] }),
        );
        const edited = await api.edit('across-the-wire', {
          title: 'Across The Wire',
          content: 'Version two.',
          revision: 1,
        });
        expect(edited.statusCode, edited.body).toBe(200);
        await feed.next(
          (m) => JSON.stringify(m) === JSON.stringify({ docs: [{ slug: 'across-the-wire', revision: 2 }] }),
        );
        await expect.poll(content, { timeout: 10_000 }).toBe('Version two.');
      } finally {
        feed.socket.close();
      }
    } finally {
      await a.close();
      await b.close();
      await drop();
    }
  });
});
