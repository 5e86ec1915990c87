// Hidden statistics stay hidden on every route and socket (privacy.ts): the test reads the OpenAPI
// document, calls every read it lists (and opens every socket) with each reader who may not see a
// hidden player's statistics, and fails if any answer carries them. A route added later is walked
// too; a path parameter the walk does not know how to fill fails the test until it is taught.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  eventId,
  grantRoles,
  newPlayer,
  postEvents,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';
import { connect } from '../../../test/live-socket.ts';
import { twoFactor } from '../../db/schema.ts';

// What only the hidden player's statistics and milestones hold: a statistic's name and value, the
// exact sign-in time, and a milestone's text.
const STAT_NAME = 'VAULT_RAIDS_UNSEEN';
const STAT_VALUE = 918273645;
const LOGIN_TIME = 1767225600123;
const MILESTONE = 'Reached level 77 in secret';
const MARKERS = [STAT_NAME, String(STAT_VALUE), String(LOGIN_TIME), MILESTONE];

const carriesHidden = (text: string) => MARKERS.some((marker) => text.includes(marker));

interface Operation {
  method: string;
  path: string;
  query: string[];
}

describe.each(databaseKinds())('hidden statistics on every route on %s', (kind) => {
  let t: TestApp;
  let base: string;
  const shy = newPlayer({ username: 'VeryShyMole' });
  const friend = newPlayer({ username: 'ShysFriend' });
  const stranger = newPlayer({ username: 'NosyNeighbour' });
  const staff = newPlayer({ username: 'WardenNoCode' });
  const trusted = newPlayer({ username: 'WardenWithCode' });
  const gangId = `burrow-${randomUUID().slice(0, 8)}`;
  const tokens: Record<string, string> = {};
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp(kind, { STAFF_2FA: 'required' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const ev = (type: string, fields: Record<string, unknown>) => ({ id: eventId(), type, ...fields });
    const res = await postEvents(t.app, [
      shy.join,
      friend.join,
      stranger.join,
      staff.join,
      trusted.join,
      ev('player.stats', {
        uuid: shy.uuid,
        set: { [STAT_NAME]: STAT_VALUE, FIRST_LOGIN: LOGIN_TIME, LAST_LOGIN: LOGIN_TIME },
      }),
      ev('activity', { actor_uuid: shy.uuid, activity_type: 'LEVEL_UP', activity_text: MILESTONE }),
      ev('gang.upsert', { gang_id: gangId, name: 'The Burrow', status: 'Open' }),
      ev('gang.member', { gang_id: gangId, uuid: shy.uuid, role: 'Leader' }),
      ev('gang.member', { gang_id: gangId, uuid: friend.uuid, role: 'Member' }),
      ev('friend.add', { uuid: shy.uuid, friend_uuid: friend.uuid }),
      ev('auction.listed', {
        listing_id: `l-${randomUUID()}`,
        seller_uuid: shy.uuid,
        category_key: 'pickaxes',
        category_name: 'Pickaxes',
        item: { name: 'Quiet Pickaxe', icon: 'diamond_pickaxe' },
        qty: 1,
        price: 100,
      }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    // Staff: one whose account has no second factor (refused staff reads under STAFF_2FA=required),
    // and one enrolled and signed in with a code (the control: the markers do reach a reader allowed).
    await grantRoles(t.db, staff.uuid, ['OWNER']);
    await grantRoles(t.db, trusted.uuid, ['ADMIN']);
    await t.db
      .insert(twoFactor)
      .values({ playerUuid: trusted.uuid, secret: 'A'.repeat(32), enabledAt: new Date() });
    tokens.shy = await signIn(t.db, shy.uuid);
    tokens.friend = await signIn(t.db, friend.uuid);
    tokens.stranger = await signIn(t.db, stranger.uuid);
    tokens.staff = await signIn(t.db, staff.uuid);
    tokens.trusted = await signIn(t.db, trusted.uuid, { method: 'password_and_code' });
    const hide = await t.app.inject({
      method: 'PUT',
      url: '/api/players/me/privacy',
      headers: { authorization: `Bearer ${tokens.shy}` },
      payload: { hide_stats: true },
    });
    expect(hide.json()).toEqual({ hide_stats: true, hide_punishments: false });

    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      })),
    );
  });
  afterAll(() => t?.close());

  /** A path with its parameters filled in to name the hidden player (or their gang). */
  function address({ path, query }: Operation): string {
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
      switch (name) {
        case 'uuid':
          return shy.uuid;
        case 'name':
          return shy.username;
        case 'id':
          return gangId;
        case 'key':
          return 'pickaxes';
        case 'slug':
          return 'rules';
        case 'n':
          return '1';
        default:
          throw new Error(`${path}: teach this test what {${name}} names`);
      }
    });
    // A search for the player's name; a token in the query for the sockets that read it there.
    const params = new URLSearchParams();
    if (query.includes('q')) params.set('q', shy.username.slice(0, 6));
    return params.size > 0 ? `${filled}?${params}` : filled;
  }

  const isSocket = (op: Operation) => op.method === 'GET' && /\/ws(\/|$)|^\/ws\//.test(op.path);
  const readers = ['visitor', 'friend', 'stranger', 'staff'] as const;

  async function read(op: Operation, token: string | undefined): Promise<string> {
    const res = await t.app.inject({
      method: 'GET',
      url: address(op),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return res.body;
  }

  it('answers no reader but the player and staff past a second factor the statistics of a player who hides them', async () => {
    const reads = operations.filter((op) => op.method === 'GET' && !isSocket(op));
    expect(reads.map((op) => op.path)).toEqual(
      expect.arrayContaining([
        '/api/players/{uuid}/stats',
        '/api/players/by-name/{name}',
        '/api/players/{uuid}',
        '/api/players/{uuid}/activity',
        '/api/gangs/{id}',
        '/api/search',
      ]),
    );
    for (const op of reads) {
      for (const reader of readers) {
        const body = await read(op, reader === 'visitor' ? undefined : tokens[reader]);
        expect(carriesHidden(body), `${op.path} answered ${reader} the hidden statistics: ${body}`).toBe(
          false,
        );
      }
    }
    // The control: the player themselves and staff past a second factor do read them.
    for (const path of ['/api/players/{uuid}/stats', '/api/players/by-name/{name}']) {
      const op = reads.find((o) => o.path === path)!;
      for (const reader of ['shy', 'trusted']) {
        expect(carriesHidden(await read(op, tokens[reader])), `${path} as ${reader}`).toBe(true);
      }
    }
  });

  it('refuses the statistics route itself to another player (403), as the review asked', async () => {
    const res = await t.app.inject({
      url: `/api/players/${shy.uuid}/stats`,
      headers: { authorization: `Bearer ${tokens.stranger}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: 'This player keeps their statistics private',
      code: 'statistics_private',
    });
  });

  it('pushes no socket reader the hidden statistics', async () => {
    const sockets = operations.filter(isSocket);
    expect(sockets.map((op) => op.path)).toContain('/api/players/{uuid}/ws');
    for (const op of sockets) {
      for (const reader of readers) {
        const token = reader === 'visitor' ? undefined : tokens[reader];
        const url = new URL(`${base}${address(op)}`);
        if (token) url.searchParams.set('token', token);
        const live = connect(url.toString(), token ? { authorization: `Bearer ${token}` } : {});
        // A feed that needs another credential (the bridge's) refuses the upgrade: nothing is pushed.
        live.socket.on('error', () => {});
        // Every feed sends its state on connect; one that refuses the reader closes instead.
        await Promise.race([live.next(() => true).catch(() => undefined), live.closed]);
        live.socket.close();
        const text = JSON.stringify(live.messages);
        expect(carriesHidden(text), `${op.path} pushed ${reader} the hidden statistics: ${text}`).toBe(false);
      }
    }
  });
});
