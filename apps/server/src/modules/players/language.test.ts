// A signed-in player's site language is kept on their account (PUT /api/players/me/language) and
// answered with who they are (GET /api/auth/me), so that it follows them to another browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKinds,
  newPlayer,
  postEvents,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';

describe.each(databaseKinds())('the account language on %s', (kind) => {
  let t: TestApp;
  const player = newPlayer({ username: 'Polyglot' });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const res = await postEvents(t.app, [player.join]);
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t.close());

  const me = async (token: string) =>
    (await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).json();
  const choose = (token: string, language: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/players/me/language',
      headers: { authorization: `Bearer ${token}` },
      payload: { language },
    });

  it('is null until chosen, then follows the player to a new session', async () => {
    const first = await signIn(t.db, player.uuid);
    expect((await me(first)).language).toBeNull();
    const res = await choose(first, 'pl');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ language: 'pl' });
    // Another browser: a session of its own.
    const second = await signIn(t.db, player.uuid);
    expect(await me(second)).toMatchObject({ username: 'Polyglot', language: 'pl' });
  });

  it('can be forgotten', async () => {
    const token = await signIn(t.db, player.uuid);
    expect((await choose(token, null)).json()).toEqual({ language: null });
    expect((await me(token)).language).toBeNull();
  });

  it('refuses a language the site does not ship, and changes nothing', async () => {
    const token = await signIn(t.db, player.uuid);
    await choose(token, 'de');
    for (const bad of ['xx', 'DE', '', 42]) {
      const res = await choose(token, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_request' });
    }
    expect((await me(token)).language).toBe('de');
  });

  it('needs a signed-in player', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/players/me/language',
      payload: { language: 'de' },
    });
    expect(res.statusCode).toBe(401);
  });
});
