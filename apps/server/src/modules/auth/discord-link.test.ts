// Discord account linking against a real OAuth2 server on this machine (oidc-provider standing in
// for Discord: test/discord-stand-in.ts), driven through its sign-in and consent pages as a browser
// would; the site is the real app on a real database.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DiscordLink } from '@prison/shared/discord-link';
import type { PlayerPage } from '@prison/shared/players';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeAs,
  type DiscordStandIn,
  discordIdOf,
  startDiscordStandIn,
} from '../../../test/discord-stand-in.ts';
import {
  createTestApp,
  databaseKinds,
  newPlayer,
  postEvents,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';
import { connect } from '../../../test/live-socket.ts';
import { auditLog, discordLinkStates, players } from '../../db/schema.ts';
import { accountOf, finishLink, LinkFailure, startLink } from './discord-link.ts';

/** RFC 7636's S256 challenge of a verifier, computed here on its own. */
const codeChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const SITE = 'http://play.site.test';
const CALLBACK = `${SITE}/api/account/discord/callback`;

interface Player {
  uuid: string;
  username: string;
  auth: { authorization: string };
}

/** What the browser holds after asking for a link: the authorize address and the state cookie. */
interface Started {
  url: URL;
  cookie: string;
}

describe('reading the account answer', () => {
  it("takes Discord's display name, else its user name, and an OpenID provider's sub and names", () => {
    expect(accountOf({ id: '80351110224678912', username: 'nelly', global_name: 'Nelly' })).toEqual({
      id: '80351110224678912',
      name: 'Nelly',
    });
    expect(accountOf({ id: '1', username: 'nelly', global_name: null })).toEqual({ id: '1', name: 'nelly' });
    expect(accountOf({ sub: 'abc', preferred_username: 'Ab', name: 'A B' })).toEqual({
      id: 'abc',
      name: 'Ab',
    });
    expect(accountOf({ sub: 'abc', name: 'A B' })).toEqual({ id: 'abc', name: 'A B' });
  });

  it('refuses an answer without an id or a name, or that is no object', () => {
    for (const answer of [{ username: 'x' }, { id: '1' }, { id: '1', username: '  ' }, null, 'x', [1]]) {
      expect(() => accountOf(answer), JSON.stringify(answer)).toThrow(LinkFailure);
    }
  });
});

describe.each(databaseKinds())('Discord account linking on %s', (kind) => {
  let t: TestApp;
  let discord: DiscordStandIn;
  let base: string;

  beforeAll(async () => {
    discord = await startDiscordStandIn({ redirectUris: [CALLBACK] });
    t = await createTestApp(kind, { PUBLIC_URL: SITE, ...discord.env });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    await discord?.close();
  });

  async function player(username: string, app: TestApp = t): Promise<Player> {
    const p = newPlayer({ username });
    expect((await postEvents(app.app, [p.join])).statusCode).toBe(200);
    return { ...p, auth: { authorization: `Bearer ${await signIn(app.db, p.uuid)}` } };
  }

  async function start(p: Player, app: TestApp = t): Promise<Started> {
    const res = await app.app.inject({ method: 'POST', url: '/api/account/discord/link', headers: p.auth });
    expect(res.statusCode, res.body).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    return { url: new URL(res.json<{ url: string }>().url), cookie: setCookie.split(';')[0]! };
  }

  /** The browser arriving back at the site's callback: where it is sent next. */
  async function arrive(at: URL, cookie: string | null, app: TestApp = t) {
    const res = await app.app.inject({
      method: 'GET',
      url: `${at.pathname}${at.search}`,
      headers: cookie ? { cookie } : {},
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.body).not.toMatch(/Error|at .*\.ts/);
    return res.headers.location as string;
  }

  const status = async (p: Player) =>
    (await t.app.inject({ method: 'GET', url: '/api/account/discord', headers: p.auth })).json<DiscordLink>();
  const page = async (p: Player) =>
    (await t.app.inject({ method: 'GET', url: `/api/players/by-name/${p.username}` })).json<PlayerPage>();
  const audit = (p: Player) =>
    t.db
      .select({ action: auditLog.action, outcome: auditLog.outcome, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.actorUuid, p.uuid))
      .orderBy(auditLog.id);
  const pendingOf = (p: Player) =>
    t.db.select().from(discordLinkStates).where(eq(discordLinkStates.playerUuid, p.uuid));
  const linkedId = async (p: Player) =>
    (await t.db.select({ id: players.discordId }).from(players).where(eq(players.uuid, p.uuid)))[0]?.id ??
    null;

  /** The whole trip: ask, sign in on the provider's page as `account` and allow, come back. */
  async function link(p: Player, account: string, app: TestApp = t) {
    const started = await start(p, app);
    const back = await authorizeAs(started.url.href, account, { callbackPrefix: CALLBACK });
    return arrive(back, started.cookie, app);
  }

  it('links the account through the provider: the profile and the public page show its name', async () => {
    const nelly = await player('NellyMines');
    expect(await status(nelly)).toEqual({ offered: true, account: null });
    expect((await page(nelly)).discord).toBeNull();
    const live = connect(`${base}/api/players/${nelly.uuid}/ws`);
    await live.next((m) => (m.player as PlayerPage | null)?.uuid === nelly.uuid);

    const started = await start(nelly);
    const query = Object.fromEntries(started.url.searchParams);
    expect(`${started.url.origin}${started.url.pathname}`).toBe(discord.authorizeUrl);
    expect(query).toEqual({
      response_type: 'code',
      client_id: discord.clientId,
      redirect_uri: CALLBACK,
      scope: 'identify',
      state: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    });
    const [pending] = await pendingOf(nelly);
    expect(pending).toMatchObject({ state: query.state });
    expect(codeChallenge(pending!.verifier)).toBe(query.code_challenge);
    expect(started.cookie).toBe(`discord_link_state=${query.state}`);

    const back = await authorizeAs(started.url.href, 'Nelly', { callbackPrefix: CALLBACK });
    expect(back.searchParams.get('state')).toBe(query.state);
    expect(await arrive(back, started.cookie)).toBe('/profile?discord=linked');

    const id = discordIdOf('Nelly');
    expect(await status(nelly)).toEqual({
      offered: true,
      account: { id, name: 'Nelly', linked_at: expect.any(String) },
    });
    const publicPage = await t.app.inject({ method: 'GET', url: `/api/players/by-name/${nelly.username}` });
    expect(publicPage.json<PlayerPage>().discord).toEqual({ name: 'Nelly' });
    expect(publicPage.body).not.toContain(id);
    await live.next((m) => (m.player as PlayerPage | null)?.discord?.name === 'Nelly');
    live.socket.close();
    expect(await audit(nelly)).toEqual([
      { action: 'discord.link', outcome: 'ok', detail: { discord_id: id, discord_name: 'Nelly' } },
    ]);
    expect(await pendingOf(nelly)).toEqual([]);
  });

  it('uses a state once: the same way back again links nothing more', async () => {
    const p = await player('OnceOnly');
    const started = await start(p);
    const back = await authorizeAs(started.url.href, 'Once', { callbackPrefix: CALLBACK });
    expect(await arrive(back, started.cookie)).toBe('/profile?discord=linked');
    await t.app.inject({ method: 'DELETE', url: '/api/account/discord', headers: p.auth });
    expect(await arrive(back, started.cookie)).toBe('/profile?discord=error&reason=expired');
    expect(await linkedId(p)).toBeNull();
  });

  it('refuses a wrong state, a state started in another browser, and one more than ten minutes old', async () => {
    const p = await player('StateSam');
    const started = await start(p);
    const back = await authorizeAs(started.url.href, 'Sam', { callbackPrefix: CALLBACK });
    const wrong = new URL(back);
    wrong.searchParams.set('state', 'not-a-state-the-site-gave');
    expect(await arrive(wrong, 'discord_link_state=not-a-state-the-site-gave')).toBe(
      '/profile?discord=error&reason=expired',
    );
    // The right state without this browser's cookie (handed to someone else): nothing, and still pending.
    expect(await arrive(back, null)).toBe('/profile?discord=error&reason=expired');
    expect(await arrive(back, 'discord_link_state=someone-elses')).toBe(
      '/profile?discord=error&reason=expired',
    );
    expect(await linkedId(p)).toBeNull();
    expect(await pendingOf(p)).toHaveLength(1);
    // No state or no code at all.
    expect(await arrive(new URL(CALLBACK), started.cookie)).toBe('/profile?discord=error&reason=expired');

    await t.db
      .update(discordLinkStates)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(discordLinkStates.playerUuid, p.uuid));
    expect(await arrive(back, started.cookie)).toBe('/profile?discord=error&reason=expired');
    expect(await linkedId(p)).toBeNull();

    // Starting a link drops everyone's pending links older than ten minutes.
    const old = await start(p);
    await t.db
      .update(discordLinkStates)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(discordLinkStates.playerUuid, p.uuid));
    await start(await player('Bystander'));
    expect(await pendingOf(p)).toEqual([]);
    expect(old.url.searchParams.get('state')).toBeTruthy();
  });

  it('fails cleanly when the verifier sent is not the one the challenge was made from, or is missing', async () => {
    const p = await player('PkcePat');
    for (const verifier of [randomBytes(32).toString('base64url'), '']) {
      const started = await start(p);
      const back = await authorizeAs(started.url.href, 'Pat', { callbackPrefix: CALLBACK });
      await t.db
        .update(discordLinkStates)
        .set({ verifier })
        .where(eq(discordLinkStates.state, started.url.searchParams.get('state')!));
      expect(await arrive(back, started.cookie)).toBe('/profile?discord=error&reason=provider');
      expect(await linkedId(p)).toBeNull();
    }
    expect(await pendingOf(p)).toEqual([]);
    const rows = await audit(p);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ action: 'discord.link', outcome: 'failed' });
      // A wrong verifier is refused by the provider; an empty one is not even sent.
      expect(String((row.detail as { problem: string }).problem)).toMatch(
        /token endpoint answered 400|"codeVerifier" must not be empty/,
      );
    }
  });

  it('goes back to the profile saying so when the player does not allow it', async () => {
    const p = await player('ShyShane');
    const started = await start(p);
    const back = await authorizeAs(started.url.href, 'Shane', { callbackPrefix: CALLBACK, deny: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(await arrive(back, started.cookie)).toBe('/profile?discord=error&reason=denied');
    expect(await linkedId(p)).toBeNull();
    // The way back used the state up.
    expect(await pendingOf(p)).toEqual([]);
  });

  it('refuses a Discord account linked to another player, and moves nothing', async () => {
    const first = await player('FirstFinn');
    const second = await player('SecondSue');
    expect(await link(first, 'Shared')).toBe('/profile?discord=linked');
    expect(await link(second, 'Shared')).toBe('/profile?discord=error&reason=taken');
    expect(await linkedId(first)).toBe(discordIdOf('Shared'));
    expect(await linkedId(second)).toBeNull();
    expect(await audit(second)).toEqual([
      {
        action: 'discord.link',
        outcome: 'refused',
        detail: { discord_id: discordIdOf('Shared'), reason: expect.stringMatching(/another player/) },
      },
    ]);
    // Linking another account replaces the player's own link.
    expect(await link(first, 'Other')).toBe('/profile?discord=linked');
    expect((await status(first)).account).toMatchObject({ id: discordIdOf('Other'), name: 'Other' });
    // And the first is free again.
    expect(await link(second, 'Shared')).toBe('/profile?discord=linked');
  });

  it('unlinks in one call, audited: the name leaves the public page', async () => {
    const p = await player('UnlinkUma');
    expect(await link(p, 'Uma')).toBe('/profile?discord=linked');
    const res = await t.app.inject({ method: 'DELETE', url: '/api/account/discord', headers: p.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ offered: true, account: null });
    expect((await page(p)).discord).toBeNull();
    const again = await t.app.inject({ method: 'DELETE', url: '/api/account/discord', headers: p.auth });
    expect(again.json()).toEqual({ offered: true, account: null });
    const rows = await t.db
      .select({ outcome: auditLog.outcome, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.actorUuid, p.uuid), eq(auditLog.action, 'discord.unlink')));
    expect(rows).toEqual([
      { outcome: 'ok', detail: { discord_id: discordIdOf('Uma'), discord_name: 'Uma' } },
    ]);
  });

  it('asks for a sign-in', async () => {
    for (const [method, url] of [
      ['GET', '/api/account/discord'],
      ['POST', '/api/account/discord/link'],
      ['DELETE', '/api/account/discord'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ code: 'not_signed_in', detail: expect.any(String) });
    }
  });

  it("reads an OpenID provider's userinfo answer as well as Discord's", async () => {
    const openId = await createTestApp(kind, {
      PUBLIC_URL: SITE,
      ...discord.env,
      DISCORD_USER_URL: discord.openIdUserUrl,
    });
    try {
      const p = await player('OpenOlive', openId);
      expect(await link(p, 'Olive', openId)).toBe('/profile?discord=linked');
      const res = await openId.app.inject({ method: 'GET', url: '/api/account/discord', headers: p.auth });
      expect(res.json<DiscordLink>().account).toMatchObject({ id: 'Olive', name: 'Olive' });
    } finally {
      await openId.close();
    }
  });

  it("tells the player's own address when PUBLIC_URL is not set", async () => {
    const local = await createTestApp(kind, discord.env);
    try {
      const p = await player('HostHal', local);
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/account/discord/link',
        headers: { ...p.auth, host: 'mc.example.org:8080' },
      });
      const url = new URL(res.json<{ url: string }>().url);
      expect(url.searchParams.get('redirect_uri')).toBe(
        'http://mc.example.org:8080/api/account/discord/callback',
      );
      expect(String(res.headers['set-cookie'])).toMatch(
        /^discord_link_state=[\w-]+; Path=\/api\/account\/discord\/callback; Max-Age=600; HttpOnly; SameSite=Lax$/,
      );
    } finally {
      await local.close();
    }
  });

  describe('when the provider fails', () => {
    let broken: TestApp;
    let server: Server;
    let answer: (res: ServerResponse, req: IncomingMessage) => void;
    let brokenOrigin: string;

    beforeAll(async () => {
      server = createServer((req, res) => answer(res, req));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      brokenOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      broken = await createTestApp(kind, {
        PUBLIC_URL: SITE,
        ...discord.env,
        DISCORD_TOKEN_URL: `${brokenOrigin}/token`,
        DISCORD_USER_URL: `${brokenOrigin}/users/@me`,
      });
    });
    afterAll(async () => {
      await broken?.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    /** Comes back with a made-up code: the broken token endpoint answers whatever it is told. */
    async function tryLink(p: Player) {
      const started = await start(p, broken);
      const back = new URL(CALLBACK);
      back.searchParams.set('code', 'any-code');
      back.searchParams.set('state', started.url.searchParams.get('state')!);
      return arrive(back, started.cookie, broken);
    }

    it('says so, and changes nothing, whatever the token endpoint answers', async () => {
      const p = await player('BrokenBo', broken);
      const answers: ((res: ServerResponse) => void)[] = [
        (res) => res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>down</h1>'),
        (res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('not json'),
        (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"token_type":"Bearer"}'),
        (res) =>
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end('{"access_token":"x","token_type":"mac"}'),
        (res) => res.writeHead(302, { location: 'http://169.254.169.254/' }).end(),
        (res) => res.destroy(),
      ];
      for (const next of answers) {
        answer = next;
        expect(await tryLink(p)).toBe('/profile?discord=error&reason=provider');
      }
      const [row] = await broken.db
        .select({ id: players.discordId })
        .from(players)
        .where(eq(players.uuid, p.uuid));
      expect(row?.id).toBeNull();
      const failed = await broken.db
        .select({ outcome: auditLog.outcome })
        .from(auditLog)
        .where(eq(auditLog.actorUuid, p.uuid));
      expect(failed.map((r) => r.outcome)).toEqual(Array(answers.length).fill('failed'));
    });

    it('says so when the user endpoint answers without an account, or refuses the token', async () => {
      const p = await player('BrokenBea', broken);
      for (const [status, user] of [
        [401, '{"message":"401: Unauthorized","code":0}'],
        [200, '{"id":"1"}'],
        [200, '[]'],
      ] as const) {
        answer = (res, req) =>
          req.url === '/token'
            ? res
                .writeHead(200, { 'content-type': 'application/json' })
                .end('{"access_token":"t0k3n","token_type":"Bearer"}')
            : res.writeHead(status, { 'content-type': 'application/json' }).end(user);
        expect(await tryLink(p)).toBe('/profile?discord=error&reason=provider');
      }
      const [row] = await broken.db
        .select({ id: players.discordId })
        .from(players)
        .where(eq(players.uuid, p.uuid));
      expect(row?.id).toBeNull();
    });

    it('says so when nothing answers at all', async () => {
      const p = await player('BrokenBen', broken);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      expect(await tryLink(p)).toBe('/profile?discord=error&reason=provider');
      server = createServer((req, res) => answer(res, req));
    });
  });
});

describe('linking off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('is not offered: 404 with its code, and a link started before it was turned off ends on the profile', async () => {
    const p = newPlayer({ username: 'NoDiscord' });
    await postEvents(t.app, [p.join]);
    const auth = { authorization: `Bearer ${await signIn(t.db, p.uuid)}` };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/account/discord', headers: auth })).json(),
    ).toEqual({
      offered: false,
      account: null,
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/account/discord/link', headers: auth });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'discord_linking_off', detail: expect.any(String) });

    const application = {
      clientId: 'c',
      clientSecret: 's',
      authorizeUrl: 'https://discord.com/oauth2/authorize',
      tokenUrl: 'https://discord.com/api/oauth2/token',
      userUrl: 'https://discord.com/api/users/@me',
    };
    const { state } = await startLink(t.db, application, p.uuid, CALLBACK);
    await expect(finishLink(t.db, null, { code: 'c', state }, state, CALLBACK)).rejects.toMatchObject({
      reason: 'off',
    });
  });
});
