// The public pages' HTML holds their content, rendered by the web build's server renderer
// (apps/web/src/entry-server.tsx) from the live snapshots, with the data it was rendered from.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { RENDER_PERIOD_MS } from '@prison/shared/server-render';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  eventId,
  newPlayer,
  postEvents,
  type TestApp,
} from '../../test/helpers.ts';
import { docs } from '../db/schema.ts';
import { notifyChanges } from '../live/changes.ts';
import { seedDemoGuides } from '../modules/docs/demo.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const webDist = join(root, 'apps/web/dist');

/**
 * The web app as `npm run build` makes it, renderer included: built first when missing or stale, in
 * a process of its own with a plain environment (the test's NODE_ENV and conditions would change it).
 */
function builtWebApp() {
  // Vitest's own: import.meta.env's variables, its mode and the `development` condition.
  const vitest = /^(VITEST.*|NODE_ENV|NODE_OPTIONS|MODE|DEV|PROD|SSR|BASE_URL)$/;
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !vitest.test(name)));
  const script = "import('./scripts/build.mjs').then((build) => build.buildStale(['web']))";
  const built = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
  expect(existsSync(join(webDist, 'server/entry-server.js'))).toBe(true);
}

/** The element #root holds, and the data handed over after it. */
function renderedPage(html: string) {
  const start = html.indexOf('<div id="root">');
  const state = /<script type="application\/json" id="server-state">([\s\S]*?)<\/script>/.exec(html);
  return {
    root: start < 0 ? '' : html.slice(start, state?.index ?? html.indexOf('</body>')),
    state: state
      ? (JSON.parse(state[1]!) as {
          queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
        })
      : null,
  };
}

// A write reaches the live snapshots through the database's notifications.
/**
 * What `requests` answer, made within one render period of the clock: a page is rendered anew (new
 * bytes, a new ETag) when the period turns, so requests that straddle the turn are made again.
 */
async function withinOneRender<T>(requests: () => Promise<T>): Promise<T> {
  for (;;) {
    const period = Math.floor(Date.now() / RENDER_PERIOD_MS);
    const answers = await requests();
    if (Math.floor(Date.now() / RENDER_PERIOD_MS) === period) return answers;
  }
}

const SNAPSHOT_WAIT = { timeout: 10_000, interval: 100 };

const progress = (uuid: string, level: number) => ({
  id: eventId(),
  type: 'player.progress',
  uuid,
  xp_delta: level * 100,
  level,
  prestige: 0,
  rank: 'sentinel',
});

describe.each(databaseKinds())('server-rendered public pages on %s', (kind) => {
  let t: TestApp;
  const leader = newPlayer({ username: 'TopOfTheYard' });
  const runnerUp = newPlayer({ username: 'SecondShift' });

  beforeAll(async () => {
    builtWebApp();
    t = await createTestApp(kind, { WEB_DIST: webDist });
    const res = await postEvents(t.app, [
      leader.join,
      runnerUp.join,
      progress(leader.uuid, 40),
      progress(runnerUp.uuid, 12),
      { id: eventId(), type: 'gang.upsert', gang_id: 'night-shift', name: 'Night Shift', status: 'Open' },
      { id: eventId(), type: 'gang.member', gang_id: 'night-shift', uuid: leader.uuid, role: 'Leader' },
      {
        id: eventId(),
        type: 'punishment.issued',
        punishment_id: 'render-ban-1',
        punishment_type: 'ban',
        uuid: runnerUp.uuid,
        username: runnerUp.username,
        staff: { uuid: leader.uuid, username: leader.username },
        reason: 'Duping gold',
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    await seedDemoGuides(t.db);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const page = async (url: string) => {
    const res = await t.app.inject({ url });
    return { res, ...renderedPage(res.body) };
  };

  it('sends the home page whole, with its title, and without the no-JavaScript message', async () => {
    const { res, root, state } = await page('/');
    expect(res.statusCode).toBe(200);
    expect(root).toContain('is coming soon</h1>');
    expect(root).toContain('Currently online');
    expect(res.body).toContain('<title>Vaultbreak · Season I is coming soon</title>');
    expect(res.body).not.toContain('<noscript>');
    // The configuration comes with the page: the browser does not ask for it.
    expect(res.body).not.toContain('href="/api/config"');
    expect(state).not.toBeNull();
  });

  it('sends the leaderboard with its ranking, and hands the ranking over instead of announcing it', async () => {
    await vi.waitFor(async () => {
      const { root } = await page('/leaderboard');
      expect(root).toContain('TopOfTheYard');
    }, SNAPSHOT_WAIT);
    const { res, root, state } = await page('/leaderboard');
    expect(res.statusCode).toBe(200);
    expect(root.indexOf('TopOfTheYard')).toBeLessThan(root.indexOf('SecondShift'));
    const ranking = state?.queries.queries.find((q) => q.queryKey[0] === 'leaderboard');
    expect(ranking?.queryKey).toEqual(['leaderboard', 'level', 50]);
    expect(((ranking?.state.data ?? []) as { username: string }[]).map((e) => e.username)).toEqual([
      'TopOfTheYard',
      'SecondShift',
    ]);
    // Its chunks are named for the app to fetch once the page has painted (start-app.js), not preloaded.
    expect(res.body).toMatch(/<meta name="app-chunk" content="\/assets\/[^"]+\.js">/);
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(res.body).not.toContain('as="fetch"');
  });

  it('sends a doc with its text', async () => {
    await vi.waitFor(async () => {
      const { root } = await page('/docs?doc=joining-the-server');
      expect(root).toContain('Joining the Server');
    }, SNAPSHOT_WAIT);
    const { res, root } = await page('/docs?doc=ranks-and-prestige');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Ranks, Levels &amp; Prestige · Docs');
    // The doc's own markdown, rendered, not its placeholder lines.
    expect(root).toMatch(/<h[1-3][^>]*>[^<]*Prestige/);
  });

  it('sends the enchant catalogue with every card, filtered as its address says', async () => {
    const { res, root } = await page('/enchants');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Enchants · ');
    expect(root).toMatch(/Showing <strong[^>]*>47<\/strong> of(<!-- -->)? (<!-- -->)?47 enchants/);
    expect(root.match(/<article/g)).toHaveLength(47);
    const searched = await page('/enchants?q=powerball');
    expect(searched.root).toContain('Powerball');
    expect(searched.root.match(/<article/g)?.length).toBeLessThan(47);
  });

  it('sends the server status with its figures, its time in UTC, and hands the status over', async () => {
    const { res, root, state } = await page('/status');
    expect(res.statusCode).toBe(200);
    expect(root).toContain('Server status</h1>');
    // The figures and the history, not the placeholders that wait for them.
    expect(root).toContain('id="figures-title"');
    expect(root).toContain('id="history-title"');
    expect(root).not.toContain('Loading the server status');
    const status = state?.queries.queries.find((q) => q.queryKey[0] === 'status');
    expect(status?.state.data).toMatchObject({ reporting: expect.any(Boolean) });
  });

  it("sends a player's page with their hero, relative times from the moment it was rendered", async () => {
    const { res, root, state } = await page('/players/topoftheyard');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>TopOfTheYard · ');
    expect(root).toMatch(/<h1[^>]*>TopOfTheYard<\/h1>/);
    expect(root).not.toContain('data-testid="player-loading"');
    const player = state?.queries.queries.find((q) => q.queryKey[0] === 'player-page');
    expect(player?.queryKey).toEqual(['player-page', 'topoftheyard']);
    expect(player?.state.data).toMatchObject({ username: 'TopOfTheYard', level: 40 });
    expect((state as unknown as { renderedAt: number }).renderedAt).toEqual(expect.any(Number));
  });

  it("sends a gang's page with its roster", async () => {
    const { res, root, state } = await page('/gangs/night-shift');
    expect(res.statusCode).toBe(200);
    expect(root).toContain('Night Shift');
    expect(root).toContain('TopOfTheYard');
    expect(root).not.toContain('data-testid="gang-loading"');
    expect(state?.queries.queries.find((q) => q.queryKey[0] === 'gang-page')?.queryKey).toEqual([
      'gang-page',
      'night-shift',
    ]);
  });

  /** The site's id of the ban issued above. */
  const banId = async () =>
    ((await t.app.inject({ url: '/api/punishments' })).json() as { punishments: { id: number }[] })
      .punishments[0]!.id;

  it('sends the punishments with their rows and counts, and hands the page over', async () => {
    const { res, root, state } = await page('/punishments');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Punishments · ');
    expect(root).toContain('Punishments</h1>');
    expect(root).toContain('Duping gold');
    expect(root).toContain('SecondShift');
    expect(root).not.toContain('Loading punishments');
    const list = state?.queries.queries.find(
      (q) => q.queryKey[0] === 'punishments' && q.queryKey[1] === 'list',
    );
    expect(list?.queryKey).toEqual(['punishments', 'list', 'all', 'all', '', null]);
    expect(list?.state.data).toMatchObject({ counts: { ban: 1, mute: 0, warning: 0, kick: 0 } });
    // Filtered as its address says.
    const mutes = await page('/punishments?type=mute');
    expect(mutes.root).toContain('No punishments here yet.');
  });

  it("sends a punishment's page, and the ban and the history on the player's", async () => {
    const id = await banId();
    const { res, root } = await page(`/punishments/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>Ban #${id} · SecondShift · `);
    expect(root).toContain(`Ban #${id}</h1>`);
    expect(root).toContain('Duping gold');

    await vi.waitFor(async () => {
      expect((await page('/players/SecondShift')).root).toContain('SecondShift is banned permanently');
    }, SNAPSHOT_WAIT);
    const player = await page('/players/SecondShift');
    expect(player.root).toContain('Punishment history');
    expect(player.root).toContain(`href="/punishments/${id}"`);
    const history = player.state?.queries.queries.find((q) => q.queryKey[0] === 'player-punishments');
    expect(history?.queryKey).toEqual(['player-punishments', runnerUp.uuid]);
  });

  it('sends a punishment that does not exist, or cannot, as its not-found page with a 404', async () => {
    for (const url of ['/punishments/999999', '/punishments/not-a-number']) {
      const { res, root, state } = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(root, url).toContain('We couldn&#x27;t find that punishment.');
      expect(res.body, url).toContain('<title>Punishment not found · ');
      const failed = state?.queries.queries.find((q) => q.queryKey[0] === 'punishment') as
        | { state: { status: string; error: unknown } }
        | undefined;
      expect(failed?.state, url).toMatchObject({ status: 'error', error: { status: 404 } });
    }
  });

  it('sends a player or gang that does not exist as a 404, with the failed answer handed over', async () => {
    for (const [url, heading] of [
      ['/players/NobodyAtAll', 'player-page'],
      ['/gangs/no-such-gang', 'gang-page'],
    ] as const) {
      const { res, root, state } = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(root, url).toContain('We couldn&#x27;t find that');
      const failed = state?.queries.queries.find((q) => q.queryKey[0] === heading) as
        | { state: { status: string; error: unknown } }
        | undefined;
      expect(failed?.state, url).toMatchObject({ status: 'error', error: { status: 404 } });
    }
  });

  it('sends a name no player can have as the player not-found page, with a 404', async () => {
    // Longer than 16 characters, characters outside the game's rule, a uuid with a letter past f.
    const names = [
      'ThisNameIsFarTooLongForMinecraft',
      'Not%20a%20name!',
      '8c9ce3c0-cf37-4607-a347-540e0cdf1b7g',
    ];
    for (const name of names) {
      const url = `/players/${name}`;
      const { res, root, state } = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(root, url).toContain('We couldn&#x27;t find that player.');
      expect(root, url).not.toContain('could not be loaded');
      expect(res.body, url).toContain('<title>Player not found · ');
      // Handed over as not found: the renderer itself answers 404, whatever the link preview says.
      const failed = state?.queries.queries.find((q) => q.queryKey[0] === 'player-page') as
        | { state: { status: string; error: unknown } }
        | undefined;
      expect(failed?.state, url).toMatchObject({ status: 'error', error: { status: 404 } });
    }
  });

  it('sends an id no gang can have as the gang not-found page, with a 404', async () => {
    // Gang ids are 1 to 64 printable ASCII characters: 65 characters, a space, a letter outside ASCII.
    for (const id of ['g'.repeat(65), 'night%20shift', 'na%C3%AFve']) {
      const url = `/gangs/${id}`;
      expect((await t.app.inject({ url: `/api/gangs/${id}` })).statusCode, url).toBe(400);
      const { res, root, state } = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(root, url).toContain('We couldn&#x27;t find that gang.');
      expect(root, url).not.toContain('could not be loaded');
      expect(res.body, url).toContain('<title>Gang not found · ');
      // Handed over as not found, so the browser shows the same page without asking again.
      const failed = state?.queries.queries.find((q) => q.queryKey[0] === 'gang-page') as
        | { state: { status: string; error: unknown } }
        | undefined;
      expect(failed?.state, url).toMatchObject({ status: 'error', error: { status: 404 } });
    }
  });

  it('hands over text that would end its <script> element as data', async () => {
    const hostile = 'Closing tags </script><script>alert(1)</script> and a line\u2028separator';
    await t.db.transaction(async (tx) => {
      await tx.insert(docs).values({ slug: 'hostile-text', title: 'Hostile text', content: hostile });
      await notifyChanges(tx, [{ type: 'docs.changed' }]);
    });
    let html = '';
    await vi.waitFor(async () => {
      html = (await page('/docs?doc=hostile-text')).res.body;
      expect(html).toContain('Hostile text');
    }, SNAPSHOT_WAIT);
    expect(html).not.toContain('<script>alert(1)');
    const { state } = renderedPage(html);
    const list = state?.queries.queries.find((q) => q.queryKey[0] === 'docs')?.state.data as {
      content: string;
    }[];
    expect(list.map((d) => d.content)).toContain(hostile);
    await t.db.delete(docs).where(eq(docs.slug, 'hostile-text'));
  });

  it('sends the auction as a guest sees it, and leaves it to the browser for a signed-in visitor', async () => {
    const guest = await page('/auction');
    expect(guest.res.statusCode).toBe(200);
    expect(guest.root).toContain('Sign in to track live auctions');
    expect(guest.res.body).toContain('<title>Auction house · ');
    const member = await t.app.inject({ url: '/auction', headers: { cookie: 'cp_refresh_token=r.1' } });
    expect(member.statusCode).toBe(200);
    expect(member.body).toContain('<div id="root"></div>');
  });

  it('sends an address that is no page as the not-found page, with a 404', async () => {
    const { res, root, state } = await page('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(root).toContain('find that page.');
    expect(res.body).toContain('<title>Page not found · ');
    expect(state).not.toBeNull();
  });

  it('gives every public page exactly one <title>, in its head', async () => {
    await vi.waitFor(async () => {
      expect((await page('/docs?doc=joining-the-server')).root).toContain('Joining the Server');
    }, SNAPSHOT_WAIT);
    const urls = [
      '/',
      '/enchants',
      '/docs',
      '/docs?doc=joining-the-server',
      '/leaderboard',
      '/auction',
      '/players/TopOfTheYard',
      '/players/NobodyAtAll',
      '/players/ThisNameIsFarTooLongForMinecraft',
      '/gangs/night-shift',
      '/gangs/no-such-gang',
      `/gangs/${'g'.repeat(65)}`,
      '/status',
      '/punishments',
      '/punishments?type=ban&q=Second',
      `/punishments/${await banId()}`,
      '/punishments/999999',
      '/no/such/page',
    ];
    const count = (html: string) => html.match(/<title[\s>]/g)?.length ?? 0;
    const titles: Record<string, { inHead: number; inBody: number }> = {};
    for (const url of urls) {
      const { res } = await page(url);
      // The server rendered it: its root is not the empty one of a page left to the browser.
      expect(res.body, url).not.toContain('<div id="root"></div>');
      const [head = '', body = ''] = res.body.split('</head>');
      titles[url] = { inHead: count(head), inBody: count(body) };
    }
    const once = Object.fromEntries(urls.map((url) => [url, { inHead: 1, inBody: 0 }]));
    expect(titles).toEqual(once);
  });

  it('sends pages compressed as the browser accepts, with an ETag of the bytes it sent', async () => {
    const encodings = { br: brotliDecompressSync, gzip: gunzipSync } as const;
    // The same page asked plainly, compressed, and again with the compressed answer's ETag.
    const answers = await withinOneRender(async () => {
      const plain = await t.app.inject({ url: '/enchants' });
      const compressed = [];
      for (const encoding of Object.keys(encodings)) {
        const res = await t.app.inject({ url: '/enchants', headers: { 'accept-encoding': encoding } });
        const again = await t.app.inject({
          url: '/enchants',
          headers: { 'accept-encoding': encoding, 'if-none-match': res.headers.etag as string },
        });
        compressed.push({ encoding: encoding as keyof typeof encodings, res, again });
      }
      return { plain, compressed };
    });
    const { plain } = answers;
    const etag = plain.headers.etag as string;
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const { encoding, res, again } of answers.compressed) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(encodings[encoding](res.rawPayload).toString()).toBe(plain.body);
      expect(res.headers.etag).not.toBe(etag);
      expect(again.statusCode).toBe(304);
    }
    const missing = await t.app.inject({ url: '/no/such/page', headers: { 'accept-encoding': 'gzip, br' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(missing.rawPayload).toString()).toContain('find that page.');
  });

  it('leaves signed-in pages to the browser', async () => {
    // /admin is the admin console where no admin host is configured, not a missing page.
    for (const url of ['/profile', '/social', '/admin']) {
      const { res, state } = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(state, url).toBeNull();
    }
  });
});
