// The owner's webhook addresses in the console: added (checked and audited), their kinds of event
// changed, removed, tested, their parked messages retried. An address is a secret: it is answered
// masked, and the audit log keeps it masked too.
import type { Language } from '@prison/shared/languages';
import {
  MAX_WEBHOOKS,
  type ParkedWebhookMessage,
  type Webhook,
  type WebhookEvent,
  type WebhookTestResult,
} from '@prison/shared/webhooks';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { conflict, notFound, rateLimited, unavailable } from '../../errors.ts';
import { recordAudit } from '../audit/service.ts';
import { checkAddress, maskAddress } from './addresses.ts';
import { type MessageContext, messageTitle, testMessage } from './discord.ts';
import type { WebhookFacts } from './events.ts';
import { postToWebhook, WEBHOOKS_CHANNEL } from './sender.ts';

/** How many parked messages an address lists. */
const PARKED_LISTED = 50;

interface Row {
  id: number;
  url: string;
  events: WebhookEvent[];
  created_at: Date | string;
  created_by_name: string;
  waiting: number;
  sent: number;
  last_sent_at: Date | string | null;
  last_error: string | null;
}

interface ParkedRow {
  id: number;
  webhook_id: number;
  event: WebhookEvent;
  data: WebhookFacts['data'];
  attempts: number;
  last_error: string | null;
  created_at: Date | string;
  parked_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Every address, oldest first, masked, with its messages' state; or only `id`'s. */
export async function listWebhooks(db: Db, language: Language, id?: number): Promise<Webhook[]> {
  const only = id === undefined ? sql`true` : sql`w.id = ${id}`;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select w.id::int, w.url, w.events, w.created_at, w.created_by_name,
        (select count(*) from webhook_messages m where m.webhook_id = w.id and m.state = 'waiting')::int
          as waiting,
        (select count(*) from webhook_messages m where m.webhook_id = w.id and m.state = 'sent')::int
          as sent,
        (select max(sent_at) from webhook_messages m where m.webhook_id = w.id and m.state = 'sent')
          as last_sent_at,
        (select last_error from webhook_messages m
          where m.webhook_id = w.id and m.state = 'waiting' and m.last_error is not null
          order by m.id limit 1) as last_error
      from webhooks w where ${only}
      order by w.id`),
  );
  const parked = rowsOf<ParkedRow>(
    await db.execute(sql`
      select id::int, webhook_id::int, event, data, attempts, last_error, created_at, parked_at
      from (
        select m.*, row_number() over (partition by m.webhook_id order by m.id desc) as n
        from webhook_messages m join webhooks w on w.id = m.webhook_id
        where m.state = 'parked' and ${only}
      ) p
      where n <= ${PARKED_LISTED}
      order by id desc`),
  );
  return rows.map((row) => ({
    id: row.id,
    url: maskAddress(row.url),
    events: row.events,
    created_at: iso(row.created_at),
    created_by: row.created_by_name,
    waiting: row.waiting,
    sent: row.sent,
    last_sent_at: row.last_sent_at === null ? null : iso(row.last_sent_at),
    last_error: row.last_error,
    parked: parked
      .filter((p) => p.webhook_id === row.id)
      .map(
        (p): ParkedWebhookMessage => ({
          id: p.id,
          event: p.event,
          title: messageTitle({ event: p.event, data: p.data } as WebhookFacts, language),
          attempts: p.attempts,
          error: p.last_error ?? '',
          created_at: iso(p.created_at),
          parked_at: iso(p.parked_at),
        }),
      ),
  }));
}

async function oneWebhook(db: Db, language: Language, id: number): Promise<Webhook> {
  const [found] = await listWebhooks(db, language, id);
  if (!found) throw notFound('unknown_webhook', 'No such webhook');
  return found;
}

/** The kinds given, each once. */
const eventsOf = (events: readonly WebhookEvent[]) => [...new Set(events)];

export interface Owner {
  uuid: string;
}

/** Adds an address (checked, not already added, at most MAX_WEBHOOKS); audited. */
export async function addWebhook(
  db: Db,
  input: { url: string; events: WebhookEvent[] },
  owner: Owner,
  settings: { allowHosts: readonly string[]; language: Language },
): Promise<Webhook> {
  let url: string;
  try {
    url = checkAddress(input.url, settings.allowHosts);
  } catch (err) {
    await recordAudit(db, {
      actor: owner.uuid,
      action: 'webhook.create',
      outcome: 'refused',
      detail: { reason: (err as Error).message },
    });
    throw err;
  }
  const events = eventsOf(input.events);
  const id = await db.transaction(async (tx) => {
    // One addition at a time, so that two at once cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('webhooks'))`);
    const counted = rowsOf<{ n: number; taken: boolean }>(
      await tx.execute(sql`
        select count(*)::int as n, coalesce(bool_or(url = ${url}), false) as taken from webhooks`),
    )[0]!;
    if (counted.taken) throw conflict('webhook_exists', 'This webhook address has been added already');
    if (counted.n >= MAX_WEBHOOKS) {
      throw conflict('too_many_webhooks', `The site keeps at most ${MAX_WEBHOOKS} webhook addresses`);
    }
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into webhooks (url, events, created_by_uuid, created_by_name)
        values (${url}, ${`{${events.join(',')}}`}::text[], ${owner.uuid}::uuid,
          coalesce((select username from players where uuid = ${owner.uuid}::uuid), 'owner'))
        returning id::int`),
    );
    await tellSenders(tx);
    await recordAudit(tx, {
      actor: owner.uuid,
      action: 'webhook.create',
      target: String(row!.id),
      outcome: 'ok',
      detail: { url: maskAddress(url), events },
    });
    return row!.id;
  });
  return oneWebhook(db, settings.language, id);
}

/** Tells every process's sender, on commit, that the addresses changed (sender.ts). */
async function tellSenders(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_notify(${WEBHOOKS_CHANNEL}::text, 'addresses')`);
}

/** Changes the kinds of event an address receives; audited. */
export async function updateWebhook(
  db: Db,
  id: number,
  input: { events: WebhookEvent[] },
  owner: Owner,
  language: Language,
): Promise<Webhook> {
  const events = eventsOf(input.events);
  await db.transaction(async (tx) => {
    const updated = rowsOf(
      await tx.execute(sql`
        update webhooks set events = ${`{${events.join(',')}}`}::text[] where id = ${id} returning id`),
    );
    if (updated.length === 0) throw notFound('unknown_webhook', 'No such webhook');
    await recordAudit(tx, {
      actor: owner.uuid,
      action: 'webhook.update',
      target: String(id),
      outcome: 'ok',
      detail: { events },
    });
  });
  return oneWebhook(db, language, id);
}

/** Removes an address and its messages, whatever their state; audited. */
export async function removeWebhook(db: Db, id: number, owner: Owner): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = rowsOf<{ url: string }>(
      await tx.execute(sql`delete from webhooks where id = ${id} returning url`),
    );
    if (removed.length === 0) throw notFound('unknown_webhook', 'No such webhook');
    await tellSenders(tx);
    await recordAudit(tx, {
      actor: owner.uuid,
      action: 'webhook.delete',
      target: String(id),
      outcome: 'ok',
      detail: { url: maskAddress(removed[0]!.url) },
    });
  });
}

/** Sends a test message at once (not through the outbox) and answers Discord's status; audited. */
export async function testWebhook(
  db: Db,
  id: number,
  owner: Owner,
  context: MessageContext,
): Promise<WebhookTestResult> {
  const [found] = rowsOf<{ url: string; wait_ms: number | null; name: string | null }>(
    await db.execute(sql`
      select url, ceil(extract(epoch from hold_until - now()) * 1000)::int as wait_ms,
        (select username from players where uuid = ${owner.uuid}::uuid) as name
      from webhooks where id = ${id}`),
  );
  if (!found) throw notFound('unknown_webhook', 'No such webhook');
  const audit = (outcome: 'ok' | 'refused' | 'failed', detail: Record<string, unknown>) =>
    recordAudit(db, { actor: owner.uuid, action: 'webhook.test', target: String(id), outcome, detail });
  if (found.wait_ms !== null && found.wait_ms > 0) {
    const wait = Math.ceil(found.wait_ms / 1000);
    await audit('refused', { reason: 'rate limited', wait_seconds: wait });
    throw rateLimited('webhook_rate_limited', `Discord asks this address to wait ${wait} s: try again then`);
  }
  const outcome = await postToWebhook(found.url, testMessage(context, found.name ?? 'An owner'));
  switch (outcome.kind) {
    case 'sent':
      if (outcome.holdMs !== null) await holdAddress(db, id, outcome.holdMs);
      await audit('ok', { status: outcome.status });
      return { status: outcome.status };
    case 'rate_limited': {
      await holdAddress(db, id, outcome.holdMs);
      const wait = Math.ceil(outcome.holdMs / 1000);
      await audit('failed', { error: outcome.error });
      throw rateLimited(
        'webhook_rate_limited',
        `Discord asks this address to wait ${wait} s: try again then`,
      );
    }
    default:
      await audit('failed', { error: outcome.error });
      throw unavailable('webhook_failed', outcome.error);
  }
}

async function holdAddress(db: Db, id: number, ms: number): Promise<void> {
  await db.execute(sql`
    update webhooks set hold_until = now() + ${`${ms} milliseconds`}::interval where id = ${id}`);
}

/** Puts a parked message back in the queue, its attempts from nothing; audited. */
export async function retryMessage(
  db: Db,
  id: number,
  message: number,
  owner: Owner,
  language: Language,
): Promise<Webhook> {
  await db.transaction(async (tx) => {
    const [row] = rowsOf<{ state: string }>(
      await tx.execute(sql`
        select state from webhook_messages where id = ${message} and webhook_id = ${id} for update`),
    );
    if (!row) throw notFound('unknown_webhook_message', 'This webhook has no such message');
    if (row.state !== 'parked') {
      throw conflict('webhook_message_not_parked', 'The message is not parked: it waits or has been sent');
    }
    await tx.execute(sql`
      update webhook_messages set state = 'waiting', attempts = 0, next_at = now(), parked_at = null
      where id = ${message}`);
    await recordAudit(tx, {
      actor: owner.uuid,
      action: 'webhook.retry',
      target: String(id),
      outcome: 'ok',
      detail: { message },
    });
  });
  return oneWebhook(db, language, id);
}
