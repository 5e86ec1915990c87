// Discord webhooks against a local HTTP receiver standing in for Discord: the owner's addresses
// (checked, masked, audited), every kind of event from the real write that causes it and within
// Discord's limits, none from a write refused, the rate limits honoured (a 429's retry_after, an
// empty bucket's reset), 5xx answers retried with backoff, refusals and repeated failures parked and
// retried from the console, the test message, and a restart mid-queue that loses and repeats nothing.
import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_MAX_ATTEMPTS,
  type Webhook,
  type WebhookList,
} from '@prison/shared/webhooks';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listing, payout, unique } from '../../../test/auction-fixtures.ts';
import {
  createTestAppOn,
  databaseKinds,
  eventId,
  grantRoles,
  newPlayer,
  openTestDatabase,
  postEvents,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';
import { type Received, startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { rowsOf } from '../../db/client.ts';
import { type DiscordBody, discordBodySchema, discordMessage } from './discord.ts';
import type { WebhookFacts } from './events.ts';
import { RETRY_BASE_MS } from './sender.ts';

const DISCORD_URL =
  'https://discord.com/api/webhooks/1180000000000000000/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_xyz';

/** Waits, polling, until `condition` holds; the bound is generous, for busy machines. */
const until = (condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) =>
  expect.poll(condition, { timeout: timeoutMs, interval: 50, message: `waiting for ${what}` }).toBe(true);

const titleOf = (r: Received) => (r.body as DiscordBody).embeds[0]?.title ?? '';

describe.each(databaseKinds())('Discord webhooks on %s', (kind) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  const owner = newPlayer({ username: 'Owner_W' });
  const admin = newPlayer({ username: 'Admin_W' });
  const seller = newPlayer({ username: 'Seller_W' });
  const buyer = newPlayer({ username: 'Buyer_W' });
  const token = {} as Record<'owner' | 'admin' | 'buyer', string>;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${as}` },
      ...(payload && { payload: payload as Record<string, unknown> }),
    });
  const events = async (list: unknown[]) => {
    const res = await postEvents(t.app, list);
    expect(res.statusCode, res.body).toBe(200);
  };
  const addAddress = async (name: string, kinds: readonly string[]) => {
    const res = await call('POST', '/api/admin/webhooks', token.owner, {
      url: receiver.address(name),
      events: kinds,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Webhook;
  };
  const listed = async (id: number) => {
    const res = await call('GET', '/api/admin/webhooks', token.owner);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as WebhookList).webhooks.find((w) => w.id === id)!;
  };
  let docs = 0;
  const writeDoc = async () => {
    const res = await call('POST', '/api/docs', token.owner, {
      title: `Rules ${++docs} ${randomUUID().slice(0, 6)}`,
      content: 'Be kind.',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { slug: string; title: string; revision: number };
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestAppOn(await openTestDatabase(kind), { WEBHOOK_ALLOW_HOSTS: receiver.host });
    await events([owner.join, admin.join, seller.join, buyer.join, payout(buyer.uuid, '500')]);
    await grantRoles(t.db, owner.uuid, ['OWNER', 'ADMIN', 'WEB_ADMIN']);
    await grantRoles(t.db, admin.uuid, ['ADMIN']);
    token.owner = await signIn(t.db, owner.uuid);
    token.admin = await signIn(t.db, admin.uuid);
    token.buyer = await signIn(t.db, buyer.uuid);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('keeps addresses for owners only: checked, masked in every answer and in the audit log', async () => {
    const byAdmin = await call('POST', '/api/admin/webhooks', token.admin, {
      url: DISCORD_URL,
      events: ['doc'],
    });
    expect(byAdmin.statusCode).toBe(403);
    expect((await call('GET', '/api/admin/webhooks', token.admin)).statusCode).toBe(403);

    const added = await call('POST', '/api/admin/webhooks', token.owner, {
      url: DISCORD_URL,
      events: ['purchase', 'server', 'purchase'],
    });
    expect(added.statusCode, added.body).toBe(200);
    const hook = added.json() as Webhook;
    expect(hook).toMatchObject({
      url: 'https://discord.com/api/webhooks/1180…/…_xyz',
      events: ['purchase', 'server'],
      created_by: 'Owner_W',
      waiting: 0,
      parked: [],
    });
    const again = await call('POST', '/api/admin/webhooks', token.owner, {
      url: DISCORD_URL,
      events: ['doc'],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('webhook_exists');

    for (const url of [
      'http://discord.com/api/webhooks/1180000000000000000/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
      'https://example.com/api/webhooks/1180000000000000000/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
      'https://discord.com.example.net/api/webhooks/1180000000000000000/AbCdEfGhIjKlMnOpQrStUvWxYz01234',
      'https://discord.com/api/webhooks/1180000000000000000/short',
      'https://discord.com:8443/api/webhooks/1180000000000000000/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
      'https://me:pw@discord.com/api/webhooks/1180000000000000000/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
      'https://discord.com/api/users/@me',
      'http://127.0.0.1:6379/',
      `http://${receiver.host.replace(/:\d+$/, ':1')}/api/webhooks/1/x`,
      'file:///etc/passwd',
      'not an address',
    ]) {
      const res = await call('POST', '/api/admin/webhooks', token.owner, { url, events: ['doc'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('webhook_address_refused');
    }
    const noEvents = await call('POST', '/api/admin/webhooks', token.owner, { url: DISCORD_URL, events: [] });
    expect(noEvents.statusCode).toBe(400);

    const all = await call('GET', '/api/admin/webhooks', token.owner);
    expect(all.body).not.toContain('AbCdEfGh');
    expect((all.json() as WebhookList).allowed_hosts).toEqual([receiver.host]);
    const changed = await call('PUT', `/api/admin/webhooks/${hook.id}`, token.owner, { events: ['appeal'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as Webhook).events).toEqual(['appeal']);
    const removed = await call('DELETE', `/api/admin/webhooks/${hook.id}`, token.owner);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as WebhookList).webhooks.some((w) => w.id === hook.id)).toBe(false);
    expect((await call('DELETE', `/api/admin/webhooks/${hook.id}`, token.owner)).statusCode).toBe(404);

    const audit = rowsOf<{ action: string; outcome: string; detail: string }>(
      await t.db.execute(sql`
        select action, outcome, coalesce(detail::text, '') as detail from audit_log
        where action like 'webhook.%' order by id`),
    );
    expect(audit.map((row) => `${row.action} ${row.outcome}`)).toEqual([
      'webhook.create ok',
      ...Array(11).fill('webhook.create refused'),
      'webhook.update ok',
      'webhook.delete ok',
    ]);
    expect(audit.map((row) => row.detail).join('\n')).not.toContain('AbCdEfGh');
  });

  it('tells every kind of event from the write that causes it, within Discord’s limits, and none from a refused write', async () => {
    const hook = await addAddress('every', WEBHOOK_EVENTS);
    const item = { name: '§bDiamond Pickaxe of @everyone', icon: 'diamond_pickaxe' };
    const sale = listing({ seller: seller.uuid, item, qty: 5, price: '20' });
    await events([sale.event]);
    const bought = await call('POST', '/api/auction/purchase', token.buyer, { id: sale.id, qty: 2 });
    expect(bought.statusCode, bought.body).toBe(200);
    // Refused: more than is left, and more than the buyer has. Neither tells anything.
    expect(
      (await call('POST', '/api/auction/purchase', token.buyer, { id: sale.id, qty: 9 })).statusCode,
    ).toBe(409);
    const dear = listing({ seller: seller.uuid, qty: 1, price: '100000' });
    await events([dear.event]);
    expect(
      (await call('POST', '/api/auction/purchase', token.buyer, { id: dear.id, qty: 1 })).statusCode,
    ).toBe(409);

    // Punishments: one issued and lifted; a silent one and one from last week stay out of Discord.
    const ban = `ban-${randomUUID()}`;
    const punish = (id: string, extra: object = {}) => ({
      id: eventId('ban'),
      type: 'punishment.issued',
      punishment_id: id,
      punishment_type: 'ban',
      uuid: buyer.uuid,
      username: buyer.username,
      staff: { uuid: admin.uuid, username: admin.username },
      reason: 'X-ray',
      until: new Date(Date.now() + 86_400_000).toISOString(),
      ...extra,
    });
    await events([
      punish(ban),
      punish(`silent-${randomUUID()}`, { silent: true }),
      punish(`old-${randomUUID()}`, { at: new Date(Date.now() - 7 * 86_400_000).toISOString(), until: null }),
    ]);
    const [{ id: banId }] = rowsOf<{ id: string }>(
      await t.db.execute(sql`select id::text from punishments where source_id = ${ban}`),
    ) as [{ id: string }];
    const appealed = await call('POST', `/api/punishments/${banId}/appeal`, token.buyer, {
      text: 'I was building a sorting system with hoppers, not an X-ray farm.',
    });
    expect(appealed.statusCode, appealed.body).toBe(201);
    const denied = await call('POST', `/api/admin/appeals/${appealed.json().id}/decision`, token.owner, {
      decision: 'deny',
      reply: 'The hoppers lead nowhere.',
    });
    expect(denied.statusCode, denied.body).toBe(200);
    await events([
      { id: eventId('lift'), type: 'punishment.revoked', punishment_id: ban, staff: null, reason: 'Served' },
    ]);

    const doc = await writeDoc();
    const edited = await call('PUT', `/api/docs/${doc.slug}`, token.owner, {
      title: doc.title,
      content: 'Be kind, always.',
      revision: doc.revision,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    // Milestones: a prestige (told once however often reported) and a treasury passing a million.
    const gang = `g-${unique('gang')}`;
    await events([
      { id: eventId(), type: 'player.progress', uuid: seller.uuid, xp_delta: 10, prestige: 3 },
      { id: eventId(), type: 'player.progress', uuid: seller.uuid, xp_delta: 10, prestige: 3 },
      { id: eventId(), type: 'gang.upsert', gang_id: gang, name: 'Obsidian', status: 'Open' },
      { id: eventId(), type: 'gang.treasury', gang_id: gang, delta: 999_999.99 },
      { id: eventId(), type: 'gang.treasury', gang_id: gang, delta: 0.01 },
      { id: eventId(), type: 'gang.treasury', gang_id: gang, delta: 5 },
    ]);

    // The game server reports, goes quiet (its last report a few minutes old), and comes back.
    const status = (at = new Date()) => ({
      id: eventId('status'),
      type: 'server.status',
      online: 12,
      max_online: 200,
      at: at.toISOString(),
    });
    await events([status()]);
    await t.db.execute(sql`update server_status set reported_at = now() - interval '3 minutes' where id = 1`);
    await until(() => receiver.to('every').some((r) => titleOf(r).includes('quiet')), 'the quiet message');
    await events([status()]);

    const expected = [
      'Seller_W listed 5 × Diamond Pickaxe of @everyone',
      'Seller_W listed 1 × Diamond Block',
      'Buyer_W bought 2 × Diamond Pickaxe of @everyone',
      'Buyer_W was given a ban',
      'Buyer_W appealed their ban',
      "Buyer_W's appeal was denied",
      "Buyer_W's ban was lifted",
      `New page: ${doc.title}`,
      `Page edited: ${doc.title}`,
      'Seller_W reached prestige 3',
      "Obsidian's treasury passed $1,000,000",
      'The game server went quiet',
      'The game server is back',
    ];
    await until(() => receiver.to('every').length >= expected.length, 'every message');
    // Nothing more comes: the refused purchases, the silent and the old punishments, the repeated
    // prestige, the treasury past no new mark.
    await until(async () => (await listed(hook.id)).waiting === 0, 'an empty queue');
    const posts = receiver.to('every');
    expect(posts.map(titleOf).sort()).toEqual(expected.sort());
    for (const post of posts) {
      expect(discordBodySchema.safeParse(post.body).error?.issues).toBeUndefined();
      expect((post.body as DiscordBody).allowed_mentions).toEqual({ parse: [] });
      expect(post.headers['content-type']).toBe('application/json');
    }
    const purchase = posts.find((p) => titleOf(p).startsWith('Buyer_W bought'))!.body as DiscordBody;
    expect(purchase.embeds[0]).toMatchObject({
      description: 'From Seller\\_W, for $40 in all.',
      color: 0x22c55e,
      footer: { text: 'Vaultbreak' },
    });
    const webhook = await listed(hook.id);
    expect(webhook).toMatchObject({ waiting: 0, sent: expected.length, parked: [], last_error: null });
  });

  it('waits as Discord asks: a 429’s retry_after, not counted as a failure, and an empty bucket’s reset', async () => {
    const hook = await addAddress('limits', ['doc']);
    receiver.script(
      'limits',
      { status: 429, body: { message: 'You are being rate limited.', retry_after: 1.2, global: false } },
      { status: 204, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': '1.0' } },
    );
    await writeDoc();
    await writeDoc();
    await until(() => receiver.to('limits').length >= 3, 'three posts');
    const [limited, first, second] = receiver.to('limits') as [Received, Received, Received];
    expect(titleOf(first)).toBe(titleOf(limited));
    // Never sooner than Discord asked (at least; a busy machine may take longer).
    expect(first.at - limited.at).toBeGreaterThanOrEqual(1200);
    expect(second.at - first.at).toBeGreaterThanOrEqual(1000);
    await until(async () => (await listed(hook.id)).sent === 2, 'both sent');
    const attempts = rowsOf<{ attempts: number }>(
      await t.db.execute(
        sql`select attempts from webhook_messages where webhook_id = ${hook.id} order by id`,
      ),
    );
    expect(attempts.map((row) => row.attempts)).toEqual([1, 1]);
    expect((await call('DELETE', `/api/admin/webhooks/${hook.id}`, token.owner)).statusCode).toBe(200);
  });

  it('retries a 5xx after its backoff, in order, and parks a refusal and repeated failures until retried', async () => {
    const flaky = await addAddress('flaky', ['doc']);
    receiver.script('flaky', { status: 500, body: { message: 'Internal Server Error' } });
    const docA = await writeDoc();
    const docB = await writeDoc();
    await until(() => receiver.to('flaky').length >= 3, 'the retry and the next', 60_000);
    const [failed, retried, next] = receiver.to('flaky') as [Received, Received, Received];
    expect(titleOf(failed)).toBe(`New page: ${docA.title}`);
    expect(titleOf(retried)).toBe(`New page: ${docA.title}`);
    expect(titleOf(next)).toBe(`New page: ${docB.title}`);
    expect(retried.at - failed.at).toBeGreaterThanOrEqual(RETRY_BASE_MS);
    await until(async () => (await listed(flaky.id)).sent === 2, 'both sent');
    expect((await call('DELETE', `/api/admin/webhooks/${flaky.id}`, token.owner)).statusCode).toBe(200);

    // Refused for good (the webhook was deleted in Discord): parked at once, with Discord's words.
    const gone = await addAddress('gone', ['doc']);
    receiver.always('gone', { status: 404, body: { message: 'Unknown Webhook', code: 10015 } });
    const docC = await writeDoc();
    await until(async () => (await listed(gone.id)).parked.length === 1, 'a parked message');
    const [parked] = (await listed(gone.id)).parked;
    expect(parked).toMatchObject({
      event: 'doc',
      title: `New page: ${docC.title}`,
      attempts: 1,
      error: 'Discord answered 404 Not Found: Unknown Webhook',
    });
    // Retried from the console once the address works again: sent, once.
    receiver.always('gone', null);
    const retry = await call(
      'POST',
      `/api/admin/webhooks/${gone.id}/messages/${parked!.id}/retry`,
      token.owner,
    );
    expect(retry.statusCode, retry.body).toBe(200);
    expect((retry.json() as Webhook).parked).toEqual([]);
    await until(async () => (await listed(gone.id)).sent === 1, 'the retried message sent');
    expect(receiver.to('gone').map(titleOf)).toEqual([parked!.title, parked!.title]);
    const twice = await call(
      'POST',
      `/api/admin/webhooks/${gone.id}/messages/${parked!.id}/retry`,
      token.owner,
    );
    expect(twice.statusCode).toBe(409);
    expect(
      (await call('POST', `/api/admin/webhooks/${gone.id}/messages/999999/retry`, token.owner)).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/admin/webhooks/${gone.id}`, token.owner)).statusCode).toBe(200);

    // Failing again and again: parked after the last attempt, its error kept.
    const down = await addAddress('down', ['doc']);
    receiver.always('down', { status: 502, body: { message: 'Bad Gateway' } });
    await writeDoc();
    await until(() => receiver.to('down').length >= 1, 'the first attempt');
    await until(async () => (await listed(down.id)).last_error !== null, 'the first failure recorded');
    // Skip the backoff: the attempt before the last, due now.
    await t.db.execute(sql`
      update webhook_messages set attempts = ${WEBHOOK_MAX_ATTEMPTS - 1}, next_at = now()
      where webhook_id = ${down.id}`);
    await t.db.execute(sql`update webhooks set hold_until = null where id = ${down.id}`);
    await until(async () => (await listed(down.id)).parked.length === 1, 'parked after the last attempt');
    expect((await listed(down.id)).parked[0]).toMatchObject({
      attempts: WEBHOOK_MAX_ATTEMPTS,
      error: 'Discord answered 502 Bad Gateway: Bad Gateway',
    });
  });

  it('sends a test message at once, and says what Discord answered', async () => {
    const hook = await addAddress('ping', ['server']);
    const ok = await call('POST', `/api/admin/webhooks/${hook.id}/test`, token.owner);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ status: 204 });
    expect(titleOf(receiver.to('ping')[0]!)).toBe('Test message from Vaultbreak');
    expect(discordBodySchema.safeParse(receiver.to('ping')[0]!.body).success).toBe(true);

    receiver.script('ping', { status: 401, body: { message: 'Invalid Webhook Token', code: 50027 } });
    const refused = await call('POST', `/api/admin/webhooks/${hook.id}/test`, token.owner);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      code: 'webhook_failed',
      detail: 'Discord answered 401 Unauthorized: Invalid Webhook Token',
    });
    receiver.script('ping', { status: 429, body: { message: 'Slow down', retry_after: 30, global: false } });
    const limited = await call('POST', `/api/admin/webhooks/${hook.id}/test`, token.owner);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('webhook_rate_limited');
    // Held: not even tried until Discord's time is up.
    const posts = receiver.to('ping').length;
    expect((await call('POST', `/api/admin/webhooks/${hook.id}/test`, token.owner)).statusCode).toBe(429);
    expect(receiver.to('ping').length).toBe(posts);
    const audit = rowsOf<{ outcome: string }>(
      await t.db.execute(sql`select outcome from audit_log where action = 'webhook.test' order by id`),
    );
    expect(audit.map((row) => row.outcome)).toEqual(['ok', 'failed', 'failed', 'refused']);
  });
});

describe.each(databaseKinds())('Discord webhooks across processes on %s', (kind) => {
  it('loses and repeats nothing when a process stops mid-queue and another goes on', async () => {
    const receiver = await startWebhookReceiver();
    const database = await openTestDatabase(kind);
    const env = { WEBHOOK_ALLOW_HOSTS: receiver.host };
    const first = await createTestAppOn(database, env);
    const owner = newPlayer({ username: 'Owner_R' });
    const seller = newPlayer({ username: 'Seller_R' });
    await postEvents(first.app, [owner.join, seller.join]);
    await grantRoles(first.db, owner.uuid, ['OWNER']);
    const added = await first.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: { authorization: `Bearer ${await signIn(first.db, owner.uuid)}` },
      payload: { url: receiver.address('restart'), events: ['listing'] },
    });
    expect(added.statusCode, added.body).toBe(200);
    // The third post stays in flight while the process is told to stop.
    receiver.holdFrom('restart', 3);
    const names = Array.from({ length: 12 }, (_, i) => `Crate ${String(i + 1).padStart(2, '0')}`);
    const res = await postEvents(
      first.app,
      names.map((name) => listing({ seller: seller.uuid, item: { name, icon: 'chest' }, qty: 1 }).event),
    );
    expect(res.statusCode, res.body).toBe(200);
    await until(() => receiver.held('restart') === 1, 'the third post in flight');
    const closing = first.app.close();
    receiver.release('restart');
    await closing;
    await first.hub.stop();
    // The stop let the post in flight end and be recorded, and the process sent nothing past the
    // turn it was in (a turn takes five messages at most; which of them went first depends on
    // when the stop reached the sender, not on the outcome).
    const sentBefore = receiver.to('restart').length;
    expect(sentBefore).toBeGreaterThanOrEqual(3);
    expect(sentBefore).toBeLessThanOrEqual(5);

    const second = await createTestAppOn(database, env);
    try {
      const unsent = async () =>
        rowsOf<{ n: number }>(
          await second.db.execute(sql`select count(*)::int as n from webhook_messages where state <> 'sent'`),
        )[0]!.n;
      await until(async () => (await unsent()) === 0, 'the rest, from the new process');
      // In order, each once.
      expect(receiver.to('restart').map(titleOf)).toEqual(names.map((name) => `Seller_R listed 1 × ${name}`));
    } finally {
      await second.close();
      await receiver.close();
    }
  });
});

describe.each(databaseKinds())('Discord webhooks and WEBHOOK_ALLOW_HOSTS on %s', (kind) => {
  it('parks, rather than sends, the messages of an address the setting no longer allows', async () => {
    const receiver = await startWebhookReceiver();
    const database = await openTestDatabase(kind);
    // Served without the setting (a backup restored on another site, say), started before any
    // address exists: it hears of the address the other process adds.
    const t = await createTestAppOn(database);
    const allowed = await createTestAppOn(database, { WEBHOOK_ALLOW_HOSTS: receiver.host });
    const owner = newPlayer({ username: 'Owner_A' });
    const seller = newPlayer({ username: 'Seller_A' });
    await postEvents(allowed.app, [owner.join, seller.join]);
    await grantRoles(allowed.db, owner.uuid, ['OWNER']);
    const added = await allowed.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: { authorization: `Bearer ${await signIn(allowed.db, owner.uuid)}` },
      payload: { url: receiver.address('moved'), events: ['listing'] },
    });
    expect(added.statusCode, added.body).toBe(200);
    await allowed.app.close();
    await allowed.hub.stop();
    try {
      const res = await postEvents(t.app, [
        listing({ seller: seller.uuid, item: { name: 'Beacon', icon: 'beacon' } }).event,
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const parked = async () =>
        rowsOf<{ state: string; last_error: string }>(
          await t.db.execute(sql`select state, last_error from webhook_messages`),
        );
      await until(async () => (await parked())[0]?.state === 'parked', 'the message parked');
      expect((await parked())[0]!.last_error).toMatch(/^The site no longer posts to this address: /);
      expect(receiver.received).toEqual([]);
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});

describe('Discord’s limits', () => {
  const text = fc.string({ unit: 'grapheme', maxLength: 9000 });
  const person = fc.record({ uuid: fc.uuid(), name: text });
  const money = fc
    .bigInt({ min: 0n, max: 10n ** 30n })
    .map((n) => `${n / 100n}.${String(n % 100n).padStart(2, '0')}`);
  const when = fc
    .date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true })
    .map((d) => d.toISOString());
  const facts: fc.Arbitrary<WebhookFacts> = fc.oneof(
    fc.record({
      event: fc.constant('purchase' as const),
      data: fc.record({
        listing_id: text,
        item_name: text,
        qty: fc.nat(),
        total: money,
        buyer: person,
        seller: person,
      }),
    }),
    fc.record({
      event: fc.constant('listing' as const),
      data: fc.record({ listing_id: text, item_name: text, qty: fc.nat(), price: money, seller: person }),
    }),
    fc.record({
      event: fc.constant('punishment' as const),
      data: fc.record({
        change: fc.constantFrom('issued' as const, 'lifted' as const),
        punishment_id: fc.nat(),
        type: fc.constantFrom('ban', 'mute', 'warning', 'kick'),
        player: person,
        staff: fc.option(text),
        reason: fc.option(text),
        until: fc.option(when),
      }),
    }),
    fc.record({
      event: fc.constant('appeal' as const),
      data: fc.record({
        change: fc.constantFrom('new' as const, 'accepted' as const, 'denied' as const),
        appeal_id: fc.nat(),
        punishment_id: fc.nat(),
        punishment_type: fc.constantFrom('ban', 'mute'),
        player: person,
        by: fc.option(text),
      }),
    }),
    fc.record({
      event: fc.constant('doc' as const),
      data: fc.record({
        change: fc.constantFrom('created' as const, 'edited' as const),
        slug: text,
        title: text,
        by: text,
      }),
    }),
    fc.record({
      event: fc.constant('server' as const),
      data: fc.record({
        change: fc.constantFrom('down' as const, 'up' as const),
        since: when,
        online: fc.option(fc.nat()),
      }),
    }),
    fc.record({
      event: fc.constant('milestone' as const),
      data: fc.oneof(
        fc.record({ kind: fc.constant('prestige' as const), player: person, prestige: fc.nat() }),
        fc.record({
          kind: fc.constant('treasury' as const),
          gang: fc.record({ id: text, name: text }),
          mark: money,
        }),
      ),
    }),
  ) as fc.Arbitrary<WebhookFacts>;

  it('words every kind of event, whatever its names and reasons, into a body Discord accepts', () => {
    fc.assert(
      fc.property(facts, fc.constantFrom(null, 'https://prison.example.net'), (f, publicUrl) => {
        const body = discordMessage(f, new Date(), { publicUrl, language: 'en' });
        const checked = discordBodySchema.safeParse(body);
        expect(checked.error?.issues).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});
