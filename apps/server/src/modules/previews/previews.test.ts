import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer, type Socket, type Server as TcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  eventId,
  newPlayer,
  postEvents,
  type TestApp,
} from '../../../test/helpers.ts';
import { loadServerI18n } from '../../i18n.ts';
import { createDoc } from '../docs/service.ts';
import { linkPreviews } from './pages.ts';
import { PREVIEWS_PER_MINUTE } from './routes.ts';

const ev = (type: string, fields: Record<string, unknown>) => ({ id: eventId(type), type, ...fields });

/** The content of a <meta> or <link> in `html`, by its name, property or rel. */
function head(html: string) {
  const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
  const tags = [...html.matchAll(/<(meta|link)\b[^>]*>/g)].map(([tag]) => tag);
  const find = (key: string) =>
    tags.find((tag) =>
      [attribute(tag, 'name'), attribute(tag, 'property'), attribute(tag, 'rel')].includes(key),
    );
  const decodeEntities = (text: string) =>
    text
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  const value = (key: string) => {
    const tag = find(key);
    const raw = tag && (attribute(tag, 'content') ?? attribute(tag, 'href'));
    return raw === undefined ? undefined : decodeEntities(raw);
  };
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map(([, text]) => decodeEntities(text!));
  return {
    titles,
    title: titles[0],
    description: value('description'),
    descriptions: tags.filter((tag) => attribute(tag, 'name') === 'description').length,
    canonical: value('canonical'),
    ogUrl: value('og:url'),
    ogTitle: value('og:title'),
    ogImage: value('og:image'),
    twitterCard: value('twitter:card'),
    twitterImage: value('twitter:image'),
    robots: value('robots'),
  };
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer) {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
/** The red, green and blue of one pixel of a PNG card (decoded by drawing it with resvg). */
function pixel(png: Buffer, x: number, y: number): number[] {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">' +
    `<image width="1200" height="630" href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
  const rgba = new Resvg(svg).render().pixels;
  const at = (y * 1200 + x) * 4;
  return [rgba[at]!, rgba[at + 1]!, rgba[at + 2]!];
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An avatar host that accepts connections and never answers. */
async function silentHost(): Promise<{ server: TcpServer; port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as { port: number }).port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** An avatar host that answers every head as a red square PNG, counting what it is asked. */
async function avatarHost(): Promise<{ server: Server; port: number; asked: string[] }> {
  const red = new Resvg(
    '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#e11d48"/></svg>',
    { fitTo: { mode: 'width', value: 208 } },
  )
    .render()
    .asPng();
  const asked: string[] = [];
  const server = createHttpServer((req, res) => {
    asked.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png' }).end(red);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port, asked };
}

describe.each(databaseKinds())('link previews on %s', (kind) => {
  let t: TestApp;
  let silent: Awaited<ReturnType<typeof silentHost>>;
  const miner = newPlayer({ username: 'DeepMiner' });
  const loner = newPlayer({ username: 'LoneWolf' });
  // At most 32 characters, as the bridge takes gang names.
  const HOSTILE = `"><script>alert(1)</script>&'<b>`;
  const host = { host: 'play.example.org' };

  beforeAll(async () => {
    silent = await silentHost();
    t = await createTestApp(kind, {
      AVATAR_URL: `http://127.0.0.1:${silent.port}/avatars/{uuid}?size={size}`,
    });
    const res = await postEvents(t.app, [
      miner.join,
      loner.join,
      ev('player.progress', { uuid: miner.uuid, xp_delta: 9000, level: 21, prestige: 2, rank: 'SENTINEL' }),
      ev('player.balance', { uuid: miner.uuid, delta: '2500000000', reason: 'mine' }),
      ev('gang.upsert', { gang_id: 'iron.wolves', name: 'Iron Wolves', status: 'Open', color: 'dark_aqua' }),
      ev('gang.member', { gang_id: 'iron.wolves', uuid: miner.uuid, role: 'Leader' }),
      ev('gang.treasury', { gang_id: 'iron.wolves', delta: '125000' }),
      ev('gang.upsert', { gang_id: 'hostile', name: HOSTILE, status: 'InviteOnly' }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await silent?.close();
  });

  it("gives a player's page their own title, description, canonical address and preview card", async () => {
    const res = await t.app.inject({ url: '/players/deepminer', headers: host });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    const meta = head(res.body);
    expect(meta.titles).toEqual(['DeepMiner · Vaultbreak']);
    expect(meta.ogTitle).toBe('DeepMiner · Vaultbreak');
    expect(meta.description).toBe(
      'DeepMiner on Vaultbreak: Sentinel rank, level 21, prestige 2, balance $2.5B. Member of the gang Iron Wolves.',
    );
    expect(meta.descriptions).toBe(1);
    // Without PUBLIC_URL, addresses are made from the request's own host.
    expect(meta.canonical).toBe('http://play.example.org/players/DeepMiner');
    expect(meta.ogUrl).toBe(meta.canonical);
    expect(meta.ogImage).toMatch(/^http:\/\/play\.example\.org\/api\/og\/players\/DeepMiner\.png\?v=[\w-]+$/);
    expect(meta.twitterCard).toBe('summary_large_image');
    expect(meta.twitterImage).toBe(meta.ogImage);
    expect(meta.robots).toBeUndefined();
  });

  it("gives a gang's page its title, description and card, with a free-text name escaped", async () => {
    const gang = head((await t.app.inject({ url: '/gangs/iron.wolves', headers: host })).body);
    expect(gang.title).toBe('Iron Wolves · Vaultbreak');
    expect(gang.description).toBe(
      'Iron Wolves: an open gang on Vaultbreak with 1 member and a treasury of $125,000. Minimum level 0.',
    );
    expect(gang.canonical).toBe('http://play.example.org/gangs/iron.wolves');
    expect(gang.ogImage).toMatch(
      /^http:\/\/play\.example\.org\/api\/og\/gangs\/iron\.wolves\.png\?v=[\w-]+$/,
    );
    expect(gang.twitterCard).toBe('summary_large_image');

    const res = await t.app.inject({ url: '/gangs/hostile', headers: host });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain("'<b>");
    const hostile = head(res.body);
    expect(hostile.title).toBe(`${HOSTILE} · Vaultbreak`);
    expect(hostile.ogTitle).toBe(`${HOSTILE} · Vaultbreak`);
    expect(hostile.description).toBe(
      `${HOSTILE}: an invite-only gang on Vaultbreak with 0 members and a treasury of $0. Minimum level 0.`,
    );
  });

  it('gives the home, leaderboard, status and docs pages their own tags, without a card', async () => {
    const pages: Record<string, [string, string]> = {
      '/': ['Vaultbreak · Season I is coming soon', 'http://play.example.org/'],
      '/leaderboard': ['Leaderboard · Vaultbreak', 'http://play.example.org/leaderboard'],
      '/leaderboard?metric=xp': ['Leaderboard · Vaultbreak', 'http://play.example.org/leaderboard'],
      '/status': ['Server status · Vaultbreak', 'http://play.example.org/status'],
      '/docs': ['Docs · Vaultbreak', 'http://play.example.org/docs'],
      '/docs?doc=no-such-doc': ['Docs · Vaultbreak', 'http://play.example.org/docs'],
    };
    for (const [url, [title, canonical]] of Object.entries(pages)) {
      const res = await t.app.inject({ url, headers: host });
      expect(res.statusCode, url).toBe(200);
      const meta = head(res.body);
      expect(meta.titles, url).toEqual([title]);
      expect(meta.description, url).toEqual(expect.stringContaining('Vaultbreak'));
      expect(meta.descriptions, url).toBe(1);
      expect(meta.canonical, url).toBe(canonical);
      expect(meta.ogUrl, url).toBe(canonical);
      expect(meta.ogImage, url).toBeUndefined();
      expect(meta.twitterCard, url).toBe('summary');
    }
    // Other pages keep index.html's own title.
    expect(head((await t.app.inject('/enchants')).body).titles).toEqual(['Prison']);
  });

  it("gives a doc's address the doc's title and first words", async () => {
    await createDoc(
      t.db,
      {
        title: 'How to <join>',
        content: '# Joining\n\nConnect to **play.example.org** with [the launcher](https://x.y) & go.',
      },
      miner.uuid,
      t.config.docLimits,
    );
    await t.hub.refresh('docs');
    const meta = head((await t.app.inject({ url: '/docs?doc=how-to-join', headers: host })).body);
    expect(meta.title).toBe('How to <join> · Docs · Vaultbreak');
    expect(meta.description).toBe('Joining Connect to play.example.org with the launcher & go.');
    expect(meta.canonical).toBe('http://play.example.org/docs?doc=how-to-join');
  });

  it('answers an unknown player or gang page with the app and a 404 status', async () => {
    for (const [url, title] of [
      ['/players/NobodyHere', 'Player not found · Vaultbreak'],
      ['/players/00000000-0000-0000-0000-000000000000', 'Player not found · Vaultbreak'],
      ['/players/a-name-far-too-long-to-be-any-players-name', 'Player not found · Vaultbreak'],
      ['/gangs/no-such-gang', 'Gang not found · Vaultbreak'],
      ['/gangs/no.such.gang', 'Gang not found · Vaultbreak'],
    ] as const) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="root">');
      const meta = head(res.body);
      expect(meta.title, url).toBe(title);
      expect(meta.robots, url).toBe('noindex');
    }
  });

  it("redirects a player's uuid address to their name, keeping the query", async () => {
    const res = await t.app.inject(`/players/${miner.uuid.toUpperCase()}?tab=stats`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/players/DeepMiner?tab=stats');
    expect((await t.app.inject(`/players/${miner.uuid}`)).headers.location).toBe('/players/DeepMiner');
  });

  it("answers a page's HTML with an ETag, 304 when unchanged, and a new one when the player changes", async () => {
    const first = await t.app.inject('/players/LoneWolf');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(
      (await t.app.inject({ url: '/players/LoneWolf', headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);
    await postEvents(t.app, [ev('player.progress', { uuid: loner.uuid, xp_delta: 10, level: 3 })]);
    const next = await t.app.inject({ url: '/players/LoneWolf', headers: { 'if-none-match': etag } });
    expect(next.statusCode).toBe(200);
    expect(head(next.body).ogImage).not.toBe(head(first.body).ogImage);
  });

  it('draws a 1200x630 PNG card, with the default head when the avatar host does not answer', async () => {
    const started = Date.now();
    const res = await t.app.inject('/api/og/players/deepminer.png');
    expect(res.statusCode).toBe(200);
    // The avatar host never answers: the card waits about 1.5 s for it, then draws the default head.
    expect(Date.now() - started).toBeLessThan(6000);
    expect(pixel(res.rawPayload, 180, 260)).toEqual([0xc9, 0x8d, 0x63]);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });

    const gang = await t.app.inject('/api/og/gangs/iron.wolves.png?v=anything');
    expect(gang.statusCode).toBe(200);
    expect(pngSize(gang.rawPayload)).toEqual({ width: 1200, height: 630 });
  });

  it('keeps a card until its player changes: the same ETag (and 304), then a new one', async () => {
    const first = await t.app.inject('/api/og/players/LoneWolf.png');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject('/api/og/players/LoneWolf.png');
    expect(again.headers.etag).toBe(etag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const cached = await t.app.inject({
      url: '/api/og/players/LoneWolf.png',
      headers: { 'if-none-match': etag },
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');

    await postEvents(t.app, [ev('player.balance', { uuid: loner.uuid, delta: '99', reason: 'sold' })]);
    const changed = await t.app.inject({
      url: '/api/og/players/LoneWolf.png',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.rawPayload.equals(first.rawPayload)).toBe(false);
  });

  it('answers 404 {detail} for the card of an unknown player or gang', async () => {
    const player = await t.app.inject('/api/og/players/NobodyHere.png');
    expect(player.statusCode).toBe(404);
    expect(player.json()).toEqual({ detail: 'No such player', code: 'unknown_player' });
    const gang = await t.app.inject('/api/og/gangs/nope.png');
    expect(gang.statusCode).toBe(404);
    expect(gang.json()).toEqual({ detail: 'No such gang', code: 'unknown_gang' });
  });

  it("names the page's language in its card's address, and writes its figures in it", async () => {
    const english = head((await t.app.inject({ url: '/players/DeepMiner', headers: host })).body);
    expect(english.ogImage).not.toContain('lang=');
    const res = await t.app.inject({ url: '/players/DeepMiner?lang=de', headers: host });
    expect(res.statusCode).toBe(200);
    const german = head(res.body);
    expect(german.ogImage).toMatch(
      /^http:\/\/play\.example\.org\/api\/og\/players\/DeepMiner\.png\?v=[\w-]+&lang=de$/,
    );
    expect(german.description).toContain('2,5\u00a0Mrd.\u00a0$');
    // The cookie chooses it too.
    const kept = head(
      (await t.app.inject({ url: '/gangs/iron.wolves', headers: { ...host, cookie: 'lang=ru' } })).body,
    );
    expect(kept.ogImage).toMatch(/\.png\?v=[\w-]+&lang=ru$/);
    expect(kept.description).toContain('125\u00a0000\u00a0$');
    // The card it names is there.
    const card = await t.app.inject(new URL(german.ogImage!).pathname + new URL(german.ogImage!).search);
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
  });

  it('draws a card in the language its address names, English for any other', async () => {
    const etag = async (url: string) => {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(pngSize(res.rawPayload), url).toEqual({ width: 1200, height: 630 });
      return res.headers.etag as string;
    };
    for (const card of ['/api/og/gangs/iron.wolves.png', '/api/og/players/DeepMiner.png']) {
      const english = await etag(card);
      const russian = await etag(`${card}?lang=ru`);
      expect(russian).not.toBe(english);
      expect(await etag(`${card}?v=1&lang=ru`)).toBe(russian);
      expect(await etag(`${card}?lang=pt`)).toBe(await etag(`${card}?lang=pt-BR`));
      for (const unknown of ['xx', 'en', '', 'not a language', '../../etc']) {
        expect(await etag(`${card}?lang=${encodeURIComponent(unknown)}`), unknown).toBe(english);
      }
    }
  });

  it('writes a page in the language its catalogue translates it to', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'server-locales-'));
    try {
      mkdirSync(join(dir, 'de'));
      const entries: Record<string, string> = {
        'Player not found': 'Spieler nicht gefunden',
        '{rank} rank': 'Rang {rank}',
        '{player} on {site}: {rank}, level {level}, prestige {prestige}, balance {balance}. Member of the gang {gang}.':
          '{player} auf {site}: {rank}, Level {level}, Prestige {prestige}, Guthaben {balance}. Mitglied der Gang {gang}.',
        '{gang}: {count, plural, one {{members} member} other {{members} members}}, treasury {treasury}':
          '{gang}: {count, plural, one {{members} Mitglied} other {{members} Mitglieder}}, Kasse {treasury}',
        'an open gang': 'eine offene Gang',
      };
      const po = Object.entries(entries)
        .map(
          ([id, text]) =>
            `#. js-lingui-explicit-id\nmsgid ${JSON.stringify(id)}\nmsgstr ${JSON.stringify(text)}\n`,
        )
        .join('\n');
      writeFileSync(join(dir, 'de', 'server.po'), `msgid ""\nmsgstr ""\n"Language: de\\n"\n\n${po}`);
      const catalogues = loadServerI18n(pathToFileURL(`${dir}/`));
      const resolve = linkPreviews({ db: t.db, hub: t.hub, messages: (language) => catalogues[language] });
      const none = new URLSearchParams();

      const player = await resolve('/players/DeepMiner', none, 'de');
      expect(player?.kind === 'page' && player.meta).toMatchObject({
        title: 'DeepMiner · Vaultbreak',
        description:
          'DeepMiner auf Vaultbreak: Rang Sentinel, Level 21, Prestige 2, Guthaben 2,5\u00a0Mrd.\u00a0$. Mitglied der Gang Iron Wolves.',
        image: { alt: 'DeepMiner: level 21, 2,5\u00a0Mrd.\u00a0$' },
      });
      const gang = await resolve('/gangs/iron.wolves', none, 'de');
      expect(gang?.kind === 'page' && gang.meta.image?.alt).toBe(
        'Iron Wolves: 1 Mitglied, Kasse 125.000\u00a0$',
      );
      expect(gang?.kind === 'page' && gang.meta.description).toContain('eine offene Gang');
      const missing = await resolve('/players/NobodyHere', none, 'de');
      expect(missing?.kind === 'page' && missing.meta.title).toBe('Spieler nicht gefunden · Vaultbreak');
      // Another language, with no catalogue here, stays English.
      const french = await resolve('/players/NobodyHere', none, 'fr');
      expect(french?.kind === 'page' && french.meta.title).toBe('Player not found · Vaultbreak');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('documents the card routes in the OpenAPI document', async () => {
    const paths = (await t.app.inject('/api/openapi.json')).json().paths;
    expect(paths['/api/og/players/{name}.png'].get.summary).toMatch(/preview image/);
    expect(paths['/api/og/gangs/{id}.png'].get.responses).toHaveProperty('404');
  });
});

describe('link previews with PUBLIC_URL, an avatar host and an admin host', () => {
  let t: TestApp;
  let avatars: Awaited<ReturnType<typeof avatarHost>>;
  const player = newPlayer({ username: 'RedFace' });

  beforeAll(async () => {
    avatars = await avatarHost();
    t = await createTestApp('pglite', {
      PUBLIC_URL: 'https://vaultbreak.example/',
      ADMIN_HOSTS: 'admin.vaultbreak.example',
      AVATAR_URL: `http://127.0.0.1:${avatars.port}/avatars/{uuid}?size={size}`,
    });
    await postEvents(t.app, [player.join]);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => avatars?.server.close(resolve));
  });

  it('makes every address absolute from PUBLIC_URL, whatever the Host header says', async () => {
    const meta = head(
      (await t.app.inject({ url: '/players/RedFace', headers: { host: 'evil.example' } })).body,
    );
    expect(meta.canonical).toBe('https://vaultbreak.example/players/RedFace');
    expect(meta.ogUrl).toBe('https://vaultbreak.example/players/RedFace');
    expect(meta.ogImage).toMatch(/^https:\/\/vaultbreak\.example\/api\/og\/players\/RedFace\.png\?v=/);
    const home = head((await t.app.inject({ url: '/', headers: { host: 'evil.example' } })).body);
    expect(home.canonical).toBe('https://vaultbreak.example/');
  });

  it('leaves the pages of an admin host as they are', async () => {
    for (const url of ['/players/RedFace', '/players/NobodyHere', `/players/${player.uuid}`, '/']) {
      const res = await t.app.inject({ url, headers: { host: 'admin.vaultbreak.example' } });
      expect(res.statusCode, url).toBe(200);
      expect(head(res.body).titles, url).toEqual(['Prison']);
      expect(res.body, url).not.toContain('og:');
    }
  });

  it("draws the player's own head, asked for once", async () => {
    const first = await t.app.inject('/api/og/players/RedFace.png');
    expect(first.statusCode).toBe(200);
    expect(avatars.asked).toEqual([`/avatars/${player.uuid}?size=208`]);
    // The red head is on the card: a pixel inside the avatar frame.
    expect(pixel(first.rawPayload, 180, 260)).toEqual([0xe1, 0x1d, 0x48]);
    await t.app.inject('/api/og/players/RedFace.png');
    expect(avatars.asked).toHaveLength(1);
  });

  it('limits how many cards one address asks for in a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PREVIEWS_PER_MINUTE; i++) {
      statuses.push(
        (await t.app.inject({ url: '/api/og/gangs/nope.png', remoteAddress: '203.0.113.9' })).statusCode,
      );
    }
    expect(statuses.slice(0, -1).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not affected.
    expect(
      (await t.app.inject({ url: '/api/og/gangs/nope.png', remoteAddress: '203.0.113.10' })).statusCode,
    ).toBe(404);
  });
});
