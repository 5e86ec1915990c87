import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventId, newPlayer, postEvents, type TestApp } from '../../test/helpers.ts';
import { rowsOf } from '../db/client.ts';
import { punishmentPages } from '../modules/previews/punishment-pages.ts';
import { escapeHtml, firstPageAnswer, metaTags, type PageAnswer, withMeta } from './page-meta.ts';

const INDEX =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Vaultbreak — Prison server community</title>\n' +
  '    <meta\n      name="description"\n      content="The generic description."\n    />\n' +
  '<link rel="icon" href="/favicon.svg" /></head><body><div id="root"></div></body></html>';

describe('page meta', () => {
  it('escapes every character that could end an attribute or open a tag', () => {
    expect(escapeHtml(`"><script>alert('x')</script>&amp;`)).toBe(
      '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;amp;',
    );
  });

  it("replaces index.html's title and description with the page's own tags, once", () => {
    const html = withMeta(
      INDEX,
      { title: 'A & B', description: 'About <it>', path: '/x?doc=a&b=c' },
      'https://s.example',
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>A &amp; B</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="About &lt;it&gt;">');
    expect(html).not.toContain('generic description');
    expect(html).toContain('<link rel="canonical" href="https://s.example/x?doc=a&amp;b=c">');
    expect(html).toContain('<meta charset="UTF-8" />');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" />');
  });

  it('adds the tags before </head> when index.html has no title', () => {
    const html = withMeta(
      '<html><head></head><body></body></html>',
      { title: 'T', description: 'D', path: '/' },
      'http://h',
    );
    expect(html).toMatch(/^<html><head><title>T<\/title>.*<\/head><body>/);
  });

  it('names a large image card only for a page with an image, and asks not to index a missing page', () => {
    const plain = metaTags({ title: 'T', description: 'D', path: '/p' }, 'http://h');
    expect(plain).toContain('<meta name="twitter:card" content="summary">');
    expect(plain).not.toContain('og:image');
    expect(plain).not.toContain('robots');
    const card = metaTags(
      {
        title: 'T',
        description: 'D',
        path: '/p',
        image: { path: '/i.png?v=1', alt: 'A' },
        noindex: true,
        type: 'profile',
      },
      'http://h',
    );
    expect(card).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(card).toContain('<meta property="og:image" content="http://h/i.png?v=1">');
    expect(card).toContain('<meta property="og:image:width" content="1200">');
    expect(card).toContain('<meta property="og:image:height" content="630">');
    expect(card).toContain('<meta property="og:type" content="profile">');
    expect(card).toContain('<meta name="robots" content="noindex">');
  });
});

describe('firstPageAnswer', () => {
  it('answers with the first resolver that knows the path', async () => {
    const page = (title: string): PageAnswer => ({
      kind: 'page',
      status: 200,
      meta: { title, description: '', path: '/' },
    });
    const resolve = firstPageAnswer(
      async (path) => (path === '/a' ? page('A') : undefined),
      async (path) => (path === '/b' || path === '/a' ? page('B') : undefined),
    );
    const none = new URLSearchParams();
    expect((await resolve('/a', none, 'en')) as PageAnswer).toMatchObject({ meta: { title: 'A' } });
    expect((await resolve('/b', none, 'en')) as PageAnswer).toMatchObject({ meta: { title: 'B' } });
    expect(await resolve('/c', none, 'en')).toBeUndefined();
  });
});

describe('the punishment pages’ meta', () => {
  let t: TestApp;
  const player = newPlayer({ username: 'Griefer_01' });
  const staff = { uuid: '8667ba71-b85a-4004-af54-457a9734eed7', username: 'ModSteve' };
  const issued = (overrides: Record<string, unknown>) => ({
    id: eventId('punish'),
    type: 'punishment.issued',
    punishment_id: `p-${randomUUID()}`,
    punishment_type: 'ban',
    uuid: player.uuid,
    username: player.username,
    staff,
    reason: 'X-ray',
    ...overrides,
  });
  const ban = issued({ until: '2999-12-20T18:02:00Z' });
  const mute = issued({ punishment_type: 'mute', staff: null, reason: null, until: null });
  const kick = issued({ punishment_type: 'kick', reason: `AFK ${'very '.repeat(60)}long` });
  const silent = issued({ silent: true });
  let ids: Record<'ban' | 'mute' | 'kick' | 'silent', number>;
  const none = new URLSearchParams();

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const res = await postEvents(t.app, [
      { ...ban, at: '2026-11-20T18:02:11Z' },
      { ...mute, at: '2026-11-21T10:00:00Z' },
      { ...kick, at: '2026-11-22T10:00:00Z' },
      { ...silent, at: '2026-11-23T10:00:00Z' },
      {
        id: eventId('unmute'),
        type: 'punishment.revoked',
        punishment_id: mute.punishment_id,
        staff,
        reason: 'Appeal accepted',
        at: '2026-11-21T12:30:00Z',
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const rows = rowsOf<{ id: string | number; source_id: string }>(
      await t.db.execute(sql`select id, source_id from punishments`),
    );
    const idOf = (sourceId: string) => Number(rows.find((row) => row.source_id === sourceId)!.id);
    ids = {
      ban: idOf(ban.punishment_id),
      mute: idOf(mute.punishment_id),
      kick: idOf(kick.punishment_id),
      silent: idOf(silent.punishment_id),
    };
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('titles the list as the page does, and describes it', async () => {
    const answer = await punishmentPages({ db: t.db })('/punishments/', none, 'en');
    expect(answer).toEqual({
      kind: 'page',
      status: 200,
      meta: {
        title: 'Punishments · Vaultbreak',
        description:
          'Every ban, mute, warning and kick on Vaultbreak: who was punished, by whom, why and for how long.',
        path: '/punishments',
      },
    });
  });

  it('titles a punishment by its type, number and player, and says who, why and how it stands', async () => {
    const resolve = punishmentPages({ db: t.db });
    expect(await resolve(`/punishments/${ids.ban}`, none, 'en')).toEqual({
      kind: 'page',
      status: 200,
      meta: {
        title: `Ban #${ids.ban} · Griefer_01 · Vaultbreak`,
        description:
          'Griefer_01 was banned on Vaultbreak by ModSteve. Reason: X-ray. In force until Dec 20, 2999, 6:02 PM UTC.',
        path: `/punishments/${ids.ban}`,
      },
    });
    const muted = (await resolve(`/punishments/${ids.mute}`, none, 'en')) as PageAnswer;
    expect(muted.kind === 'page' && muted.meta.description).toBe(
      'Griefer_01 was muted on Vaultbreak from the console. No reason given. Revoked on Nov 21, 2026, 12:30 PM UTC.',
    );
    const kicked = (await resolve(`/punishments/${ids.kick}`, none, 'en')) as PageAnswer;
    const description = kicked.kind === 'page' ? kicked.meta.description : '';
    expect(description).toMatch(
      /^Griefer_01 was kicked from Vaultbreak by ModSteve\. Reason: AFK very very .*…$/,
    );
    expect(description.length).toBeLessThan(240);
  });

  it('answers a punishment that does not exist, is silent or cannot exist as a 404 not to index', async () => {
    const resolve = punishmentPages({ db: t.db });
    for (const id of ['999999', String(ids.silent), 'abc', '0', '99999999999999999999']) {
      const answer = (await resolve(`/punishments/${id}`, none, 'en')) as PageAnswer;
      expect(answer, id).toMatchObject({
        kind: 'page',
        status: 404,
        meta: {
          title: 'Punishment not found · Vaultbreak',
          description: "We couldn't find that punishment on Vaultbreak.",
          noindex: true,
        },
      });
    }
    expect(await resolve('/punishments/1/more', none, 'en')).toBeUndefined();
    expect(await resolve('/players/Griefer_01', none, 'en')).toBeUndefined();
  });
});
